#pragma once
// fio's JSON output (--output-format=json or json+) of bench++'s runs, in fio 3.33's shape: "fio version",
// "timestamp", "timestamp_ms", "time", "global options", "jobs" (report/fio/fio_jobs.h says what each job holds
// and which fields are written as fio writes a value it did not record). json+ adds each direction's clat_ns
// "bins". Several runs (-x) put every run's jobs into one document, in order. Pure.
#include <string>
#include <vector>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

enum class FioJsonKind { kJson, kJsonPlus };

// REQUIRES: at least one run. The document ends with a newline.
std::string format_fio_json(const std::vector<RunResult>& runs, FioJsonKind kind);

// --output-format=json or json+: one document of every run, at the end (after a run with workloads); "" before.
class FioJsonWriter final : public ResultWriter {
 public:
  explicit FioJsonWriter(FioJsonKind kind) : kind_(kind) {}
  std::string render(const ResultsSoFar& results) const override {
    return results.ended && !results.runs.empty() ? format_fio_json(results.runs, kind_) : std::string();
  }

 private:
  FioJsonKind kind_;
};

}  // namespace bench
