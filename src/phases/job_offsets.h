#pragma once
// Where one job's requests go (the job loop asks once per request): sequential jobs walk their region in order
// pass after pass (engine/offset_generator.h); random ones draw as fio 3.33 draws (engine/random_offsets.h:
// random_generator, the random map, random_distribution, percentage_random, fio's seeds), so that a job run by
// bench++ and by fio on the same file visits the same blocks.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "engine/io_engine.h"
#include "engine/offset_generator.h"
#include "engine/random_offsets.h"
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

class JobOffsets {
 public:
  // Throws std::invalid_argument as RandomOffsets does.
  JobOffsets(const WorkloadSpec& spec, std::uint64_t region_bytes, std::uint64_t seed, const FioSeeds& fio_seeds);
  // The next request's offset for `op` (kRead or kWrite); nullopt when a random pass is over without
  // time_based (the random map or the lfsr has handed out every block): the job has done its size.
  std::optional<std::uint64_t> next(IoOp op);

 private:
  std::variant<OffsetGenerator, RandomOffsets> offsets_;
};

}  // namespace bench
