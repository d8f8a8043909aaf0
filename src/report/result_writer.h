#pragma once
// The one interface of a run command's outputs, as hyperfine's exporters: a writer renders the results as they stand
// to its whole document (text or bytes). It opens nothing and chooses no destination: app/output_table.cpp maps each
// output option to its writer, its destination and when it is rendered, and app/output_set.h renders them and
// hands the documents to their destinations (a file replaced whole, standard output or standard error). Each
// format's writer is a class beside its format (report/csv/spreadsheet_csv.h: SpreadsheetCsvWriter, ...).
#include <cstddef>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// The results of a run command as they stand when its writers are asked: after a test, after a run, at the end.
struct ResultsSoFar {
  const std::vector<RunResult>& runs;  // the finished runs, then the run under way with the tests it finished
  std::size_t finished = 0;            // how many of `runs` are finished
  bool ended = false;                  // the last run has finished: what comes after the runs is due
  const std::vector<std::string>& kept_files;  // with `ended`: the files unlink=0 kept (this rank's)
};

// How a writer's document changes from one rendering to the next.
enum class Growth {
  kAppends,   // each starts with the one before (rows, a run's text, fio's lines): a stream gets the new part
  kReplaces,  // each is whole on its own (the JSON and HTML reports): a stream gets only the last, at the end
};

class ResultWriter {
 public:
  virtual ~ResultWriter() = default;
  // The whole document for `results`; "" when there is nothing to write yet. Pure: the same results give the same
  // document. A kAppends writer's document for later results starts with its document for earlier ones.
  virtual std::string render(const ResultsSoFar& results) const = 0;
};

}  // namespace bench
