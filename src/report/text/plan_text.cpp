#include "report/text/plan_text.h"

#include <fmt/format.h>

#include "plan/plan_duration.h"
#include "result/fio_log_names.h"

#include "result/job_file_names.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

// "4KiB", "1GiB", "2300B": the largest binary unit that divides the size.
std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return fmt::format("{}GiB", bytes >> 30);
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) return fmt::format("{}MiB", bytes >> 20);
  if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0) return fmt::format("{}KiB", bytes >> 10);
  return fmt::format("{}B", bytes);
}

// "1.5 GiB" for people: three significant figures at most.
std::string amount_text(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  return unit == 0 ? fmt::format("{} bytes", bytes) : fmt::format("{:.3g} {}", value, kUnits[unit]);
}

// "under 1 s", "45 s", "3 min 20 s", "2 h 05 min": whole seconds, the two largest units.
std::string clock_text(std::chrono::nanoseconds time) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(time + std::chrono::milliseconds(500)).count();
  if (seconds == 0) return "under 1 s";
  if (seconds < 60) return fmt::format("{} s", seconds);
  if (seconds < 3600) return fmt::format("{} min {:02} s", seconds / 60, seconds % 60);
  return fmt::format("{} h {:02} min", seconds / 3600, seconds % 3600 / 60);
}

// What the plan's duration is, as --dry-run says it: the clock's part, then the work the disk's speed decides,
// with its time at two speeds that bracket most disks' sequential rates (a slow disk or VM, an SSD).
std::string duration_lines(const Plan& plan) {
  const PlanDuration duration = plan_duration(plan);
  std::string text;
  if (duration.timed.count() > 0) {
    text += fmt::format("Time: {} on the clock (time_based runtimes, ramps and start delays{})\n",
                        clock_text(duration.timed), plan.repeats > 1 ? fmt::format(", {} runs", plan.repeats) : "");
  }
  std::vector<std::string> work;
  if (duration.bytes != 0) {
    const auto at = [&](double bytes_per_second) {
      return clock_text(std::chrono::nanoseconds(static_cast<std::int64_t>(
          static_cast<double>(duration.bytes) / bytes_per_second * 1e9)));
    };
    work.push_back(fmt::format("{}{} read and written ({} at 100 MiB/s, {} at 1 GiB/s)",
                               duration.bytes_capped_by_runtime ? "at most " : "", amount_text(duration.bytes),
                               at(100.0 * (1 << 20)), at(1024.0 * (1 << 20))));
  }
  if (duration.file_operations != 0) {
    work.push_back(fmt::format("{} file creates, stats and deletes", duration.file_operations));
  }
  if (duration.syncs != 0) work.push_back(fmt::format("{} fdatasync calls", duration.syncs));
  for (std::size_t i = 0; i < work.size(); ++i) {
    text += (i == 0 ? "Work at the disk's speed: " : ", ") + work[i];
  }
  if (!work.empty()) text += " (laying files out not counted)\n";
  return text;
}

