#include "phases/workload/workload_phase.h"

#include <pthread.h>
#include <sched.h>
#include <sys/stat.h>

#include <cstring>
#include <exception>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <vector>
#include <span>
#include <thread>
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "engine/make_io_engine.h"
#include "measure/stopwatch.h"
#include "phases/workload/job_files.h"
#include "phases/workload/job_offsets.h"
#include "phases/workload/job_process.h"
#include "phases/workload/job_priority.h"
#include "phases/workload/workload_data.h"
#include "phases/workload/workload_job.h"
#include "platform/aligned_buffer.h"
#include "platform/block_device.h"
#include "result/errors.h"

namespace bench {
namespace {

// fio's startdelay=: the job starts this long after the group's start (its runtime counts from then). Returns
// false when another job's failure came first (the job then does nothing); throws InterruptedError for a stop
// signal, as any test's wait does.
bool wait_start_delay(std::chrono::nanoseconds delay, const PhaseContext& context) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point until = Clock::now() + delay;
  while (Clock::now() < until) {
    context.check_interrupt();
    if (context.abort != nullptr && context.abort->load()) return false;
    if (context.group_end != nullptr && context.group_end->load()) return false;  // exitall: fio ends it unstarted
    std::this_thread::sleep_until(std::min(until, Clock::now() + std::chrono::milliseconds(20)));
  }
  return true;
}

// fio's cpus_allowed=: pins the calling thread (a job's) to those CPUs while it lives, and gives the thread its
// earlier CPUs back on destruction (the runner's threads may run other tests). Throws std::system_error when the
// kernel refuses every CPU named (none of them online or allowed here).
class CpuPinning {
 public:
  explicit CpuPinning(const std::vector<std::uint32_t>& cpus) {
    if (cpus.empty()) return;
    if (const int error = pthread_getaffinity_np(pthread_self(), sizeof(before_), &before_); error != 0) {
      throw std::system_error(error, std::generic_category(), "cannot read the job's CPUs");
    }
    cpu_set_t wanted;
    CPU_ZERO(&wanted);
    for (const std::uint32_t cpu : cpus) CPU_SET(cpu, &wanted);
    if (const int error = pthread_setaffinity_np(pthread_self(), sizeof(wanted), &wanted); error != 0) {
      throw std::system_error(error, std::generic_category(),
                              "cannot run the job on the CPUs of cpus_allowed= (are they online?)");
    }
    pinned_ = true;
  }
  ~CpuPinning() {
    if (pinned_) pthread_setaffinity_np(pthread_self(), sizeof(before_), &before_);
  }
  CpuPinning(const CpuPinning&) = delete;
  CpuPinning& operator=(const CpuPinning&) = delete;

 private:
  cpu_set_t before_{};
  bool pinned_ = false;
};

// Takes the job's own usage (JobMeasurement::own_usage) on the job's thread, as fio reads a job's rusage (backend.c
// thread_main: ru_start before its loop, ru_end after it and verify, update_rusage_stat), from its construction
// (or the ramp's end) to its destruction, however the job ends.
class OwnUsage {
 public:
  explicit OwnUsage(JobMeasurement& measurement) : measurement_(measurement), started_(thread_usage()) {
    measurement_.usage_at_measured_from = started_;  // (a ramp_time's end replaces it: phases/workload/job_recorder.h)
  }
  OwnUsage(const OwnUsage&) = delete;
  OwnUsage& operator=(const OwnUsage&) = delete;
  ~OwnUsage() {
    const std::optional<CpuBreakdown> from =
        measurement_.usage_at_measured_from ? measurement_.usage_at_measured_from : started_;
    const std::optional<CpuBreakdown> ended = thread_usage();
    if (from && ended) measurement_.own_usage = usage_between(*from, *ended);
  }

 private:
  JobMeasurement& measurement_;
  std::optional<CpuBreakdown> started_;
};

class WorkloadPhase final : public Phase {
 public:
  WorkloadPhase(const WorkloadSpec& spec, std::vector<JobTarget>& targets, const EngineChoice& choice,
                std::uint64_t seed, WorkloadFiles& files, RunFlows* flows)
      : spec_(spec), targets_(targets), choice_(choice), seed_(seed), files_(files), flows_(flows) {}

  std::vector<TestId> parts() const override {
    std::vector<TestId> parts;
    // In IoDirection's order: the job's measurement parts are indexed by it (workload_job.h part_index).
    for (const IoDirection direction :
         {IoDirection::kRead, IoDirection::kWrite, IoDirection::kSync, IoDirection::kTrim}) {
      parts.push_back(workload_test_id(spec_.name, direction));
    }
    return parts;
  }

