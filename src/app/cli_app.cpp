#include "app/cli_app.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/detect_command.h"
#include "app/compare_command.h"
#include "app/outputs.h"
#include "app/rank_command.h"
#include "app/run_info.h"
#include "app/text_sink.h"
#include "app/workload_command.h"
#include "cli/options.h"
#include "cli/size_spec.h"
#include "platform/directory_check.h"
#include "platform/privileges.h"
#include "platform/system_info.h"
#include "platform/virt_detect.h"
#include "run/interrupt.h"
#include "run/rank_group.h"
#include "run/runner.h"

namespace bench {
namespace {

// A default -s bounded by the free space of -d as rank 0 sees it, the same on every rank (collective).
void fit_default_size_to_free_space(Config& config, RankGroup& group) {
  std::exception_ptr failure;
  if (group.rank() == 0) {
    try {
      fit_default_file_size(config.setup, group.size(), free_space(config.directory).bytes);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  group.agree(failure);
  if (!config.setup.io || config.setup.file_size_choice.empty()) return;  // -s was given: the same on every rank
  IoSpec& io = *config.setup.io;
  const std::string size = group.broadcast_text(std::to_string(io.file_size_bytes));
  const std::string choice = group.broadcast_text(config.setup.file_size_choice);
  if (group.rank() == 0) return;
  std::from_chars(size.data(), size.data() + size.size(), io.file_size_bytes);  // rank 0's own number
  io.per_char_bytes = std::min(io.per_char_bytes, io.file_size_bytes);
  config.setup.file_size_choice = choice;
}

// One rank's part of the benchmark command (the whole of it without MPI). Each step that can fail on one
// rank only ends in an agreement, so every rank stops together (run/rank_group.h).
void run_on_rank(const Config& given, RankGroup& group) {
  const bool reports = group.rank() == 0;
  Config config = given;
  std::optional<RunInfo> info;
  std::optional<OutputSet> outputs;
  std::exception_ptr failure;
  std::optional<Placement> placement;
  try {
    if (reports) {
      for (const auto& warning : config.warnings) fmt::print(stderr, "bench++: warning: {}\n", warning);
    }
    placement = classify_placement(read_virt_evidence());
    drop_privileges(config.user, config.group);
    check_directory_usable(config.directory);
  } catch (...) {
    failure = std::current_exception();
  }
  group.agree(failure);
  fit_default_size_to_free_space(config, group);
  try {
    info = make_run_info(config, std::move(*placement));
    if (reports) outputs.emplace(config);
  } catch (...) {
    failure = std::current_exception();
  }
  group.agree(failure);
  run_reporting_on_rank_0(outputs, [&](RunObserver& observer) {
    run_benchmark(config, *info, observer, interrupt_signal(), group);
    if (outputs) outputs->finish();
  });
}

int run_benchmark_command(const Config& config) {
  return run_as_rank([&config](RankGroup& group) { run_on_rank(config, group); });
}

}  // namespace

int run_cli(const std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "compare") {
    return run_compare_command(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  if (!args.empty() && (args.front() == "job" || args.front() == "suite")) {
    return run_workload_command(args.front() == "job" ? WorkloadCommand::kJob : WorkloadCommand::kSuite,
                                std::vector<std::string>(args.begin() + 1, args.end()));
  }
  const ParsedCommandLine command = parse_command_line(args, read_system_facts());
  switch (command.action) {
    case Action::kHelp:
      if (!is_secondary_rank()) write_standard_output(command.help_text);  // once for the whole MPI job
      return 0;
    case Action::kVersion:
      if (!is_secondary_rank()) write_standard_output(fmt::format("bench++ {}\n", BENCH_VERSION));
      return 0;
    case Action::kDetect:
      return run_detect_command();
    case Action::kRun:
      break;
  }
  return run_benchmark_command(command.config);
}

}  // namespace bench
