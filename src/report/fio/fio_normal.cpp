#include "report/fio/fio_normal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <ctime>

#include "report/fio/fio_disk_util.h"
#include "report/fio/fio_jobs.h"
#include "report/fio/fio_normal_job.h"
#include "report/text/run_text.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

// init.c's job line of one workload.
std::string job_header_line(const WorkloadSpec& spec, std::uint32_t groupid) {
  std::string sizes;
  for (std::size_t d = 0; d < spec.block_sizes.direction.size(); ++d) {
    const DirectionBlockSizes& sizes_of = spec.block_sizes.direction[d];
    const std::uint32_t low = sizes_of.min() != 0 ? sizes_of.min() : spec.block_bytes;
    const std::uint32_t high = sizes_of.max() != 0 ? sizes_of.max() : spec.block_bytes;
    sizes += fmt::format("{}({}) {}-{}", d == 0 ? "" : ", ", "RWT"[d], fio_number_text(low, 4, true, "B"),
                         fio_number_text(high, 4, true, "B"));
  }
  return fmt::format("{}: (g={}): rw={}, bs={}, ioengine={}, iodepth={}\n", spec.name, groupid, keyword(spec.pattern),
                     sizes, spec.fio_engine, spec.iodepth);
}

// backend.c's count of what it starts: "Starting 1 process", "Starting 2 threads and 1 process".
std::string starting_line(const std::vector<WorkloadSpec>& workloads) {
  std::uint32_t threads = 0, processes = 0;
  for (const WorkloadSpec& spec : workloads) (spec.thread ? threads : processes) += spec.jobs;
  std::string line = "Starting ";
  if (threads > 0) line += fmt::format("{} thread{}", threads, threads > 1 ? "s" : "");
  if (threads > 0 && processes > 0) line += " and ";
  if (processes > 0) line += fmt::format("{} process{}", processes, processes > 1 ? "es" : "");
  return line + "\n";
}

// The run's start (RunInfo::started_utc, "2026-11-30T10:34:59Z") as ctime writes it, "Mon Nov 30 10:34:59 2026";
// "" when unreadable.
std::string ctime_text(const std::string& started_utc) {
  std::tm parts{};
  const char* end = ::strptime(started_utc.c_str(), "%Y-%m-%dT%H:%M:%SZ", &parts);
  if (end == nullptr || *end != '\0') return "";
  char text[64] = "";
  std::strftime(text, sizeof text, "%a %b %e %H:%M:%S %Y", &parts);
  return text;
}

std::uint64_t bytes_per_second(std::uint64_t bytes, std::uint64_t runtime_ms) {
  return runtime_ms > 0 ? 1000 * bytes / runtime_ms : 0;
}

// show_group_stats's line of one direction over a group's jobs; "" when none of them ran it.
std::string group_direction_line(const std::vector<const FioJob*>& members, FioDdir ddir) {
  constexpr std::array<const char*, 3> kNames = {"READ", "WRITE", "TRIM"};
  std::uint64_t bytes = 0, longest = 0, shortest = UINT64_MAX, slowest = UINT64_MAX, fastest = 0;
  for (const FioJob* job : members) {
    const FioDirectionResult& direction = job->at(ddir);
    if (direction.runtime_ms == 0) continue;
    bytes += direction.io_bytes;
    longest = std::max(longest, direction.runtime_ms);
    shortest = std::min(shortest, direction.runtime_ms);
    const std::uint64_t rate = bytes_per_second(direction.io_bytes, direction.runtime_ms);
    slowest = std::min(slowest, rate);
    fastest = std::max(fastest, rate);
  }
  if (longest == 0) return "";
  const auto both = [](std::uint64_t value, const char* unit) {
    return std::pair{fio_number_text(value, 4, true, unit), fio_number_text(value, 4, false, unit)};
  };
  const auto [aggregate, aggregate_si] = both(bytes_per_second(bytes, longest), "B/s");
  const auto [low, low_si] = both(slowest, "B/s");
  const auto [high, high_si] = both(fastest, "B/s");
  const auto [io, io_si] = both(bytes, "B");
  return fmt::format("{:>7}: bw={} ({}), {}-{} ({}-{}), io={} ({}), run={}-{}msec\n",
                     kNames[static_cast<std::size_t>(ddir)], aggregate, aggregate_si, low, high, low_si, high_si, io,
                     io_si, shortest, longest);
}

