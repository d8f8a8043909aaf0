#include "app/run_command.h"

#include <unistd.h>

#include <algorithm>
#include <exception>
#include <optional>

#include <fmt/format.h>

#include "app/fio_logs.h"
#include "app/output_files.h"
#include "app/output_table.h"
#include "app/rank_command.h"
#include "app/run_info.h"
#include "app/run_outputs.h"
#include "app/text_sink.h"
#include "platform/directory_check.h"
#include "platform/io_uring_ring.h"
#include "platform/privileges.h"
#include "platform/resource_limits.h"
#include "platform/virt_detect.h"
#include "plan/disk_checks.h"
#include "plan/plan.h"
#include "plan/resource_limits.h"
#include "report/json/plan_json.h"
#include "report/text/plan_text.h"
#include "report/text/workload_table.h"
#include "app/document_output.h"
#include "run/interrupt.h"
#include "run/rank_group.h"
#include "run/rank_steps.h"
#include "run/runner.h"
#include "text/printable.h"

namespace bench {
namespace {

std::uint64_t memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_bytes = ::sysconf(_SC_PAGESIZE);  // -1 when unknown
  if (pages <= 0 || page_bytes <= 0) return 0;
  return checked_multiply(std::uint64_t(pages), std::uint64_t(page_bytes)).value_or(UINT64_MAX);
}

std::uint32_t ranks_on_this_host(const RankGroup& group) {
  const std::vector<std::string>& hosts = group.host_names();
  return static_cast<std::uint32_t>(std::count(hosts.begin(), hosts.end(), hosts.at(group.rank())));
}

// Collective: what make_plan needs, the same on every rank where it must be (run/rank_steps.h).
PlanFacts plan_facts(const Config& config, RankGroup& group, std::uint32_t& seed) {
  PlanFacts facts;
  facts.directory = config.directory;
  facts.rank = group.rank();
  facts.ranks = group.size();
  facts.ranks_on_host = ranks_on_this_host(group);
  facts.repeats = config.repeats;
  facts.window_command = config.window_command;
  facts.seed_given = config.seed_given;
  facts.memory_bytes = memory_bytes();
  seed = rank_zero_seed(group, config.setup.seed);
  const bool wants_io_uring = std::any_of(config.setup.workloads.begin(), config.setup.workloads.end(),
                                          [](const WorkloadSpec& spec) { return spec.engine == EngineKind::kIoUring; });
  facts.io_uring_refusal = agree_io_uring_refusal(group, wants_io_uring ? io_uring_availability() : std::nullopt);
  std::uint64_t free_bytes = 0;
  std::exception_ptr failure;
  if (group.rank() == 0) failure = guarded([&] { free_bytes = free_space(config.directory).bytes; });
  group.agree(failure);
  facts.free_bytes_of_directory = rank_zero_word(group, free_bytes);
  return facts;
}

// --dry-run: the plan on stdout, or as JSON where --json says (kDryRunPlanFile; "-": stdout, and then only it). The
// other result files and fio's --output are checked as the run checks them (a temporary made beside each, and
// removed), not written.
void write_plan(const Plan& plan, const Config& config) {
  std::vector<std::string> checked;
  for (const auto& [name, path] : config.result_files) {
    if (name != kDryRunPlanFile) checked.push_back(path);
  }
  if (config.fio_output.output_path) checked.push_back(*config.fio_output.output_path);
  for (const std::string& path : checked) {
    if (path != "-") DocumentOutput(path, Growth::kReplaces);
  }
  if (const std::optional<std::string> json_path = config.result_file(kDryRunPlanFile)) {
    DocumentOutput json(*json_path, Growth::kReplaces);
    json.update(format_plan_json(plan));
    json.finish();
    if (*json_path == "-") return;
  }
  write_standard_output(format_plan_text(plan));
}

// What starts each line bench++ says on stderr: main's prefix of a failure, bench++'s or fio's in its persona.
std::string_view stderr_prefix(const Config& config) { return config.persona == Persona::kFio ? "fio" : "bench++"; }

// Each failed job of the runs (a workload's failure, recorded in its results) in one line on stderr, as main says a
// failure, after the errors error_dump=1 tells (those its jobs went on after); how many jobs failed.
std::size_t say_failed_jobs(const std::vector<RunResult>& runs, const Config& config) {
  std::size_t failed = 0;
  for (const RunResult& run : runs) {
    for (const std::string& line : told_error_lines(run)) fmt::print(stderr, "{}: {}\n", stderr_prefix(config), line);
    for (const std::string& line : job_failure_lines(run)) {
      fmt::print(stderr, "{}: {}\n", stderr_prefix(config), line);
      ++failed;
    }
  }
  return failed;
}

// How a rank's part ended (on rank 0: the others report nothing).
struct RankEnd {
  std::size_t failed = 0;  // jobs
  bool stopped = false;    // a stop signal ended the jobs and the run was reported (RunResult::stop_signal)
};

// One rank's part of the command (the whole of it without MPI). Each step that can fail on one rank only ends in
// an agreement, so every rank stops together (run/rank_group.h).
RankEnd run_on_rank(const Config& config, RankGroup& group) {
  const bool reports = group.rank() == 0;
  std::optional<Placement> placement;
  std::exception_ptr failure = guarded([&] {
    if (reports) {
      for (const auto& warning : config.warnings) {
        fmt::print(stderr, "{}: warning: {}\n", stderr_prefix(config), printable(warning));
      }
    }
    placement = classify_placement(read_virt_evidence());
    drop_privileges(config.user, config.group);
    check_directory_usable(config.directory);
  });
  group.agree(failure);
  RunSetup setup = config.setup;
  const PlanFacts facts = plan_facts(config, group, setup.seed);
  std::optional<Plan> plan;
  group.agree(guarded([&] {
    plan.emplace(make_plan(setup, facts));
    check_resource_limits(*plan, read_resource_limits(), facts.ranks_on_host);  // each rank's own limits
    check_plan_on_disk(*plan, config.directory);  // every rank: its own directories and targets
    if (reports) {  // the disk, which make_plan leaves alone; rank 0 writes the outputs and logs
      check_fio_logs(plan->setup);  // (first: a log planted as a link is named as a link, not by what it points at)
      check_output_files(config, *plan);
    }
  }));
  if (config.dry_run) {
    if (reports) write_plan(*plan, config);
    return {};
  }
  std::optional<RunInfo> info;
  std::optional<RunOutputs> outputs;
  group.agree(guarded([&] {
    info = make_run_info(config, std::move(*placement));
    if (reports) outputs.emplace(config, *plan);
  }));
  RankEnd end;
  run_reporting_on_rank_0(outputs, [&](RunObserver& observer) {
    const RunOutcome outcome = run_plan(std::move(*plan), config.directory, *info, observer, interrupt_signal(), group);
    if (outputs) {
      outputs->finish(outcome.kept_files);
      end.failed = say_failed_jobs(outcome.runs, config);
      end.stopped = !outcome.runs.empty() && outcome.runs.back().stop_signal != 0;
    }
  });
  return end;
}

}  // namespace

int run_exit_status(Persona persona, std::size_t failed_jobs, bool stopped) {
  if (persona != Persona::kFio) return failed_jobs == 0 ? 0 : kExitJobFailed;
  // fio 3.33: exit_value++ per failed job (backend.c), 128 set by sig_int; kept below 256 so that no count of
  // failures reads as success.
  const std::size_t status = (stopped ? kExitFioStopped : 0) + failed_jobs;
  return static_cast<int>(std::min<std::size_t>(status, kExitMostJobsFailed));
}

int run_command(const Config& config) {
  RankEnd end;
  const int status = run_as_rank([&config, &end](RankGroup& group) { end = run_on_rank(config, group); });
  if (status != 0) return status;
  return run_exit_status(config.persona, end.failed, end.stopped);
}

}  // namespace bench
