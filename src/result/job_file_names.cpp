#include "result/job_file_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "text/split.h"

namespace bench {

std::uint32_t files_per_job(const WorkloadSpec& spec) {
  if (spec.filename.empty()) return spec.nrfiles;
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, split_fio_names(spec.filename).size()));
}

std::string own_file_name(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file) {
  return fmt::format("{}.{}.{}", spec.name, job, file);
}

std::string directory_of_job(const WorkloadSpec& spec, std::uint32_t job) {
  const std::vector<std::string> directories = split_fio_names(spec.directory);
  if (directories.empty()) return {};
  return directories[job % directories.size()];
}

}  // namespace bench
