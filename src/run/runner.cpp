#include "run/runner.h"

#include <sys/stat.h>

#include <array>
#include <barrier>
#include <condition_variable>
#include <latch>
#include <mutex>
#include <stop_token>
#include <chrono>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "measure/stopwatch.h"
#include "phases/file_names.h"
#include "phases/phase_list.h"
#include "phases/seeds.h"
#include "platform/posix_file.h"
#include "result/errors.h"
#include "result/rank_metrics.h"
#include "run/rank_exchange.h"
#include "run/rank_steps.h"
#include "run/run_directory.h"

namespace bench {
namespace {

// Everything one worker owns for the whole benchmark.
struct Worker {
  std::filesystem::path dir;
  std::atomic<std::uint64_t> operations_started{0};
  LatencyHistogram latency;
  Rng rng;
  WorkerState state;
  CacheResidency residency;  // of the phase running now (a read test fills it in prepare)
};

struct WorkerOutcome {
  SteadyTime start;
  SteadyTime end;
  WorkDone work;
  std::exception_ptr failure;
};

void make_private_dir(const std::filesystem::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0) throw_errno("create", dir);
}

// Runs fn(i) for every worker: on this thread for a single worker, else one thread each.
template <typename Fn>
void for_each_worker(std::size_t count, Fn&& fn) {
  if (count == 1) {
    fn(std::size_t{0});
    return;
  }
  std::vector<std::jthread> threads;
  for (std::size_t i = 0; i < count; ++i) threads.emplace_back(fn, i);
}

std::exception_ptr first_failure(const std::vector<WorkerOutcome>& outcomes) {
  for (const auto& outcome : outcomes) {
    if (outcome.failure) return outcome.failure;
  }
  return nullptr;
}

// One rank's runner (every rank of the group runs one, in lockstep through the group's collectives).
class Runner {
 public:
  Runner(const RunSetup& setup, RunObserver& observer, const std::atomic<int>& interrupt, RankGroup& group,
         RunDirectory& directory)
      : setup_(setup),
        observer_(observer),
        interrupt_(interrupt),
        group_(group),
        directory_(directory),
        workers_(setup.concurrency) {
    const std::filesystem::path& rank_dir = directory.rank_path();
    agree(guarded([&] {
      for (std::size_t i = 0; i < workers_.size(); ++i) {
        workers_[i].dir = rank_dir / fmt::format("worker-{}", i);
        make_private_dir(workers_[i].dir);
        make_private_dir(workers_[i].dir / "files");
      }
    }));  // what was made is removed with the run directory
  }

  // A failure of an observer call is handed to the next agreement, so it stops every rank together.
  RunResult run_once(RunInfo info) {
    RunResult run{std::move(info), {}};
    run.info.setup = setup_;  // what the phases run is what every output records
    std::exception_ptr failure = guarded([&] {
      run.info.started_utc = utc_now_iso8601();
      observer_.run_started(run.info);
    });
    for (const auto& phase : make_phases(selection_from(setup_))) {
      if (!failure) {
        failure = guarded([&] {
          throw_if_interrupted();
          if (is_file_test(phase->id())) remove_data_files();
          observer_.phase_started(run.info, phase->id());
        });
      }
      run.phases.push_back(run_phase(*phase, failure));
      failure = guarded([&] { observer_.phase_finished(run, run.phases.back()); });
    }
    if (!failure) {
      failure = guarded([&] {
        remove_data_files();
        observer_.run_finished(run);
      });
    }
    agree(failure);
    return run;
  }

 private:
  // Every agreement of the run (run/rank_steps.h): on a stop signal the rank removes its files first.
  void agree(std::exception_ptr failure) {
    agree_after_step(group_, std::move(failure), interrupt_, [this] { directory_.remove_own_files(); });
  }

  void throw_if_interrupted() const {
    if (std::exception_ptr stop = interruption(interrupt_)) std::rethrow_exception(stop);
  }

