#include "report/fio/fio_json.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>

#include "report/fio/fio_disk_util.h"
#include "report/fio/fio_jobs.h"

namespace bench {
namespace {

using Json = nlohmann::ordered_json;

// The run's start as seconds since the epoch (RunInfo::started_utc, "2026-11-30T10:34:59Z"); 0 when unreadable.
std::time_t start_time(const RunInfo& info) {
  std::tm parts{};
  const char* end = ::strptime(info.started_utc.c_str(), "%Y-%m-%dT%H:%M:%SZ", &parts);
  if (end == nullptr || *end != '\0') return 0;
  return timegm(&parts);
}

Json options_object(const std::vector<std::pair<std::string, std::string>>& options) {
  Json object = Json::object();
  for (const auto& [name, value] : options) {
    if (!value.empty()) object[name] = value;  // as fio, which lists no bare flag (time_based)
  }
  return object;
}

// fio's latency statistics of one kind (slat_ns, clat_ns, lat_ns): zeros and N 0 when not recorded; with
// `percentiles` (fio's *_percentiles) its percentile_list, and for json+ the bins.
Json latency_object(const std::optional<FioLatency>& latency, const std::vector<double>* percentiles, bool bins) {
  Json object;
  object["min"] = latency ? latency->summary.min_ns : 0;
  object["max"] = latency ? latency->summary.max_ns : 0;
  object["mean"] = latency ? latency->summary.mean_ns : 0.0;
  object["stddev"] = latency ? latency->stddev_ns : 0.0;
  object["N"] = latency ? latency->summary.count : 0;
  if (!latency || percentiles == nullptr) return object;
  Json list = Json::object();
  for (const double percent : *percentiles) {
    list[fmt::format("{:f}", percent)] = fio_percentile_ns(latency->buckets, latency->summary.count, percent);
  }
  object["percentile"] = std::move(list);
  if (bins) {
    Json counts = Json::object();
    for (const auto& [index, count] : latency->buckets) counts[std::to_string(fio_bucket_value(index))] = count;
    object["bins"] = std::move(counts);
  }
  return object;
}

// The percentiles of a latency kind whose fio option (clat_percentiles, ...) is `shown`; nullptr: none.
const std::vector<double>* percentiles_if(bool shown, const WorkloadSpec& spec) {
  return shown ? &fio_percentiles(spec) : nullptr;
}

Json direction_object(const FioJob& job, FioDdir ddir, const std::vector<FioJob>& jobs, FioJsonKind kind) {
  const FioDirectionResult& direction = job.at(ddir);
  Json object;
  const std::uint64_t bw_bytes = direction.runtime_ms > 0 ? 1000 * direction.io_bytes / direction.runtime_ms : 0;
  object["io_bytes"] = direction.io_bytes;
  object["io_kbytes"] = direction.io_bytes >> 10;
  object["bw_bytes"] = bw_bytes;
  object["bw"] = bw_bytes / 1024;
  object["iops"] = direction.runtime_ms > 0 ? 1000.0 * static_cast<double>(direction.total_ios) /
                                                  static_cast<double>(direction.runtime_ms)
                                            : 0.0;
  object["runtime"] = direction.runtime_ms;
  object["total_ios"] = direction.total_ios;
  object["short_ios"] = 0;
  object["drop_ios"] = 0;
  const LatencyOutput& shown = job.last_spec->latency_output;
  const bool plus = kind == FioJsonKind::kJsonPlus;
  // A statistic the job does not record (disable_slat, disable_clat, disable_lat, gtod_reduce) is none here: fio's
  // zeros, without percentiles (fio's init clears a disabled statistic's *_percentiles).
  object["slat_ns"] = latency_object(fio_latency(direction, FioLatencyKind::kSlat),
                                     percentiles_if(shown.slat_percentiles, *job.last_spec), plus);
  object["clat_ns"] = latency_object(fio_latency(direction, FioLatencyKind::kClat),
                                     percentiles_if(shown.clat_percentiles, *job.last_spec), plus);
  object["lat_ns"] = latency_object(fio_latency(direction, FioLatencyKind::kLat),
                                    percentiles_if(shown.lat_percentiles, *job.last_spec), plus);
  const FioSampleStats& bw = direction.bandwidth_samples;
  object["bw_min"] = static_cast<std::uint64_t>(bw.min);
  object["bw_max"] = static_cast<std::uint64_t>(bw.max);
  object["bw_agg"] = fio_bandwidth_share(job, ddir, jobs);
  object["bw_mean"] = bw.mean;
  object["bw_dev"] = bw.stddev;
  object["bw_samples"] = bw.samples;
  const FioSampleStats& iops = direction.iops_samples;
  object["iops_min"] = static_cast<std::uint64_t>(iops.min);
  object["iops_max"] = static_cast<std::uint64_t>(iops.max);
  object["iops_mean"] = iops.mean;
  object["iops_stddev"] = iops.stddev;
  object["iops_samples"] = iops.samples;
  return object;
}

// One of fio's depth distributions: each range's share (percent), under fio's keys.
Json depth_object(std::initializer_list<const char*> keys, const std::array<double, 7>& shares) {
  Json object;
  std::size_t i = 0;
  for (const char* key : keys) object[key] = shares[i++];
  return object;
}

// fio's "steadystate" object (stat.c): the criterion and limit as fio prints them ("iops:10.000000%"), the window's
// samples oldest first and their integer means.
Json steady_state_object(const FioSteadyStateResult& ss) {
  const FioSteadyStateSpec& spec = ss.spec;
  const char* percent = spec.percent ? "%" : "";
  Json object;
  object["ss"] = fmt::format("{}{}:{:f}{}", spec.measure == FioSteadyStateSpec::Measure::kIops ? "iops" : "bw",
                             spec.slope ? "_slope" : "", static_cast<float>(spec.limit), percent);
  object["duration"] = spec.duration_s;
  object["attained"] = ss.attained ? 1 : 0;
  object["criterion"] = fmt::format("{:f}{}", static_cast<float>(ss.criterion), percent);
  object["max_deviation"] = ss.max_deviation;
  object["slope"] = ss.slope;
  Json data;
  data["bw_mean"] = ss.bw_mean();
  data["iops_mean"] = ss.iops_mean();
  data["iops"] = ss.iops;
  data["bw"] = ss.bw;
  object["data"] = std::move(data);
  return object;
}

Json job_object(const FioJob& job, const std::vector<FioJob>& jobs, FioJsonKind kind) {
  Json object;
  object["jobname"] = job.name;
  object["groupid"] = job.groupid;
  object["error"] = job.error();
  object["eta"] = 0;
  object["elapsed"] = (job.job_runtime_ms + 999) / 1000;
  object["job options"] = options_object(job.last_spec->given_job_options);
  object["read"] = direction_object(job, FioDdir::kRead, jobs, kind);
  object["write"] = direction_object(job, FioDdir::kWrite, jobs, kind);
  object["trim"] = direction_object(job, FioDdir::kTrim, jobs, kind);
  const FioDirectionResult& syncs = job.at(FioDdir::kSync);
  const LatencyOutput& shown = job.last_spec->latency_output;
  const bool sync_percentiles = shown.clat_percentiles || shown.lat_percentiles;
  object["sync"] = Json{{"total_ios", syncs.total_ios},
                        {"lat_ns", latency_object(fio_latency(syncs, FioLatencyKind::kLat),
                                                  percentiles_if(sync_percentiles, *job.last_spec),
                                                  kind == FioJsonKind::kJsonPlus)}};
  object["job_runtime"] = job.job_runtime_ms;
  object["usr_cpu"] = fio_user_cpu_percent(job);  // the process's over the job's group (report/fio/fio_jobs.h)
  object["sys_cpu"] = fio_system_cpu_percent(job);
  object["ctx"] = job.cpu ? job.cpu->context_switches : 0;
  object["majf"] = job.cpu ? job.cpu->major_faults : 0;
  object["minf"] = job.cpu ? job.cpu->minor_faults : 0;
  object["iodepth_level"] = depth_object({"1", "2", "4", "8", "16", "32", ">=64"}, fio_depth_level_shares(job));
  object["iodepth_submit"] = depth_object({"0", "4", "8", "16", "32", "64", ">=64"}, fio_depth_shares(job.depths.submit));
  object["iodepth_complete"] = depth_object({"0", "4", "8", "16", "32", "64", ">=64"}, fio_depth_shares(job.depths.complete));
  const FioLatencyShares shares = fio_latency_shares(job);
  Json ns, us, ms;
  for (std::size_t i = 0; i < kFioLatencyKeys.size(); ++i) ns[kFioLatencyKeys[i]] = shares.ns[i];
  for (std::size_t i = 0; i < kFioLatencyKeys.size(); ++i) us[kFioLatencyKeys[i]] = shares.us[i];
  for (std::size_t i = 0; i < kFioLatencyMsKeys.size(); ++i) ms[kFioLatencyMsKeys[i]] = shares.ms[i];
  object["latency_ns"] = std::move(ns);
  object["latency_us"] = std::move(us);
  object["latency_ms"] = std::move(ms);
  if (job.counts_errors()) {  // fio's, with continue_on_error (or ignore_error) set
    object["total_err"] = job.errors.total;
    object["first_error"] = job.errors.first;
  }
  // fio's latency profile (stat.c): the depth its search ended at (iodepth without latency_target=), the target in
  // ns, the window in us.
  const WorkloadSpec& latency = *job.last_spec;
  object["latency_depth"] = job.latency_depth.value_or(latency.iodepth);
  object["latency_target"] = latency.latency_target.count();
  object["latency_percentile"] = latency.latency_percentile;
  object["latency_window"] = std::chrono::duration_cast<std::chrono::microseconds>(latency.latency_window).count();
  if (!job.spec->description.empty()) object["desc"] = job.spec->description;
  if (job.steady_state) object["steadystate"] = steady_state_object(*job.steady_state);
  return object;
}

}  // namespace

std::string format_fio_json(const std::vector<RunResult>& runs, FioJsonKind kind) {
  const RunInfo& first = runs.front().info;
  const std::time_t started = start_time(first);
  Json document;
  document["fio version"] = fio_version_text(first);
  document["timestamp"] = static_cast<std::int64_t>(started);
  document["timestamp_ms"] = static_cast<std::int64_t>(started) * 1000;
  char when[64] = "";
  std::tm parts{};
  gmtime_r(&started, &parts);
  std::strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y", &parts);
  document["time"] = when;
  const auto& workloads = first.setup.workloads;
  if (!workloads.empty() && !workloads.front().given_global_options.empty()) {
    document["global options"] = options_object(workloads.front().given_global_options);
  }
  Json jobs = Json::array();
  for (const RunResult& run : runs) {
    const std::vector<FioJob> run_jobs = fio_jobs(run);
    for (const FioJob& job : run_jobs) jobs.push_back(job_object(job, run_jobs, kind));
  }
  document["jobs"] = std::move(jobs);
  if (auto disks = fio_disk_util_json(merged_disk_utilization(runs))) document["disk_util"] = std::move(*disks);
  return document.dump(2) + "\n";
}

}  // namespace bench
