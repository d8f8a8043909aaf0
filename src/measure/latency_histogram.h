#pragma once
// A log-linear latency histogram in nanoseconds, mergeable by adding buckets.
//
// Layout: values below 128 ns have a bucket each (exact). Above, every power-of-two range [2^m, 2^(m+1))
// is split into 64 equal sub-buckets, up to the full uint64_t range, so nothing is clamped. A bucket is
// represented by its midpoint, so a percentile read from the buckets is within 1/128 (0.79 %) of the
// exact sample percentile, and never outside [min, max]. min, max, count and sum (so the mean) are exact.
// Cost: 3776 buckets of 8 bytes (30 KiB) per histogram; record() is a count-leading-zeros, a shift and
// four updates, no allocation. Not thread-safe: give each thread its own and merge().
#include <cstdint>
#include <vector>

#include "result/run_result.h"

namespace bench {

class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 6;
  static constexpr std::uint64_t kSubBuckets = std::uint64_t{1} << kSubBucketBits;  // 64
  static constexpr std::size_t kBucketCount = (64 - kSubBucketBits + 1) * kSubBuckets;  // 3776
  // Upper bound of the relative error of a percentile (half a bucket's width over its lower edge).
  static constexpr double kRelativeErrorBound = 1.0 / (2 * kSubBuckets);

  LatencyHistogram();

  void record(std::uint64_t latency_ns) {
    ++buckets_[bucket_index(latency_ns)];
    ++count_;
    sum_ns_ += latency_ns;
    if (latency_ns < min_ns_) min_ns_ = latency_ns;
    if (latency_ns > max_ns_) max_ns_ = latency_ns;
  }

  // Adds another histogram's samples to this one: the result equals recording both sample sets here.
  void merge(const LatencyHistogram& other);
  void clear();

  std::uint64_t count() const { return count_; }
  std::uint64_t min_ns() const { return count_ == 0 ? 0 : min_ns_; }
  std::uint64_t max_ns() const { return max_ns_; }
  double mean_ns() const;
  // The value at or below which `fraction` (in (0, 1]) of the samples lie, from the buckets.
  // REQUIRES: count() > 0.
  std::uint64_t percentile_ns(double fraction) const;
  // nullopt when empty.
  std::optional<LatencySummary> summary() const;
  // The non-empty buckets with their counts, in bucket order (what results keep: result/run_result.h).
  HistogramBuckets buckets() const;

  // The whole state as kWordCount words, for shipping between processes (run/rank_exchange.h): the
  // kBucketCount bucket counts, then count, sum_ns, min_ns (UINT64_MAX when empty), max_ns. Adding the first
  // kBucketCount + 2 words of two histograms and taking the min/max of the last two merges them.
  static constexpr std::size_t kWordCount = kBucketCount + 4;
  std::vector<std::uint64_t> to_words() const;
  // REQUIRES: words.size() == kWordCount, as made by to_words() (or merged as above).
  static LatencyHistogram from_words(const std::vector<std::uint64_t>& words);

  static std::size_t bucket_index(std::uint64_t value) {
    if (value < 2 * kSubBuckets) return static_cast<std::size_t>(value);
    const int msb = 63 - __builtin_clzll(value);
    const int shift = msb - kSubBucketBits;
    return static_cast<std::size_t>((static_cast<std::uint64_t>(shift) + 1) * kSubBuckets +
                                    ((value >> shift) & (kSubBuckets - 1)));
  }
  // The representative value (midpoint) of a bucket.
  static std::uint64_t bucket_midpoint(std::size_t index);

  bool operator==(const LatencyHistogram& other) const = default;

 private:
  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  std::uint64_t sum_ns_ = 0;
  std::uint64_t min_ns_ = UINT64_MAX;
  std::uint64_t max_ns_ = 0;
};

}  // namespace bench
