#pragma once
// The first step of compare_runs (compare/compare_runs.h): runs into named groups, and notes on how the groups
// were run differently. Pure.
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "compare/comparison.h"
#include "compare/host_view_decomposition.h"
#include "result/statistics.h"

namespace bench {

// What compare keeps of one metric of one test over a group's runs, folded run by run as they arrive: memory
// grows with the rounds, not with the runs.
struct CellFold {
  MeanStddevAccumulator values;                           // the runs' measured values, in run order
  std::map<std::uint64_t, MeanStddevAccumulator> rounds;  // the same per round (runs carrying a round)
  bool any_not_measured = false;
  bool under_min_time = false;  // throughput or CPU, a measured run under 0.5 s
};

// One test of one group: its runs' values (one CellFold per MetricKind, in its order) and merged histogram.
struct TestFold {
  TestId test;
  std::size_t runs = 0;          // runs of the group that have the test
  bool all_rounds = true;        // every one of them carries a round
  std::array<CellFold, 5> cells;
  std::map<std::uint32_t, std::uint64_t> histogram;  // bucket -> count, summed over the runs
  std::vector<FailedRun> failures;  // its runs whose job failed in it (group not set), left out of cells and histogram
  double most_cached_percent = 0;   // the largest share of its reads found in the page cache (PhaseResult)
};

// Folds one phase of a run into its test (compare/comparison.cpp, where the metrics are read).
void fold_phase(TestFold& fold, const PhaseResult& phase, const SourcedRun& run);

struct RunGroup {
  GroupInfo info;
  SourcedRun first;             // its first run, whole: its setup, role and tags name the group and fill the notes
  std::vector<TestFold> tests;  // in order of first appearance in the group
  std::map<TestId, std::size_t> test_index;  // where each test is in `tests` (a run may have a million workloads)
  std::size_t busy_runs = 0;                  // its runs on a busy machine (result/busy_machine.h)
  std::uint64_t most_other_cpu_percent = 0;   // the largest share others used in them
  std::size_t folded_index = 0;               // its place in order of first appearance (RunFolder::group_of)
  HostViewFold host_view{};                   // its runs' host views (compare/host_view_decomposition.h)

  const TestFold* find(const TestId& test) const;
};

// The groups of compare_runs, built one run at a time (a reader hands each run over as it reads it and then
// drops it): a run joins its group and each of its phases is folded into the group's test. It is folded twice,
// into a group by (input, label) and into one by label alone, so that the choice between them can wait for the
// last run. What is kept grows with the groups, tests and rounds.
//
// Groups by label across files when options.group_by_label is set, or when the files are one side's rounds
// (round_files_by_label): two files or more, each holding runs of one label only, every run tagged round=N,
// no round in two files of one label, at least two labels and one of them in several files; as
// scripts/host-vs-guest.sh writes them, one file per side per round. Otherwise each (file, label) is a group.
class RunFolder {
 public:
  explicit RunFolder(CompareOptions options) : options_(std::move(options)) {}
  void add(const SourcedRun& run);
  // The groups in order of first appearance, named: the label (the file's stem when the label is empty); where
  // names clash, the clashing groups step through the role recorded in the run ("host" or "guest", else the
  // stem), the file's stem ("host-before"), "label (stem)", "label (file name)", "label (path)", and a last
  // " (2)", " (3)" keeps them apart. With options.base, the group of that name (else the one group of that label)
  // comes first. Throws UsageError when there are fewer than two, or when options.base names none of them.
  std::vector<RunGroup> groups() const;
  // The workloads' tests in order of first appearance across the runs.
  const std::vector<TestId>& workload_tests() const { return workload_tests_; }
  // Whether the groups are by label (the option, or round files); the RunGroup::folded_index of an added run's group.
  bool by_label() const;
  std::size_t group_of(const SourcedRun& run) const;
  const CompareOptions& options() const { return options_; }

 private:
  struct Folded {
    std::vector<RunGroup> groups;
    std::map<std::tuple<std::size_t, std::string>, std::size_t> index;
  };
  struct InputFacts {
    std::string label;  // of its first run
    std::size_t runs = 0;
    bool one_label = true;
    bool all_rounds = true;
    std::set<std::uint64_t> rounds;
  };
  static void fold_into(Folded& folded, std::tuple<std::size_t, std::string> key, const SourcedRun& run);
  bool round_files_by_label() const;

  CompareOptions options_;
  Folded by_file_;
  Folded by_label_;
  std::map<std::size_t, InputFacts> inputs_;
  std::vector<TestId> workload_tests_;
  std::set<TestId> workload_tests_seen_;
};

// Appends a note for each non-base group whose first run was made with other settings than the base's first
// run (the fields of result/run_fields.h that compare reads, in its order: "concurrency 4 vs 1, file size 16 MiB
// vs 256 MiB"; against a bonnie++ line only those the line records; then, for each workload of the same name in
// both, the fields of result/workload_fields.h that compare reads: "workload 'w': bs 64 KiB vs 4 KiB"), and one
// naming the groups read from bonnie++ lines.
void note_group_differences(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

// Appends, for each group with runs on a busy machine (result/busy_machine.h), a note with how many and the
// largest share of the CPU time other processes used in them.
void note_busy_machines(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

// Appends, when any group's first run has an accel= tag (scripts/guest-run.sh's QEMU guests) or a non-base
// group ran in a guest, one note naming each such group's accelerator ("accelerator: TCG for nvme, virtio-scsi;
// KVM for raw"; for a guest without the tag, what it detected: "KVM (as the guest detected it) for vm"), and,
// under TCG, that it is QEMU's software emulation, so the ratios measure emulation as much as the disk path.
void note_accelerators(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

// Appends, for each test in which a group's runs found 5 % or more of what they read in the page cache (as the run
// measured it), a note naming the test, the groups and the largest share: their rate is partly the cache's.
void note_cached_reads(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

}  // namespace bench
