#include "report/fio/fio_json_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <limits>
#include <map>
#include <system_error>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "measure/latency_histogram.h"
#include "text/number.h"

namespace bench {
namespace {

using json = nlohmann::ordered_json;  // the options in the order fio wrote them

std::runtime_error error(const std::string& name, const std::string& what) {
  return std::runtime_error(fmt::format("{}: {}", name, what));
}

// A json+ latency bin whose key is not a whole number of nanoseconds; read_fio_json names the file.
class BinKeyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

FioOptionList options_of(const json& object) {
  FioOptionList options;
  if (!object.is_object()) return options;
  for (const auto& [key, value] : object.items()) {
    options.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
  }
  return options;
}

std::uint64_t whole(const json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || !found->is_number()) return 0;
  return found->is_number_float() ? static_cast<std::uint64_t>(found->get<double>()) : found->get<std::uint64_t>();
}

double real(const json& object, const char* key) {
  const auto found = object.find(key);
  return found != object.end() && found->is_number() ? found->get<double>() : 0.0;
}

// A latency object's histogram (json+'s bins) and summary; the histogram empty without bins.
struct ReadLatency {
  std::optional<LatencyHistogram> histogram;
  std::optional<LatencySummary> summary;
};

ReadLatency latency_of(const json& object) {
  ReadLatency latency;
  if (!object.is_object() || whole(object, "N") == 0) return latency;
  if (const auto bins = object.find("bins"); bins != object.end() && bins->is_object() && !bins->empty()) {
    std::vector<std::uint64_t> words(LatencyHistogram::kWordCount, 0);
    std::uint64_t count = 0;
    for (const auto& [value, n] : bins->items()) {
      const std::optional<std::uint64_t> ns = read_number<std::uint64_t>(value);
      if (!ns) throw BinKeyError(fmt::format("'{}'", value));
      words[LatencyHistogram::bucket_index(*ns)] += n.get<std::uint64_t>();
      count += n.get<std::uint64_t>();
    }
    words[LatencyHistogram::kBucketCount] = count;
    words[LatencyHistogram::kBucketCount + 1] = static_cast<std::uint64_t>(real(object, "mean") * static_cast<double>(count));
    words[LatencyHistogram::kBucketCount + 2] = whole(object, "min");
    words[LatencyHistogram::kBucketCount + 3] = whole(object, "max");
    latency.histogram = LatencyHistogram::from_words(words);
    latency.summary = latency.histogram->summary();
    return latency;
  }
  LatencySummary summary;
  summary.count = whole(object, "N");
  summary.min_ns = whole(object, "min");
  summary.max_ns = whole(object, "max");
  summary.mean_ns = real(object, "mean");
  if (const auto list = object.find("percentile"); list != object.end() && list->is_object()) {
    summary.p50_ns = whole(*list, "50.000000");
    summary.p90_ns = whole(*list, "90.000000");
    summary.p99_ns = whole(*list, "99.000000");
    summary.p999_ns = whole(*list, "99.900000");
  }
  latency.summary = summary;
  return latency;
}

// One direction of one fio job, as read.
struct ReadDirection {
  std::uint64_t operations = 0, bytes = 0;
  std::chrono::nanoseconds elapsed{0};
  ReadLatency latency;
};

// `job`: the fio job the direction is of. A sync direction has no runtime of its own (the job's is taken), and fio
// leaves its total_ios 0 for the syncs of its synchronous engines (its lat_ns N counts them).
ReadDirection direction_of(const json& job, const char* key, bool sync) {
  ReadDirection direction;
  const json object = job.value(key, json::object());
  if (!object.is_object()) return direction;
  direction.operations = whole(object, "total_ios");
  direction.bytes = whole(object, "io_bytes");
  direction.elapsed = std::chrono::milliseconds(whole(sync ? job : object, sync ? "job_runtime" : "runtime"));
  const json latency = object.value(sync ? "lat_ns" : "clat_ns", json::object());
  direction.latency = latency_of(latency);
  if (sync) direction.operations = std::max(direction.operations, whole(latency, "N"));
  return direction;
}

PhaseResult result_of(const ReadDirection& direction, const WorkloadSpec& spec, IoDirection which,
                      std::optional<std::uint32_t> job, std::chrono::nanoseconds cpu, std::uint32_t workers) {
  PhaseResult result;
  result.operations = direction.operations;
  result.bytes = direction.bytes;
  result.elapsed = direction.elapsed;
  result.cpu = cpu;
  result.latency = direction.latency.summary;
  if (direction.latency.histogram) result.latency_histogram = direction.latency.histogram->buckets();
  result.workers = workers;
  WorkloadPart part;
  part.workload = spec.name;
  part.direction = which;
  part.job = job;
  part.engine = spec.engine;
  part.engine_depth = spec.iodepth;
  result.workload = part;
  return result;
}

// fio's "error" of a job (its errno) as a failure; nullopt for 0. fio's JSON keeps no message (its verror goes to
// stderr only), so the message is the error's own.
std::optional<JobFailure> failure_of(const json& job) {
  const std::uint64_t number = whole(job, "error");
  if (number == 0 || number > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) return std::nullopt;
  const int error = static_cast<int>(number);
  return JobFailure{error, fmt::format("fio's error {} ({}); fio's JSON keeps no message",
                                       error, std::error_code(error, std::generic_category()).message())};
}

// The direction a failed job without requests is reported in, as bench++ reports its own (run/test_results.cpp):
// the first it does, its syncs when it does none of the others.
IoDirection failure_direction(const WorkloadSpec& spec) {
  if (reads_data(spec.pattern)) return IoDirection::kRead;
  if (writes_data(spec.pattern)) return IoDirection::kWrite;
  if (trims_data(spec.pattern)) return IoDirection::kTrim;
  return IoDirection::kSync;
}

constexpr std::array<std::pair<const char*, IoDirection>, 4> kDirections = {{{"read", IoDirection::kRead},
                                                                            {"write", IoDirection::kWrite},
                                                                            {"trim", IoDirection::kTrim},
                                                                            {"sync", IoDirection::kSync}}};

}  // namespace

