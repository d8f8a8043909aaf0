#include "run/workload_runner.h"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "measure/latency_histogram.h"
#include "measure/stopwatch.h"
#include "phases/workload_files.h"
#include "phases/workload_group.h"
#include "result/errors.h"
#include "result/rank_metrics.h"
#include "result/result_keywords.h"
#include "result/size_arithmetic.h"
#include "run/rank_steps.h"
#include "run/workload_exchange.h"
#include "run/workload_results.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using std::chrono::nanoseconds;

// fio's randrepeat=1: the same offsets every run, whatever -z (unless -z is given).
constexpr std::uint64_t kRepeatableSeed = 0x66696f2d72657065ULL;

// Each rank of an MPI job its own stream (its offsets, and the data it writes), rank 0 that of one process.
constexpr std::uint64_t kRankSeedStep = 0x9e3779b97f4a7c15ULL;

std::uint64_t workload_seed(const WorkloadSpec& spec, std::uint32_t run_seed, bool seed_given, std::uint32_t rank) {
  std::uint64_t base = run_seed;
  if (spec.seed) {
    base = *spec.seed;
  } else if (spec.randrepeat && !seed_given) {
    base = kRepeatableSeed;
  }
  return (base ^ (std::hash<std::string>{}(spec.name) << 1)) + rank * kRankSeedStep;
}

// Workloads split where a stonewall waits for all before it: indexes into the workload list.
std::vector<std::vector<std::size_t>> stonewall_groups(const std::vector<WorkloadSpec>& workloads) {
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < workloads.size(); ++i) {
    if (groups.empty() || workloads[i].stonewall) groups.emplace_back();
    groups.back().push_back(i);
  }
  return groups;
}

std::string too_large(const fs::path& directory) {
  return fmt::format("the workloads' files in {} (size= x numjobs) need more than 2^64 bytes", directory.string());
}

// Refuses a run whose new files do not fit their filesystems (with a margin), before anything is created.
// `ranks`: the processes that make such files each (an MPI job's, which may share the filesystems).
void check_space(const std::vector<std::vector<JobTarget>>& targets, std::uint32_t ranks) {
  struct NewFile {
    fs::path directory;  // where it will be: its filesystem's
    std::uint64_t bytes = 0;
  };
  std::map<fs::path, NewFile> new_files;  // by identity: a file shared by workloads counts once, at its largest
  for (const auto& workload : targets) {
    for (const JobTarget& target : workload) {
      if (target.exists) continue;
      const fs::path directory = target.is_private ? target.directory : target.path.parent_path();
      const fs::path identity = target.is_private ? target.directory / ":private" / target.path : target.path;
      NewFile& file = new_files[identity];
      file.directory = directory.empty() ? fs::path(".") : directory;
      file.bytes = std::max(file.bytes, target.region_bytes);
    }
  }
  std::map<dev_t, NewFile> needed_on;  // per filesystem: a directory on it and the bytes it must take
  for (const auto& [identity, file] : new_files) {
    struct stat info {};
    if (::stat(file.directory.c_str(), &info) != 0) continue;  // planning checked that the directories exist
    NewFile& total = needed_on[info.st_dev];
    total.directory = file.directory;
    const CheckedSize sum = checked_add(total.bytes, checked_multiply(file.bytes, ranks));
    if (!sum) throw UsageError(too_large(file.directory));
    total.bytes = *sum;
  }
  for (const auto& [device, need] : needed_on) {
    // Metadata, and some slack.
    const CheckedSize with_margin = checked_add(checked_add(need.bytes, need.bytes / 64), 1ull << 20);
    if (!with_margin) throw UsageError(too_large(need.directory));
    struct statvfs fs_info {};
    if (::statvfs(need.directory.c_str(), &fs_info) != 0) continue;
    const std::uint64_t free_bytes = checked_multiply(fs_info.f_bavail, fs_info.f_frsize).value_or(UINT64_MAX);
    if (*with_margin > free_bytes) {
      throw UsageError(fmt::format("not enough free space in {}: the workloads' files need {} MiB{}, {} MiB are free",
                                   need.directory.string(), *with_margin >> 20,
                                   ranks > 1 ? fmt::format(" for {} ranks", ranks) : "", free_bytes >> 20));
    }
  }
}

