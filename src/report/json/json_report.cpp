#include "report/json/json_report.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tuple>

#include "report/json/host_view_json.h"
#include "report/json/json_document.h"
#include "report/json/json_walker.h"
#include "report/json/workload_keys.h"
#include "result/errors.h"
#include "result/metrics.h"
#include "result/rank_metrics.h"
#include "result/result_keywords.h"
#include "result/run_fields.h"
#include "result/test_id.h"
#include "text/printable.h"

namespace bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kFormatVersion = 1;

// ---- writing ----

ordered_json number_or_null(std::optional<double> x) { return x ? ordered_json(*x) : ordered_json(nullptr); }
double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

ordered_json latency_json(const std::optional<LatencySummary>& l) {
  if (!l) return nullptr;
  return {{"count", l->count},   {"min_ns", l->min_ns}, {"mean_ns", l->mean_ns},   {"p50_ns", l->p50_ns},
          {"p90_ns", l->p90_ns}, {"p99_ns", l->p99_ns}, {"p999_ns", l->p999_ns}, {"max_ns", l->max_ns}};
}

// work / elapsed, or null when no time elapsed.
ordered_json per_second(double work, std::chrono::nanoseconds elapsed) {
  if (elapsed.count() <= 0) return nullptr;
  return work / seconds(elapsed);
}

// The non-empty buckets as [[bucket, count], ...].
ordered_json histogram_json(const HistogramBuckets& buckets) {
  ordered_json list = ordered_json::array();
  for (const auto& [bucket, count] : buckets) list.push_back({bucket, count});
  return list;
}

// A bytes test's rate in KiB/s, or null.
ordered_json kib_rate(const PhaseResult& p, std::optional<double> bytes_per_second) {
  if (test_work_unit(p) != WorkUnit::kBytes || !bytes_per_second) return nullptr;
  return *bytes_per_second / 1024;
}

// null for a run of one process; else how the ranks spread out, per host and per rank (result/rank_metrics.h).
ordered_json mpi_json(const PhaseResult& p) {
  const std::optional<RankSpread> spread = rank_spread(p);
  if (!spread) return nullptr;
  const bool bytes_test = test_work_unit(p) == WorkUnit::kBytes;
  ordered_json hosts = ordered_json::array();
  for (const auto& h : cpu_by_host(p)) {
    hosts.push_back({{"host", h.host}, {"ranks", h.ranks}, {"cpu_sec", seconds(h.cpu)},
                     {"cpu_percent", per_second(seconds(h.cpu) * 100, p.elapsed)}});
  }
  ordered_json per_rank = ordered_json::array();
  for (const auto& r : p.ranks) {
    const std::optional<double> rate = rank_rate_per_second(test_work_unit(p), r);
    const std::chrono::nanoseconds elapsed = r.end - r.start;
    per_rank.push_back({{"rank", r.rank},
                        {"host", r.host},
                        {"start_sec", seconds(r.start)},
                        {"end_sec", seconds(r.end)},
                        {"operations", r.operations},
                        {"bytes", r.bytes},
                        {"cpu_sec", seconds(r.cpu)},
                        {"workers", r.workers},
                        {"kib_per_sec", kib_rate(p, rate)},
                        {"ops_per_sec", per_second(static_cast<double>(r.operations), elapsed)},
                        {"latency", latency_json(r.latency)}});
  }
  const std::optional<double> slowest = spread->slowest_rate_times_ranks;
  return {{"ranks", p.ranks.size()},
          {"first_done_sec", seconds(spread->first_done)},
          {"last_done_sec", seconds(spread->last_done)},
          {"slowest_rank", spread->slowest_rank},
          {"slowest_x_ranks_kib_per_sec", kib_rate(p, slowest)},
          {"slowest_x_ranks_ops_per_sec", bytes_test ? nullptr : number_or_null(slowest)},
          {"hosts", hosts},
          {"per_rank", per_rank}};
}

// A workload's slat or clat apart (PhaseResult::submission_latency): its summary and buckets; null when not apart.
ordered_json split_latency_json(const std::optional<LatencySummary>& summary, const HistogramBuckets& buckets) {
  if (!summary) return nullptr;
  return {{"latency", latency_json(summary)}, {"histogram", histogram_json(buckets)}};
}

