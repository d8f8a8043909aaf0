#include "run/runner.h"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <barrier>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <chrono>
#include <ctime>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "measure/stopwatch.h"
#include "phases/file_names.h"
#include "phases/phase_list.h"
#include "platform/posix_file.h"
#include "run/scratch_dir.h"

namespace bench {
namespace {

// Everything one worker owns for the whole benchmark.
struct Worker {
  std::filesystem::path dir;
  std::atomic<std::uint64_t> operations_started{0};
  LatencyHistogram latency;
  Rng rng;
  WorkerState state;
};

struct WorkerOutcome {
  SteadyTime start;
  SteadyTime end;
  WorkDone work;
  std::exception_ptr failure;
};

PhaseSettings settings_from(const Config& config) {
  PhaseSettings settings;
  if (config.io) settings.io = *config.io;
  if (config.files) settings.files = *config.files;
  settings.sync_test = config.sync_test_spec;
  settings.direct_io = config.direct_io;
  settings.fsync_each = config.fsync_each;
  settings.cache = config.cache;
  settings.data = config.data;
  settings.seed = config.seed;
  settings.verify = config.verify;
  return settings;
}

PhaseSelection selection_from(const Config& config) {
  PhaseSelection selection;
  selection.io_tests = config.io.has_value();
  selection.per_char = config.io && config.io->per_char_bytes >= config.io->chunk_bytes;
  selection.file_tests = config.files.has_value();
  selection.sync_test = config.sync_test;
  return selection;
}

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// A per-(worker, phase) seed, so -z reproduces every phase whatever else runs.
std::uint64_t phase_seed(std::uint32_t seed, std::size_t worker, PhaseId id) {
  return (std::uint64_t{seed} << 20) ^ (std::uint64_t{worker} << 8) ^ static_cast<std::uint64_t>(id);
}

void make_private_dir(const std::filesystem::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0) throw_errno("create", dir);
}

class Runner {
 public:
  Runner(const Config& config, RunObserver& observer, const std::atomic<int>& interrupt)
      : config_(config),
        settings_(settings_from(config)),
        observer_(observer),
        interrupt_(interrupt),
        scratch_(config.directory),
        workers_(config.concurrency) {
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      workers_[i].dir = scratch_.path() / fmt::format("worker-{}", i);
      make_private_dir(workers_[i].dir);
      make_private_dir(workers_[i].dir / "files");
    }
  }

  RunResult run_once(RunInfo info) {
    info.started_utc = utc_now_iso8601();
    observer_.run_started(info);
    RunResult run{info, {}};
    for (const auto& phase : make_phases(selection_from(config_))) {
      throw_if_interrupted();
      if (is_file_test(phase->id())) remove_data_files();
      observer_.phase_started(run.info, phase->id());
      run.phases.push_back(run_phase(*phase));
      observer_.phase_finished(run, run.phases.back());
    }
    remove_data_files();
    observer_.run_finished(run);
    return run;
  }

 private:
  void throw_if_interrupted() const {
    if (const int signal_number = interrupt_.load(); signal_number != 0) throw InterruptedError(signal_number);
  }

  // The I/O tests' file is not needed once they are done; free its space before the file tests.
  void remove_data_files() {
    for (auto& worker : workers_) std::filesystem::remove(worker.dir / "data");
  }

  PhaseContext context_for(std::size_t index, PhaseId id) {
    Worker& worker = workers_[index];
    worker.latency.clear();
    worker.rng.reseed(phase_seed(config_.seed, index, id));
    worker.operations_started = 0;
    return PhaseContext{settings_,    worker.dir / "data", worker.dir / "files", worker.latency, worker.rng,
                        worker.state, interrupt_,          static_cast<std::uint32_t>(index),
                        worker.dir / "fsync", &worker.operations_started};
  }

