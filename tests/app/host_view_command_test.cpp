// `bench++ host-view` as scripts/guest-run.sh runs it: setup and snapshot against a fake QEMU (a thread serving QMP
// on a UNIX socket with QEMU 7.2's own answers, tests/fixtures/qmp/), attach on a real guest-like result, and every
// broken snapshots file refused with one line naming its line, the result left byte for byte.
#include <sys/socket.h>
#include <sys/un.h>
#include <poll.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include <algorithm>

#include <atomic>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "report/json/host_view_snapshot_json.h"
#include "report/json/json_report.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// QMP on `path`: QEMU 7.2's greeting, then an answer per command from `answers` (by name; "{}" otherwise), an event
// before each. Records the commands it got.
class FakeQmp {
 public:
  FakeQmp(fs::path path, std::map<std::string, std::string> answers) : answers_(std::move(answers)) {
    listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
    REQUIRE(::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0);
    REQUIRE(::listen(listener_, 4) == 0);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeQmp() {
    stop_ = true;
    thread_.join();
    ::close(listener_);
  }
  std::vector<json> commands() {
    const std::lock_guard lock(mutex_);
    return commands_;
  }

 private:
  void serve() {
    while (!stop_) {
      pollfd one{listener_, POLLIN, 0};
      if (::poll(&one, 1, 50) <= 0) continue;
      const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (connection < 0) continue;
      converse(connection);
      ::close(connection);
    }
  }
  void send(int connection, const std::string& line) {
    const std::string text = line + "\r\n";
    (void)!::write(connection, text.data(), text.size());
  }
  void converse(int connection) {
    send(connection, test::lines_of(test::read_fixture("qmp/qemu-7.2-session.txt")).at(0));
    std::string buffer;
    char chunk[4096];
    for (;;) {
      const ssize_t n = ::read(connection, chunk, sizeof(chunk));
      if (n <= 0) return;
      buffer.append(chunk, static_cast<std::size_t>(n));
      for (std::size_t end; (end = buffer.find('\n')) != std::string::npos;) {
        const json command = json::parse(buffer.substr(0, end));
        buffer.erase(0, end + 1);
        {
          const std::lock_guard lock(mutex_);
          commands_.push_back(command);
        }
        send(connection, R"({"timestamp": {"seconds": 1, "microseconds": 2}, "event": "RESUME"})");
        const auto answer = answers_.find(command.at("execute").get<std::string>());
        send(connection, answer == answers_.end() ? R"({"return": {}})" : answer->second);
      }
    }
  }

  std::map<std::string, std::string> answers_;
  int listener_ = -1;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::mutex mutex_;
  std::vector<json> commands_;
};

// QEMU 7.2's answers to query-block and query-blockstats, as the fixture has them.
std::map<std::string, std::string> qemu_answers() {
  const std::vector<std::string> session = test::lines_of(test::read_fixture("qmp/qemu-7.2-session.txt"));
  return {{"query-block", session.at(2)}, {"query-blockstats", session.at(3)}};
}

std::vector<std::string> snapshot_args(const fs::path& socket, const fs::path& image, const std::string& window) {
  return {"host-view", "snapshot", "--qmp", socket.string(), "--drive", "bench", "--qemu-pid",
          std::to_string(::getpid()), "--image", image.string(), "--guest-stat", "cpu  100 0 50 1000 10 0 0 0 0 0",
          "--window", window};
}

}  // namespace

TEST_CASE("host-view setup: finds the benchmark drive, asks for its histograms by its device, prints its name") {
  const test::TempDir dir;
  FakeQmp qemu(dir.path() / "q.sock", qemu_answers());
  const test::CommandOutput r = test::run_bench({"host-view", "setup", "--qmp", (dir.path() / "q.sock").string()});
  CHECK_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.out == "bench\n");
  CHECK(r.err.empty());
  const std::vector<json> commands = qemu.commands();
  REQUIRE(commands.size() == 3);
  CHECK(commands[0].at("execute") == "qmp_capabilities");
  CHECK(commands[1].at("execute") == "query-block");
  CHECK(commands[2].at("execute") == "block-latency-histogram-set");
  CHECK(commands[2].at("arguments").at("id") == "/machine/peripheral/benchdisk/virtio-backend");
  CHECK(commands[2].at("arguments").at("boundaries").size() == 22);
}

