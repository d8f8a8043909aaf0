#pragma once
// Runs the workloads of `bench++ job` and `bench++ suite` (RunSetup::workloads). Everything is checked before
// anything is created: the files' rules (phases/workload_files.h), the space the files need on their
// filesystems, and the memory the buffers take. Then group by group (a workload with stonewall starts a new
// group; the workloads of one group run at once, as in fio), each group's files laid out first (untimed), and
// each workload's results handed to the observer as its group ends: one PhaseResult per direction with requests
// (reads, writes, syncs) for all the workload's jobs, and with numjobs > 1 and no group_reporting also each
// job's own.
#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "phases/workload_group.h"
#include "result/run_observer.h"
#include "result/run_result.h"
#include "result/size_arithmetic.h"
#include "run/rank_group.h"

namespace bench {

struct WorkloadRunOptions {
  std::filesystem::path directory = ".";     // where files go without directory= (bench++'s -d)
  std::uint32_t repeats = 1;                 // -x, or a suite's repeat: the workloads run this many times
  bool seed_given = false;                   // -z: it decides the offsets even where randrepeat=1
  std::optional<std::string> io_uring_refusal;  // why io_uring cannot run here (platform/io_uring_ring.h)
};

struct WorkloadRunOutcome {
  std::vector<RunResult> runs;          // one per repeat
  std::vector<std::string> kept_files;  // created by bench++ and kept because a workload said unlink=0
};

// `base_info` holds where the run runs and its setup (the workloads); the runner fills in run_index, started_utc,
// ranks and hosts. Throws UsageError for input that cannot run (before anything is created), InterruptedError
// after a stop signal, std::system_error for I/O errors (ENOSPC, EIO); the files it created are removed first (but
// those unlink=0 keeps).
WorkloadRunOutcome run_workloads(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                                 const std::atomic<int>& interrupt);

// The same, run by every rank of `group` (collective; an MPI job's ranks): every rank runs every workload on files
// of its own (phases/workload_files.h), each stonewall group after a barrier that follows the group's layout on
// every rank, and after each group the ranks' parts of each result are combined on rank 0
// (run/workload_exchange.h). The results given to `observer` and returned are the whole's on rank 0, the rank's
// own elsewhere (pass those ranks an observer that writes nothing). A failure on any rank stops every rank with
// that rank's error (RankGroup::agree), each having removed its files; a stop signal while a rank waits for the
// others removes them at once. kept_files are this rank's.
WorkloadRunOutcome run_workloads(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                                 const std::atomic<int>& interrupt, RankGroup& group);

// The bytes the workloads' files take on disk where bench++ creates them: numjobs x size for files of its own,
// size once per distinct filename= that does not exist yet (pure: existing files are not looked at here); nullopt
// when that does not fit in 64 bits.
CheckedSize bytes_to_lay_out(const std::vector<WorkloadSpec>& workloads);

// The workloads as `--dry-run` describes them: one line each (pattern, block size, size, jobs, depth, time,
// engine), then the bytes to lay out. Ends with '\n'. Throws UsageError when those bytes do not fit in 64 bits.
std::string describe_workloads(const std::vector<WorkloadSpec>& workloads);

}  // namespace bench
