#include "report/fio/fio_normal_latency.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "report/fio/fio_number_text.h"

namespace bench {
namespace {

// fio's percentile_precision (its default: 2 decimals).
constexpr int kPercentDecimals = 2;

// The unit of a percentile block (show_clat_percentiles): from its smallest and largest value, without stdev.
FioTimeUnit percentile_unit(std::uint64_t min_ns, std::uint64_t max_ns) {
  if (min_ns > 2'000'000 && max_ns > 99'999'999) return {"msec", 1'000'000};
  if (min_ns > 2000 && max_ns > 99'999) return {"usec", 1000};
  return {"nsec", 1};
}

// `ns` in `unit`, rounded up at each step of 1000 as fio scales a percentile down.
std::uint64_t rounded_up(std::uint64_t ns, const FioTimeUnit& unit) {
  for (std::uint64_t scale = 1; scale < unit.ns; scale *= 1000) ns = (ns + 999) / 1000;
  return ns;
}

// One line of show_lat: the ranges of `shares` above 0, five to a line.
std::string share_lines(std::span<const double> shares, std::span<const char* const> keys, const char* unit) {
  std::string text;
  int on_line = 0;
  for (std::size_t i = 0; i < shares.size(); ++i) {
    if (shares[i] <= 0.0) continue;
    if (on_line == 5) {
      text += "\n";
      on_line = 0;
    }
    text += on_line == 0 ? fmt::format("  lat ({})   : ", unit) : std::string(", ");
    text += fmt::format("{}={:3.2f}%", keys[i], shares[i]);
    ++on_line;
  }
  return text.empty() ? text : text + "\n";
}

}  // namespace

FioTimeUnit fio_latency_unit(std::uint64_t min_ns, std::uint64_t max_ns, double stddev_ns) {
  if (min_ns > 2'000'000 && max_ns > 99'999'999 && stddev_ns > 1'000'000.0) return {"msec", 1'000'000};
  if (min_ns > 2000 && max_ns > 99'999 && stddev_ns > 1000.0) return {"usec", 1000};
  return {"nsec", 1};
}

std::string fio_latency_line(std::string_view label, const FioLatency& latency) {
  const LatencySummary& summary = latency.summary;
  const FioTimeUnit unit = fio_latency_unit(summary.min_ns, summary.max_ns, latency.stddev_ns);
  const auto scale = static_cast<double>(unit.ns);
  return fmt::format("    {} ({}): min={}, max={}, avg={:5.2f}, stdev={:5.2f}\n", label, unit.name,
                     fio_number_text(summary.min_ns / unit.ns, 6, false, ""),
                     fio_number_text(summary.max_ns / unit.ns, 6, false, ""), summary.mean_ns / scale,
                     latency.stddev_ns / scale);
}

std::string fio_percentiles_block(std::string_view label, const HistogramBuckets& buckets, std::uint64_t count,
                                  const std::vector<double>& percents) {
  if (percents.empty() || count == 0 || buckets.empty()) return "";
  std::vector<std::uint64_t> values;
  for (const double percent : percents) values.push_back(fio_percentile_ns(buckets, count, percent));
  const auto [smallest, largest] = std::minmax_element(values.begin(), values.end());
  const FioTimeUnit unit = percentile_unit(*smallest, *largest);
  const std::uint64_t widest = *largest / unit.ns;
  const int width = widest == 0 ? 5 : std::max(5, static_cast<int>(std::log10(static_cast<double>(widest)) + 1));
  const std::size_t per_line = static_cast<std::size_t>((80 - 7) / (kPercentDecimals + 10 + width));
  std::string text = fmt::format("    {} percentiles ({}):\n", label, unit.name);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i % per_line == 0) text += "     |";
    const bool last = i + 1 == values.size();
    text += fmt::format(" {:{}.{}f}th=[{:{}}]{}", percents[i], kPercentDecimals + 3, kPercentDecimals,
                        rounded_up(values[i], unit), width, last ? '\n' : ',');
    if (!last && i % per_line == per_line - 1) text += "\n";
  }
  return text;
}

std::string fio_latency_share_lines(const FioLatencyShares& shares) {
  return share_lines(shares.ns, kFioLatencyKeys, "nsec") + share_lines(shares.us, kFioLatencyKeys, "usec") +
         share_lines(shares.ms, kFioLatencyMsKeys, "msec");
}

}  // namespace bench
