#include "run/rank_exchange.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "result/rank_metrics.h"
#include "result/steady_state.h"

namespace bench {
namespace {
std::uint64_t word_of(std::chrono::nanoseconds d) { return static_cast<std::uint64_t>(d.count()); }
std::chrono::nanoseconds duration_of(std::uint64_t w) {
  return std::chrono::nanoseconds{static_cast<std::int64_t>(w)};
}

// Where the parts of a histogram's words are (LatencyHistogram::to_words): what adds up, then min, then max.
constexpr std::size_t kSummedWords = LatencyHistogram::kBucketCount + 2;  // buckets, count, sum
constexpr std::size_t kMinWord = kSummedWords;
constexpr std::size_t kMaxWord = kSummedWords + 1;
constexpr std::size_t kDepthCountWords = 3 * IoDepthCounts::kRanges;  // an IoDepthCounts' words (its three arrays)

// Merges every rank's histograms on rank 0, part by part; empty elsewhere. Three reductions whatever the
// number of parts: the summed words of every part one after another, then their minima, then their maxima.
std::vector<LatencyHistogram> merge_histograms(RankGroup& group, std::span<const LatencyHistogram* const> mine) {
  std::vector<std::uint64_t> summed;
  std::vector<std::uint64_t> minima;
  std::vector<std::uint64_t> maxima;
  summed.reserve(mine.size() * kSummedWords);
  for (const LatencyHistogram* histogram : mine) {
    const std::vector<std::uint64_t> words = histogram->to_words();
    summed.insert(summed.end(), words.begin(), words.begin() + kSummedWords);
    minima.push_back(words[kMinWord]);
    maxima.push_back(words[kMaxWord]);
  }
  const std::vector<std::uint64_t> sums = group.reduce_words(summed, ReduceOp::kSum);
  const std::vector<std::uint64_t> min = group.reduce_words(minima, ReduceOp::kMin);
  const std::vector<std::uint64_t> max = group.reduce_words(maxima, ReduceOp::kMax);
  std::vector<LatencyHistogram> merged;
  if (group.rank() != 0) return merged;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    std::vector<std::uint64_t> words(sums.begin() + static_cast<std::ptrdiff_t>(i * kSummedWords),
                                     sums.begin() + static_cast<std::ptrdiff_t>((i + 1) * kSummedWords));
    words.push_back(min.at(i));
    words.push_back(max.at(i));
    merged.push_back(LatencyHistogram::from_words(words));
  }
  return merged;
}

// `words` as given on rank 0, on every rank (carried as the bytes of a text).
std::vector<std::uint64_t> broadcast_words(RankGroup& group, const std::vector<std::uint64_t>& words) {
  std::string bytes(words.size() * sizeof(std::uint64_t), '\0');
  if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
  const std::string received = group.broadcast_text(bytes);
  std::vector<std::uint64_t> result(received.size() / sizeof(std::uint64_t));
  if (!result.empty()) std::memcpy(result.data(), received.data(), result.size() * sizeof(std::uint64_t));
  return result;
}
}  // namespace

std::array<std::uint64_t, kRankResultWords> pack_rank_result(const RankPhaseResult& part) {
  const LatencySummary l = part.latency.value_or(LatencySummary{});
  return {word_of(part.start), word_of(part.end), part.operations, part.bytes, word_of(part.cpu), part.workers,
          part.latency.has_value() ? 1u : 0u, l.count, l.min_ns, l.max_ns, std::bit_cast<std::uint64_t>(l.mean_ns),
          l.p50_ns, l.p90_ns, l.p99_ns, l.p999_ns};
}

