#include "app/workload_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "app/rank_command.h"
#include "app/run_info.h"
#include "app/text_sink.h"
#include "app/workload_outputs.h"
#include "platform/directory_check.h"
#include "platform/io_uring_ring.h"
#include "platform/system_info.h"
#include "platform/virt_detect.h"
#include "result/errors.h"
#include "run/interrupt.h"
#include "run/rank_group.h"
#include "run/workload_runner.h"

namespace bench {
namespace {

// A job file's text; a file that cannot be read is bad input, named.
std::string read_job_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("cannot read job file '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One rank's part of `bench++ job` or `suite` (the whole of it without MPI). The steps before the run that can
// fail on one rank end in an agreement, so every rank stops together (run/rank_group.h).
void run_workloads_on_rank(const Config& config, RankGroup& group) {
  const bool reports = group.rank() == 0;
  std::optional<RunInfo> info;
  WorkloadRunOptions options;
  std::optional<WorkloadOutputs> outputs;
  std::exception_ptr failure;
  try {
    Placement placement = classify_placement(read_virt_evidence());
    check_directory_usable(config.directory);
    info = make_run_info(config, std::move(placement));
    info->setup = config.setup;
    options.directory = config.directory;
    options.repeats = config.repeats;
    options.seed_given = config.seed_given;
    const bool wants_io_uring =
        std::any_of(config.setup.workloads.begin(), config.setup.workloads.end(),
                    [](const WorkloadSpec& spec) { return spec.engine == EngineKind::kIoUring; });
    if (wants_io_uring) options.io_uring_refusal = io_uring_availability();
    if (reports) outputs.emplace(config);
  } catch (...) {
    failure = std::current_exception();
  }
  group.agree(failure);
  run_reporting_on_rank_0(outputs, [&](RunObserver& observer) {
    const WorkloadRunOutcome outcome = run_workloads(*info, options, observer, interrupt_signal(), group);
    if (outputs) outputs->finish(outcome.kept_files);
  });
}

}  // namespace

int run_workload_command(WorkloadCommand command, const std::vector<std::string>& args) {
  const ParsedCommandLine parsed = parse_workload_command_line(command, args, read_system_facts(), read_job_file);
  if (parsed.action == Action::kHelp) {
    if (!is_secondary_rank()) write_standard_output(parsed.help_text);  // once for the whole MPI job
    return 0;
  }
  const Config& config = parsed.config;
  if (config.dry_run) {
    if (is_secondary_rank()) return 0;
    const std::string runs = config.repeats > 1 ? fmt::format("runs: {}\n", config.repeats) : "";
    write_standard_output(describe_workloads(config.setup.workloads) + runs);
    return 0;
  }
  return run_as_rank([&config](RankGroup& group) { run_workloads_on_rank(config, group); });
}

}  // namespace bench