ordered_json test_json(const PhaseResult& p) {
  const TestId id = test_id(p);
  const bool bytes_test = test_work_unit(id) == WorkUnit::kBytes;
  return {{"test", test_key(id)},
          {"title", test_title(id)},
          {"unit", keyword(test_work_unit(id))},
          {"operations", p.operations},
          {"bytes", p.bytes},
          {"elapsed_sec", seconds(p.elapsed)},
          {"cpu_sec", seconds(p.cpu)},
          {"cpu_percent", number_or_null(cpu_percent(p))},
          {"kib_per_sec", bytes_test ? per_second(static_cast<double>(p.bytes) / 1024, p.elapsed) : nullptr},
          {"ops_per_sec", per_second(static_cast<double>(p.operations), p.elapsed)},
          {"too_fast", too_fast(p)},
          {"workers", p.workers},
          {"cached_percent", number_or_null(p.cached_percent)},
          {"latency", latency_json(p.latency)},
          {"histogram", histogram_json(p.latency_histogram)},
          {"mpi", mpi_json(p)},
          {"workload", workload_part_json(p)},
          {"slat", split_latency_json(p.submission_latency, p.submission_histogram)},
          {"clat", split_latency_json(p.completion_latency, p.completion_histogram)}};
}

// The fields of result/run_fields.h in its order, a group's fields in an object (null when the group is absent)
// where its first field is; then the tests.
ordered_json run_json(const RunResult& run) {
  ordered_json out = ordered_json::object();
  for (const RunField& field : run_fields()) {
    if (field.group == nullptr) {
      out[field.json_key] = field_json(field, run.info);
      continue;
    }
    ordered_json& group = out[field.group->json_key];
    if (!group_present(field, run.info)) continue;  // stays null
    group[field.json_key] = field_json(field, run.info);
  }
  out["workloads"] = workloads_json(run.info.setup);
  ordered_json tests = ordered_json::array();
  for (const auto& p : run.phases) tests.push_back(test_json(p));
  out["tests"] = tests;
  if (run.host_view) out["host_view"] = host_view_json(*run.host_view);  // a guest's run that has one, alone
  return out;
}

// The run's fields (result/run_fields.h); a group that may be absent may be null. A key the run lacks (or the
// object of a group that is always there) was added after the file was written: the field keeps its default and
// its index goes to `unrecorded` (result/unrecorded_fields.h).
void read_run_fields(const Walker& w, const json& r, const std::string& path, RunInfo& info,
                     UnrecordedFields& unrecorded) {
  const auto fields = run_fields();
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const RunField& field = fields[f];
    const json* o = &r;
    std::string at = path;
    if (field.group != nullptr) {
      if (!r.contains(field.group->json_key)) {
        UnrecordedFields::add(unrecorded.run, f);
        continue;
      }
      if (field.group->present == nullptr) {
        o = &w.member(r, path, field.group->json_key, &at);
        w.expect_object(*o, at);
      } else {
        o = w.object_or_null(r, path, field.group->json_key, &at);
        if (o == nullptr) continue;  // the group is absent: its test did not run
        if (!field.group->present(info)) field.group->make_present(info);
      }
    }
    if (!o->contains(field.json_key) && field.json_key != "label") {  // (a run is named by its label: required)
      UnrecordedFields::add(unrecorded.run, f);
      continue;
    }
    std::optional<FieldValue> value = read_field_value(w, field, *o, at);
    if (value && !field.access.set(info, std::move(*value))) {
      w.fail(Walker::join(at, field.json_key), "expected " + std::string(field.rule));
    }
  }
}

HistogramBuckets read_histogram(const Walker& w, const json& t, const std::string& path) {
  if (!t.contains("histogram")) return {};  // a file older than the histograms: none recorded
  std::string at;
  const json& list = w.member(t, path, "histogram", &at);
  if (!list.is_array()) w.fail(at, fmt::format("expected an array, found {}", list.type_name()));
  HistogramBuckets buckets;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const json& pair = list[k];
    const bool bucket_fits = pair.is_array() && pair.size() == 2 && pair[0].is_number_unsigned() &&
                             pair[0].get<std::uint64_t>() <= std::numeric_limits<std::uint32_t>::max();
    if (!bucket_fits || !pair[1].is_number_unsigned()) w.fail(fmt::format("{}[{}]", at, k), "expected [bucket, count]");
    buckets.emplace_back(pair[0].get<std::uint32_t>(), pair[1].get<std::uint64_t>());
  }
  return buckets;
}

std::optional<LatencySummary> read_latency(const Walker& w, const json& t, const std::string& path) {
  std::string at;
  const json* l = w.object_or_null(t, path, "latency", &at);
  if (l == nullptr) return std::nullopt;
  return LatencySummary{w.whole(*l, at, "count"),  w.whole(*l, at, "min_ns"),
                        w.whole(*l, at, "max_ns"), w.real(*l, at, "mean_ns", 1e300),
                        w.whole(*l, at, "p50_ns"), w.whole(*l, at, "p90_ns"),
                        w.whole(*l, at, "p99_ns"), w.whole(*l, at, "p999_ns")};
}

