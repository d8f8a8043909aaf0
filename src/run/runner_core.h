#pragma once
// The runner's own class (run/runner.h), shared by the files that define it, by responsibility:
// - runner.cpp: the run (run_plan, run_once), its files and directories, its agreements and stop checks;
// - runner_group.cpp: one group's jobs: their contexts, their threads at the start line, their end (exitall), the
//   group's CPU time and results;
// - runner_ticker.cpp: while a group runs, the progress thread (progress, fio's ETA line, --status-interval's
//   results so far).
// Nothing outside run/ includes it.
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "phases/job_snapshot.h"
#include "phases/phase.h"
#include "phases/workload/workload_files.h"
#include "plan/plan.h"
#include "platform/disk_stats.h"
#include "result/run_observer.h"
#include "result/run_result.h"
#include "result/window_edge.h"
#include "run/job_start_line.h"
#include "run/rank_group.h"
#include "run/run_directory.h"
#include "run/test_results.h"

namespace bench {

using RunnerClock = std::chrono::steady_clock;

// What one of bonnie++'s workers owns for the whole run.
struct Worker {
  std::filesystem::path dir;
  WorkerState state;
};

// One job of a group's run.
struct JobRun {
  const Phase* phase = nullptr;
  std::size_t group = 0;   // index into the plan's groups
  std::size_t test = 0;    // index into the group
  std::uint32_t index = 0;  // among its test's jobs
  JobMeasurement measurement;
  Rng rng{0};
  WorkerState own_state;  // a workload's (bonnie++'s tests keep their worker's)
  CacheResidency residency;
  std::atomic<std::uint64_t> operations_started{0};
  LiveIo live_io;                  // a workload job's completed requests (fio's ETA line)
  std::atomic<bool> ended{false};  // its run has returned (the progress display's '_')
  std::optional<PhaseContext> context;
  std::unique_ptr<StartGate> gate;
  std::exception_ptr failure;
  std::atomic<bool>* group_end = nullptr;  // fio's exitall: its fio group's flag (run_jobs)
  // fio's --status-interval: where a workload job answers for its measurement so far, and its last answer.
  std::optional<JobSnapshot> snapshot;
  std::mutex snapshot_mutex;
  std::optional<JobMeasurement> measurement_so_far;
};
using GroupJobs = std::vector<std::unique_ptr<JobRun>>;

// What the progress thread needs to tell the results so far of a running group (fio's --status-interval).
struct GroupStatus {
  const RunResult* run_so_far;                // the run's finished groups
  const DiskStatsWatch* disks;                // fio's disk_util since the run's start
  const std::chrono::nanoseconds* cpu_start;  // the process's CPU time at the group's release
  RunnerClock::time_point zero;               // when the group was released
};

// The process's CPU time over a group: at the jobs' release and after them, in all and apart (fio's output).
struct GroupCpu {
  std::chrono::nanoseconds start{0};
  std::chrono::nanoseconds end{0};
  CpuBreakdown usage_start;
  CpuBreakdown usage_end;
};

// One rank's runner (every rank of the group runs one, in lockstep through the group's collectives).
class Runner {
 public:
  Runner(Plan plan, const std::filesystem::path& directory, RunObserver& observer, const std::atomic<int>& interrupt,
         RankGroup& group);
  ~Runner() { group_.watch_while_waiting(interrupt_, {}); }
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // One run of every group. Observer failures (rank 0's outputs) are handed to the next agreement.
  RunResult run_once(RunInfo info);

  // After the last run: removes the workloads' files (but unlink=0's) now, the observer hearing first how much
  // goes, rather than silently when the runner goes. Not collective: each rank removes its own. Should the observer
  // throw, the runner's end removes them all the same.
  void remove_workload_files();

  std::vector<std::string> kept_files() const;

 private:
  using Clock = RunnerClock;

  // runner.cpp: the run, its files, its agreements.
  bool reports_stop() const;
  void agree(std::exception_ptr failure);
  void remove_own_files() noexcept;
  void throw_if_interrupted() const;
  std::vector<int> later_reported_signals() const;
  bool has_file_test(std::size_t g) const;
  void remove_data_files();
  GroupStart group_start(std::size_t g) const;

  // runner_group.cpp: one group.
  GroupJobs make_jobs(std::size_t g, bool snapshots);
  PhaseContext job_context(JobRun& job, const PlannedTest& test, bool bonnie);
  void prepare_jobs(const GroupJobs& jobs, std::exception_ptr& failure);
  std::vector<PhaseResult> run_group(std::size_t g, const GroupStart& start, std::exception_ptr failure,
                                     RunResult& run_so_far, const DiskStatsWatch& disks);
  void report_laid_out(RunResult& run_so_far, std::exception_ptr& failure);
  std::exception_ptr window_edge_command(std::size_t g, std::uint32_t run, WindowEdgeKind edge) const;
  void take_out_cpu_outside_group(const GroupJobs& jobs, GroupCpu& cpu) const;
  void run_jobs(GroupJobs& jobs, GroupCpu& cpu, std::exception_ptr& clock_failure);
  void run_job(JobRun& job, std::atomic<bool>& abort, std::map<std::uint32_t, std::atomic<bool>>& group_ends);
  void end_unstarted(JobRun& job) const;
  std::string job_name(const JobRun& job) const;
  // Whether a job's failure is recorded in its result (the others going on, the later groups run) rather than
  // ending the run: a workload's, on every rank (the ranks' results carry it to rank 0: run/rank_exchange.h).
  bool records_failure(const JobRun& job) const { return job.phase->records_job_failure(); }
  void end_jobs_after(const JobRun& job, std::map<std::uint32_t, std::atomic<bool>>& group_ends);
  std::exception_ptr group_failure(const GroupJobs& jobs, std::exception_ptr clock_failure) const;
  std::vector<PhaseResult> results_of(std::size_t g, const GroupJobs& jobs,
                                      std::vector<JobMeasurement> measurements_of_jobs, CpuWindow cpu,
                                      Clock::time_point zero);

  // runner_ticker.cpp: the progress thread.
  std::jthread start_ticker(const GroupStart& start, const GroupJobs& jobs, std::optional<GroupStatus> status);
  void tick(std::stop_token stop, const GroupStart& start, const GroupJobs& jobs, std::uint64_t total,
            const std::optional<GroupStatus>& status);
  RunResult status_so_far(std::size_t g, const GroupJobs& jobs, const GroupStatus& status);

  Plan plan_;
  std::atomic<bool> everything_ended_{false};  // exit_what=all: a job's end stopped every job, later ones too
  // fio's --status-interval (RunObserver::status_interval; 0: none), when the next status is due, and the count of
  // requests for the jobs' measurements so far (phases/job_snapshot.h).
  std::chrono::milliseconds status_interval_{0};
  Clock::time_point next_status_{};
  std::atomic<std::uint64_t> snapshot_requests_{0};
  RunObserver& observer_;
  const std::atomic<int>& interrupt_;
  RankGroup& group_;
  WorkloadFiles files_;                   // the workloads' files: removed (but unlink=0's) when the runner goes
  RunFlows flows_;                        // fio's flows (flow=), shared by the jobs, threads or processes
  std::optional<RunDirectory> directory_;  // bonnie++'s tests' private directory, when they run
  std::vector<Worker> workers_;
  std::vector<std::vector<std::unique_ptr<Phase>>> phases_;  // per group, per test
};

}  // namespace bench
