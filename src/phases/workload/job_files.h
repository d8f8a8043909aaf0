#pragma once
// A job's several files as fio 3.33 makes and serves them (nrfiles=, filesize=lo-hi, file_service_type=,
// openfiles=; filename=a:b and directory=a:b): the size of each file, which directory holds it, and which file each
// request goes to. Pure: no I/O; the random choices come from fio's generators seeded as fio seeds them
// (engine/fio_random.h), so a job run by bench++ and by fio picks the same files in the same order.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/fio_random.h"
#include "engine/offset_distribution.h"
#include "result/job_file_names.h"
#include "result/workload_spec.h"

namespace bench {

// The smallest request of either direction (fio's td_min_bs): the unit fio rounds file sizes to.
std::uint32_t smallest_request(const WorkloadSpec& spec);

// fio's io_size of each of a job's `files` files (filesetup.c's setup_files), from `start` (the job's offset in
// each file, fio_start_offset):
//   - without filesize=: size= split evenly, size/files each, and one smallest request more for each of the first
//     files while the remainder holds whole requests (fio's nr_fs_extra);
//   - with filesize=N: N - start each;
//   - with filesize=lo-hi: each file's size drawn in [lo, hi] from the job's file-size stream (`seeds.file_size`,
//     fio's get_rand_file_size: one draw per file, in file order, rounded down to a smallest request), minus start.
// Throws ValueError (result/errors.h) when start is beyond a file's size (fio's "offset is beyond the file").
std::vector<std::uint64_t> fio_file_sizes(const WorkloadSpec& spec, std::uint32_t files, std::uint64_t start,
                                          const FioSeeds& seeds);

// Which file each request of a job goes to (fio's __get_next_file and set_io_u_file): roundrobin takes the files
// in turn, file_service_turn requests each; sequential stays on a file until it is done; random draws a file
// (fio's next_file_state, `seeds.next_file`) for each turn; zipf, pareto and normal draw one for each request
// from fio's generator of that name over files x 1024 ranges (seeded with the low 32 bits of `seeds.next_file`,
// ranks not scattered: __get_next_fileno_rand), and their files are never done: a covered one starts over. With
// openfiles=N at most N files are in service at once: a file joins when it is picked and fewer than N are in
// service (a pick that finds none free moves on, as fio's EBUSY retry does), and leaves when it is done.
class FileService {
 public:
  FileService(const WorkloadSpec& spec, std::uint32_t files, const FioSeeds& seeds);
  // The file of the next request; nullopt when every file is done.
  std::optional<std::uint32_t> next();
  // zipf, pareto, normal: a file whose region is covered starts over (fio's fio_file_reset) instead of being
  // done, and the job ends on its size alone.
  bool restarts_files() const { return distribution_.has_value(); }
  // `file` has nothing more to do in this pass (its region is covered): it leaves service, and the next call
  // picks anew.
  void done(std::uint32_t file);
  // restarts_files(): `file` starts over; it leaves service (fio closes it) to be picked again, and the next call
  // picks anew.
  void starts_over(std::uint32_t file);
  // A new pass (loops=): every file back, none in service; roundrobin's cursor stays, random's draws start over
  // under randrepeat (as fio's clear_io_state).
  void restart();
  bool in_service(std::uint32_t file) const { return open_[file]; }

 private:
  std::uint32_t pick();
  bool try_take(std::uint32_t file);  // in service already, or joins if there is room; false if it must wait

  FileServiceKind kind_;
  std::uint32_t turn_;
  std::uint32_t files_;
  std::uint32_t open_limit_;
  bool use64_;
  bool reseed_;  // randrepeat: each pass draws the same files again
  std::uint64_t seed_;
  FioTausworthe32 draws32_;
  FioTausworthe64 draws64_;
  std::optional<FioRankedDistribution> distribution_;  // zipf, pareto, normal
  std::optional<FioRankedDistribution> first_distribution_;  // as seeded: randrepeat's passes start from it
  std::vector<bool> open_;
  std::vector<bool> done_;
  std::uint32_t open_count_ = 0;
  std::uint32_t done_count_ = 0;
  std::uint32_t next_file_ = 0;  // roundrobin's cursor (fio's td->next_file)
  std::optional<std::uint32_t> current_;
  std::uint32_t left_ = 0;  // requests left in the current file's turn
};

}  // namespace bench
