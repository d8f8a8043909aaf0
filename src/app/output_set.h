#pragma once
// The outputs a run command asked for, open: the rows of app/output_table.h that its Config and plan ask for, each
// with its writer and its destination. At each moment (a test finished, a run finished, the end) it renders the
// rows rendered then, in the table's order, and hands each document's new part (or, replacing, the whole) to its
// destination; the destinations written to then are written once each, in the order they were first given
// something, so that a stream gets its parts in the table's order and after what an earlier moment gave it. A
// destination with a row rendered only at the end (fio's JSON) gets all of its rows then, in the table's order.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/document_output.h"
#include "app/output_table.h"
#include "app/text_sink.h"
#include "cli/config.h"
#include "report/result_writer.h"

namespace bench {

class OutputSet {
 public:
  // Opens every destination (a file's first temporary is made now: app/document_output.h), the result files first.
  // Throws std::system_error when one cannot be written.
  OutputSet(const Config& config, bool with_bonnie_tests);
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // At `when` (kEnd: the end, after the last run): renders the rows rendered then and writes what is new. At the
  // end every row is rendered, and then a stream that takes only a last document (a JSON report on stdout) gets it.
  void render(OutputWhen when, const ResultsSoFar& results);

  // fio's --status-interval: each open row's status document of `run_so_far` (OutputRow::render_status), in the
  // table's order, added to its destination and written now (fio's formats: its --output, else standard output).
  void write_status(const RunResult& run_so_far);

  // What fio writes on its output as the jobs start (the normal format's header and "Laying out" lines:
  // report/fio/fio_normal.h format_fio_normal_start), added to fio's outlet (--output's file, else standard output)
  // and written now, before its ETA lines, status reports, stop line and results; nothing when no fio format is open.
  void write_fio_start(std::string_view text);

  // Where the run's text goes when it goes to a stream: standard output, or standard error (kRunText's rule).
  TextSink& text_stream() { return *text_stream_; }

 private:
  struct Outlet;
  struct Open {
    const OutputRow* row;
    std::unique_ptr<ResultWriter> writer;
    Outlet* outlet;
    std::size_t rendered_bytes = 0;  // kAppends: how much of its document the outlet has had
    std::string last_document = {};  // kReplaces: the document the outlet has had
  };

  Outlet& stream_outlet(TextSink& sink);

  const Config& config_;
  TextSink stdout_;
  TextSink stderr_;
  TextSink* text_stream_;
  std::vector<std::unique_ptr<Outlet>> outlets_;
  Outlet* fio_outlet_ = nullptr;  // fio's formats' one destination, when one is open
  std::vector<Open> open_;  // in the table's order
};

}  // namespace bench
