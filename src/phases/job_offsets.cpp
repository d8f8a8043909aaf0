#include "phases/job_offsets.h"

namespace bench {

FioSeeds fio_seeds_for(const WorkloadSpec& spec, std::uint32_t job_index, const std::string& file_name,
                       std::uint64_t entropy) {
  const std::optional<std::uint64_t> randseed =
      spec.seed ? std::optional<std::uint64_t>(*spec.seed) : std::nullopt;
  return FioSeeds::for_job(randseed, spec.randrepeat, job_index + 1, file_name, entropy);
}

RandomOffsetsSpec random_offsets_spec(const WorkloadSpec& spec, std::uint64_t region_bytes, const FioSeeds& seeds) {
  RandomOffsetsSpec out;
  out.region_bytes = region_bytes;
  out.block_bytes = spec.block_bytes;
  out.generator = spec.random_generator;
  out.distribution = spec.random_distribution;
  out.random_map = spec.random_map && spec.random_generator != RandomGenerator::kLfsr &&
                   spec.random_distribution.kind == DistributionKind::kRandom;
  out.percentage_random = spec.percentage_random;
  out.time_based = spec.time_based;
  out.seeds = seeds;
  return out;
}

namespace {

std::variant<OffsetGenerator, RandomOffsets> make_offsets(const WorkloadSpec& spec, std::uint64_t region_bytes,
                                                          std::uint64_t seed, const FioSeeds& fio_seeds) {
  if (!is_random(spec.pattern)) {
    return OffsetGenerator(OffsetOrder::kSequential, region_bytes, spec.block_bytes, seed);
  }
  return RandomOffsets(random_offsets_spec(spec, region_bytes, fio_seeds));
}

}  // namespace

JobOffsets::JobOffsets(const WorkloadSpec& spec, std::uint64_t region_bytes, std::uint64_t seed,
                       const FioSeeds& fio_seeds)
    : offsets_(make_offsets(spec, region_bytes, seed, fio_seeds)) {}

std::optional<std::uint64_t> JobOffsets::next(IoOp op) {
  if (auto* sequential = std::get_if<OffsetGenerator>(&offsets_)) return sequential->next();
  auto& random = std::get<RandomOffsets>(offsets_);
  return random.next(op == IoOp::kWrite ? FioDirection::kWrite : FioDirection::kRead);
}

}  // namespace bench