TEST_CASE("host-view setup: a QEMU that refuses histograms is no error, an unknown drive is") {
  const test::TempDir dir;
  std::map<std::string, std::string> answers = qemu_answers();
  answers["block-latency-histogram-set"] = R"({"error": {"class": "CommandNotFound", "desc": "The command block-latency-histogram-set has not been found"}})";
  FakeQmp qemu(dir.path() / "q.sock", answers);
  const std::string socket = (dir.path() / "q.sock").string();
  const test::CommandOutput refused = test::run_bench({"host-view", "setup", "--qmp", socket});
  CHECK(refused.exit_code == 0);
  CHECK(refused.out == "bench\n");
  CHECK(refused.err ==
        "bench++: warning: QEMU keeps no latency histograms of drive 'bench' (The command block-latency-histogram-set "
        "has not been found): the windows have none\n");
  const test::CommandOutput named = test::run_bench({"host-view", "setup", "--qmp", socket, "--drive", "ro"});
  CHECK(named.out == "ro\n");
  const test::CommandOutput unknown = test::run_bench({"host-view", "setup", "--qmp", socket, "--drive", "nvme0"});
  CHECK(unknown.exit_code == 1);
  CHECK(unknown.out.empty());
  CHECK(unknown.err == "bench++: QEMU has no drive 'nvme0' (its drives: 'bench', 'ro', 'cd0')\n");
}

TEST_CASE("host-view snapshot: one line with the window, QEMU's figures, QEMU's threads and the guest's CPU") {
  const test::TempDir dir;
  FakeQmp qemu(dir.path() / "q.sock", qemu_answers());
  const fs::path image = dir.path() / "disk.img";
  std::ofstream(image) << "x";
  const std::string window = R"({"edge":"start","run":0,"group":1,"tests":["randread"]})";
  const test::CommandOutput r = test::run_bench(snapshot_args(dir.path() / "q.sock", image, window));
  CHECK_MESSAGE(r.exit_code == 0, r.err);
  REQUIRE(test::lines_of(r.out).size() == 1);
  const HostViewSnapshot s = read_snapshot_line(test::lines_of(r.out)[0]);
  CHECK(s.window == WindowEdge{WindowEdgeKind::kStart, 0, 1, {"randread"}});
  CHECK(s.drive == "bench");
  CHECK(s.monotonic_ns > 0);
  REQUIRE(s.qemu);
  CHECK(s.qemu->read == QemuDirectionStats{1, 512, 0, 197563});
  CHECK(s.qemu->read_histogram);
  REQUIRE(s.qemu_cpu);  // this test's own process stands for QEMU's
  // The process's own first thread (its tid its pid) is the main loop; the others' tids may be lower (pids wrap).
  const auto& threads = s.qemu_cpu->threads;
  const auto main_thread = std::find_if(threads.begin(), threads.end(),
                                        [](const auto& t) { return t.tid == std::uint64_t(::getpid()); });
  REQUIRE(main_thread != threads.end());
  CHECK(main_thread->kind == QemuThreadKind::kMainLoop);
  CHECK(s.guest_cpu == GuestCpuSample{150, 1160, 100});
  // The guest's line may come without its "cpu" word.
  std::vector<std::string> numbers_alone = snapshot_args(dir.path() / "q.sock", image, window);
  numbers_alone[11] = "100 0 50 1000 10 0 0 0 0 0";
  const test::CommandOutput alone = test::run_bench(numbers_alone);
  CHECK(read_snapshot_line(test::lines_of(alone.out).at(0)).guest_cpu == GuestCpuSample{150, 1160, 100});
  // The host device under the image: a reading when the temporary directory is on a block device (null on tmpfs).
  if (s.host_device) CHECK_FALSE(s.host_device->name.empty());
}

