#include "phases/workload/job_offsets.h"

#include <algorithm>

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
  if (spec.block_sizes.varies()) {  // fio's ba (blockalign, else the smallest size) is the offsets' unit
    out.block_bytes = spec.block_sizes.offset_unit();
    out.range_bytes = spec.block_sizes.smallest();
  }
  out.generator = spec.random_generator;
  out.distribution = spec.random_distribution;
  // fio: any blockalign other than the smallest size turns the random map off.
  const bool aligned_apart = std::any_of(spec.block_sizes.direction.begin(), spec.block_sizes.direction.end(),
                                         [](const DirectionBlockSizes& d) { return d.offset_unit() != d.min(); });
  out.random_map = spec.random_map && spec.random_generator != RandomGenerator::kLfsr &&
                   spec.random_distribution.kind == DistributionKind::kRandom && !aligned_apart;
  out.percentage_random = spec.percentage_random;
  out.time_based = spec.time_based;
  out.seeds = seeds;
  return out;
}

namespace {

// fio's direction numbers (DDIR_READ, DDIR_WRITE, DDIR_TRIM): BlockSizes' and RandomOffsets' index.
unsigned direction_of(IoOp op) {
  if (op == IoOp::kWrite) return 1;
  if (op == IoOp::kTrim) return 2;
  return 0;
}

// fio's size draws' seeds (init.c td_fill_rand_seeds_internal): with verify= its writes' as its reads' (so a read
// job verifies the sizes a write job wrote), and trimwrite's trims' as its writes', so each write's size is its
// trim's.
FioSeeds size_seeds(const WorkloadSpec& spec, FioSeeds seeds) {
  if (spec.verify.method != VerifyMethod::kNone || !spec.verify.pattern.empty()) {
    seeds.block_sizes[1] = seeds.block_sizes[0];
  }
  if (spec.pattern == IoPattern::kTrimWrite || spec.pattern == IoPattern::kRandTrimWrite) {
    seeds.block_sizes[2] = seeds.block_sizes[1];
  }
  return seeds;
}

std::variant<OffsetGenerator, RandomOffsets, StridedOffsets> make_offsets(const WorkloadSpec& spec,
                                                                          std::uint64_t region_bytes,
                                                                          const FioSeeds& fio_seeds,
                                                                          std::uint64_t span_bytes) {
  // (cli/ runs zonemode=strided with sequential requests of one size only)
  if (spec.zone_strided && !is_random(spec.pattern)) {
    return StridedOffsets({spec.zone_size, spec.zone_range, spec.zone_skip}, region_bytes, span_bytes,
                          spec.time_based);
  }
  if (!is_random(spec.pattern)) return OffsetGenerator(region_bytes, spec.block_bytes);
  return RandomOffsets(random_offsets_spec(spec, region_bytes, fio_seeds));
}

}  // namespace

JobOffsets::JobOffsets(const WorkloadSpec& spec, std::uint64_t region_bytes, const FioSeeds& fio_seeds,
                       std::uint64_t span_bytes)
    : offsets_(make_offsets(spec, region_bytes, fio_seeds, span_bytes)),
      block_bytes_(spec.block_bytes),
      region_bytes_(region_bytes),
      time_based_(spec.time_based),
      skip_(spec.sequential_skip),
      random_run_(spec.random_run),
      sequencer_(spec.rw_sequencer) {
  if (spec.block_sizes.varies()) {
    sizes_.emplace(spec.block_sizes, spec.random_generator, size_seeds(spec, fio_seeds));
    for (std::size_t d = 0; d < smallest_.size(); ++d) {
      smallest_[d] = spec.block_sizes.direction[d].min();
      units_[d] = spec.block_sizes.direction[d].offset_unit();
    }
  }
}

std::optional<RequestPlace> JobOffsets::next(IoOp op) {
  const unsigned direction = direction_of(op);
  if (sizes_) return next_varying(direction);
  if (auto* strided = std::get_if<StridedOffsets>(&offsets_)) {
    const std::optional<std::uint64_t> offset = strided->next(direction, block_bytes_);
    if (!offset) return std::nullopt;
    return RequestPlace{*offset, block_bytes_};
  }
  if (auto* sequential = std::get_if<OffsetGenerator>(&offsets_)) {
    if (skip_ != 0) return next_skipping(direction);
    if (sequential->position_in_pass() == 0 && sequential->pass() > 0) ++sequential_wraps_;
    return RequestPlace{sequential->next(), block_bytes_};
  }
  const std::optional<std::uint64_t> offset = next_random(std::get<RandomOffsets>(offsets_), direction, block_bytes_);
  if (!offset) return std::nullopt;
  return RequestPlace{*offset, block_bytes_};
}

