#include "app/workload_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "app/run_info.h"
#include "app/text_sink.h"
#include "app/workload_outputs.h"
#include "platform/directory_check.h"
#include "platform/io_uring_ring.h"
#include "platform/system_info.h"
#include "platform/virt_detect.h"
#include "result/errors.h"
#include "run/interrupt.h"
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

}  // namespace

int run_workload_command(WorkloadCommand command, const std::vector<std::string>& args) {
  const ParsedCommandLine parsed = parse_workload_command_line(command, args, read_system_facts(), read_job_file);
  if (parsed.action == Action::kHelp) {
    write_standard_output(parsed.help_text);
    return 0;
  }
  const Config& config = parsed.config;
  if (config.dry_run) {
    const std::string runs = config.repeats > 1 ? fmt::format("runs: {}\n", config.repeats) : "";
    write_standard_output(describe_workloads(config.setup.workloads) + runs);
    return 0;
  }
  Placement placement = classify_placement(read_virt_evidence());
  check_directory_usable(config.directory);
  RunInfo info = make_run_info(config, std::move(placement));
  info.setup = config.setup;
  WorkloadRunOptions options;
  options.directory = config.directory;
  options.repeats = config.repeats;
  options.seed_given = config.seed_given;
  const bool wants_io_uring = std::any_of(config.setup.workloads.begin(), config.setup.workloads.end(),
                                          [](const WorkloadSpec& spec) { return spec.engine == EngineKind::kIoUring; });
  if (wants_io_uring) options.io_uring_refusal = io_uring_availability();
  WorkloadOutputs outputs(config);
  try {
    const WorkloadRunOutcome outcome = run_workloads(info, options, outputs, interrupt_signal());
    outputs.finish(outcome.kept_files);
  } catch (...) {
    outputs.report_partial_run();
    throw;
  }
  return 0;
}

}  // namespace bench
