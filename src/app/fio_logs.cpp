#include "app/fio_logs.h"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "app/document_output.h"
#include "platform/file_identity.h"
#include "report/fio/fio_log.h"
#include "result/errors.h"
#include "result/fio_log_names.h"

namespace bench {

void check_fio_logs(const RunSetup& setup) {
  namespace fs = std::filesystem;
  for (std::size_t index = 0; index < setup.workloads.size(); ++index) {
    const WorkloadSpec& spec = setup.workloads[index];
    for (const FioLogName& log : fio_log_names(setup.workloads, index)) {
      const auto refuse = [&](const std::string& what) {
        return UsageError(fmt::format("invalid fio option {} in workload '{}': log '{}' {}", log.option, spec.name,
                                      log.path, what));
      };
      const fs::path path(log.path);
      const fs::path directory = path.has_parent_path() ? path.parent_path() : ".";
      std::error_code error;
      if (!fs::is_directory(directory, error)) {
        throw refuse(fmt::format("would go in '{}', which is not a directory", directory.string()));
      }
      if (const auto link = symbolic_link_target(path)) {
        throw refuse(fmt::format("is a symbolic link to '{}', which bench++ did not make: it writes no file it names "
                                 "itself through a link",
                                 link->string()));
      }
      const fs::file_status status = fs::status(path, error);
      if (fs::exists(status) && !fs::is_regular_file(status)) throw refuse("exists and is not a regular file");
      try {
        DocumentOutput probe(log.path, Growth::kReplaces, Links::kRefuse);  // its temporary removed at once
      } catch (const std::exception& failure) {
        throw refuse(fmt::format("cannot be written ({})", failure.what()));
      }
    }
  }
}

void write_fio_logs(const RunResult& run) {
  for (const FioLogFile& file : fio_log_files(run)) {
    DocumentOutput output(file.name, Growth::kReplaces, Links::kRefuse);
    output.update(file.text);
    output.finish();
  }
}

}  // namespace bench