  std::string progress_text() const override { return spec_.name; }
  bool records_job_failure() const override { return true; }
  bool progress_by_name() const override { return true; }

  std::vector<std::filesystem::path> disk_stat_paths() const override {
    std::vector<std::filesystem::path> paths;
    if (!spec_.disk_util || !touches_files(spec_.engine)) return paths;  // fio's null shows no disk_util
    for (const JobTarget& target : targets_) paths.push_back(target.is_private ? target.directory : target.path);
    return paths;
  }

  void prepare(PhaseContext& context) const override {
    files_.prepare(spec_, targets_of_job(targets_, spec_, context.worker_index), &context.interrupt_signal);
  }

  void run(PhaseContext& context) const override {
    if (choice_.own_process) {  // every job without thread=, as fio's job processes: phases/workload/job_process.h
      run_in_own_process(context, [this](PhaseContext& own) { run_with_priority(own); });
      return;
    }
    run_with_priority(context);
  }

 private:
  void run_with_priority(PhaseContext& context) const {
    if (!sets_job_priority(spec_)) {
      run_job_here(context);
      return;
    }
    // nice=, prio=, prioclass=: on a thread of its own, whose priorities end with it.
    std::exception_ptr failure;
    std::thread([&] {
      try {
        apply_job_priority(spec_);
        run_job_here(context);
      } catch (...) {
        failure = std::current_exception();
      }
    }).join();
    if (failure) std::rethrow_exception(failure);
  }

  void run_job_here(PhaseContext& context) const {
    const std::span<JobTarget> targets = targets_of_job(targets_, spec_, context.worker_index);
    const JobTarget& target = targets.front();  // the job's first file: fio's seeds and verify= name it
    const CpuPinning pinning(spec_.cpus_allowed);
    if (spec_.create_only) {  // fio's create_only=1: prepare() laid the files out; nothing more to do
      context.wait_for_start();
      return;
    }
    // Every file of the job is open while it runs (the engine's descriptors are fixed when it is set up); which
    // files take requests at once is openfiles='s (phases/workload/job_files.h).
    std::vector<PosixFile> files;
    std::vector<int> fds;
    std::vector<JobFile> job_files;
    std::vector<std::string> paths;  // for an engine that calls on files by name (engine/file_call_engine.h)
    std::uint64_t regions_end = 0;
    std::uint64_t regions_bytes = 0;
    for (const JobTarget& each : targets) {
      if (calls_on_files(spec_.engine)) paths.push_back(each.path.string());
      if (each.diskless || !opens_files(spec_.engine)) {
        fds.push_back(-1);  // fio's null opens nothing (engine/null_engine.h), nor do its metadata engines
      } else {
        files.push_back(WorkloadFiles::open_for_requests(spec_, each));
        fds.push_back(files.back().fd());
      }
      const std::uint64_t file_end = std::max(each.file_bytes, each.extent());  // fio's real_file_size
      job_files.push_back(
          JobFile{each.region_offset, each.region_bytes, each.path.string(), fds.back(), file_end - each.region_offset});
      regions_end = std::max(regions_end, each.extent());
      regions_bytes += each.region_bytes;
    }
    AlignedBuffer buffers(std::size_t{choice_.depth} * spec_.block_bytes, request_buffer_pages(spec_));
    const std::uint64_t seed = seed_ + context.worker_index;
    const FioSeeds fio_seeds = fio_seeds_for(spec_, context.worker_index, target.path.string(), seed);
    JobData data(spec_, JobDataSetup{std::as_writable_bytes(buffers.span()), choice_.depth, context.worker_index,
                                     target.region_bytes, fio_seeds, target.path.string(), target.region_offset});
    data.fill_initial();  // untimed: before the release
    EngineSetup setup{choice_.depth, fds, std::as_writable_bytes(buffers.span()), spec_.block_bytes};
    setup.paths = paths;
    setup.region_bytes = regions_end;  // mmap maps each file from 0 to the furthest region's end
    setup.random_offsets = is_random(spec_.pattern);
    setup.batching = {spec_.batch_submit, spec_.batch_complete_min, spec_.batch_complete_max};  // fio's iodepth_batch_*
    setup.hipri = spec_.hipri;
    setup.uring = spec_.uring;
    setup.cpu_chunk_us = spec_.cpu_chunk_us;
    setup.cpu_qsort = spec_.cpu_qsort;
    setup.stat_call = spec_.stat_type;
    if (spec_.engine == EngineKind::kExec) setup.exec = exec_run(target, context.worker_index);
    const std::unique_ptr<IoEngine> engine = make_io_engine(choice_.engine, setup);
    context.wait_for_start();
    if (context.abort != nullptr && context.abort->load()) return;
    if (!wait_start_delay(spec_.start_delay, context)) return;
    const OwnUsage own_usage(*context.measurement);
    // fio's size is the job's over all its files: with several, size= less than their regions stops it sooner.
    const std::uint64_t job_bytes =
        targets.size() > 1 && spec_.size_bytes != 0 ? std::min(spec_.size_bytes, regions_bytes) : regions_bytes;
    JobPlan plan{spec_,     *engine, choice_.depth, std::move(job_files), job_bytes, seed, fio_seeds,
                 context.interrupt_signal, context.abort, &data, context.group_end};
    plan.live_io = context.live_io;
    plan.snapshot = context.snapshot;
    if (flows_ != nullptr && spec_.flow_weight != 0) plan.flow = flows_->find(spec_.flow_id);
    // fio's unlink_each_loop: the next loop's files are new, empty ones
    if (spec_.unlinks_between_loops() && opens_files(spec_.engine)) {
      plan.between_loops = [&] {
        WorkloadFiles::recreate(spec_, targets, files);
        data.forget_writes();
      };
    }
    run_job(plan, *context.measurement);  // verify='s read-back included (phases/workload/workload_job.h)
    if (spec_.fsync_on_close && writes_data(spec_.pattern)) {  // fio's fsync_on_close, untimed: each file
      for (PosixFile& each : files) each.sync();
    }
  }