// Refuses a group whose request buffers (numjobs x iodepth x bs) would take more than a quarter of the memory.
// `ranks_here`: the processes on this host that take such buffers each (an MPI job's).
void check_buffers(const std::vector<WorkloadSpec>& workloads, const std::vector<std::vector<std::size_t>>& groups,
                   const std::vector<EngineChoice>& choices, std::uint32_t ranks_here) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_bytes = ::sysconf(_SC_PAGESIZE);  // -1 when unknown
  const std::uint64_t memory = pages > 0 && page_bytes > 0
                                   ? checked_multiply(std::uint64_t(pages), std::uint64_t(page_bytes)).value_or(UINT64_MAX)
                                   : UINT64_MAX;
  const std::uint64_t limit = std::max<std::uint64_t>(memory / 4, 64ull << 20);
  for (const auto& group : groups) {
    CheckedSize bytes = 0;
    for (const std::size_t w : group) {
      bytes = checked_add(bytes, checked_multiply(checked_multiply(workloads[w].jobs, choices[w].depth),
                                                  workloads[w].block_bytes));
    }
    bytes = checked_multiply(bytes, ranks_here);
    if (!bytes || *bytes > limit) {
      const std::string amount = bytes ? fmt::format("{} MiB", *bytes >> 20) : "more than 2^64 bytes";
      const std::string ranks = ranks_here > 1 ? fmt::format(" x {} ranks on this host", ranks_here) : "";
      throw UsageError(fmt::format("workload '{}' and those beside it need {} of request buffers (numjobs x "
                                   "iodepth x bs{}), more than a quarter of the memory ({} MiB)",
                                   workloads[group.front()].name, amount, ranks, memory >> 20));
    }
  }
}

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return fmt::format("{}GiB", bytes >> 30);
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) return fmt::format("{}MiB", bytes >> 20);
  if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0) return fmt::format("{}KiB", bytes >> 10);
  return fmt::format("{}B", bytes);
}

}  // namespace

CheckedSize bytes_to_lay_out(const std::vector<WorkloadSpec>& workloads) {
  CheckedSize total = 0;
  std::map<std::string, std::uint64_t> shared;
  for (const WorkloadSpec& spec : workloads) {
    if (spec.filename.empty()) {
      total = checked_add(total, checked_multiply(spec.jobs, spec.size_bytes));
    } else {
      std::uint64_t& bytes = shared[spec.directory + "/" + spec.filename];
      bytes = std::max(bytes, spec.size_bytes);
    }
  }
  for (const auto& [file, bytes] : shared) total = checked_add(total, bytes);
  return total;
}

std::string describe_workloads(const std::vector<WorkloadSpec>& workloads) {
  std::string text;
  for (const WorkloadSpec& spec : workloads) {
    const std::string time = spec.time_based ? fmt::format("{} s, time based", std::chrono::duration<double>(spec.runtime).count())
                             : spec.runtime.count() > 0 ? fmt::format("up to {} s", std::chrono::duration<double>(spec.runtime).count())
                                                        : std::string("one pass");
    text += fmt::format("{}: {} bs={} size={} numjobs={} iodepth={} {} ioengine={}{}{}\n",
                        spec.name, keyword(spec.pattern), size_text(spec.block_bytes),
                        spec.size_percent ? fmt::format("{}%", *spec.size_percent) : size_text(spec.size_bytes),
                        spec.jobs, spec.iodepth, time, spec.fio_engine, spec.direct ? " direct" : "",
                        spec.stonewall ? " (after those before it)" : "");
  }
  const CheckedSize to_lay_out = bytes_to_lay_out(workloads);
  if (!to_lay_out) throw UsageError("the workloads' files (size= x numjobs) take more than 2^64 bytes together");
  text += fmt::format("files to lay out: {} bytes\n", *to_lay_out);
  return text;
}

