#pragma once
// The JSON report: one document holding every run, for scripts and `bench++ compare`.
//
//   {"tool": "bench++", "format_version": 1, "runs": [run...]}
//   run:   the fields of result/run_fields.h, keyed and ordered as there (man/bench++.1 lists them): when and
//          where the run ran, with placement: {role, hypervisor, container, evidence: [lines]}, and its setup,
//          with io: null (-s 0) or {the -s spec} and files: null (-n 0) or {the -n spec}; then
//          tests: [test...] in the order run. Texts are strings, numbers numbers, flags booleans, keywords
//          strings as result/result_keywords.h spells them (a role not recorded is "").
//   test:  test (phase key), title, unit ("bytes"|"seeks"|"files"|"syncs"), operations, bytes,
//          elapsed_sec, cpu_sec (seconds, as doubles), cpu_percent, kib_per_sec (bytes tests, else null),
//          ops_per_sec, too_fast (ran under 0.5 s), workers,
//          latency: null or {count, min_ns, mean_ns, p50_ns, p90_ns, p99_ns, p999_ns, max_ns},
//          histogram: [[bucket, count]...], the latency histogram's non-empty buckets (result/run_result.h;
//                 [] when none was recorded), so that runs merge into true percentiles and a CDF can be drawn,
//          mpi: null (one process) or, under MPI (result/rank_metrics.h), {ranks, first_done_sec,
//                 last_done_sec (from the earliest rank start), slowest_rank, slowest_x_ranks_kib_per_sec (bytes
//                 tests, else null), slowest_x_ranks_ops_per_sec (other tests, else null),
//                 hosts: [{host, ranks, cpu_sec, cpu_percent}],
//                 per_rank: [{rank, host, start_sec, end_sec (from the barrier before the test), operations,
//                 bytes, cpu_sec, workers, kib_per_sec, ops_per_sec, latency}]}
//          (the test's own numbers are then the whole's: work, CPU and workers summed, elapsed from the
//          earliest start to the latest end, latency of all ranks' samples),
//          workload: null, or a workload test's part (report/json/workload_keys.h)
// Keys are snake_case, numbers are JSON numbers, "no value" is null (a rate with zero elapsed time too).
// Text that is not valid UTF-8 is written with U+FFFD in place of the bad bytes.
#include <atomic>
#include <string>
#include <string_view>
#include <vector>

#include "report/result_writer.h"
#include "result/unrecorded_fields.h"
#include "result/run_result.h"

namespace bench {

// The whole document, pretty-printed, ending in '\n'.
std::string format_json(const std::vector<RunResult>& runs);

// --json: the whole report of the runs so far (the run under way with the tests it finished).
class JsonReportWriter final : public ResultWriter {
 public:
  std::string render(const ResultsSoFar& results) const override { return format_json(results.runs); }
};

// Reads a document written by format_json. Unknown keys are ignored (later versions may add some), and so is
// mpi (not read back). A setup key (result/run_fields.h, result/workload_fields.h) a run lacks, as a file written
// before the field existed does, leaves the field at its default and is named in *unrecorded (when given; over all
// runs of the document: result/unrecorded_fields.h). A file older than workloads and histograms lacks a run's
// "workloads" (none) and a test's "workload" (not a workload's), "histogram" (none recorded) and "cached_percent"
// (null), which read so: compare compares none of them.
// Every other key is required but the derived ones (title, unit, cpu_percent, kib_per_sec,
// ops_per_sec, too_fast), which are not read. Times round-trip to the nanosecond below about 10^6 s.
// Throws std::runtime_error("<source_name>:<line>: <what is wrong>") on: an empty text, invalid JSON, nesting
// deeper than 32, a document that is not a bench++ report or has another format_version, a missing key, a value
// of the wrong type or out of range (whole numbers must be exact, times finite and non-negative), an unknown
// keyword or test key, and a report without runs. The line is where the offending value (or the object lacking
// a key) starts. Throws InterruptedError when `interrupt` (the run's flag, run/interrupt.h) is set while it reads.
std::vector<RunResult> read_json_report(std::string_view text, const std::string& source_name,
                                        UnrecordedFields* unrecorded, const std::atomic<int>* interrupt = nullptr);
inline std::vector<RunResult> read_json_report(std::string_view text, const std::string& source_name) {
  return read_json_report(text, source_name, nullptr);
}

}  // namespace bench
