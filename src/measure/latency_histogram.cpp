#include "measure/latency_histogram.h"

#include <algorithm>
#include <cmath>

namespace bench {

LatencyHistogram::LatencyHistogram() : buckets_(kBucketCount, 0) {}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (std::size_t i = 0; i < kBucketCount; ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  sum_ns_ += other.sum_ns_;
  min_ns_ = std::min(min_ns_, other.min_ns_);
  max_ns_ = std::max(max_ns_, other.max_ns_);
}

void LatencyHistogram::clear() { *this = LatencyHistogram(); }

std::vector<std::uint64_t> LatencyHistogram::to_words() const {
  std::vector<std::uint64_t> words = buckets_;
  words.insert(words.end(), {count_, sum_ns_, min_ns_, max_ns_});
  return words;
}

LatencyHistogram LatencyHistogram::from_words(const std::vector<std::uint64_t>& words) {
  LatencyHistogram h;
  std::copy_n(words.begin(), kBucketCount, h.buckets_.begin());
  h.count_ = words[kBucketCount];
  h.sum_ns_ = words[kBucketCount + 1];
  h.min_ns_ = words[kBucketCount + 2];
  h.max_ns_ = words[kBucketCount + 3];
  return h;
}

HistogramBuckets LatencyHistogram::buckets() const {
  HistogramBuckets buckets;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    if (buckets_[i] != 0) buckets.emplace_back(static_cast<std::uint32_t>(i), buckets_[i]);
  }
  return buckets;
}

double LatencyHistogram::mean_ns() const {
  return count_ == 0 ? 0.0 : static_cast<double>(sum_ns_) / static_cast<double>(count_);
}

std::uint64_t LatencyHistogram::bucket_midpoint(std::size_t index) {
  if (index < 2 * kSubBuckets) return index;
  const std::uint64_t shift = index / kSubBuckets - 1;
  const std::uint64_t offset = index % kSubBuckets;
  const std::uint64_t lower = (kSubBuckets + offset) << shift;
  return lower + ((std::uint64_t{1} << shift) >> 1);
}

std::uint64_t LatencyHistogram::percentile_ns(double fraction) const {
  // The rank of the sample sought (1-based): the smallest r with r >= fraction * count.
  const double wanted = std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(count_));
  const std::uint64_t rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(wanted));
  if (rank >= count_) return max_ns_;  // the extremes are known exactly
  if (rank == 1) return min_ns();
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    seen += buckets_[i];
    if (seen >= rank) return std::clamp(bucket_midpoint(i), min_ns(), max_ns_);
  }
  return max_ns_;
}

std::optional<LatencySummary> LatencyHistogram::summary() const {
  if (count_ == 0) return std::nullopt;
  LatencySummary s;
  s.count = count_;
  s.min_ns = min_ns();
  s.max_ns = max_ns_;
  s.mean_ns = mean_ns();
  s.p50_ns = percentile_ns(0.50);
  s.p90_ns = percentile_ns(0.90);
  s.p99_ns = percentile_ns(0.99);
  s.p999_ns = percentile_ns(0.999);
  return s;
}

}  // namespace bench
