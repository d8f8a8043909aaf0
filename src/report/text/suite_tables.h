#pragma once
// The published tables the suites reproduce, from runs of those suites (RunSetup::suite):
// - tart: Tart's host-vs-guest table, one row per workload and executor (a group of runs: host, a guest, a disk
//   setting) with its columns, B/W (read, write), I/O (read, write), latency (read, write, sync), but bandwidth in
//   true MB/s (10^6 bytes/s; Tart multiplies fio's KiB/s by 1000) and each latency's p99 beside its mean;
// - cdm: CrystalDiskMark's, per executor each test's best run in MB/s (CrystalDiskMark's figure) beside the mean ±
//   standard deviation of the runs, and IOPS.
// A failed job (WorkloadPart::failure) shows no figures: tart's cells say FAILED, with a line naming the executor,
// the workload and its error under the table; CrystalDiskMark's leaves the failed runs out of the best and the
// mean, says how many failed with the first one's error under the test's row, and FAILED where every run did.
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// A column of the tables: a named group of runs of one suite (repeats).
struct Executor {
  std::string name;
  std::vector<const RunResult*> runs;
};

// The suite's table for these executors; "" unless every executor's runs are of that suite.
std::string format_suite_table(const std::vector<Executor>& executors);

}  // namespace bench
