#pragma once
// Where a fio job's random requests go, as fio 3.33 draws them: random_generator (tausworthe, lfsr,
// tausworthe64), the random map (randommap / norandommap), random_distribution and percentage_random, from the
// job's FioSeeds. For the same job, seeds and region the offsets are fio's own, request for request (tests
// compare them with fio's --write_iolog); see "Matches fio" below for the exceptions.
//
// One per job and file, used by one thread; the job loop calls next() once per request. Nothing allocates after
// construction; state is a few hundred bytes, plus the random map's bit per block when it is on.
//
// Matches fio: uniform draws under both Tausworthe generators with or without the map, lfsr, zipf, pareto,
// normal (center >= 0.5 or none), zoned, zoned_abs and percentage_random, when the region is a whole number of
// blocks and the job has one file. Differs: a job of several files (fio shares one uniform stream between
// them; here each file has its own), a region that is not a whole number of blocks (fio's zipf, pareto and
// normal ranges round up and fio ends the job when one lands past the end; here it folds back in), normal with
// a center below 0.5 (see FioRankedDistribution).
#include <array>
#include <cstdint>
#include <optional>
#include <variant>

#include "engine/block_map.h"
#include "engine/fio_random.h"
#include "engine/offset_distribution.h"

namespace bench {

struct RandomOffsetsSpec {
  // The bytes the job works on in its file (fio: the smaller of io_size and the file's size), from offset 0.
  std::uint64_t region_bytes = 0;
  // The unit of random offsets: fio's blockalign, which is the block size unless set. REQUIRES: > 0, and at
  // least one block in the region.
  std::uint32_t block_bytes = 4096;
  // The unit of zipf, pareto and normal ranks: fio's smaller of the read and write block sizes; 0: block_bytes.
  std::uint32_t range_bytes = 0;
  RandomGenerator generator = RandomGenerator::kTausworthe;
  // randommap (fio's default): each block once per pass. fio turns it off itself for any distribution other
  // than random and for blockalign != bs (the caller passes false then); lfsr needs no map.
  bool random_map = true;
  DistributionSpec distribution;
  // percentage_random per direction (read, write, trim), 0..100: the others continue sequentially from where
  // the last request of that direction ended.
  std::array<std::uint32_t, kFioDirections> percentage_random{100, 100, 100};
  // time_based (fio's rules for a time_based job of one file): a pass that ends starts the next at once, within
  // the same request (new_pass(), then the draw again), and sequential continuation wraps to offset 0 at the
  // region's end. Without it, next() reports the pass's end, and a sequential request that would pass the
  // region's end is drawn at random instead.
  bool time_based = false;
  FioSeeds seeds;
};

class RandomOffsets {
 public:
  // Throws std::invalid_argument for a spec it cannot run (no block in the region, lfsr with a zoned
  // distribution, which fio mishandles, zoned_abs zones past the region's end, a percentage above 100).
  explicit RandomOffsets(const RandomOffsetsSpec& spec);

  // The byte offset of the next request of `direction`, `length` bytes long (the block size unless bssplit or
  // bsrange vary it); nullopt when the pass is over (never under time_based): the random map or the lfsr has
  // handed out every block. fio then starts the next pass (a new loop, or io_size beyond size) reseeded under
  // randrepeat: a new RandomOffsets of the same spec.
  std::optional<std::uint64_t> next(FioDirection direction, std::uint32_t length);
  std::optional<std::uint64_t> next(FioDirection direction) { return next(direction, spec_.block_bytes); }
  // A request that continues where the direction's last one ended, left out of the random map (fio's
  // get_next_seq_offset in a random job: percentage_random's sequential share, rw=randread:N's requests between
  // random ones); drawn at random, unmarked, when it would pass the region's end without time_based.
  std::optional<std::uint64_t> next_sequential(FioDirection direction, std::uint32_t length);

  // fio's fio_file_reset: clears the random map, restarts the lfsr and the sequential positions; the other
  // generators go on. next() calls it itself under time_based.
  void new_pass();
  // How often next() started a new pass itself (time_based: the map or the lfsr was exhausted): fio's
  // get_next_rand_block resets the file then, and drops its cached pages (phases/workload/workload_job.cpp).
  std::uint64_t time_based_restarts() const { return time_based_restarts_; }

  std::uint64_t block_count() const { return block_count_; }
  const RandomOffsetsSpec& spec() const { return spec_; }

 private:
  std::optional<std::uint64_t> next_uniform_block(std::uint64_t blocks, bool mark);
  std::optional<std::uint64_t> next_random_block(FioDirection direction, bool mark);
  std::uint64_t to_offset(std::uint64_t block, std::uint32_t length) const;
  std::optional<std::uint64_t> draw(FioDirection direction, std::uint32_t length, bool mark);

  RandomOffsetsSpec spec_;
  std::uint64_t block_count_;
  std::variant<std::monostate, FioTausworthe32, FioTausworthe64, FioLfsr> uniform_;
  std::optional<FioRankedDistribution> ranked_;  // zipf, pareto or normal
  std::optional<BlockMap> map_;
  std::array<ZoneTable, kFioDirections> zones_;
  FioTausworthe32 zone_random_;
  std::array<FioTausworthe32, kFioDirections> mix_random_;
  std::array<std::uint64_t, kFioDirections> sequential_end_{};  // where each direction's last request ended
  std::uint64_t time_based_restarts_ = 0;
};

}  // namespace bench