RankPhaseResult unpack_rank_result(std::span<const std::uint64_t> w, std::uint32_t rank, std::string host) {
  RankPhaseResult part;
  part.rank = rank;
  part.host = std::move(host);
  part.start = duration_of(w[0]);
  part.end = duration_of(w[1]);
  part.operations = w[2];
  part.bytes = w[3];
  part.cpu = duration_of(w[4]);
  part.workers = static_cast<std::uint32_t>(w[5]);
  if (w[6] != 0) part.latency = LatencySummary{w[7], w[8], w[9], std::bit_cast<double>(w[10]), w[11], w[12], w[13], w[14]};
  return part;
}

std::vector<GatheredParts> gather_rank_parts(RankGroup& group, std::span<const RankPart> mine) {
  if (mine.empty()) return {};  // on every rank alike
  std::vector<std::uint64_t> packed;
  packed.reserve(mine.size() * kRankResultWords);
  for (const RankPart& part : mine) {
    const auto words = pack_rank_result(part.result);
    packed.insert(packed.end(), words.begin(), words.end());
  }
  const std::vector<std::uint64_t> all = group.gather_words(packed);
  std::vector<const LatencyHistogram*> histograms;
  for (const RankPart& part : mine) histograms.push_back(&part.histogram);
  std::vector<LatencyHistogram> merged = merge_histograms(group, histograms);
  if (group.rank() != 0) return {};
  std::vector<GatheredParts> gathered(mine.size());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    gathered[i].merged = std::move(merged[i]);
    for (std::uint32_t r = 0; r < group.size(); ++r) {
      const std::size_t at = (std::size_t{r} * mine.size() + i) * kRankResultWords;
      gathered[i].ranks.push_back(
          unpack_rank_result(std::span(all).subspan(at, kRankResultWords), r, group.host_names().at(r)));
    }
  }
  return gathered;
}

std::vector<std::vector<std::uint64_t>> sum_series(RankGroup& group,
                                                   const std::vector<std::vector<std::uint64_t>>& series) {
  if (series.empty()) return {};  // on every rank alike
  std::vector<std::uint64_t> lengths;
  for (const auto& one : series) lengths.push_back(one.size());
  // Every rank pads each series to the longest of any rank's, so that the sums line up.
  const std::vector<std::uint64_t> longest = broadcast_words(group, group.reduce_words(lengths, ReduceOp::kMax));
  std::vector<std::uint64_t> padded;
  for (std::size_t i = 0; i < series.size(); ++i) {
    padded.insert(padded.end(), series[i].begin(), series[i].end());
    padded.resize(padded.size() + (longest.at(i) - series[i].size()), 0);
  }
  const std::vector<std::uint64_t> sums = group.reduce_words(padded, ReduceOp::kSum);
  if (group.rank() != 0) return {};
  std::vector<std::vector<std::uint64_t>> result;
  auto next = sums.begin();
  for (const std::uint64_t length : longest) {
    result.emplace_back(next, next + static_cast<std::ptrdiff_t>(length));
    next += static_cast<std::ptrdiff_t>(length);
  }
  return result;
}

