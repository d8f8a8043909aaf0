#include "published/fio_json_shape.h"

namespace bench::test {

std::vector<std::string> fio_job_key_paths() {
  std::vector<std::string> paths = {"jobname", "groupid", "error", "eta", "elapsed", "job options", "job_runtime",
                                    "usr_cpu", "sys_cpu", "ctx", "majf", "minf", "iodepth_level", "iodepth_submit",
                                    "iodepth_complete", "latency_ns", "latency_us", "latency_ms", "sync/total_ios"};
  const std::vector<std::string> latency = {"N", "min", "max", "mean", "stddev"};
  for (const std::string& stat : latency) paths.push_back("sync/lat_ns/" + stat);
  for (const std::string direction : {"read", "write", "trim"}) {
    for (const std::string key :
         {"io_bytes", "io_kbytes", "bw_bytes", "bw", "iops", "runtime", "total_ios", "short_ios", "drop_ios", "bw_min",
          "bw_max", "bw_agg", "bw_mean", "bw_dev", "bw_samples", "iops_min", "iops_max", "iops_mean", "iops_stddev",
          "iops_samples"}) {
      paths.push_back(direction + "/" + key);
    }
    for (const std::string kind : {"slat_ns", "clat_ns", "lat_ns"}) {
      for (const std::string& stat : latency) paths.push_back(direction + "/" + kind + "/" + stat);
    }
  }
  return paths;
}

std::vector<std::string> missing_keys(const nlohmann::json& job) {
  std::vector<std::string> missing;
  for (const std::string& path : fio_job_key_paths()) {
    if (!job.contains(nlohmann::json::json_pointer("/" + path))) missing.push_back(path);
  }
  return missing;
}

}  // namespace bench::test
