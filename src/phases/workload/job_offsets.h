#pragma once
// Where one job's requests go (the job loop asks once per request): sequential jobs walk their region in order
// pass after pass (engine/offset_generator.h; zone by zone under zonemode=strided, engine/strided_offsets.h); random ones draw as fio 3.33 draws (engine/random_offsets.h:
// random_generator, the random map, random_distribution, percentage_random, fio's seeds), so that a job run by
// bench++ and by fio on the same file visits the same blocks.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "engine/io_engine.h"
#include "engine/offset_generator.h"
#include "engine/random_offsets.h"
#include "engine/strided_offsets.h"
#include "engine/request_sizes.h"
#include "result/workload_spec.h"

namespace bench {

// fio's seeds for job `job_index` (0-based) of `spec` on the file fio would name `file_name`: randseed and
// randrepeat as the job gives them; `entropy` (the run's seed for this job) stands in for /dev/urandom when
// randrepeat is off and no randseed is given. fio numbers threads over a whole job file; bench++ numbers them
// within the workload (the same for a job file of one workload).
FioSeeds fio_seeds_for(const WorkloadSpec& spec, std::uint32_t job_index, const std::string& file_name,
                       std::uint64_t entropy);

// The random offsets' spec of `spec` over `region_bytes` (fio's rules: the random map off for a distribution
// other than random, and for lfsr, which needs none).
RandomOffsetsSpec random_offsets_spec(const WorkloadSpec& spec, std::uint64_t region_bytes, const FioSeeds& seeds);

// Where a request goes and how long it is.
struct RequestPlace {
  std::uint64_t offset = 0;
  std::uint32_t length = 0;
};

class JobOffsets {
 public:
  // Throws std::invalid_argument as RandomOffsets does. `span_bytes`: the file's length from the region's start,
  // where zonemode=strided's zones end (0: the region's).
  JobOffsets(const WorkloadSpec& spec, std::uint64_t region_bytes, const FioSeeds& fio_seeds,
             std::uint64_t span_bytes = 0);
  // The next request for `op` (kRead or kWrite): block_bytes long, or drawn as fio draws it when the spec's
  // block_sizes vary (engine/request_sizes.h); nullopt when the pass is over without time_based (a random pass:
  // the random map or the lfsr has handed out every block; with varying sizes, a sequential direction has
  // reached the region's end, or no size fits before it): the job has done its size.
  std::optional<RequestPlace> next(IoOp op);
  // How often a time_based job's requests started over in this file so far, counted at the request that starts
  // over: a random job's map (or lfsr) exhausted, a sequential one back at its region's start. fio drops the
  // file's cached pages each time (io_u.c loop_cache_invalidate; the job loop does it).
  std::uint64_t time_based_wraps() const;

 private:
  std::optional<RequestPlace> next_varying(unsigned direction);
  std::optional<RequestPlace> next_skipping(unsigned direction);
  std::optional<std::uint64_t> next_random(RandomOffsets& random, unsigned direction, std::uint32_t length);
  std::uint64_t skipped(std::uint64_t end) const;

  // A sequential job's (OffsetGenerator, or StridedOffsets under zonemode=strided) or a random one's.
  std::variant<OffsetGenerator, RandomOffsets, StridedOffsets> offsets_;
  std::uint32_t block_bytes_;
  std::uint64_t region_bytes_;
  bool time_based_;
  // With varying sizes (fio's rules): each direction's sizes drawn apart, and in a sequential job each
  // direction's own position (fio's last_pos per direction).
  std::optional<RequestSizes> sizes_;
  std::array<std::uint32_t, 3> smallest_{};
  std::array<std::uint32_t, 3> units_{};  // each direction's random offsets' unit (blockalign, else its smallest)
  std::array<std::uint64_t, 3> sequential_at_{};
  // rw=<mode>:<nr> and rw_sequencer= (WorkloadSpec::sequential_skip, random_run): in a sequential job
  // sequential_at_ is then each direction's end of its last request whatever the sizes; in a random one the
  // requests until the next random offset, and each direction's last offset (fio's last_start) for identical.
  std::int64_t skip_;
  std::uint32_t random_run_;
  std::uint32_t until_random_ = 1;  // fio starts its count at 1: the first request is a random one
  RwSequencer sequencer_;
  std::array<std::optional<std::uint64_t>, 3> last_start_{};
  std::uint64_t sequential_wraps_ = 0;  // a sequential job's starts over (time_based_wraps)
};

}  // namespace bench
