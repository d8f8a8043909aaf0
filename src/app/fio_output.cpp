#include "app/fio_output.h"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "report/fio/fio_json.h"
#include "report/fio/fio_log.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_terse.h"
#include "result/errors.h"
#include "result/fio_log_names.h"

namespace bench {

FioOutput::FioOutput(const FioOutputRequest& request)
    : request_(request), output_(request.output_path.value_or("-"), DocumentOutput::Growth::kAppends) {}

void FioOutput::append(const std::string& text) {
  if (text.empty()) return;
  text_ += text;
  output_.update(text_);
}

void FioOutput::run_finished(const RunResult& run, const std::string& table) {
  std::string text;
  if (request_.terse) text += format_fio_terse(run, request_.terse_version);
  if (request_.normal) text += table + format_fio_summary_lines(run);
  append(text);
}

void FioOutput::add_table_text(const std::string& text) {
  if (request_.normal) append(text);
}

void FioOutput::finish(const std::vector<RunResult>& runs) {
  if ((request_.json || request_.json_plus) && !runs.empty()) {
    append(format_fio_json(runs, request_.json_plus ? FioJsonKind::kJsonPlus : FioJsonKind::kJson));
  }
  output_.finish();
}

void check_fio_logs(const RunSetup& setup) {
  namespace fs = std::filesystem;
  for (const WorkloadSpec& spec : setup.workloads) {
    for (const FioLogName& log : fio_log_names(spec)) {
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
      const fs::file_status status = fs::status(path, error);
      if (fs::exists(status) && !fs::is_regular_file(status)) throw refuse("exists and is not a regular file");
      try {
        DocumentOutput probe(log.path, DocumentOutput::Growth::kReplaces);  // its temporary removed at once
      } catch (const std::exception& failure) {
        throw refuse(fmt::format("cannot be written ({})", failure.what()));
      }
    }
  }
}

void write_fio_logs(const RunResult& run) {
  for (const FioLogFile& file : fio_log_files(run)) {
    DocumentOutput output(file.name, DocumentOutput::Growth::kReplaces);
    output.update(file.text);
    output.finish();
  }
}

}  // namespace bench