namespace {

// The ranks of `group` on this rank's host (their request buffers share its memory).
std::uint32_t ranks_on_this_host(const RankGroup& group) {
  const std::vector<std::string>& hosts = group.host_names();
  return static_cast<std::uint32_t>(std::count(hosts.begin(), hosts.end(), hosts.at(group.rank())));
}

// One rank's run of the workloads: every rank of the group runs one, in lockstep through the group's collectives
// (alone, they are trivial). Each step that may fail on one rank ends in an agreement (run/rank_steps.h), and a
// stop signal while the rank waits for the others removes its files (RankGroup::watch_while_waiting).
class WorkloadRunner {
 public:
  WorkloadRunner(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                 const std::atomic<int>& interrupt, RankGroup& group)
      : setup_(base_info.setup),
        options_(options),
        observer_(observer),
        interrupt_(interrupt),
        group_(group),
        files_(options.directory, group.size() > 1 ? std::optional(group.rank()) : std::nullopt),
        groups_(stonewall_groups(setup_.workloads)) {
    group_.watch_while_waiting(interrupt_, [this] { files_.remove_created(); });
  }
  ~WorkloadRunner() { group_.watch_while_waiting(interrupt_, {}); }
  WorkloadRunner(const WorkloadRunner&) = delete;
  WorkloadRunner& operator=(const WorkloadRunner&) = delete;

  // Plans every workload's files and checks space and buffers on every rank, before anything is created; the
  // ranks first agree on the engine and check that they run the same workloads.
  void plan() {
    seed_ = rank_zero_seed(group_, setup_.seed);
    const std::optional<std::string> refusal = agree_io_uring_refusal(group_, options_.io_uring_refusal);
    std::exception_ptr failure =
        guarded([&] { check_same_shape(group_, exchange_shape(setup_.workloads, options_.repeats)); });
    if (!failure) {
      failure = guarded([&] {
        std::vector<JobTarget> planned;
        for (const WorkloadSpec& spec : setup_.workloads) {
          targets_.push_back(files_.plan(spec, planned));
          planned.insert(planned.end(), targets_.back().begin(), targets_.back().end());
          choices_.push_back(choose_engine(spec, refusal));
        }
        check_buffers(setup_.workloads, groups_, choices_, ranks_on_this_host(group_));
        check_space(targets_, group_.size());
      });
    }
    agree(failure);
  }

  // One run of every group. Observer failures (rank 0's outputs) are handed to the next agreement.
  RunResult run_once(RunInfo info) {
    RunResult run{std::move(info), {}};
    std::exception_ptr failure = guarded([&] {
      run.info.started_utc = utc_now_iso8601();
      observer_.run_started(run.info);
    });
    for (const std::vector<std::size_t>& indexes : groups_) {
      if (!failure) failure = guarded([&] { lay_out(run.info, indexes); });
      agree(failure);  // every rank's files are laid out: the group starts together
      const SteadyTime zero = std::chrono::steady_clock::now();
      const std::vector<WorkloadMeasurement> measurements = run_group(indexes);
      std::vector<PhaseResult> results = results_of(indexes, measurements, zero);
      failure = guarded([&] {
        for (PhaseResult& result : results) {
          run.phases.push_back(std::move(result));
          observer_.phase_finished(run, run.phases.back());
        }
      });
    }
    if (!failure) failure = guarded([&] { observer_.run_finished(run); });
    agree(failure);
    return run;
  }

  std::vector<std::string> kept_files() const {
    std::vector<std::string> kept;
    for (const fs::path& file : files_.kept_files()) kept.push_back(file.string());
    return kept;
  }

 private:
  void agree(std::exception_ptr failure) {
    agree_after_step(group_, std::move(failure), interrupt_, [this] { files_.remove_created(); });
  }

  void lay_out(const RunInfo& info, const std::vector<std::size_t>& indexes) {
    if (std::exception_ptr stop = interruption(interrupt_)) std::rethrow_exception(stop);
    std::vector<std::string> names;
    for (const std::size_t w : indexes) names.push_back(setup_.workloads[w].name);
    observer_.workloads_started(info, names);
    for (const std::size_t w : indexes) files_.prepare(setup_.workloads[w], targets_[w], &interrupt_);
  }