  PhaseResult run_phase(const Phase& phase) {
    std::vector<WorkerOutcome> outcomes(workers_.size());
    std::chrono::nanoseconds cpu_start{0};
    std::barrier start_line(static_cast<std::ptrdiff_t>(workers_.size()),
                            [&]() noexcept { cpu_start = process_cpu_time(); });
    auto work = [&](std::size_t index) {
      WorkerOutcome& outcome = outcomes[index];
      PhaseContext context = context_for(index, phase.id());
      try {
        phase.prepare(context);
      } catch (...) {
        outcome.failure = std::current_exception();
      }
      start_line.arrive_and_wait();  // untimed preparation ends together for all workers
      if (outcome.failure) return;
      try {
        outcome.start = std::chrono::steady_clock::now();
        outcome.work = phase.run(context);
        outcome.end = std::chrono::steady_clock::now();
      } catch (...) {
        outcome.failure = std::current_exception();
      }
    };
    {
      const std::jthread ticker([this, &phase](std::stop_token stop) { report_progress(phase.id(), stop); });
      if (workers_.size() == 1) {
        work(0);
      } else {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < workers_.size(); ++i) threads.emplace_back(work, i);
      }
    }  // the ticker is stopped and joined here, before the observer hears of the result
    const std::chrono::nanoseconds cpu_end = process_cpu_time();
    for (const auto& outcome : outcomes) {
      if (outcome.failure) std::rethrow_exception(outcome.failure);
    }
    return summarize(phase.id(), outcomes, cpu_end - cpu_start);
  }

  // Runs on its own thread while a phase runs: tells the observer how far the workers are.
  void report_progress(PhaseId id, std::stop_token stop) {
    const std::uint64_t total = expected_operations(id, settings_) * workers_.size();
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

  PhaseResult summarize(PhaseId id, const std::vector<WorkerOutcome>& outcomes, std::chrono::nanoseconds cpu) {
    PhaseResult result;
    result.id = id;
    result.workers = static_cast<std::uint32_t>(outcomes.size());
    result.cpu = cpu;
    SteadyTime first_start = outcomes.front().start;
    SteadyTime last_end = outcomes.front().end;
    LatencyHistogram merged;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      result.operations += outcomes[i].work.operations;
      result.bytes += outcomes[i].work.bytes;
      first_start = std::min(first_start, outcomes[i].start);
      last_end = std::max(last_end, outcomes[i].end);
      merged.merge(workers_[i].latency);
    }
    result.elapsed = last_end - first_start;
    result.latency = merged.summary();
    return result;
  }

  const Config& config_;
  const PhaseSettings settings_;
  RunObserver& observer_;
  const std::atomic<int>& interrupt_;
  ScratchDir scratch_;  // destroyed after workers_: removes everything the run made
  std::vector<Worker> workers_;
};

void check_free_space(const Config& config) {
  struct statvfs fs {};
  if (::statvfs(config.directory.c_str(), &fs) != 0) throw_errno("query the free space of", config.directory);
  const std::uint64_t available = std::uint64_t{fs.f_bavail} * fs.f_frsize;
  const std::uint64_t needed = bytes_needed(config);
  if (needed > available) {
    throw std::runtime_error(fmt::format("not enough free space in {}: the run needs {} MiB, {} MiB are free",
                                         config.directory.string(), (needed + (1 << 20) - 1) >> 20,
                                         available >> 20));
  }
  if (config.files && fs.f_favail != 0 &&
      config.files->file_count() * config.concurrency + config.files->dirs > fs.f_favail) {
    throw std::runtime_error(fmt::format("not enough free inodes in {}: the file tests need {}, {} are free",
                                         config.directory.string(),
                                         config.files->file_count() * config.concurrency, fs.f_favail));
  }
}

}  // namespace

std::uint64_t bytes_needed(const Config& config) {
  std::uint64_t per_worker = 0;
  if (config.io) per_worker = std::max(per_worker, config.io->file_size_bytes);
  if (config.files) per_worker = std::max(per_worker, file_set_bytes_needed(*config.files));
  if (config.sync_test) per_worker = std::max(per_worker, config.sync_test_spec.total_bytes);
  return per_worker * config.concurrency;
}

std::vector<RunResult> run_benchmark(const Config& config, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt) {
  check_free_space(config);
  Runner runner(config, observer, interrupt);
  std::vector<RunResult> runs;
  for (std::uint32_t index = 0; index < config.repeats; ++index) {
    RunInfo info = base_info;
    info.run_index = index;
    runs.push_back(runner.run_once(info));
  }
  return runs;
}

}  // namespace bench