bool is_fio_json(std::string_view text) {
  const std::string_view head = text.substr(0, 4096);
  return head.find("\"fio version\"") != std::string_view::npos;
}

namespace {

std::vector<RunResult> read_document(std::string_view text, const std::string& name, const FioSpecMaker& make_spec) {
  json document;
  try {
    document = json::parse(text.substr(std::min(text.find('{'), text.size())));
  } catch (const json::exception& e) {
    throw error(name, fmt::format("not a fio JSON document: {}", e.what()));
  }
  if (!document.is_object() || !document.contains("jobs") || !document["jobs"].is_array()) {
    throw error(name, "a fio JSON document without \"jobs\"");
  }
  RunResult run;
  RunInfo& info = run.info;
  info.version = document.value("fio version", std::string());
  info.label = info.version;
  const std::time_t started = static_cast<std::time_t>(whole(document, "timestamp"));
  std::tm parts{};
  gmtime_r(&started, &parts);
  char when[32] = "";
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &parts);
  info.started_utc = when;
  const FioOptionList global = options_of(document.value("global options", json::object()));
  // Jobs by name, in order of first appearance.
  std::vector<std::string> names;
  std::map<std::string, std::vector<const json*>> jobs;
  for (const json& job : document["jobs"]) {
    if (!job.is_object() || !job.contains("jobname")) throw error(name, "a job without \"jobname\"");
    const std::string jobname = job["jobname"].get<std::string>();
    if (!jobs.count(jobname)) names.push_back(jobname);
    jobs[jobname].push_back(&job);
  }
  for (const std::string& jobname : names) {
    const std::vector<const json*>& entries = jobs[jobname];
    WorkloadSpec spec = make_spec(global, options_of(entries.front()->value("job options", json::object())));
    spec.name = jobname;
    if (entries.size() > 1) spec.jobs = static_cast<std::uint32_t>(entries.size());
    // The whole's failure is its first failed job's, as bench++'s own (WorkloadPart::failure).
    std::optional<JobFailure> first_failure;
    for (const json* entry : entries) {
      if (!first_failure) first_failure = failure_of(*entry);
    }
    const std::size_t first_part = run.phases.size();
    for (const auto& [key, which] : kDirections) {
      ReadDirection sum;
      std::optional<LatencyHistogram> merged = LatencyHistogram();
      std::chrono::nanoseconds cpu_sum{0};
      std::vector<PhaseResult> each;
      for (std::size_t j = 0; j < entries.size(); ++j) {
        const json& entry = *entries[j];
        const ReadDirection direction = direction_of(entry, key, which == IoDirection::kSync);
        const double cpu_percent = real(entry, "usr_cpu") + real(entry, "sys_cpu");
        const auto cpu = std::chrono::nanoseconds(
            static_cast<std::int64_t>(cpu_percent / 100.0 * static_cast<double>(whole(entry, "job_runtime")) * 1e6));
        cpu_sum += cpu;
        sum.operations += direction.operations;
        sum.bytes += direction.bytes;
        sum.elapsed = std::max(sum.elapsed, direction.elapsed);
        if (direction.latency.histogram && merged) {
          merged->merge(*direction.latency.histogram);
        } else if (direction.operations > 0) {
          merged.reset();
        }
        if (entries.size() == 1) sum.latency = direction.latency;
        if (entries.size() > 1 && direction.operations > 0) {
          each.push_back(result_of(direction, spec, which, static_cast<std::uint32_t>(j), cpu, 1));
          each.back().workload->failure = failure_of(entry);
        }
      }
      if (sum.operations == 0) continue;
      if (entries.size() > 1 && merged) sum.latency = {merged, merged->summary()};
      run.phases.push_back(result_of(sum, spec, which, std::nullopt, cpu_sum, spec.jobs));
      run.phases.back().workload->failure = first_failure;
      run.phases.insert(run.phases.end(), each.begin(), each.end());
    }
    if (first_failure && run.phases.size() == first_part) {  // failed before any request: named all the same
      run.phases.push_back(result_of(ReadDirection{}, spec, failure_direction(spec), std::nullopt, {}, spec.jobs));
      run.phases.back().workload->failure = first_failure;
    }
    info.setup.workloads.push_back(std::move(spec));
  }
  if (run.phases.empty()) throw error(name, "a fio JSON document whose jobs did no I/O");
  return {run};
}

}  // namespace

std::vector<RunResult> read_fio_json(std::string_view text, const std::string& name, const FioSpecMaker& make_spec) {
  try {
    return read_document(text, name, make_spec);
  } catch (const json::exception& e) {  // a value of another type than fio writes: "jobname": 3
    throw error(name, fmt::format("not fio's JSON: {}", e.what()));
  } catch (const BinKeyError& e) {
    throw error(name, fmt::format("not fio's JSON: a latency bin that is no number ({})", e.what()));
  }
}

}  // namespace bench