std::vector<GatheredFailures> gather_failures(RankGroup& group, std::span<const LocalResult> mine) {
  // Per result: its flags (1: a failed job, 2: reported without operations), the error number, the message's length.
  constexpr std::size_t kHeadWords = 3;
  std::vector<std::uint64_t> heads;
  std::string text;  // the messages of this rank's failed results, one after another
  for (const LocalResult& local : mine) {
    const JobFailure* failure =
        local.result.workload && local.result.workload->failure ? &*local.result.workload->failure : nullptr;
    const std::uint64_t flags = (failure != nullptr ? 1u : 0u) | (local.reported_when_empty ? 2u : 0u);
    heads.insert(heads.end(), {flags, failure != nullptr ? static_cast<std::uint64_t>(failure->error) : 0,
                               failure != nullptr ? failure->message.size() : 0});
    if (failure != nullptr) text += failure->message;
  }
  const std::vector<std::uint64_t> all_heads = group.gather_words(heads);
  std::uint64_t longest = 0;  // on rank 0: the longest rank's text, in bytes
  for (std::uint32_t r = 0; group.rank() == 0 && r < group.size(); ++r) {
    std::uint64_t bytes = 0;
    for (std::size_t i = 0; i < mine.size(); ++i) bytes += all_heads.at((std::size_t{r} * mine.size() + i) * kHeadWords + 2);
    longest = std::max(longest, bytes);
  }
  const std::uint64_t text_words = broadcast_words(group, {(longest + 7) / 8 + 1}).at(0);  // never none
  std::vector<std::uint64_t> packed(text_words, 0);
  std::memcpy(packed.data(), text.data(), std::min<std::size_t>(text.size(), text_words * 8));
  const std::vector<std::uint64_t> all_texts = group.gather_words(packed);
  if (group.rank() != 0) return {};
  std::vector<GatheredFailures> gathered(mine.size());
  for (std::uint32_t r = 0; r < group.size(); ++r) {
    const char* rank_text = reinterpret_cast<const char*>(all_texts.data() + std::size_t{r} * text_words);
    std::size_t used = 0;
    for (std::size_t i = 0; i < mine.size(); ++i) {
      const std::uint64_t* head = all_heads.data() + (std::size_t{r} * mine.size() + i) * kHeadWords;
      if ((head[0] & 2u) != 0) gathered[i].reported_when_empty = true;
      if ((head[0] & 1u) == 0) continue;
      const std::size_t length = std::min<std::size_t>(head[2], text_words * 8 - used);
      gathered[i].failures.push_back(RankJobFailure{
          r, group.host_names().at(r), JobFailure{static_cast<int>(head[1]), std::string(rank_text + used, length)}});
      used += length;
    }
  }
  return gathered;
}

PhaseResult combine_result(const PhaseResult& local, GatheredResult gathered) {
  PhaseResult whole =
      combine_ranks(local.bonnie_test, std::move(gathered.parts.ranks), gathered.parts.merged.summary());
  whole.latency_histogram = gathered.parts.merged.buckets();
  const CacheResidency& residency = gathered.residency;
  if (residency.bytes != 0) {
    whole.cached_percent = 100.0 * static_cast<double>(residency.cached_bytes) / static_cast<double>(residency.bytes);
  }
  if (local.workload) {
    WorkloadPart part = *local.workload;
    part.per_second.assign(gathered.per_second.begin(), gathered.per_second.end());
    part.steady = judge_steady_state(part.per_second);
    double depth_sum = 0;
    for (const double depth : gathered.mean_depths) depth_sum += depth;
    part.mean_depth = gathered.mean_depths.empty() ? 0 : depth_sum / static_cast<double>(gathered.mean_depths.size());
    part.depths = gathered.depths;
    whole.submission_latency = gathered.submission.summary();
    whole.submission_histogram = gathered.submission.buckets();
    whole.completion_latency = gathered.completion.summary();
    whole.completion_histogram = gathered.completion.buckets();
    part.failure.reset();  // rank 0's own, if any, is among the ranks'
    if (!gathered.failures.empty()) {
      const RankJobFailure& first = gathered.failures.front();
      part.failure = JobFailure{first.failure.error,
                                fmt::format("rank {} ({}): {}", first.rank, first.host, first.failure.message)};
    }
    whole.workload = std::move(part);
  }
  whole.samples = local.samples;  // fio's logs: rank 0's own requests (the samples are not exchanged)
  return whole;
}