// "Run status group N (all jobs):" and its lines, for every group of the run's workloads (one without a job that
// did I/O has its title alone, as fio's).
std::string group_lines(const RunResult& run, const std::vector<FioJob>& jobs) {
  const std::vector<std::uint32_t> group_ids = fio_group_ids(run.info.setup.workloads);
  const std::uint32_t groups = group_ids.empty() ? 0 : group_ids.back() + 1;
  std::string text;
  for (std::uint32_t groupid = 0; groupid < groups; ++groupid) {
    std::vector<const FioJob*> members;
    for (const FioJob& job : jobs) {
      if (job.groupid == groupid) members.push_back(&job);
    }
    text += fmt::format("\nRun status group {} (all jobs):\n", groupid);
    for (const FioDdir ddir : {FioDdir::kRead, FioDdir::kWrite, FioDdir::kTrim}) {
      text += group_direction_line(members, ddir);
    }
  }
  return text;
}

}  // namespace

std::string format_fio_normal_header(const RunInfo& info) {
  const std::vector<WorkloadSpec>& workloads = info.setup.workloads;
  const std::vector<std::uint32_t> group_ids = fio_group_ids(workloads);
  std::string text;
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    // fio prints none for an engine that moves no data (init.c: FIO_NOIO, cpuio's and exec's), "..." still
    if (!moves_no_data(workloads[w].engine)) text += job_header_line(workloads[w], group_ids[w]);
    if (workloads[w].jobs > 1) text += "...\n";
  }
  text += fio_version_text(info) + "\n" + starting_line(workloads);
  // exec's lines, each job's as its engine starts (result/exec_command.h exec_info_lines): here all at once after
  // "Starting", where fio prints a later group's when the group starts.
  for (const WorkloadSpec& workload : workloads) {
    if (workload.engine != EngineKind::kExec) continue;
    for (std::uint32_t job = 0; job < workload.jobs; ++job) {
      text += exec_info_lines(workload.exec, workload.runtime, workload.name);
    }
  }
  return text;
}

std::string format_fio_laid_out_lines(const RunResult& run) {
  std::string text;
  for (const FilesLaidOut& job : run.files_laid_out) {
    const bool several = job.files > 1;
    text += fmt::format("{}: Laying out IO file{} ({} file{} / {}{}MiB)\n", job.workload, several ? "s" : "",
                        job.files, several ? "s" : "", several ? "total " : "", job.bytes >> 20);
  }
  return text;
}

std::string format_fio_normal_stats(const RunResult& run, int pid) {
  const std::vector<FioJob> jobs = fio_jobs(run);
  const FioJobStamp stamp{pid, ctime_text(run.info.started_utc)};
  std::string text = "\n";
  for (const FioJob& job : jobs) text += fio_job_block(job, jobs, stamp);
  return text + group_lines(run, jobs) + fio_disk_stats_text(fio_disk_utilization(run));
}

std::string format_fio_normal_start(const RunResult& run_so_far) {
  const std::string header = run_so_far.info.run_index == 0 ? format_fio_normal_header(run_so_far.info) : "";
  return header + format_fio_laid_out_lines(run_so_far);
}

std::string FioNormalWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (std::size_t i = 0; i < results.finished; ++i) {
    if (with_text_) text += format_finished_run_text(results.runs[i], repeats_);
    if (!start_apart_) text += format_fio_normal_start(results.runs[i]);
    text += format_fio_normal_stats(results.runs[i], static_cast<int>(::getpid()));
  }
  if (results.ended && with_text_) text += format_after_runs_text(results.runs, results.kept_files);
  return text;
}

}  // namespace bench