std::string workload_line(const Plan& plan, const PlannedTest& test) {
  const WorkloadSpec& spec = plan.workload(test);
  const double runtime = std::chrono::duration<double>(spec.runtime).count();
  const std::string time = spec.time_based            ? fmt::format("{} s, time based", runtime)
                           : spec.runtime.count() > 0 ? fmt::format("up to {} s", runtime)
                                                      : std::string("one pass");
  const std::string size = spec.size_percent ? fmt::format("{}%", *spec.size_percent) : size_text(spec.size_bytes);
  std::string line = fmt::format("{}: {} bs={} size={} numjobs={} iodepth={} {} ioengine={}{} on {}", spec.name,
                                 keyword(spec.pattern), size_text(spec.block_bytes), size, spec.jobs, spec.iodepth,
                                 time, spec.fio_engine, spec.direct ? " direct" : "", keyword(test.engine.engine));
  if (!test.engine.note.empty()) line += fmt::format(" ({})", test.engine.note);
  const JobTarget& first = test.targets.front();
  const std::string file = first.is_private ? (first.directory / "bench++-job.*" / first.path).string()
                                            : first.path.string();
  const std::size_t per_job = files_per_job(spec);
  if (per_job == 1) {
    line += fmt::format("\n      file{}: {}{}, {} each", test.targets.size() > 1 ? "s" : "", file,
                        test.targets.size() > 1 && first.is_private ? " and one per job" : "",
                        amount_text(first.region_bytes));
  } else {  // several files per job (nrfiles=, filename=a:b): each named with its size
    line += fmt::format("\n      files: {} per job ({}{}), file_service_type={}", per_job,
                        first.is_private ? "its own" : "shared by the jobs",
                        spec.open_files != 0 && spec.open_files < per_job ? fmt::format(", {} open at once", spec.open_files)
                                                                          : "",
                        keyword(spec.file_service));
    for (const JobTarget& target : test.targets) {
      const std::string path = target.is_private ? (target.directory / "bench++-job.*" / target.path).string()
                                                 : target.path.string();
      line += fmt::format("\n        {}, {}", path, amount_text(target.region_bytes));
      if (!first.is_private && &target - test.targets.data() + 1 == static_cast<std::ptrdiff_t>(per_job)) break;
    }
  }
  if (first.region_offset != 0 || test.targets.back().region_offset != 0) {  // offset=, offset_increment=
    line += test.targets.size() > 1 && test.targets.back().region_offset != first.region_offset
                ? fmt::format(", from offset {} (job 1) to {} (job {})", first.region_offset,
                              test.targets.back().region_offset, test.targets.size())
                : fmt::format(", from offset {}", first.region_offset);
  }
  if (first.exists && first.block_device) {
    line += changes_files(spec) ? " (a block device)" : " (a block device, only read)";
  } else if (first.exists) {
    line += " (exists)";
  } else if (first.diskless) {
    line += " (never made: the engine touches no file)";
  }
  const std::vector<FioLogName> logs = fio_log_names(plan.setup.workloads, *test.workload);
  for (std::size_t i = 0; i < logs.size(); ++i) {
    line += fmt::format("{}{}", i == 0 ? "\n      fio logs (replaced if present, as fio): " : ", ", logs[i].path);
  }
  return line;
}

}  // namespace

std::string format_plan_text(const Plan& plan) {
  std::string text = fmt::format("Plan: {} group{} of tests, run {} time{}{}\n", plan.groups.size(),
                                 plan.groups.size() == 1 ? "" : "s", plan.repeats, plan.repeats == 1 ? "" : "s",
                                 plan.ranks > 1 ? fmt::format(" on each of {} ranks", plan.ranks) : "");
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    for (std::size_t t = 0; t < plan.groups[g].size(); ++t) {
      const PlannedTest& test = plan.groups[g][t];
      const std::string number = t == 0 ? fmt::format("{:>3}.", g + 1) : std::string("    ");
      if (test.workload) {
        text += fmt::format("{} {}\n", number, workload_line(plan, test));
      } else {
        text += fmt::format("{} {}: {} worker{}, {} operations each\n", number, phase_title(test.bonnie_test), test.jobs,
                            test.jobs == 1 ? "" : "s", test.expected_operations);
      }
    }
  }
  if (plan.setup.io && !plan.setup.file_size_choice.empty()) {
    text += fmt::format("-s {} by default: {}\n", amount_text(plan.setup.io->file_size_bytes), plan.setup.file_size_choice);
  }
  for (const FilesystemRoom& room : plan.room.filesystems) {
    const std::string free = room.free_bytes == UINT64_MAX ? "no size limit" : amount_text(room.free_bytes);
    text += fmt::format("Needs in {}: {} ({} bytes) and {} inodes; free: {}{}\n", room.directory.string(),
                        amount_text(room.bytes), room.bytes, room.inodes, free,
                        room.free_inodes != 0 ? fmt::format(" and {} inodes", room.free_inodes) : "");
  }
  if (plan.room.buffer_bytes != 0) text += fmt::format("Request buffers: {}\n", amount_text(plan.room.buffer_bytes));
  if (plan.window_command) {
    text += fmt::format("Window command, at each group's start and end (BENCH_WINDOW_JSON): {}\n", *plan.window_command);
  }
  return text + duration_lines(plan);
}

}  // namespace bench