std::vector<PhaseResult> exchange_results(RankGroup& group, std::span<LocalResult> mine) {
  std::vector<PhaseResult> results;
  if (group.size() == 1) {
    for (const LocalResult& local : mine) results.push_back(local.result);
    return results;
  }
  std::vector<RankPart> parts;
  std::vector<std::vector<std::uint64_t>> series;
  std::vector<std::uint64_t> depths;
  std::vector<std::uint64_t> residency;
  std::vector<std::uint64_t> depth_counts;  // per result: its IoDepthCounts' level, submit and complete
  const std::string& host = group.host_names().at(group.rank());
  for (const LocalResult& local : mine) {
    RankPhaseResult part;
    part.rank = group.rank();
    part.host = host;
    part.start = local.start;
    part.end = local.end;
    part.operations = local.result.operations;
    part.bytes = local.result.bytes;
    part.cpu = local.result.cpu;
    part.workers = local.result.workers;
    part.latency = local.histogram.summary();
    parts.push_back(RankPart{part, local.histogram});
    series.push_back(local.per_second);
    depths.push_back(std::bit_cast<std::uint64_t>(local.mean_depth));
    residency.insert(residency.end(), {local.residency.cached_bytes, local.residency.bytes});
    const IoDepthCounts counts = local.result.workload ? local.result.workload->depths : IoDepthCounts{};
    for (const auto* range : {&counts.level, &counts.submit, &counts.complete}) {
      depth_counts.insert(depth_counts.end(), range->begin(), range->end());
    }
  }
  std::vector<GatheredParts> gathered = gather_rank_parts(group, parts);
  // Series and depths are a workload's: bonnie++'s tests have none, which every rank knows from the plan's shape.
  const bool workloads =
      std::any_of(mine.begin(), mine.end(), [](const LocalResult& local) { return local.result.workload.has_value(); });
  const std::vector<std::vector<std::uint64_t>> summed =
      workloads ? sum_series(group, series) : std::vector<std::vector<std::uint64_t>>(mine.size());
  const std::vector<std::uint64_t> all_depths =
      workloads ? group.gather_words(depths) : std::vector<std::uint64_t>(mine.size() * group.size(), 0);
  // A workload's slat and clat histograms, merged exactly as the latency's are (every result's two, in order).
  std::vector<const LatencyHistogram*> split;
  for (const LocalResult& local : mine) split.insert(split.end(), {&local.submission_histogram, &local.completion_histogram});
  const std::vector<LatencyHistogram> split_merged = workloads ? merge_histograms(group, split) : std::vector<LatencyHistogram>{};
  const std::vector<std::uint64_t> all_depth_counts =
      workloads ? group.reduce_words(depth_counts, ReduceOp::kSum) : std::vector<std::uint64_t>(depth_counts.size(), 0);
  const std::vector<std::uint64_t> all_residency =
      residency.empty() ? residency : group.reduce_words(residency, ReduceOp::kSum);
  std::vector<GatheredFailures> failures = workloads ? gather_failures(group, mine) : std::vector<GatheredFailures>{};
  if (group.rank() != 0) {
    for (const LocalResult& local : mine) results.push_back(local.result);
    return results;
  }
  for (std::size_t i = 0; i < mine.size(); ++i) {
    GatheredResult one{std::move(gathered[i]), summed.at(i), {}, {all_residency.at(2 * i), all_residency.at(2 * i + 1)},
                       {}, {}, {}, {}};
    if (workloads) {
      one.submission = split_merged.at(2 * i);
      one.completion = split_merged.at(2 * i + 1);
      one.failures = std::move(failures.at(i).failures);
      mine[i].reported_when_empty = mine[i].reported_when_empty || failures.at(i).reported_when_empty;
    }
    auto counts = all_depth_counts.begin() + static_cast<std::ptrdiff_t>(i * kDepthCountWords);
    for (auto* range : {&one.depths.level, &one.depths.submit, &one.depths.complete}) {
      std::copy_n(counts, IoDepthCounts::kRanges, range->begin());
      counts += IoDepthCounts::kRanges;
    }
    for (std::uint32_t r = 0; r < group.size(); ++r) {
      one.mean_depths.push_back(std::bit_cast<double>(all_depths.at(std::size_t{r} * mine.size() + i)));
    }
    results.push_back(combine_result(mine[i].result, std::move(one)));
  }
  return results;
}

}  // namespace bench