TEST_CASE("host-view snapshot: a failed reading is null with a warning, no QEMU or a bad window is an error") {
  const test::TempDir dir;
  std::map<std::string, std::string> answers = qemu_answers();
  answers["query-blockstats"] = R"({"error": {"class": "GenericError", "desc": "nope"}})";
  FakeQmp qemu(dir.path() / "q.sock", answers);
  const std::string window = R"({"edge":"end","run":0,"group":1,"tests":[]})";
  std::vector<std::string> args = snapshot_args(dir.path() / "q.sock", dir.path(), window);
  args[7] = "2147483647";  // no such process
  args[11] = "not a cpu line";
  const test::CommandOutput r = test::run_bench(args);
  CHECK(r.exit_code == 0);
  const HostViewSnapshot s = read_snapshot_line(test::lines_of(r.out).at(0));
  CHECK_FALSE(s.qemu);
  CHECK_FALSE(s.qemu_cpu);
  CHECK_FALSE(s.guest_cpu);
  CHECK(test::lines_of(r.err) == std::vector<std::string>{
                                     "bench++: warning: QMP's query-blockstats: nope",
                                     "bench++: warning: cannot read QEMU's process 2147483647 in /proc",
                                     "bench++: warning: --guest-stat is not a /proc/stat \"cpu\" line: not a cpu line"});

  const test::CommandOutput unreachable = test::run_bench(snapshot_args(dir.path() / "none.sock", dir.path(), window));
  CHECK(unreachable.exit_code == 1);
  CHECK(unreachable.out.empty());
  CHECK(unreachable.err == "bench++: cannot reach QEMU's QMP socket " + (dir.path() / "none.sock").string() +
                               ": No such file or directory\n");
  const test::CommandOutput bad_window = test::run_bench(snapshot_args(dir.path() / "q.sock", dir.path(), "{}"));
  CHECK(bad_window.exit_code == 2);
  CHECK(bad_window.err == "bench++: host-view snapshot: --window: window: missing key 'edge'\n");
}

namespace {

// A guest-like result: `bench++ job` of two groups, "a" then "b", as r.json in `dir`.
fs::path guest_result(const fs::path& dir) {
  const fs::path job = dir / "two.fio";
  std::ofstream(job) << "[a]\nrw=read\nsize=64k\n[b]\nstonewall\nrw=write\nsize=64k\n";
  fs::create_directory(dir / "work");
  const fs::path result = dir / "r.json";
  const test::CommandOutput r =
      test::run_bench({"job", "-q", "-d", (dir / "work").string(), "--json", result.string(), job.string()});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  return result;
}

HostViewSnapshot edge(WindowEdgeKind kind, std::uint64_t group, std::uint64_t reads, std::uint64_t at_ns) {
  HostViewSnapshot s;
  s.window = {kind, 0, group, {group == 0 ? "a" : "b"}};
  s.drive = "bench";
  s.monotonic_ns = at_ns;
  s.qemu = QemuDriveStats{};
  s.qemu->read.requests = reads;
  return s;
}

std::string lines(const std::vector<HostViewSnapshot>& snapshots) {
  std::string text;
  for (const HostViewSnapshot& s : snapshots) text += snapshot_line(s) + "\n";
  return text;
}

}  // namespace

