// The command line of `bench++ host-view` (cli/host_view_options.h).
#include "cli/host_view_options.h"

#include <doctest/doctest.h>

#include "result/errors.h"
#include "test_support.h"

namespace bench {

TEST_CASE("host-view options: each action with what it needs, in both spellings") {
  const HostViewRequest setup = parse_host_view_command_line({"setup", "--qmp", "/w/qmp.sock"});
  CHECK(setup.action == HostViewAction::kSetup);
  CHECK(setup.qmp == "/w/qmp.sock");
  CHECK_FALSE(setup.drive);
  CHECK(parse_host_view_command_line({"setup", "--qmp=/s", "--drive=bench"}).drive == "bench");
  const HostViewRequest snapshot = parse_host_view_command_line(
      {"snapshot", "--qmp", "/s", "--drive", "bench", "--qemu-pid", "4242", "--image", "/w/disk.img", "--guest-stat",
       "cpu  1 2 3 4 5 6 7 8", "--window", R"({"edge":"start"})"});
  CHECK(snapshot.action == HostViewAction::kSnapshot);
  CHECK(snapshot.qemu_pid == 4242);
  CHECK(snapshot.image == "/w/disk.img");
  CHECK(snapshot.guest_stat == "cpu  1 2 3 4 5 6 7 8");
  CHECK(snapshot.window == R"({"edge":"start"})");
  const HostViewRequest attach = parse_host_view_command_line({"attach", "--snapshots", "w.jsonl", "r.json"});
  CHECK(attach.action == HostViewAction::kAttach);
  CHECK(attach.snapshots == "w.jsonl");
  CHECK(attach.result == "r.json");
  CHECK(parse_host_view_command_line({"--help"}).action == HostViewAction::kHelp);
  CHECK(parse_host_view_command_line({"attach", "-h"}).action == HostViewAction::kHelp);
}

TEST_CASE("host-view options: what is wrong, in one line") {
  const std::vector<std::string> snapshot = {"snapshot", "--qmp", "/s", "--drive", "d", "--image", "i", "--window", "{}"};
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  const std::vector<Case> cases = {
      {{}, "host-view: needs setup, snapshot or attach (see bench++ host-view --help)"},
      {{"watch"}, "host-view: unknown action 'watch': setup, snapshot or attach"},
      {{"setup"}, "host-view setup: needs --qmp"},
      {{"setup", "--qmp", "/s", "--image", "x"}, "host-view setup: unknown option '--image' (see bench++ host-view --help)"},
      {{"setup", "--qmp", "/s", "--qmp", "/t"}, "host-view setup: --qmp given twice"},
      {{"setup", "--qmp"}, "host-view setup: --qmp needs a value"},
      {{"setup", "--qmp="}, "host-view setup: --qmp has an empty value"},
      {{"setup", "--qmp", "/s", "extra"}, "host-view setup: unexpected 'extra'"},
      {snapshot, "host-view snapshot: needs --qemu-pid"},
      {test::with(snapshot, {"--qemu-pid", "0"}), "host-view snapshot: --qemu-pid '0' is not a process ID"},
      {test::with(snapshot, {"--qemu-pid", "12x"}), "host-view snapshot: --qemu-pid '12x' is not a process ID"},
      {{"attach", "--snapshots", "w"}, "host-view attach: needs one RESULT.json, got 0"},
      {{"attach", "--snapshots", "w", "a", "b"}, "host-view attach: needs one RESULT.json, got 2"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.error);
    CHECK(test::error_of<UsageError>([&] { parse_host_view_command_line(c.args); }) == c.error);
  }
}

}  // namespace bench
