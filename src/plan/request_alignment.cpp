#include "plan/request_alignment.h"

#include <fmt/format.h>

#include <vector>

namespace bench {
namespace {

// One term that a request's offset or length is made of, and what it is, for the message.
struct Term {
  std::uint64_t bytes = 0;
  std::string what;
};

constexpr const char* kDirectionNames[] = {"read", "write", "trim"};

// The terms of the requests of directions `directions` (fio's numbers: read 0, write 1, trim 2) on `target`.
std::vector<Term> request_terms(const WorkloadSpec& spec, const JobTarget& target, std::initializer_list<unsigned> directions) {
  std::vector<Term> terms;
  for (const unsigned d : directions) {
    const DirectionBlockSizes& sizes = spec.block_sizes.direction[d];
    if (!spec.block_sizes.varies()) {
      terms.push_back({spec.block_bytes, fmt::format("a {} of {} bytes (bs=)", kDirectionNames[d], spec.block_bytes)});
      continue;
    }
    for (const std::uint32_t bytes : {sizes.min(), sizes.max()}) {
      terms.push_back({bytes, fmt::format("a {} of {} bytes (bs=, bsrange=)", kDirectionNames[d], bytes)});
    }
    for (const BlockSplit& split : sizes.split) {
      terms.push_back({split.bytes, fmt::format("a {} of {} bytes (bssplit=)", kDirectionNames[d], split.bytes)});
    }
    terms.push_back({sizes.offset_unit(), fmt::format("the {}s' offset unit of {} bytes (blockalign=)", kDirectionNames[d],
                                                      sizes.offset_unit())});
  }
  if (spec.sequential_skip != 0) {
    const auto skip = spec.sequential_skip < 0 ? 0 - static_cast<std::uint64_t>(spec.sequential_skip)
                                               : static_cast<std::uint64_t>(spec.sequential_skip);
    terms.push_back({skip, fmt::format("rw=...:{}'s skip of {} bytes", spec.sequential_skip, skip)});
  }
  terms.push_back({target.region_offset, fmt::format("the region starting at offset {} (offset=, offset_increment=)",
                                                     target.region_offset)});
  return terms;
}

// The first term that is not a multiple of `unit`.
const Term* first_misaligned(const std::vector<Term>& terms, std::uint64_t unit) {
  for (const Term& term : terms) {
    if (term.bytes % unit != 0) return &term;
  }
  return nullptr;
}

std::string shown_path(const JobTarget& target) {
  return (target.is_private ? target.directory / target.path : target.path).string();
}

bool makes_direct_requests(const WorkloadSpec& spec, EngineKind engine) {
  return spec.direct && !trims_data(spec.pattern) && engine != EngineKind::kMmap && engine != EngineKind::kFalloc;
}

std::optional<std::string> trim_refusal(const WorkloadSpec& spec, EngineKind engine, const JobTarget& target,
                                        const TargetLimits& limits) {
  if (engine != EngineKind::kFalloc && limits.discards == false) {
    return fmt::format("trims (BLKDISCARD) on block device '{}', which does not discard (its queue/discard_max_bytes "
                       "is 0): the kernel would fail each with EOPNOTSUPP",
                       target.path.string());
  }
  const std::uint64_t unit = limits.logical_block_bytes;
  if (unit == 0) return std::nullopt;
  const std::vector<Term> terms = request_terms(spec, target, {2});
  if (const Term* term = first_misaligned(terms, unit)) {
    return fmt::format("{} on block device '{}' is not a whole number of its logical blocks ({} bytes), which a trim "
                       "needs: the kernel would fail it with EINVAL",
                       term->what, target.path.string(), unit);
  }
  return std::nullopt;
}

std::optional<std::string> direct_refusal(const WorkloadSpec& spec, const JobTarget& target, const TargetLimits& limits) {
  const bool no_direct = !limits.opens_direct || (limits.direct_io && limits.direct_io->offset_bytes == 0);
  if (!limits.block_device && no_direct) {
    return fmt::format("direct=1 (O_DIRECT) on '{}', whose filesystem does not take O_DIRECT: use direct=0",
                       shown_path(target));
  }
  std::uint64_t unit = limits.block_device ? limits.logical_block_bytes : 0;
  if (limits.direct_io && limits.direct_io->offset_bytes > unit) unit = limits.direct_io->offset_bytes;
  const std::string what = limits.block_device ? "its logical block size" : "its filesystem's O_DIRECT alignment";
  const std::vector<Term> terms =
      reads_data(spec.pattern) && writes_data(spec.pattern) ? request_terms(spec, target, {0, 1})
      : writes_data(spec.pattern)                             ? request_terms(spec, target, {1})
                                                              : request_terms(spec, target, {0});
  if (unit != 0) {
    if (const Term* term = first_misaligned(terms, unit)) {
      return fmt::format("{} on '{}' is not a multiple of {} ({} bytes), which direct=1 (O_DIRECT) needs: the kernel "
                         "would fail it with EINVAL",
                         term->what, shown_path(target), what, unit);
    }
  }
  const std::uint32_t memory = limits.direct_io ? limits.direct_io->memory_bytes : 0;
  if (memory != 0 && spec.block_bytes % memory != 0) {
    return fmt::format("request buffers of {} bytes (bs=) are not a multiple of the memory alignment O_DIRECT needs on "
                       "'{}' ({} bytes): the kernel would fail their requests with EINVAL",
                       spec.block_bytes, shown_path(target), memory);
  }
  return std::nullopt;
}

}  // namespace

bool requests_need_alignment(const WorkloadSpec& spec, EngineKind engine) {
  return touches_files(engine) && (trims_data(spec.pattern) || makes_direct_requests(spec, engine));
}

std::optional<std::string> request_refusal(const WorkloadSpec& spec, EngineKind engine, const JobTarget& target,
                                           const TargetLimits& limits) {
  if (trims_data(spec.pattern) && limits.block_device) return trim_refusal(spec, engine, target, limits);
  if (makes_direct_requests(spec, engine)) return direct_refusal(spec, target, limits);
  return std::nullopt;
}

}  // namespace bench
