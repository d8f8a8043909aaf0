#include "app/fio_output.h"

#include "report/fio/fio_json.h"
#include "report/fio/fio_log.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_terse.h"

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

void write_fio_logs(const RunResult& run) {
  for (const FioLogFile& file : fio_log_files(run)) {
    DocumentOutput output(file.name, DocumentOutput::Growth::kReplaces);
    output.update(file.text);
    output.finish();
  }
}

}  // namespace bench
