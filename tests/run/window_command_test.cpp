// The window command's pure parts (run/window_command.h, result/window_edge.h) and one real shell.
#include "run/window_command.h"

#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "cli/config.h"
#include "test_support.h"

namespace bench {
namespace {

// The plan's groups alone (plan/plan.h group_tests): window_edge reads nothing else.
Plan plan_of(const RunSetup& setup) {
  Plan plan;
  plan.setup = setup;
  plan.groups = group_tests(setup, 1);
  return plan;
}

}  // namespace

TEST_CASE("window edge: one line of compact JSON, strings escaped so that a JSON reader gets them back") {
  CHECK(window_edge_json({WindowEdgeKind::kStart, 0, 1, {"randread"}}) ==
        R"({"edge":"start","run":0,"group":1,"tests":["randread"]})");
  CHECK(window_edge_json({WindowEdgeKind::kEnd, 4294967295u, 7, {}}) ==
        R"({"edge":"end","run":4294967295,"group":7,"tests":[]})");
  const std::string odd = "a \"quoted\" back\\slash\ttab\nnewline\x01 caf\xc3\xa9";
  const std::string line = window_edge_json({WindowEdgeKind::kEnd, 2, 3, {odd, "b"}});
  CHECK(line.find('\n') == std::string::npos);
  const nlohmann::json parsed = nlohmann::json::parse(line);
  CHECK(parsed.at("tests") == nlohmann::json::array({odd, "b"}));
  CHECK(parsed.at("edge") == "end");
  CHECK(parsed.at("run") == 2);
  CHECK(parsed.at("group") == 3);
}

TEST_CASE("window edge: a group's tests as the results name them, workloads by name and bonnie++'s by key") {
  RunSetup workloads;
  for (const char* name : {"seq", "rand", "late"}) {
    WorkloadSpec spec;
    spec.name = name;
    spec.size_bytes = 1 << 20;
    spec.stonewall = std::string(name) == "late";
    workloads.workloads.push_back(spec);
  }
  const Plan plan = plan_of(workloads);
  REQUIRE(plan.groups.size() == 2);
  CHECK(window_edge(plan, 0, 3, WindowEdgeKind::kStart) ==
        WindowEdge{WindowEdgeKind::kStart, 3, 0, {"seq", "rand"}});
  CHECK(window_edge(plan, 1, 0, WindowEdgeKind::kEnd) == WindowEdge{WindowEdgeKind::kEnd, 0, 1, {"late"}});

  RunSetup bonnie;
  bonnie.sync_test = SyncTestSpec{};
  const Plan fsync = plan_of(bonnie);
  REQUIRE(fsync.groups.size() == 1);
  CHECK(window_edge(fsync, 0, 0, WindowEdgeKind::kStart).tests == std::vector<std::string>{"fsync_latency"});
}

TEST_CASE("window command: success says nothing, an exit status or a signal is one line naming the edge") {
  const WindowEdge start{WindowEdgeKind::kStart, 0, 1, {"x"}};
  const WindowEdge end{WindowEdgeKind::kEnd, 1, 4, {"x"}};
  CHECK_FALSE(window_command_failure(start, {0, 0}));
  CHECK(window_command_failure(start, {3, 0}) == "window command failed at the start of group 1: exit status 3");
  CHECK(window_command_failure(end, {0, 15}) == "window command failed at the end of group 4: killed by signal 15");
}

TEST_CASE("window command: the shell gets the edge in BENCH_WINDOW_JSON, and its status decides") {
  const test::TempDir dir;
  const std::filesystem::path out = dir.path() / "edge";
  const WindowEdge edge{WindowEdgeKind::kEnd, 1, 2, {"it's"}};
  run_window_command("printf %s \"$BENCH_WINDOW_JSON\" > '" + out.string() + "'", edge);
  CHECK(test::read_file(out) == window_edge_json(edge));
  CHECK(test::error_of<std::runtime_error>([&] { run_window_command("exit 1", edge); }) ==
        "window command failed at the end of group 2: exit status 1");
  CHECK(run_shell_command("exit 42", {}).exit_status == 42);
  CHECK(run_shell_command("kill -TERM $$", {}).signal == SIGTERM);
  CHECK(run_shell_command("test \"$A\" = 1 && test \"$PATH\" = \"$B\"", {{"A", "1"}, {"B", std::getenv("PATH")}})
            .succeeded());
}

}  // namespace bench