PhaseResult read_test(const Walker& w, const json& t, const std::string& path) {
  w.expect_object(t, path);
  PhaseResult p;
  const std::string key = w.text(t, path, "test");
  if (t.contains("workload")) p.workload = read_workload_part(w, t, path);  // (absent: a file older than workloads)
  if (!p.workload) {
    const auto id = phase_from_key(key);
    if (!id) w.fail(path + ".test", fmt::format("unknown test '{}'", printable(key.substr(0, 40))));
    p.bonnie_test = *id;
  }
  p.operations = w.whole(t, path, "operations");
  p.bytes = w.whole(t, path, "bytes");
  p.elapsed = w.duration(t, path, "elapsed_sec");
  p.cpu = w.duration(t, path, "cpu_sec");
  p.workers = w.whole32(t, path, "workers");
  if (t.contains("cached_percent")) p.cached_percent = w.real_or_null(t, path, "cached_percent", 100);  // (else older)
  p.latency = read_latency(w, t, path);
  p.latency_histogram = read_histogram(w, t, path);
  // slat and clat apart: later additions, absent in older files.
  for (const auto& [split_key, summary, buckets] :
       {std::tuple{"slat", &p.submission_latency, &p.submission_histogram},
        std::tuple{"clat", &p.completion_latency, &p.completion_histogram}}) {
    std::string at;
    if (!t.contains(split_key)) continue;
    if (const json* split = w.object_or_null(t, path, split_key, &at)) {
      *summary = read_latency(w, *split, at);
      *buckets = read_histogram(w, *split, at);
    }
  }
  return p;
}

RunResult read_run(const Walker& w, const json& r, const std::string& path, UnrecordedFields& unrecorded) {
  w.expect_object(r, path);
  RunResult run;
  read_run_fields(w, r, path, run.info, unrecorded);
  if (r.contains("workloads")) run.info.setup.workloads = read_workloads(w, r, path, &unrecorded.workload);
  std::string at;
  const json& tests = w.member(r, path, "tests", &at);
  if (!tests.is_array()) w.fail(at, fmt::format("expected an array, found {}", tests.type_name()));
  for (std::size_t k = 0; k < tests.size(); ++k) {
    run.phases.push_back(read_test(w, tests[k], fmt::format("{}[{}]", at, k)));
  }
  if (r.contains("host_view")) run.host_view = read_host_view(w, r["host_view"], Walker::join(path, "host_view"));
  return run;
}

}  // namespace

std::string format_json(const std::vector<RunResult>& runs) {
  ordered_json doc = {{"tool", "bench++"}, {"format_version", kFormatVersion}, {"runs", ordered_json::array()}};
  for (const auto& run : runs) doc["runs"].push_back(run_json(run));
  return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

namespace {

std::vector<RunResult> runs_of(const json& doc, std::string_view text, const std::string& source_name,
                               UnrecordedFields* unrecorded, const std::atomic<int>* interrupt) {
  const Walker w(text, source_name);
  w.expect_object(doc, "");
  if (w.text(doc, "", "tool") != "bench++") w.fail("tool", "not a bench++ report");
  const std::uint64_t version = w.whole(doc, "", "format_version");
  if (version != kFormatVersion) {
    w.fail("format_version", fmt::format("format_version {} is not supported (this bench++ reads {})", version,
                                         kFormatVersion));
  }
  std::string at;
  const json& runs = w.member(doc, "", "runs", &at);
  if (!runs.is_array()) w.fail(at, fmt::format("expected an array, found {}", runs.type_name()));
  if (runs.empty()) w.fail(at, "the report holds no runs");
  std::vector<RunResult> result;
  UnrecordedFields lacking;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
    result.push_back(read_run(w, runs[k], fmt::format("runs[{}]", k), lacking));
  }
  if (unrecorded != nullptr) *unrecorded = std::move(lacking);
  return result;
}

}  // namespace

std::vector<RunResult> read_json_report(std::string_view text, const std::string& source_name,
                                        UnrecordedFields* unrecorded, const std::atomic<int>* interrupt) {
  json doc = parse_json_document(text, source_name, interrupt);
  try {
    std::vector<RunResult> result = runs_of(doc, text, source_name, unrecorded, interrupt);
    free_json_document(doc, interrupt);
    return result;
  } catch (const InterruptedError&) {
    abandon_json_document(std::move(doc));  // a stop does not wait for it to be freed
    throw;
  }
}

}  // namespace bench
