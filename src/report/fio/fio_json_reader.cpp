#include "report/fio/fio_json_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <limits>
#include <map>
#include <system_error>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "measure/latency_histogram.h"
#include "report/json/json_document.h"
#include "result/errors.h"
#include "text/number.h"
#include "text/printable.h"

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

// Where a value is: the file and the path of its object ("jobs[2].read"), for an error naming its key.
struct Place {
  const std::string& file;
  std::string path;

  Place operator/(std::string_view key) const { return {file, path.empty() ? std::string(key) : path + "." + std::string(key)}; }
  [[noreturn]] void fail(std::string_view key, const std::string& what) const {
    throw error(file, fmt::format("{}: {}", printable((*this / key).path), what));
  }
};

// A value as an error quotes it: JSON, at most 40 characters.
std::string shown(const json& value) {
  const std::string text = value.dump(-1, ' ', true, json::error_handler_t::replace);
  return printable(text.size() > 40 ? text.substr(0, 40) + "..." : text);
}

FioOptionList options_of(const json& object) {
  FioOptionList options;
  if (!object.is_object()) return options;
  for (const auto& [key, value] : object.items()) {
    options.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
  }
  return options;
}

constexpr double kTwoTo64 = 18446744073709551616.0;

// The whole number at `key` of `object` (at `at`), 0 when it is absent or null (an older fio leaves some out); fio
// writes some as floats, which are taken whole. A value that is no number, negative, or over `max` (2^64 - 1
// unless said) is refused, naming the key: a figure that cannot be held is never read as another.
std::uint64_t whole(const json& object, const Place& at, const char* key,
                    std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return 0;
  std::optional<std::uint64_t> n;
  if (found->is_number_unsigned()) n = found->get<std::uint64_t>();
  if (found->is_number_float() && found->get<double>() >= 0 && found->get<double>() < kTwoTo64) {
    n = static_cast<std::uint64_t>(found->get<double>());
  }
  if (!n || *n > max) at.fail(key, fmt::format("{} is not a whole number from 0 to {}", shown(*found), max));
  return *n;
}

// The number at `key`, 0 when absent or null; refused, naming the key, when it is no number or not in [0, max].
double real(const json& object, const Place& at, const char* key, double max) {
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return 0.0;
  const double d = found->is_number() ? found->get<double>() : -1;
  if (!(d >= 0 && d <= max)) at.fail(key, fmt::format("{} is not a number from 0 to {}", shown(*found), max));
  return d;
}

// fio's milliseconds (runtime, job_runtime) as far as bench++ holds a time: nanoseconds in 64 bits (292 years).
constexpr std::uint64_t kMaxMilliseconds = std::numeric_limits<std::int64_t>::max() / 1'000'000;
// A percentage of CPU time (usr_cpu, sys_cpu): fio's per job, at most 100 per thread the job ran.
constexpr double kMaxCpuPercent = 1e6;
// fio's "timestamp" (seconds since 1970): up to the last second of the year 9999, which strftime still writes.
constexpr std::uint64_t kMaxTimestamp = 253402300799;

// `sum` + `more`, refused naming what is summed when it passes 2^64 - 1.
std::uint64_t checked_sum(std::uint64_t sum, std::uint64_t more, const Place& at, const char* key,
                          std::string_view over) {
  if (sum > std::numeric_limits<std::uint64_t>::max() - more) {
    at.fail(key, fmt::format("the sum over {} is over {}", over, std::numeric_limits<std::uint64_t>::max()));
  }
  return sum + more;
}

// A latency object's histogram (json+'s bins) and summary; the histogram empty without bins.
struct ReadLatency {
  std::optional<LatencyHistogram> histogram;
  std::optional<LatencySummary> summary;
};