  // The I/O tests' file is not needed once they are done; free its space before the file tests.
  void remove_data_files() {
    for (auto& worker : workers_) std::filesystem::remove(worker.dir / "data");
  }

  PhaseContext context_for(std::size_t index, PhaseId id) {
    Worker& worker = workers_[index];
    worker.latency.clear();
    // Numbered across every rank, so no two workers of the run draw the same names, sizes or data.
    const std::uint64_t number = std::uint64_t{group_.rank()} * workers_.size() + index;
    worker.rng.reseed(phase_seed(setup_.seed, number, id));
    worker.operations_started = 0;
    worker.residency = {};
    return PhaseContext{.setup = setup_,
                        .data_file = worker.dir / "data",
                        .files_dir = worker.dir / "files",
                        .latency = worker.latency,
                        .rng = worker.rng,
                        .state = worker.state,
                        .interrupt_signal = interrupt_,
                        .worker_index = static_cast<std::uint32_t>(index),
                        .sync_file = worker.dir / "fsync",
                        .operations_started = &worker.operations_started,
                        .pattern_seed = pattern_seed(setup_.seed, number),
                        .cache_residency = &worker.residency};
  }

  // Prepares (untimed), meets the other ranks (the barrier before the test), runs (timed) and combines the
  // ranks' parts. `failure`: what went wrong on this rank before the phase, if anything.
  PhaseResult run_phase(const Phase& phase, std::exception_ptr failure) {
    std::vector<PhaseContext> contexts;
    contexts.reserve(workers_.size());
    std::vector<WorkerOutcome> outcomes(workers_.size());
    std::chrono::nanoseconds cpu_start{0};
    std::exception_ptr clock_failure;
    SteadyTime zero;
    {
      std::jthread ticker;
      if (group_.rank() == 0) {
        // The ticker leaves the descriptor table to the workers before they open anything: with one worker
        // (on this thread) and no MPI the table then has one user, and every system call of the phase takes
        // the kernel's single-thread path, as bonnie++'s do (platform/posix_file.h).
        std::latch ticker_detached(1);
        ticker = std::jthread([this, &phase, &ticker_detached](std::stop_token stop) {
          stop_sharing_descriptor_table();
          ticker_detached.count_down();
          report_progress(phase.id(), stop);
        });
        ticker_detached.wait();
      }
      if (!failure) {
        for (std::size_t i = 0; i < workers_.size(); ++i) contexts.push_back(context_for(i, phase.id()));
        for_each_worker(workers_.size(), [&](std::size_t i) {
          outcomes[i].failure = guarded([&] { phase.prepare(contexts[i]); });
        });
        failure = first_failure(outcomes);
      }
      agree(failure);  // untimed preparation ends together for all workers of all ranks
      zero = std::chrono::steady_clock::now();
      // The completion runs noexcept: a failure of the clock is kept and ends the phase below.
      std::barrier start_line(static_cast<std::ptrdiff_t>(workers_.size()),
                              [&]() noexcept { clock_failure = guarded([&] { cpu_start = process_cpu_time(); }); });
      for_each_worker(workers_.size(), [&](std::size_t i) {
        WorkerOutcome& outcome = outcomes[i];
        start_line.arrive_and_wait();
        outcome.failure = guarded([&] {
          outcome.start = std::chrono::steady_clock::now();
          outcome.work = phase.run(contexts[i]);
          outcome.end = std::chrono::steady_clock::now();
        });
      });
    }  // the ticker is stopped and joined here, before the observer hears of the result
    std::chrono::nanoseconds cpu_end{0};
    if (!clock_failure) clock_failure = guarded([&] { cpu_end = process_cpu_time(); });
    agree(first_failure(outcomes) ? first_failure(outcomes) : clock_failure);
    LatencyHistogram merged;
    for (const auto& worker : workers_) merged.merge(worker.latency);
    RankPhaseResult mine = summarize(outcomes, zero, cpu_end - cpu_start);
    mine.latency = merged.summary();
    PhaseResult result = exchange_phase_results(group_, phase.id(), mine, merged);
    result.cached_percent = cached_percent();
    return result;
  }

