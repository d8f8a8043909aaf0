#include "phases/workload/job_recorder.h"

#include "measure/stopwatch.h"

namespace bench {

JobRecorder::JobRecorder(const WorkloadSpec& spec, std::uint32_t slots, bool splits_latency,
                         std::uint64_t job_bytes, JobMeasurement& result)
    : submitted_at_(slots),
      issued_at_(slots),
      splits_latency_(splits_latency),
      logs_(spec.writes_logs()),
      ramps_(spec.ramp_time.count() > 0),
      bw_window_(spec.bw_avg_time),
      iops_window_(spec.iops_avg_time),
      result_(result) {
  result_.parts.resize(kWorkloadParts);
  // fio's logs: room for every request of a job that knows their number (one pass over its region), made before
  // the timed work; a time-based job's grow a chunk at a time (phases/phase.h IoSampleLog).
  if (logs_ && !spec.time_based && spec.block_bytes != 0) {
    result_.samples.reserve(static_cast<std::size_t>(job_bytes / spec.block_bytes));
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

bool JobRecorder::ramping(Clock::time_point now) {
  if (now < measure_start_) return true;
  if (!result_.cpu_at_measured_from) {
    result_.cpu_at_measured_from = process_cpu_time();
    result_.usage_at_measured_from = thread_usage();  // fio's reset_all_stats at the ramp's end (clear_rusage_stat)
  }
  return false;
}

}  // namespace bench
