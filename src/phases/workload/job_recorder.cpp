#include "phases/workload/job_recorder.h"

#include <fmt/format.h>

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

#include "measure/stopwatch.h"

namespace bench {

JobRecorder::JobRecorder(const WorkloadSpec& spec, std::uint32_t slots, bool splits_latency,
                         std::uint64_t job_bytes, JobMeasurement& result)
    : submitted_at_(slots),
      issued_at_(slots),
      splits_latency_(splits_latency),
      logs_(spec.writes_logs()),
      epoch_clock_(spec.writes_logs() && spec.fio_log.counts_from_epoch() ? std::optional(spec.fio_log.epoch_clock)
                                                                      : std::nullopt),
      ramps_(spec.ramp_time.count() > 0),
      bw_window_(spec.bw_avg_time),
      iops_window_(spec.iops_avg_time),
      result_(result) {
  result_.parts.resize(kWorkloadParts);
  // fio's logs: room for every request of a job that knows their number (one pass over its region), or for
  // log_entries= (fio's initial room, 1024 by default) where more, made before the timed work; later ones grow a
  // chunk at a time (phases/phase.h IoSampleLog).
  if (logs_) {
    const std::uint64_t known = !spec.time_based && spec.block_bytes != 0 ? job_bytes / spec.block_bytes : 0;
    result_.samples.reserve(static_cast<std::size_t>(std::max<std::uint64_t>(known, spec.fio_log.entries)));
  }
}

void JobRecorder::restart(Clock::time_point now) {
  for (PartMeasurement& part : result_.parts) part = PartMeasurement{};
  result_.depths = IoDepthCounts{};
  result_.time_in_flight = nanoseconds(0);
  result_.samples = IoSampleLog{};
  result_.cpu_at_measured_from = process_cpu_time();
  result_.usage_at_measured_from = thread_usage();
  begin(now);
}

std::uint64_t JobRecorder::epoch_now_ms(std::uint32_t clock) {
  timespec now{};
  if (::clock_gettime(static_cast<clockid_t>(clock), &now) != 0) {
    throw std::system_error(errno, std::generic_category(),
                            fmt::format("log_alternate_epoch_clock_id={}: clock_gettime", clock));
  }
  return static_cast<std::uint64_t>(now.tv_sec) * 1000 + static_cast<std::uint64_t>(now.tv_nsec) / 1'000'000;
}

bool JobRecorder::end_in_ramp(Clock::time_point start) {
  if (!ramps_) return false;
  const auto measured = [](const PartMeasurement& part) { return part.operations != 0; };
  if (std::any_of(result_.parts.begin(), result_.parts.end(), measured)) return false;
  if (std::all_of(ramp_.operations.begin(), ramp_.operations.end(), [](std::uint64_t n) { return n == 0; })) {
    return false;
  }
  for (std::size_t p = 0; p < kWorkloadParts; ++p) {
    result_.parts[p].operations = ramp_.operations[p];
    result_.parts[p].bytes = ramp_.bytes[p];
  }
  result_.depths = ramp_.depths;
  measure_start_ = start;
  result_.measured_from = start;
  last_completion_ = ramp_.last_completion;
  return true;
}

bool JobRecorder::ramping(Clock::time_point now) {
  if (now < measure_start_) return true;
  if (!result_.cpu_at_measured_from) {
    result_.cpu_at_measured_from = process_cpu_time();
    result_.usage_at_measured_from = thread_usage();  // fio's reset_all_stats at the ramp's end (clear_rusage_stat)
  }
  return false;
}

}  // namespace bench