  // Collective. On rank 0: the percent of what the workers of every rank read that was cached as they began
  // (PhaseResult::cached_percent); nullopt when the phase measured nothing, and on the other ranks.
  std::optional<double> cached_percent() {
    std::array<std::uint64_t, 2> words{0, 0};
    for (const auto& worker : workers_) {
      words[0] += worker.residency.cached_bytes;
      words[1] += worker.residency.bytes;
    }
    const std::vector<std::uint64_t> all = group_.reduce_words(words, ReduceOp::kSum);
    if (all.size() != 2 || all[1] == 0) return std::nullopt;
    return 100.0 * static_cast<double>(all[0]) / static_cast<double>(all[1]);
  }

  // Runs on its own thread while a phase runs: tells the observer how far this rank's workers are.
  void report_progress(PhaseId id, std::stop_token stop) {
    const std::uint64_t total = expected_operations(id, setup_) * workers_.size();
    const SteadyTime start = std::chrono::steady_clock::now();
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    // wait_for returns the predicate: true once a stop is requested, false after each interval.
    while (!wake.wait_for(lock, stop, kProgressInterval, [&stop] { return stop.stop_requested(); })) {
      std::uint64_t done = 0;
      for (const auto& worker : workers_) done += worker.operations_started.load(std::memory_order_relaxed);
      observer_.phase_progress(id, std::min(done, total), total, std::chrono::steady_clock::now() - start);
    }
  }

  // This rank's part: its workers' work summed, from its first start to its last end (after `zero`).
  RankPhaseResult summarize(const std::vector<WorkerOutcome>& outcomes, SteadyTime zero,
                            std::chrono::nanoseconds cpu) const {
    RankPhaseResult part;
    part.rank = group_.rank();
    part.host = group_.host_names().at(group_.rank());
    part.workers = static_cast<std::uint32_t>(outcomes.size());
    part.cpu = cpu;
    SteadyTime first_start = outcomes.front().start;
    SteadyTime last_end = outcomes.front().end;
    for (const auto& outcome : outcomes) {
      part.operations += outcome.work.operations;
      part.bytes += outcome.work.bytes;
      first_start = std::min(first_start, outcome.start);
      last_end = std::max(last_end, outcome.end);
    }
    part.start = first_start - zero;
    part.end = last_end - zero;
    return part;
  }

  const RunSetup& setup_;
  RunObserver& observer_;
  const std::atomic<int>& interrupt_;
  RankGroup& group_;
  RunDirectory& directory_;
  std::vector<Worker> workers_;
};

// `config` with rank 0's seed (collective; run/rank_steps.h rank_zero_seed).
Config with_shared_seed(const Config& config, RankGroup& group) {
  Config shared = config;
  shared.setup.seed = rank_zero_seed(group, config.setup.seed);
  return shared;
}

}  // namespace

std::vector<RunResult> run_benchmark(const Config& given, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt, RankGroup& group) {
  if (!workers_fit(group.size(), given.setup.concurrency)) {
    throw UsageError(fmt::format("invalid -c value '{}': {} ranks x {} workers are more than {} workers",
                                 given.setup.concurrency, group.size(), given.setup.concurrency, kMaxWorkers));
  }
  const Config config = with_shared_seed(given, group);
  RunDirectory directory(config, group, interrupt);  // destroyed last: removes everything the run made
  Runner runner(config.setup, observer, interrupt, group, directory);
  std::vector<RunResult> runs;
  for (std::uint32_t index = 0; index < config.repeats; ++index) {
    RunInfo info = base_info;
    info.run_index = index;
    info.ranks = group.size();
    info.hosts = distinct_hosts(group.host_names());
    runs.push_back(runner.run_once(info));
  }
  return runs;
}

std::vector<RunResult> run_benchmark(const Config& config, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt) {
  SingleProcessGroup alone;
  return run_benchmark(config, base_info, observer, interrupt, alone);
}

}  // namespace bench