// fio's get_next_block in a random job: a random offset when rw=randread:N's count comes round (every request
// without a modifier), else the sequencer's place, neither marked in the random map (IO_U_F_BUSY_OK).
std::optional<std::uint64_t> JobOffsets::next_random(RandomOffsets& random, unsigned direction,
                                                     std::uint32_t length) {
  const FioDirection fio_direction = direction == 1 ? FioDirection::kWrite : FioDirection::kRead;
  std::optional<std::uint64_t> offset;
  if (random_run_ != 0 && --until_random_ == 0) {
    until_random_ = random_run_;
    offset = random.next(fio_direction, length);
  } else if (sequencer_ == RwSequencer::kSequential) {
    offset = random.next_sequential(fio_direction, length);
  } else {
    offset = last_start_[direction].value_or(0);
  }
  if (offset) last_start_[direction] = *offset;
  return offset;
}

std::uint64_t JobOffsets::time_based_wraps() const {
  if (const auto* random = std::get_if<RandomOffsets>(&offsets_)) return random->time_based_restarts();
  if (const auto* strided = std::get_if<StridedOffsets>(&offsets_)) return strided->wraps();
  return sequential_wraps_;
}

// rw=<mode>:<nr>'s skip (fio's ddir_seq_add) after `end`, where the direction's last request ended: none for the
// first request (end 0); at or past the region's end a positive skip goes back to its start, a negative one
// (backwards) to that far before its end, as fio turns at the end of the file.
std::uint64_t JobOffsets::skipped(std::uint64_t end) const {
  if (end == 0 || skip_ == 0) return end;
  const std::uint64_t position = end + static_cast<std::uint64_t>(skip_);  // modulo 2^64: a negative skip subtracts
  if (position < region_bytes_) return position;
  return skip_ > 0 ? 0 : region_bytes_ + static_cast<std::uint64_t>(skip_);
}

// A sequential job of rw=<mode>:<nr> (fio's get_next_seq_offset, then get_next_offset's end checks): nullopt at
// the region's end, where fio's job ends too.
std::optional<RequestPlace> JobOffsets::next_skipping(unsigned direction) {
  std::uint64_t end = sequential_at_[direction];
  if (end >= region_bytes_ && time_based_) {  // fio wraps a time_based job
    end = 0;
    ++sequential_wraps_;
  }
  if (end >= region_bytes_) return std::nullopt;
  const std::uint64_t offset = skipped(end);
  if (offset >= region_bytes_ || block_bytes_ > region_bytes_ - offset) return std::nullopt;
  sequential_at_[direction] = offset + block_bytes_;
  return RequestPlace{offset, block_bytes_};
}

// fio's order: the offset first (a random one drawn for the direction's smallest size), then the length that
// fits there (io_u.c get_next_offset, then get_next_buflen).
std::optional<RequestPlace> JobOffsets::next_varying(unsigned direction) {
  std::uint64_t offset = 0;
  if (auto* random = std::get_if<RandomOffsets>(&offsets_)) {
    const std::optional<std::uint64_t> drawn = next_random(*random, direction, smallest_[direction]);
    if (!drawn) return std::nullopt;
    // Drawn on both directions' smaller unit; a direction of a larger one (bs=4k,64k: the writes' 64k, fio's
    // ba per direction) takes that unit's multiple below.
    offset = *drawn - *drawn % units_[direction];
  } else {
    std::uint64_t& at = sequential_at_[direction];
    if (at + smallest_[direction] > region_bytes_ && time_based_) {  // fio wraps a time_based job
      at = 0;
      ++sequential_wraps_;
    }
    offset = skipped(at);
    if (offset >= region_bytes_) return std::nullopt;
  }
  const std::uint32_t length = sizes_->next(direction, offset, region_bytes_);
  if (length == 0) return std::nullopt;
  if (std::holds_alternative<OffsetGenerator>(offsets_)) sequential_at_[direction] = offset + length;
  return RequestPlace{offset, length};
}

}  // namespace bench
