#include "phases/workload_group.h"

#include <fmt/format.h>

#include <cstring>
#include <exception>
#include <latch>
#include <thread>

#include "engine/io_engine.h"
#include "measure/stopwatch.h"
#include "phases/rng.h"
#include "platform/aligned_buffer.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

// One job's thread: what it needs and what it leaves.
struct JobSlot {
  const WorkloadRun* run = nullptr;
  std::uint32_t job = 0;
  JobMeasurement measurement;
  Clock::time_point end{};
  std::exception_ptr error;
};

void fill_with_random_bytes(AlignedBuffer& buffer, std::uint64_t seed) {
  Rng rng(seed);
  for (std::size_t i = 0; i + 8 <= buffer.size(); i += 8) {
    const std::uint64_t word = rng.next();
    std::memcpy(buffer.data() + i, &word, 8);
  }
}

void run_job_thread(JobSlot& slot, std::latch& release, std::atomic<bool>& abort,
                    const std::atomic<int>& interrupt_signal) {
  bool released = false;
  try {
    const WorkloadRun& run = *slot.run;
    const WorkloadSpec& spec = *run.spec;
    const JobTarget& target = run.targets.at(slot.job);
    PosixFile file = WorkloadFiles::open_for_requests(spec, target);
    AlignedBuffer buffers(std::size_t{run.depth} * spec.block_bytes);
    const std::uint64_t seed = run.seed + slot.job;
    fill_with_random_bytes(buffers, seed ^ 0x64617461ULL);
    const int fds[] = {file.fd()};
    EngineSetup setup{run.depth, fds, std::as_writable_bytes(buffers.span()), spec.block_bytes};
    setup.region_bytes = target.region_bytes;  // mmap maps it
    setup.random_offsets = is_random(spec.pattern);
    const std::unique_ptr<IoEngine> engine = make_io_engine(run.engine, setup);
    released = true;
    release.arrive_and_wait();
    if (abort.load()) return;
    const JobPlan plan{spec, *engine, run.depth, target.region_bytes, seed, interrupt_signal, &abort,
                       target.path.string()};
    slot.measurement = run_job(plan);
    slot.end = Clock::now();
  } catch (...) {
    slot.error = std::current_exception();
    abort.store(true);
    if (!released) release.count_down();
  }
}

}  // namespace

EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal) {
  if (is_synchronous(spec.engine)) {
    if (spec.iodepth == 1) return {spec.engine, 1, ""};
    return {spec.engine, 1,
            fmt::format("{} is synchronous: one request at a time as in fio (iodepth={} has no effect)",
                        spec.fio_engine, spec.iodepth)};
  }
  if (spec.engine != EngineKind::kIoUring || !io_uring_refusal) return {spec.engine, spec.iodepth, ""};
  if (spec.iodepth == 1) {
    return {EngineKind::kPsync, 1,
            fmt::format("io_uring is unavailable ({}): psync makes its requests", *io_uring_refusal)};
  }
  return {EngineKind::kPsyncThreads, spec.iodepth,
          fmt::format("io_uring is unavailable ({}): psync_threads keeps iodepth={} requests in flight with as "
                      "many threads",
                      *io_uring_refusal, spec.iodepth)};
}

std::vector<WorkloadMeasurement> run_workload_group(const std::vector<WorkloadRun>& group,
                                                    const std::atomic<int>& interrupt_signal) {
  std::vector<JobSlot> slots;
  for (const WorkloadRun& run : group) {
    for (std::uint32_t job = 0; job < run.spec->jobs; ++job) slots.push_back({&run, job, {}, {}, nullptr});
  }
  std::latch release(static_cast<std::ptrdiff_t>(slots.size()) + 1);
  std::atomic<bool> abort{false};
  std::vector<std::thread> threads;
  threads.reserve(slots.size());
  std::exception_ptr start_error;
  try {
    for (JobSlot& slot : slots) {
      threads.emplace_back(run_job_thread, std::ref(slot), std::ref(release), std::ref(abort),
                           std::cref(interrupt_signal));
    }
  } catch (...) {  // a thread that could not start: release the others into an abort
    start_error = std::current_exception();
    abort.store(true);
    release.count_down(static_cast<std::ptrdiff_t>(slots.size() - threads.size()));
  }
  std::chrono::nanoseconds cpu_start{0};
  try {
    cpu_start = process_cpu_time();
  } catch (...) {  // the threads wait for the release: they must get it, into an abort
    if (!start_error) start_error = std::current_exception();
    abort.store(true);
  }
  const Clock::time_point start = Clock::now();
  release.count_down();
  for (std::thread& thread : threads) thread.join();
  if (start_error) std::rethrow_exception(start_error);
  const std::chrono::nanoseconds cpu = process_cpu_time() - cpu_start;
  for (const JobSlot& slot : slots) {
    if (slot.error) std::rethrow_exception(slot.error);
  }
  std::vector<WorkloadMeasurement> measurements(group.size());
  std::size_t next = 0;
  for (std::size_t w = 0; w < group.size(); ++w) {
    Clock::time_point last_end = start;
    for (std::uint32_t job = 0; job < group[w].spec->jobs; ++job, ++next) {
      measurements[w].jobs.push_back(std::move(slots[next].measurement));
      last_end = std::max(last_end, slots[next].end);
    }
    measurements[w].cpu = cpu;
    measurements[w].wall = std::chrono::duration_cast<std::chrono::nanoseconds>(last_end - start);
  }
  return measurements;
}

}  // namespace bench
