#include "result/fio_log_names.h"

#include <fmt/format.h>

#include <optional>

namespace bench {

std::vector<FioLogName> fio_log_names(std::span<const WorkloadSpec> workloads, std::size_t index) {
  std::vector<FioLogName> names;
  const WorkloadSpec& spec = workloads[index];
  if (!spec.writes_logs()) return names;
  std::uint32_t first_number = 1;  // fio's thread_number of the workload's first job
  for (std::size_t earlier = 0; earlier < index; ++earlier) first_number += workloads[earlier].jobs;
  const std::uint32_t files_per_kind = spec.per_job_logs ? spec.jobs : 1;
  for (std::uint32_t job = 0; job < files_per_kind; ++job) {
    const std::string suffix = spec.per_job_logs ? fmt::format(".{}.log", first_number + job) : std::string(".log");
    const LatencyOutput& shown = spec.latency_output;
    const auto add = [&](const std::optional<std::string>& prefix, const char* type, FioLogKind kind,
                         const char* option, bool disabled = false) {
      if (!prefix || disabled) return;
      names.push_back({(prefix->empty() ? spec.name : *prefix) + "_" + type + suffix, kind, job, option});
    };
    add(spec.bw_log, "bw", FioLogKind::kBandwidth, "write_bw_log");
    add(spec.lat_log, "lat", FioLogKind::kLatency, "write_lat_log", shown.disable_lat);
    add(spec.lat_log, "slat", FioLogKind::kSubmissionLatency, "write_lat_log", shown.disable_slat);
    add(spec.lat_log, "clat", FioLogKind::kCompletionLatency, "write_lat_log", shown.disable_clat);
    add(spec.iops_log, "iops", FioLogKind::kIops, "write_iops_log");
    add(spec.fio_log.hist_log, "clat_hist", FioLogKind::kCompletionHistogram, "write_hist_log");
  }
  return names;
}

}  // namespace bench
