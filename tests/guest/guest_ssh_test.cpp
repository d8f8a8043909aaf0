// scripts/host-vs-guest.sh --guest-cmd 'ssh ...' against a real OpenSSH server (Debian's sshd, started by the
// test on a host of its own: a network namespace, with throw-away keys; guest_test_support.h SshGuest): the
// static bench++ is copied over, run there in every round, its results fetched back, and everything it put on
// the far side removed, with nothing left on either side (processes, files, keys). Ctrl-C in the middle of a
// remote run is tested with the QEMU guests' (guest_watch_test.cpp). Skipped, with a message, without root,
// OpenSSH or network namespaces.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "guest/guest_test_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;
using test::kScripts;
using test::kStaticBinary;
using test::only_run;

// What a file is now (nothing if it does not exist): its size and modification time, to prove it untouched.
std::string state_of(const fs::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return "absent";
  return std::to_string(info.st_size) + "@" + std::to_string(info.st_mtim.tv_sec) + "." +
         std::to_string(info.st_mtim.tv_nsec);
}

// The states of the machine's own ssh files, which the test must leave alone.
std::vector<std::string> machine_ssh_files() {
  const char* home = std::getenv("HOME");
  const fs::path dot_ssh = fs::path(home != nullptr ? home : "/root") / ".ssh";
  std::vector<std::string> states;
  for (const fs::path& file : {dot_ssh, dot_ssh / "known_hosts", dot_ssh / "authorized_keys", dot_ssh / "config",
                               fs::path("/etc/ssh/ssh_known_hosts"), fs::path("/run/sshd")}) {
    states.push_back(file.string() + ": " + state_of(file));
  }
  return states;
}

// Entries of `dir` whose names start with "bench++-": what the scripts make in a TMPDIR.
std::vector<std::string> bench_entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("bench++-", 0) == 0) names.push_back(name);
  }
  return names;
}

}  // namespace

TEST_CASE("guest: host-vs-guest.sh over ssh: bench++ copied, run in rounds, fetched and removed, nothing left") {
  if (test::skip_if(test::guest_skip_reason(false))) return;
  if (test::skip_if(test::SshGuest::unavailable_reason())) return;
  test::TempDir tmp;
  const fs::path ssh_dir = tmp.path() / "ssh";
  const fs::path host_tmp = tmp.path() / "host-tmp";
  const fs::path out = tmp.path() / "out";
  fs::create_directories(ssh_dir);
  fs::create_directories(host_tmp);
  const std::vector<std::string> machine_before = machine_ssh_files();
  const std::string config = (ssh_dir / "sshd_config").string();
  {
    const test::SshGuest guest(ssh_dir);
    const test::CommandOutput result = test::run_program(guest.on_client(
        {"env", "TMPDIR=" + host_tmp.string(), (kScripts / "host-vs-guest.sh").string(), "--bench",
         kStaticBinary.string(), "--out", out.string(), "--rounds", "2", "--guest-cmd", guest.guest_cmd(), "-s",
         "1M:4k", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"}));
    INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
    REQUIRE(result.exit_code == 0);

    // Both rounds came back from the far side: run in its session's TMPDIR, tagged with their round.
    for (const std::string round : {"1", "2"}) {
      const RunResult remote = only_run(out / "guest" / ("round-" + round) / "result.csv");
      CHECK(remote.info.label == "guest");
      CHECK(contains(remote.info.tags, "round=" + round));
      CHECK(remote.info.directory.rfind((guest.far_tmp() / "bench++-remote.").string(), 0) == 0);
      CHECK(fs::exists(out / "guest" / ("round-" + round) / "result.json"));
      CHECK(contains(test::read_file(out / "guest" / ("round-" + round) / "output.txt"), "Per Chr"));
      CHECK(only_run(out / "host" / ("round-" + round) / "result.csv").info.label == "host");
    }
    const std::string comparison = test::flat_text(out / "comparison.txt");
    CHECK(contains(comparison, "Ratios are the median of the per-round ratios"));
    CHECK(contains(comparison, "guest vs host"));
    CHECK(contains(comparison, "(rounds "));
    CHECK(contains(comparison, "drift check: host's throughput in its last round against its first"));

    // Nothing left on the far side: no file in its TMPDIR, no process on its host but the listening sshd
    // (session processes may take a moment to exit after the client closed).
    CHECK(test::list_tree(guest.far_tmp()).empty());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    while (guest.server_host_processes().size() > 1 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    CHECK(guest.server_host_processes() == std::vector<pid_t>{guest.server_pid()});
    // Nor on this side; the client's known host went to the test's own file.
    CHECK(bench_entries(host_tmp).empty());
    CHECK(contains(test::read_file(ssh_dir / "known_hosts"), test::SshGuest::kAddress));
  }
  // The server is gone with its keys' directory's last user; the machine's own ssh files are as they were.
  CHECK(test::processes_mentioning(config).empty());
  CHECK(machine_ssh_files() == machine_before);
}

}  // namespace bench
