#include "run/workload_runner.h"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <functional>
#include <map>

#include <fmt/format.h>

#include "measure/latency_histogram.h"
#include "measure/stopwatch.h"
#include "phases/workload_files.h"
#include "phases/workload_group.h"
#include "result/errors.h"
#include "result/result_keywords.h"
#include "result/size_arithmetic.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using std::chrono::nanoseconds;

// fio's randrepeat=1: the same offsets every run, whatever -z (unless -z is given).
constexpr std::uint64_t kRepeatableSeed = 0x66696f2d72657065ULL;

std::uint64_t workload_seed(const WorkloadSpec& spec, const RunSetup& setup, bool seed_given) {
  std::uint64_t base = setup.seed;
  if (spec.seed) {
    base = *spec.seed;
  } else if (spec.randrepeat && !seed_given) {
    base = kRepeatableSeed;
  }
  return base ^ (std::hash<std::string>{}(spec.name) << 1);
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
void check_space(const std::vector<std::vector<JobTarget>>& targets) {
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
    const CheckedSize sum = checked_add(total.bytes, file.bytes);
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
      throw UsageError(fmt::format("not enough free space in {}: the workloads' files need {} MiB, {} MiB are free",
                                   need.directory.string(), *with_margin >> 20, free_bytes >> 20));
    }
  }
}

// Refuses a group whose request buffers (numjobs x iodepth x bs) would take more than a quarter of the memory.
void check_buffers(const std::vector<WorkloadSpec>& workloads, const std::vector<std::vector<std::size_t>>& groups,
                   const std::vector<EngineChoice>& choices) {
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
    if (!bytes || *bytes > limit) {
      const std::string amount = bytes ? fmt::format("{} MiB", *bytes >> 20) : "more than 2^64 bytes";
      throw UsageError(fmt::format("workload '{}' and those beside it need {} of request buffers (numjobs x "
                                   "iodepth x bs), more than a quarter of the memory ({} MiB)",
                                   workloads[group.front()].name, amount, memory >> 20));
    }
  }
}

const DirectionMeasurement& direction_of(const JobMeasurement& job, IoDirection direction) {
  switch (direction) {
    case IoDirection::kRead: return job.read;
    case IoDirection::kWrite: return job.write;
    case IoDirection::kSync: return job.sync;
  }
  return job.read;
}