  // exec's program and its output files: NAME.stdout and NAME.stderr where fio makes them, its working directory,
  // under fio's file rules (kept); under bench++'s in the directory the job was given (-d or directory=), never
  // over a file there (numjobs' clones after the first have NAME.JOB.stdout and NAME.JOB.stderr, where fio's
  // share one pair), and removed at the job's end unless unlink=0.
  ExecRun exec_run(const JobTarget& target, std::uint32_t job) const {
    ExecRun run;
    run.argv = exec_argv(spec_.exec.program, expand_exec_arguments(spec_.exec.arguments, spec_.runtime, spec_.name));
    run.runtime = spec_.runtime;
    run.grace = std::chrono::seconds(spec_.exec.grace_seconds);
    if (!spec_.exec.std_redirect) return run;
    const bool fio_rules = files_.rules() == FileRules::kFio;
    const std::filesystem::path directory =
        fio_rules ? std::filesystem::path() : target.is_private ? target.directory : target.path.parent_path();
    const std::string stem = fio_rules || job == 0 ? spec_.name : spec_.name + "." + std::to_string(job);
    run.stdout_path = (directory / (stem + ".stdout")).string();
    run.stderr_path = (directory / (stem + ".stderr")).string();
    run.exclusive_output = !fio_rules;
    run.remove_output = !fio_rules && spec_.unlink;
    return run;
  }

  const WorkloadSpec& spec_;
  std::vector<JobTarget>& targets_;
  const EngineChoice choice_;
  const std::uint64_t seed_;
  WorkloadFiles& files_;
  RunFlows* flows_;
};

}  // namespace

std::unique_ptr<Phase> make_workload_phase(const WorkloadSpec& spec, std::vector<JobTarget>& targets,
                                           const EngineChoice& choice, std::uint64_t seed, WorkloadFiles& files,
                                           RunFlows* flows) {
  return std::make_unique<WorkloadPhase>(spec, targets, choice, seed, files, flows);
}

void check_polled_devices(const WorkloadSpec& spec, std::span<const JobTarget> targets, EngineKind engine) {
  if (!spec.hipri || engine != EngineKind::kIoUring) return;
  for (const JobTarget& target : targets) {
    // Where the requests go: the file (or device) when it is there, the directory it is to be made in otherwise.
    const std::filesystem::path where =
        target.exists ? target.path : target.is_private ? target.directory : target.path.parent_path();
    struct stat info {};
    if (::stat(where.c_str(), &info) != 0) continue;
    const dev_t device = S_ISBLK(info.st_mode) ? info.st_rdev : info.st_dev;
    if (device_polls("/sys", device) != false) continue;
    throw UsageError(fmt::format(
        "workload '{}': hipri (IORING_SETUP_IOPOLL) on {}, whose device has no poll queues (its queue/io_poll is 0): "
        "its requests would fail with EOPNOTSUPP, as fio's do; run without hipri, or on a device with poll queues "
        "(NVMe: nvme.poll_queues=N)",
        spec.name, where.string()));
  }
}

AlignedBuffer::Pages request_buffer_pages(const WorkloadSpec& spec) {
  constexpr std::uint64_t kLargeRequestBytes = 128 * 1024;
  return spec.block_bytes >= kLargeRequestBytes ? AlignedBuffer::Pages::kHugePages : AlignedBuffer::Pages::kOrdinary;
}

}  // namespace bench
