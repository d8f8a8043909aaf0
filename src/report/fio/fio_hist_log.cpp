#include "report/fio/fio_hist_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iterator>

#include "measure/latency_histogram.h"

namespace bench {

std::vector<std::uint64_t> coarsened_buckets(std::span<const std::uint64_t> buckets, unsigned coarseness) {
  const std::size_t stride = std::size_t{1} << coarseness;
  std::vector<std::uint64_t> coarse(buckets.size() / stride, 0);
  for (std::size_t i = 0; i < coarse.size() * stride; ++i) coarse[i / stride] += buckets[i];
  return coarse;
}

std::string fio_hist_log_line(std::uint64_t time_ms, unsigned direction, std::uint32_t block_size,
                              std::span<const std::uint64_t> counts) {
  std::string line = fmt::format("{}, {}, {}, ", time_ms, direction, block_size);
  auto out = std::back_inserter(line);
  for (std::size_t i = 0; i + 1 < counts.size(); ++i) out = fmt::format_to(out, "{}, ", counts[i]);
  if (!counts.empty()) fmt::format_to(out, "{}", counts.back());
  line += '\n';
  return line;
}

std::string fio_hist_log(std::span<const IoSample> samples, std::uint32_t window_ms, unsigned coarseness,
                         std::uint64_t epoch_ms, bool counted) {
  std::string text;
  if (window_ms == 0) return text;
  struct Direction {
    std::vector<std::uint64_t> since_entry = std::vector<std::uint64_t>(kFioHistogramBuckets, 0);
    std::uint64_t window_start_ms = 0;  // fio's hist_last: 0 until the direction's first completion
  };
  std::array<Direction, 3> directions;  // read, write, trim: fio's DDIR_RWDIR_CNT
  for (const IoSample& sample : samples) {
    const auto d = static_cast<std::size_t>(sample.direction);
    if (d >= directions.size()) continue;
    Direction& direction = directions[d];
    if (counted) {
      const auto clat = static_cast<std::uint64_t>(std::max((sample.latency - sample.submission).count(), 0L));
      const std::size_t bucket = std::min<std::size_t>(LatencyHistogram::bucket_index(clat), kFioHistogramBuckets - 1);
      ++direction.since_entry[bucket];
    }
    const auto elapsed_ms = static_cast<std::uint64_t>(std::max(sample.completed.count(), 0L) / 1'000'000);
    if (direction.window_start_ms == 0) direction.window_start_ms = elapsed_ms;
    if (elapsed_ms - direction.window_start_ms < window_ms) continue;
    text += fio_hist_log_line(elapsed_ms + epoch_ms, static_cast<unsigned>(d), sample.bytes,
                              coarsened_buckets(direction.since_entry, coarseness));
    std::fill(direction.since_entry.begin(), direction.since_entry.end(), 0);
    direction.window_start_ms += window_ms;
  }
  return text;
}

}  // namespace bench
