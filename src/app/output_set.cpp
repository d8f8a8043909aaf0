#include "app/output_set.h"

#include <algorithm>

namespace bench {

// One destination, which one or several rows write to.
struct OutputSet::Outlet {
  TextSink* stream = nullptr;              // standard output or error: what is added is written as it is
  bool at_end_only = false;                // a row of it renders only at the end: all of its rows wait for it
  std::optional<DocumentOutput> document;  // a FILE replaced whole, or "-"
  std::string text;                        // the document: everything added (kAppends), or the last (kReplaces)
  std::string pending;                     // a stream: what was added since the last write

  void add(std::string_view part) {
    if (stream != nullptr) {
      pending += part;
    } else {
      text += part;
    }
  }
  void replace(std::string whole) { text = std::move(whole); }
  void write() {
    if (stream != nullptr) {
      stream->write(pending);
      pending.clear();
    } else {
      document->update(text);
    }
  }
};

namespace {

bool asked(const OutputRow& row, const Config& config, bool with_bonnie_tests) {
  switch (row.asked) {
    case OutputAsked::kResultFileOption: return config.result_file(row.name).has_value();
    case OutputAsked::kFioFormat: return config.fio_output.has(row.name);
    case OutputAsked::kAlways: return true;
    case OutputAsked::kFioPersona: return config.persona == Persona::kFio;
    case OutputAsked::kWithBonnieTests: return with_bonnie_tests;
  }
  return false;
}

// Whether `row`'s documents go to standard output as a stream of their own (a FILE of "-", fio's without --output).
bool takes_stdout(const OutputRow& row, const Config& config) {
  switch (row.destination) {
    case OutputDestination::kNamedFile: return config.result_file(row.name) == "-";
    case OutputDestination::kFioOutput: return !config.fio_output.output_path;
    case OutputDestination::kRunText:
    case OutputDestination::kFreeStdout: return false;
  }
  return false;
}

}  // namespace

OutputSet::OutputSet(const Config& config, bool with_bonnie_tests)
    : config_(config), stdout_("-"), stderr_(TextSink::standard_error()) {
  std::vector<const OutputRow*> rows;
  for (const OutputRow& row : output_rows()) {
    if (asked(row, config, with_bonnie_tests)) rows.push_back(&row);
  }
  const bool stdout_taken = std::any_of(rows.begin(), rows.end(), [&](const OutputRow* row) {
    return takes_stdout(*row, config);
  });
  const bool bonnie_lines_on_stdout = with_bonnie_tests && config.repeats_given;
  text_stream_ = config.quiet || bonnie_lines_on_stdout || stdout_taken ? &stderr_ : &stdout_;
  // fio's persona writes fio's outputs alone; elsewhere fio's normal output carries the run's text, unless -q.
  const bool no_run_text = config.persona == Persona::kFio || (config.fio_output.has("normal") && !config.quiet);

  Outlet* fio_outlet = nullptr;
  std::vector<Outlet*> outlet_of(rows.size(), nullptr);
  // The result files first: the first of them that cannot be written is the one named.
  for (const bool named_files : {true, false}) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const OutputRow& row = *rows[i];
      if ((row.destination == OutputDestination::kNamedFile) != named_files) continue;
      switch (row.destination) {
        case OutputDestination::kNamedFile:
          outlets_.push_back(std::make_unique<Outlet>());
          outlets_.back()->document.emplace(*config.result_file(row.name), row.growth);
          outlet_of[i] = outlets_.back().get();
          break;
        case OutputDestination::kFioOutput:
          if (fio_outlet == nullptr) {
            outlets_.push_back(std::make_unique<Outlet>());
            outlets_.back()->document.emplace(config.fio_output.output_path.value_or("-"), Growth::kAppends);
            fio_outlet = outlets_.back().get();
          }
          outlet_of[i] = fio_outlet;
          break;
        case OutputDestination::kRunText:
          if (!no_run_text) outlet_of[i] = &stream_outlet(*text_stream_);
          break;
        case OutputDestination::kFreeStdout:
          if (!stdout_taken) outlet_of[i] = &stream_outlet(stdout_);
          break;
      }
    }
  }
  fio_outlet_ = fio_outlet;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (outlet_of[i] == nullptr) continue;
    open_.push_back(Open{rows[i], rows[i]->make_writer(config), outlet_of[i]});
    if (rows[i]->when == OutputWhen::kEnd) outlet_of[i]->at_end_only = true;
  }
}

OutputSet::~OutputSet() = default;

OutputSet::Outlet& OutputSet::stream_outlet(TextSink& sink) {
  for (const auto& outlet : outlets_) {
    if (outlet->stream == &sink) return *outlet;
  }
  outlets_.push_back(std::make_unique<Outlet>());
  outlets_.back()->stream = &sink;
  return *outlets_.back();
}

void OutputSet::write_fio_start(std::string_view text) {
  if (fio_outlet_ == nullptr || text.empty()) return;
  fio_outlet_->add(text);
  fio_outlet_->write();
}

void OutputSet::write_status(const RunResult& run_so_far) {
  std::vector<Outlet*> written;
  for (const Open& open : open_) {
    if (open.row->render_status == nullptr) continue;
    open.outlet->add(open.row->render_status(run_so_far, config_));
    if (std::find(written.begin(), written.end(), open.outlet) == written.end()) written.push_back(open.outlet);
  }
  for (Outlet* outlet : written) outlet->write();
}

void OutputSet::render(OutputWhen when, const ResultsSoFar& results) {
  std::vector<Outlet*> written;  // in the order they were first given something
  for (Open& open : open_) {
    if (when != OutputWhen::kEnd && (open.row->when != when || open.outlet->at_end_only)) continue;
    std::string document = open.writer->render(results);
    if (open.row->growth == Growth::kAppends) {
      if (document.size() <= open.rendered_bytes) continue;
      open.outlet->add(std::string_view(document).substr(open.rendered_bytes));
      open.rendered_bytes = document.size();
    } else {
      if (document.empty() || document == open.last_document) continue;
      open.outlet->replace(document);
      open.last_document = std::move(document);
    }
    if (std::find(written.begin(), written.end(), open.outlet) == written.end()) written.push_back(open.outlet);
  }
  for (Outlet* outlet : written) outlet->write();
  if (when != OutputWhen::kEnd) return;
  for (const auto& outlet : outlets_) {
    if (outlet->document) outlet->document->finish();
  }
}

}  // namespace bench
