#include "data/workload_data_rules.h"

#include <fmt/format.h>

#include <stdexcept>

#include "result/errors.h"

namespace bench {

VerifyMethod effective_verify_method(const VerifyOptions& options) {
  if (options.method == VerifyMethod::kNone && !options.pattern.empty()) return VerifyMethod::kPatternWithHeader;
  return options.method;
}

VerifySpec verify_spec_of(const WorkloadSpec& spec) {
  return VerifySpec{effective_verify_method(spec.verify), spec.verify.pattern, spec.verify.interval,
                    spec.buffers.compress_percentage.value_or(0) == 100 ? 0
                                                                        : spec.buffers.compress_percentage.value_or(0)};
}

std::optional<std::string> refused_data_options(const WorkloadSpec& spec) {
  const VerifyOptions& verify = spec.verify;
  const VerifyMethod method = effective_verify_method(verify);
  if (method == VerifyMethod::kNone) {
    if (verify.verify_only) return "verify_only needs verify= (the method the earlier run wrote with)";
    return std::nullopt;
  }
  if (spec.pattern == IoPattern::kReadWrite || spec.pattern == IoPattern::kRandRw)
    return "verify= with a mixed rw=rw/randrw is not supported by bench++ (verify a write job, then a read job)";
  if (method == VerifyMethod::kPattern && verify.pattern.empty()) return "verify=pattern needs verify_pattern=";
  if (verify.interval != 0 && spec.block_bytes % verify.interval != 0)
    return fmt::format("verify_interval={} does not divide bs={}", verify.interval, spec.block_bytes);
  try {
    const BlockVerifier verifier(verify_spec_of(spec), 0);
    // Without verify_interval, a header per request: the smallest must hold it (bsrange=, bssplit=).
    const std::uint32_t smallest = spec.block_sizes.smallest() != 0 ? spec.block_sizes.smallest() : spec.block_bytes;
    const std::uint32_t interval = verify.interval != 0 ? verify.interval : smallest;
    if (interval <= verifier.header_bytes())
      return fmt::format("bs={} does not hold verify={}'s {}-byte header", interval,
                         verify_method_name(method), verifier.header_bytes());
  } catch (const ValueError& error) {
    return error.what();
  }
  return std::nullopt;
}

}  // namespace bench