TEST_CASE("host-view attach: the windows go into the guest's result, which compare reads back") {
  const test::TempDir dir;
  const fs::path result = guest_result(dir.path());
  const fs::path snapshots = dir.path() / "windows-0.jsonl";
  std::ofstream(snapshots) << lines({edge(WindowEdgeKind::kStart, 0, 10, 1000), edge(WindowEdgeKind::kEnd, 0, 26, 5000),
                                     edge(WindowEdgeKind::kStart, 1, 26, 6000), edge(WindowEdgeKind::kEnd, 1, 26, 9000)});
  const test::CommandOutput r =
      test::run_bench({"host-view", "attach", "--snapshots", snapshots.string(), result.string()});
  CHECK_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.out.empty());
  const std::vector<RunResult> runs = read_json_report(test::read_file(result), result.string());
  REQUIRE(runs.size() == 1);
  REQUIRE(runs[0].host_view);
  CHECK(runs[0].host_view->drive == "bench");
  REQUIRE(runs[0].host_view->windows.size() == 2);
  CHECK(runs[0].host_view->windows[0].tests == std::vector<std::string>{"a"});
  CHECK(runs[0].host_view->windows[0].qemu.read.requests == 16);
  CHECK(runs[0].host_view->windows[0].elapsed == std::chrono::nanoseconds(4000));
  CHECK(runs[0].host_view->windows[1].qemu.read.requests == 0);
  const test::CommandOutput compare = test::run_bench({"compare", result.string()});
  CHECK_MESSAGE(compare.exit_code == 0, compare.err);
}

TEST_CASE("host-view attach: broken snapshots are refused in one line naming the file and line, the result kept") {
  const test::TempDir dir;
  const fs::path result = guest_result(dir.path());
  const std::string before = test::read_file(result);
  const std::vector<std::string> tree = test::list_tree(dir.path());
  const std::string start = snapshot_line(edge(WindowEdgeKind::kStart, 0, 10, 1000));
  const std::string end = snapshot_line(edge(WindowEdgeKind::kEnd, 0, 26, 5000));
  json unknown_key = json::parse(end);
  unknown_key["extra"] = 1;
  const std::string went_back = snapshot_line(edge(WindowEdgeKind::kEnd, 0, 3, 5000));
  const std::string other_run = snapshot_line([&] {
    HostViewSnapshot s = edge(WindowEdgeKind::kStart, 0, 10, 1000);
    s.window.run = 5;
    return s;
  }());
  HostViewSnapshot run5_end = edge(WindowEdgeKind::kEnd, 0, 11, 2000);
  run5_end.window.run = 5;
  struct Case {
    std::string text;
    std::string error;  // after "bench++: FILE:"
  };
  const std::vector<Case> cases = {
      {start + "\n", "1: the start of run 0 group 0 has no end (the file ends first)"},
      {start + "\n" + start + "\n" + end + "\n", "1: the start of run 0 group 0 has no end (line 2 starts another window)"},
      {end + "\n", "1: the end of run 0 group 0 has no start before it"},
      {start + "\n" + unknown_key.dump() + "\n", "2: : unknown key 'extra'"},
      {start + "\n" + went_back + "\n", "2: QEMU's read requests went back from 10 to 3 (since line 1)"},
      {start + "\n\n" + end.substr(0, 40) + "\n", "3: not JSON"},
      {start + "\n" + end + "\n" + other_run + "\n" + snapshot_line(run5_end) + "\n", ""},  // no run 5 in the result
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const fs::path snapshots = dir.path() / "w.jsonl";
    std::ofstream(snapshots) << c.text;
    const test::CommandOutput r =
        test::run_bench({"host-view", "attach", "--snapshots", snapshots.string(), result.string()});
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    REQUIRE(test::lines_of(r.err).size() == 1);
    if (c.error.empty()) {
      CHECK(r.err == "bench++: " + result.string() + ": has no run with run_index 5, which the host saw 1 window of\n");
    } else {
      CHECK(r.err == "bench++: " + snapshots.string() + ":" + c.error + "\n");
    }
    CHECK(test::read_file(result) == before);
    fs::remove(snapshots);
    CHECK(test::list_tree(dir.path()) == tree);  // no temporary left beside it
  }
  const test::CommandOutput missing =
      test::run_bench({"host-view", "attach", "--snapshots", (dir.path() / "none").string(), result.string()});
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "bench++: cannot read " + (dir.path() / "none").string() + "\n");
  CHECK(test::read_file(result) == before);
}

}  // namespace bench
