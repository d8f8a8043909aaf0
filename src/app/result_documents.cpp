#include "app/result_documents.h"

#include "report/json/json_report.h"
#include "report/html/run_html.h"
#include "report/csv/spreadsheet_csv.h"

namespace bench {

ResultDocuments::ResultDocuments(const Config& config) {
  if (config.csv_path) csv_.emplace(*config.csv_path, DocumentOutput::Growth::kAppends);
  if (config.json_path) json_.emplace(*config.json_path, DocumentOutput::Growth::kReplaces);
  if (config.html_path) html_.emplace(*config.html_path, DocumentOutput::Growth::kReplaces);
}

void ResultDocuments::phase_finished(const std::vector<RunResult>& finished_runs, const RunResult& run_so_far,
                                     const PhaseResult& phase) {
  if (csv_) {
    if (csv_text_.empty()) csv_text_ = spreadsheet_csv_header();
    csv_text_ += format_spreadsheet_csv_row(run_so_far.info, phase);
    csv_->update(csv_text_);
  }
  if (!json_ && !html_) return;
  std::vector<RunResult> runs = finished_runs;
  runs.push_back(run_so_far);
  if (json_) json_->update(format_json(runs));
  if (html_) html_->update(format_run_html(runs));
}

void ResultDocuments::finish(const std::vector<RunResult>& runs) {
  if (json_) {
    json_->update(format_json(runs));
    json_->finish();
  }
  if (html_ && !runs.empty()) {
    html_->update(format_run_html(runs));
    html_->finish();
  }
}

}  // namespace bench
