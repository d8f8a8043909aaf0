#include "result/fio_steady_state.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace bench {

std::string steady_state_criterion_text(const FioSteadyStateSpec& spec) {
  return fmt::format("{}{}:{}{}", spec.measure == FioSteadyStateSpec::Measure::kIops ? "iops" : "bw",
                     spec.slope ? "_slope" : "", spec.limit, spec.percent ? "%" : "");
}

bool read_steady_state_criterion(std::string_view text, FioSteadyStateSpec& spec) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view word = text.substr(0, colon);
  std::string_view limit_text = text.substr(colon + 1);
  FioSteadyStateSpec read = spec;
  read.measure = word.starts_with("iops") ? FioSteadyStateSpec::Measure::kIops : FioSteadyStateSpec::Measure::kBandwidth;
  read.slope = word.ends_with("_slope");
  if (word != "iops" && word != "bw" && word != "iops_slope" && word != "bw_slope") return false;
  read.percent = limit_text.ends_with('%');
  if (read.percent) limit_text.remove_suffix(1);
  const auto [end, error] = std::from_chars(limit_text.data(), limit_text.data() + limit_text.size(), read.limit);
  if (error != std::errc() || end != limit_text.data() + limit_text.size() || !std::isfinite(read.limit)) return false;
  spec = read;
  return true;
}

}  // namespace bench