ReadLatency latency_of(const json& object, const Place& at) {
  ReadLatency latency;
  if (!object.is_object() || whole(object, at, "N") == 0) return latency;
  if (const auto bins = object.find("bins"); bins != object.end() && bins->is_object() && !bins->empty()) {
    const Place bins_at = at / "bins";
    std::vector<std::uint64_t> words(LatencyHistogram::kWordCount, 0);
    std::uint64_t count = 0;
    for (const auto& [value, n] : bins->items()) {
      const std::optional<std::uint64_t> ns = read_number<std::uint64_t>(value);
      if (!ns) throw BinKeyError(fmt::format("'{}'", printable(value.substr(0, 40))));
      const std::uint64_t in_bin = whole(*bins, bins_at, value.c_str());
      std::uint64_t& bucket = words[LatencyHistogram::bucket_index(*ns)];
      bucket = checked_sum(bucket, in_bin, bins_at, value.c_str(), "the bins of one bucket");
      count = checked_sum(count, in_bin, at, "bins", "its bins");
    }
    const double mean = real(object, at, "mean", 1e300);
    const double total_ns = mean * static_cast<double>(count);
    if (total_ns >= kTwoTo64) at.fail("mean", fmt::format("{} ns over {} requests is over 2^64 ns", mean, count));
    words[LatencyHistogram::kBucketCount] = count;
    words[LatencyHistogram::kBucketCount + 1] = static_cast<std::uint64_t>(total_ns);
    words[LatencyHistogram::kBucketCount + 2] = whole(object, at, "min");
    words[LatencyHistogram::kBucketCount + 3] = whole(object, at, "max");
    latency.histogram = LatencyHistogram::from_words(words);
    latency.summary = latency.histogram->summary();
    return latency;
  }
  LatencySummary summary;
  summary.count = whole(object, at, "N");
  summary.min_ns = whole(object, at, "min");
  summary.max_ns = whole(object, at, "max");
  summary.mean_ns = real(object, at, "mean", 1e300);
  if (const auto list = object.find("percentile"); list != object.end() && list->is_object()) {
    const Place list_at = at / "percentile";
    summary.p50_ns = whole(*list, list_at, "50.000000");
    summary.p90_ns = whole(*list, list_at, "90.000000");
    summary.p99_ns = whole(*list, list_at, "99.000000");
    summary.p999_ns = whole(*list, list_at, "99.900000");
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
// `at`: the job's place.
ReadDirection direction_of(const json& job, const Place& job_at, const char* key, bool sync) {
  ReadDirection direction;
  const auto found = job.find(key);
  if (found == job.end() || !found->is_object()) return direction;
  const json& object = *found;
  const Place at = job_at / key;
  direction.operations = whole(object, at, "total_ios");
  direction.bytes = whole(object, at, "io_bytes");
  direction.elapsed = std::chrono::milliseconds(
      sync ? whole(job, job_at, "job_runtime", kMaxMilliseconds) : whole(object, at, "runtime", kMaxMilliseconds));
  const char* latency_key = sync ? "lat_ns" : "clat_ns";
  const auto latency = object.find(latency_key);
  if (latency == object.end()) return direction;
  direction.latency = latency_of(*latency, at / latency_key);
  if (sync && latency->is_object()) {
    direction.operations = std::max(direction.operations, whole(*latency, at / latency_key, "N"));
  }
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
std::optional<JobFailure> failure_of(const json& job, const Place& at) {
  const std::uint64_t number = whole(job, at, "error", static_cast<std::uint64_t>(std::numeric_limits<int>::max()));
  if (number == 0) return std::nullopt;
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

std::vector<RunResult> runs_of(const json& document, const std::string& name, const FioSpecMaker& make_spec,
                               const std::atomic<int>* interrupt) {
  if (!document.is_object() || !document.contains("jobs") || !document["jobs"].is_array()) {
    throw error(name, "a fio JSON document without \"jobs\"");
  }
  const Place top{name, ""};
  RunResult run;
  RunInfo& info = run.info;
  info.version = document.value("fio version", std::string());
  info.label = info.version;
  const std::time_t started = static_cast<std::time_t>(whole(document, top, "timestamp", kMaxTimestamp));
  std::tm parts{};
  gmtime_r(&started, &parts);
  char when[32] = "";
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &parts);
  info.started_utc = when;
  const FioOptionList global = options_of(document.value("global options", json::object()));
  // Jobs by name, in order of first appearance, with their places.
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::pair<const json*, Place>>> jobs;
  const json& listed = document["jobs"];
  for (std::size_t k = 0; k < listed.size(); ++k) {
    const json& job = listed[k];
    if (!job.is_object() || !job.contains("jobname")) throw error(name, "a job without \"jobname\"");
    const std::string jobname = job["jobname"].get<std::string>();
    if (!jobs.count(jobname)) names.push_back(jobname);
    jobs[jobname].emplace_back(&job, Place{name, fmt::format("jobs[{}]", k)});
  }
  for (const std::string& jobname : names) {
    if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
    const auto& entries = jobs[jobname];
    WorkloadSpec spec = make_spec(global, options_of(entries.front().first->value("job options", json::object())));
    spec.name = jobname;
    if (entries.size() > 1) spec.jobs = static_cast<std::uint32_t>(entries.size());
    // The whole's failure is its first failed job's, as bench++'s own (WorkloadPart::failure).
    std::optional<JobFailure> first_failure;
    for (const auto& [entry, at] : entries) {
      if (!first_failure) first_failure = failure_of(*entry, at);
    }
    const std::string over = fmt::format("the jobs named '{}'", printable(jobname.substr(0, 40)));
    const std::size_t first_part = run.phases.size();
    for (const auto& [key, which] : kDirections) {
      ReadDirection sum;
      std::optional<LatencyHistogram> merged = LatencyHistogram();
      std::chrono::nanoseconds cpu_sum{0};
      std::vector<PhaseResult> each;
      for (std::size_t j = 0; j < entries.size(); ++j) {
        const auto& [entry, at] = entries[j];
        const ReadDirection direction = direction_of(*entry, at, key, which == IoDirection::kSync);
        const double cpu_percent =
            real(*entry, at, "usr_cpu", kMaxCpuPercent) + real(*entry, at, "sys_cpu", kMaxCpuPercent);
        const double cpu_ns =
            cpu_percent / 100.0 * static_cast<double>(whole(*entry, at, "job_runtime", kMaxMilliseconds)) * 1e6;
        if (cpu_ns >= static_cast<double>(std::numeric_limits<std::int64_t>::max() / 2)) {
          at.fail("usr_cpu", "usr_cpu + sys_cpu over job_runtime is a CPU time over 146 years");
        }
        const auto cpu = std::chrono::nanoseconds(static_cast<std::int64_t>(cpu_ns));
        if (cpu_sum.count() > std::numeric_limits<std::int64_t>::max() - cpu.count()) {
          at.fail("usr_cpu", fmt::format("the CPU time summed over {} is over 292 years", over));
        }
        cpu_sum += cpu;
        sum.operations = checked_sum(sum.operations, direction.operations, at / key, "total_ios", over);
        sum.bytes = checked_sum(sum.bytes, direction.bytes, at / key, "io_bytes", over);
        sum.elapsed = std::max(sum.elapsed, direction.elapsed);
        if (direction.latency.histogram && merged) {
          merged->merge(*direction.latency.histogram);
        } else if (direction.operations > 0) {
          merged.reset();
        }
        if (entries.size() == 1) sum.latency = direction.latency;
        if (entries.size() > 1 && direction.operations > 0) {
          each.push_back(result_of(direction, spec, which, static_cast<std::uint32_t>(j), cpu, 1));
          each.back().workload->failure = failure_of(*entry, at);
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

std::vector<RunResult> read_document(std::string_view text, const std::string& name, const FioSpecMaker& make_spec,
                                     const std::atomic<int>* interrupt) {
  // (fio may print notes before its JSON: the document starts at the first '{')
  json document = parse_ordered_json_document(text, std::min(text.find('{'), text.size()), name, interrupt);
  try {
    std::vector<RunResult> runs = runs_of(document, name, make_spec, interrupt);
    free_json_document(document, interrupt);
    return runs;
  } catch (const InterruptedError&) {
    abandon_json_document(std::move(document));  // a stop does not wait for it to be freed
    throw;
  }
}

}  // namespace

std::vector<RunResult> read_fio_json(std::string_view text, const std::string& name, const FioSpecMaker& make_spec,
                                     const std::atomic<int>* interrupt) {
  try {
    return read_document(text, name, make_spec, interrupt);
  } catch (const json::exception& e) {  // a value of another type than fio writes: "jobname": 3
    throw error(name, fmt::format("not fio's JSON: {}", printable(e.what())));
  } catch (const BinKeyError& e) {
    throw error(name, fmt::format("not fio's JSON: a latency bin that is no number ({})", e.what()));
  }
}

}  // namespace bench
