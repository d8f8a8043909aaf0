// libFuzzer target: the names and paths of `bench++ job` (cli/workload_command_line.h, plan/plan.h). The input is
// a workload name and a filename= (cut at the first newline). Either the command line or the plan refuses them
// with UsageError, or every file the plan would create lies inside the run's directory with names a directory
// can hold: anything else aborts.
#include <limits.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli/workload_command_line.h"
#include "fuzz_input.h"
#include "plan/plan.h"
#include "result/errors.h"

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  if (text.find('\0') != std::string_view::npos) return 0;  // (no command-line word holds one)
  const auto newline = text.find('\n');
  const std::string name(text.substr(0, newline));
  const std::string filename = newline == std::string_view::npos ? "" : std::string(text.substr(newline + 1));
  static const fs::path directory = [] {
    std::string pattern = (fs::temp_directory_path() / "workload-paths-fuzz.XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    return fs::path(pattern) / "a" / "b";
  }();
  static const bool made = fs::create_directories(directory);
  (void)made;
  bench::SystemFacts facts;
  facts.host_name = "fuzz";
  std::vector<std::string> args = {"-d", directory.string(), "--name=" + name, "--size=1m"};
  if (!filename.empty()) args.push_back("--filename=" + filename);
  try {
    const bench::Config config =
        bench::parse_workload_command_line(bench::WorkloadCommand::kJob, args, facts, [](const std::string&) {
          return std::string();
        }).config;
    bench::PlanFacts plan_facts;
    plan_facts.directory = config.directory;
    plan_facts.free_bytes_of_directory = std::uint64_t{1} << 40;
    plan_facts.memory_bytes = std::uint64_t{1} << 33;
    const bench::Plan plan = bench::make_plan(config.setup, plan_facts);
    for (const auto& group : plan.groups) {
      for (const bench::PlannedTest& test : group) {
        for (const bench::JobTarget& target : test.targets) {
          if (target.exists) continue;
          const fs::path full = target.is_private ? directory / "private" / target.path : target.path;
          const fs::path inside = fs::absolute(full).lexically_normal().lexically_relative(directory);
          if (inside.empty() || *inside.begin() == "..") std::abort();
          if (target.is_private && *inside.begin() != "private") std::abort();
          for (const fs::path& part : full) {
            if (part.native().size() > NAME_MAX) std::abort();
          }
        }
      }
    }
  } catch (const bench::UsageError&) {
  }
  return 0;
}
