#pragma once
// Where each request of a workload job goes: which of its files (fio's file_service_type, phases/workload/job_files.h
// FileService) and where in it (phases/workload/job_offsets.h: sequential, or fio's random offsets with fio's seeds), pass
// after pass; with fio's cache drop when a buffered time_based job starts over in a file (io_u.c
// loop_cache_invalidate). Used by the job's loop (phases/workload/workload_job.h), on the job's thread.
#include <cstdint>
#include <optional>
#include <vector>

#include "phases/workload/job_files.h"
#include "phases/workload/job_offsets.h"
#include "phases/workload/job_plan.h"

namespace bench {

class JobPlaces {
 public:
  // REQUIRES: `plan` outlives this.
  explicit JobPlaces(const JobPlan& plan);

  struct FilePlace {
    std::uint32_t file = 0;  // index into JobPlan::files
    std::optional<RequestPlace> place;
  };
  // The next request's file and place (fio's set_io_u_file): the file the service picks, or, when that file has
  // nothing left in this pass, the next it picks; nullopt when every file is done. A sequential file is done when
  // its region is issued (fio: its last position reached the end), a random one when its pass is over. Under
  // file_service_type=zipf|pareto|normal a covered file starts over instead (fio's fio_file_reset): a random job
  // takes its block from the same file, a sequential one picks anew (fio's set_io_u_file).
  std::optional<FilePlace> next(IoOp op);
  // fio's loops=: the next pass over every file, its offsets drawn anew from the same seeds (fio re-seeds each loop
  // with randrepeat, its default) and its random map cleared.
  void restart();
  // file_service_type=zipf|pareto|normal: a covered file starts over instead of being done (FileService).
  bool restarts_files() const { return service_.restarts_files(); }

 private:
  // Each file's offsets over its region, from the job's seeds. fio draws a job's random offsets from one stream
  // for all its files; bench++ gives each file the stream fio gives a job's only file (the blocks each file's pass
  // covers are the same; their order across files differs).
  static std::vector<JobOffsets> file_offsets(const JobPlan& plan);
  // fio's invalidate=1 on a buffered job (io_u.c loop_cache_invalidate): when a time_based job starts over in a
  // file (a random job's map exhausted; a sequential job's region done, only with one file, as fio), the file's
  // cached pages are dropped (POSIX_FADV_DONTNEED over the job's region, which starts writing back the dirty ones
  // and drops the clean), so that the next pass's requests meet the page cache as the first pass's did. Without
  // it a buffered time_based job ran from a warm, dirty cache where fio's did not: the tart suite's buffered
  // random writes measured 1.3-1.8x fio's (docs/performance.md).
  void drop_cache_at_wrap(std::uint32_t file);
  void drop_cache(std::uint32_t file) const;

  const JobPlan& plan_;
  std::vector<JobOffsets> offsets_;         // each file's (its region's own stream: see file_offsets)
  std::vector<std::uint64_t> file_issued_;  // bytes issued to each file in this pass, ramp included
  std::vector<std::uint64_t> wraps_seen_;   // each file's JobOffsets::time_based_wraps() when last looked at
  FileService service_;                     // which file each request goes to
};

}  // namespace bench