// The results of some jobs of a workload (all of them, or one), per direction with requests.
void add_results(const WorkloadSpec& spec, const EngineChoice& choice, const WorkloadMeasurement& measurement,
                 std::span<const JobMeasurement> jobs, std::optional<std::uint32_t> job_index,
                 std::vector<PhaseResult>& out) {
  nanoseconds elapsed{0};
  double depth_sum = 0;
  for (const JobMeasurement& job : jobs) {
    elapsed = std::max(elapsed, job.elapsed);
    if (job.elapsed.count() > 0) {
      depth_sum += static_cast<double>(job.time_in_flight.count()) / static_cast<double>(job.elapsed.count());
    }
  }
  const auto whole_seconds = static_cast<std::size_t>(elapsed / std::chrono::seconds(1));
  for (const IoDirection direction : {IoDirection::kRead, IoDirection::kWrite, IoDirection::kSync}) {
    LatencyHistogram histogram;
    std::uint64_t bytes = 0;
    std::vector<double> per_second(whole_seconds, 0.0);
    for (const JobMeasurement& job : jobs) {
      const DirectionMeasurement& part = direction_of(job, direction);
      histogram.merge(part.latency);
      bytes += part.bytes;
      for (std::size_t s = 0; s < std::min(whole_seconds, part.operations_per_second.size()); ++s) {
        per_second[s] += static_cast<double>(part.operations_per_second[s]);
      }
    }
    if (histogram.count() == 0) continue;
    PhaseResult result;
    result.id = PhaseId::kWorkload;
    result.operations = histogram.count();
    result.bytes = bytes;
    result.elapsed = elapsed;
    result.cpu = measurement.cpu;
    result.latency = histogram.summary();
    result.latency_histogram = histogram.buckets();
    result.workers = static_cast<std::uint32_t>(jobs.size());
    WorkloadPart part;
    part.workload = spec.name;
    part.direction = direction;
    part.job = job_index;
    part.engine = choice.engine;
    part.engine_depth = choice.depth;
    part.engine_note = choice.note;
    part.mean_depth = jobs.empty() ? 0 : depth_sum / static_cast<double>(jobs.size());
    part.steady = judge_steady_state(per_second);
    part.per_second = std::move(per_second);
    result.workload = std::move(part);
    out.push_back(std::move(result));
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

std::vector<PhaseResult> workload_results(const WorkloadSpec& spec, const EngineChoice& choice,
                                          const WorkloadMeasurement& measurement) {
  std::vector<PhaseResult> results;
  add_results(spec, choice, measurement, measurement.jobs, std::nullopt, results);
  if (spec.jobs > 1 && !spec.group_reporting) {
    for (std::uint32_t j = 0; j < measurement.jobs.size(); ++j) {
      add_results(spec, choice, measurement, {&measurement.jobs[j], 1}, j, results);
    }
  }
  return results;
}

WorkloadRunOutcome run_workloads(const RunInfo& base_info, const WorkloadRunOptions& options, RunObserver& observer,
                                 const std::atomic<int>& interrupt) {
  const std::vector<WorkloadSpec>& workloads = base_info.setup.workloads;
  WorkloadFiles files(options.directory);
  std::vector<std::vector<JobTarget>> targets;
  std::vector<JobTarget> planned;
  std::vector<EngineChoice> choices;
  for (const WorkloadSpec& spec : workloads) {
    targets.push_back(files.plan(spec, planned));
    planned.insert(planned.end(), targets.back().begin(), targets.back().end());
    choices.push_back(choose_engine(spec, options.io_uring_refusal));
  }
  const std::vector<std::vector<std::size_t>> groups = stonewall_groups(workloads);
  check_buffers(workloads, groups, choices);
  check_space(targets);

  WorkloadRunOutcome outcome;
  for (std::uint32_t repeat = 0; repeat < options.repeats; ++repeat) {
    RunResult run{base_info, {}};
    run.info.run_index = repeat;
    run.info.started_utc = utc_now_iso8601();
    observer.run_started(run.info);
    for (const auto& group : groups) {
      std::vector<std::string> names;
      for (const std::size_t w : group) names.push_back(workloads[w].name);
      observer.workloads_started(run.info, names);
      std::vector<WorkloadRun> runs_of_group;
      for (const std::size_t w : group) {
        files.prepare(workloads[w], targets[w], &interrupt);
        runs_of_group.push_back({&workloads[w], targets[w], choices[w].engine, choices[w].depth,
                                 workload_seed(workloads[w], base_info.setup, options.seed_given)});
      }
      const std::vector<WorkloadMeasurement> measurements = run_workload_group(runs_of_group, interrupt);
      for (const WorkloadMeasurement& measurement : measurements) {
        for (const JobMeasurement& job : measurement.jobs) {
          if (job.stop_signal != 0) throw InterruptedError(job.stop_signal);
        }
      }
      if (const int signal_number = interrupt.load(); signal_number != 0) throw InterruptedError(signal_number);
      for (std::size_t k = 0; k < group.size(); ++k) {
        for (PhaseResult& result : workload_results(workloads[group[k]], choices[group[k]], measurements[k])) {
          run.phases.push_back(std::move(result));
          observer.phase_finished(run, run.phases.back());
        }
      }
    }
    observer.run_finished(run);
    outcome.runs.push_back(std::move(run));
  }
  for (const fs::path& kept : files.kept_files()) outcome.kept_files.push_back(kept.string());
  return outcome;
}

}  // namespace bench
