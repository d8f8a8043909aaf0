#pragma once
// fio's JSON output (json or json+, fio 3.x; bench++'s own --output-format=json too) read as runs for `bench++
// compare`: one run per document, each fio job a workload whose directions with requests (read, write, trim is
// left out, sync) are its tests: requests, bytes, runtime, latency from clat_ns (from json+'s bins when present,
// merged as bench++ merges its own histograms; else min, max, mean and the percentiles fio wrote: p50, p90, p99,
// p99.9), CPU from usr_cpu + sys_cpu over job_runtime. The jobs' options become their workloads' specs through
// `make_spec`, so differing settings get compare's notes. Jobs of one name (numjobs without group_reporting)
// become that workload's jobs, and their sum its whole. A job's "error" (fio's errno, without its message) is
// its parts' failure (WorkloadPart::failure; the whole's is its first failed job's), and a failed job without
// requests is reported all the same. Throws std::runtime_error("<name>: <what is wrong>") on a text that is not
// such a document: invalid JSON or nesting deeper than 32 levels ("<name>:<line>: ...", report/json/json_document.h),
// values of other types than fio writes, and figures bench++ cannot hold, naming their key ("<name>:
// jobs[0].read.io_bytes: 1.2e+21 is not a whole number from 0 to 18446744073709551615"): a negative count (fio's
// floats are taken whole), a count or byte total over 2^64 - 1 (summed over the jobs of one name too), a runtime over 2^63 ns.
// Throws InterruptedError when `interrupt` (the run's flag, run/interrupt.h) is set while it reads.
#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "result/run_result.h"

namespace bench {

using FioOptionList = std::vector<std::pair<std::string, std::string>>;
// A workload's spec from fio's "global options" and "job options" (name and value, as written), as bench++ reads
// fio's options; it leaves out what it does not know. REQUIRES: never throws for options it does not know.
using FioSpecMaker = std::function<WorkloadSpec(const FioOptionList& global, const FioOptionList& job)>;

// Whether `text` (a JSON document) is fio's: it has "fio version" and "jobs".
bool is_fio_json(std::string_view text);

std::vector<RunResult> read_fio_json(std::string_view text, const std::string& name, const FioSpecMaker& make_spec,
                                     const std::atomic<int>* interrupt = nullptr);

}  // namespace bench