  // Runs the group's jobs at once; ends in an agreement.
  std::vector<WorkloadMeasurement> run_group(const std::vector<std::size_t>& indexes) {
    std::vector<WorkloadRun> runs;
    for (const std::size_t w : indexes) {
      const WorkloadSpec& spec = setup_.workloads[w];
      runs.push_back({&spec, targets_[w], choices_[w].engine, choices_[w].depth,
                      workload_seed(spec, seed_, options_.seed_given, group_.rank())});
    }
    std::vector<WorkloadMeasurement> measurements;
    agree(guarded([&] {
      measurements = run_workload_group(runs, interrupt_);
      for (const WorkloadMeasurement& measurement : measurements) {
        for (const JobMeasurement& job : measurement.jobs) {
          if (job.stop_signal != 0) throw InterruptedError(job.stop_signal);
        }
      }
    }));
    return measurements;
  }

  // The group's results: this process's own alone; with several ranks, on rank 0 each result combined over the
  // ranks (run/workload_exchange.h), elsewhere the rank's own (which no output shows).
  std::vector<PhaseResult> results_of(const std::vector<std::size_t>& indexes,
                                      const std::vector<WorkloadMeasurement>& measurements, SteadyTime zero) {
    std::vector<PhaseResult> results;
    if (group_.size() == 1) {
      for (std::size_t k = 0; k < indexes.size(); ++k) {
        for (PhaseResult& result : workload_results(setup_.workloads[indexes[k]], choices_[indexes[k]], measurements[k])) {
          results.push_back(std::move(result));
        }
      }
      return results;
    }
    std::vector<WorkloadRankPart> parts;
    std::vector<PhaseResult> mine;
    const std::string& host = group_.host_names().at(group_.rank());
    for (std::size_t k = 0; k < indexes.size(); ++k) {
      const WorkloadSpec& spec = setup_.workloads[indexes[k]];
      for (const DirectionTotals& totals : direction_totals(spec, measurements[k])) {
        parts.push_back(rank_part_of(totals, measurements[k], zero, group_.rank(), host));
        mine.push_back(direction_result(spec, choices_[indexes[k]], measurements[k], totals));
      }
    }
    const std::vector<WorkloadRanks> gathered = gather_workload_parts(group_, parts);
    for (std::size_t i = 0; i < mine.size(); ++i) {
      if (group_.rank() != 0) {
        if (mine[i].operations != 0) results.push_back(std::move(mine[i]));
      } else if (gathered[i].parts.merged.count() != 0) {  // a direction with requests on some rank
        results.push_back(combine_workload_ranks(mine[i], gathered[i]));
      }
    }
    return results;
  }

  const RunSetup& setup_;
  const WorkloadRunOptions& options_;
  RunObserver& observer_;
  const std::atomic<int>& interrupt_;
  RankGroup& group_;
  WorkloadFiles files_;
  const std::vector<std::vector<std::size_t>> groups_;
  std::vector<std::vector<JobTarget>> targets_;  // per workload
  std::vector<EngineChoice> choices_;            // per workload
  std::uint32_t seed_ = 0;                       // rank 0's -z (or the one it drew)
};

}  // namespace

WorkloadRunOutcome run_workloads(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                                 const std::atomic<int>& interrupt, RankGroup& group) {
  WorkloadRunner runner(base_info, options, observer, interrupt, group);
  runner.plan();
  RunInfo info = base_info;
  info.ranks = group.size();
  info.hosts = distinct_hosts(group.host_names());
  WorkloadRunOutcome outcome;
  for (std::uint32_t repeat = 0; repeat < options.repeats; ++repeat) {
    info.run_index = repeat;
    outcome.runs.push_back(runner.run_once(info));
  }
  outcome.kept_files = runner.kept_files();
  return outcome;
}

WorkloadRunOutcome run_workloads(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                                 const std::atomic<int>& interrupt) {
  SingleProcessGroup alone;
  return run_workloads(base_info, options, observer, interrupt, alone);
}
}  // namespace bench
