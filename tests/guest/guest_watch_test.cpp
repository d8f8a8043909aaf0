// scripts/guest-run.sh on machines where a guest can go wrong: a /dev/kvm whose KVM cannot run a guest (a
// stand-in QEMU fails as on a nested host), no /dev/kvm, a guest paused by a KVM internal error or gone silent
// mid-run, and a stop signal to guest-run.sh or host-vs-guest.sh. In every case the run ends promptly with its
// reason, and nothing is left running or on disk. The guests run under TCG with tiny sizes.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "guest/guest_test_support.h"
#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;
using test::FakeQemu;
using test::kScripts;
using test::kStaticBinary;

using Clock = std::chrono::steady_clock;

// A guest run as small as bench++ allows: the I/O tests on 4 MiB, nothing else.
const std::vector<std::string> kTinyRun = {"-s", "4M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"};

// Everything a test needs around one guest-run.sh: a TMPDIR of its own (so its work directory, and hence the
// command line of its QEMU, can be recognised), an --out directory, and the environment to run it in.
struct GuestSandbox {
  test::TempDir tmp;
  fs::path out = tmp.path() / "out";

  // env(1) arguments, then guest-run.sh with the static bench++ and --out.
  std::vector<std::string> guest_run(const std::vector<std::string>& environment,
                                     const std::vector<std::string>& args) const {
    std::vector<std::string> argv{"env", "TMPDIR=" + tmp.path().string()};
    argv.insert(argv.end(), environment.begin(), environment.end());
    argv.insert(argv.end(), {(kScripts / "guest-run.sh").string(), "--bench", kStaticBinary.string(), "--out",
                             out.string()});
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
  }

  // What the test left: processes that mention its TMPDIR (QEMU's command line holds the work directory), and
  // work directories. Waits up to 2 s for processes that are just exiting.
  void check_nothing_left() const {
    const auto deadline = Clock::now() + std::chrono::seconds(2);
    while (!test::processes_mentioning(tmp.path().string()).empty() && Clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    CHECK(test::processes_mentioning(tmp.path().string()).empty());
    for (const auto& entry : fs::directory_iterator(tmp.path())) {
      const std::string name = entry.path().filename().string();
      CHECK_MESSAGE(name.rfind("bench++-", 0) != 0, "left behind: " << name);
    }
  }
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

TEST_CASE("guest: KVM that fails as on a nested host: the probe proves it, the guest runs under TCG after a note") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  GuestSandbox box;
  const FakeQemu qemu(box.tmp.path() / "fake-qemu", FakeQemu::Pause::kNone);
  // /dev/null stands in for a /dev/kvm that exists: a character device anyone may open.
  const std::vector<std::string> broken_kvm = {qemu.path_variable(), "BENCH_GUEST_KVM_DEVICE=/dev/null"};

  SUBCASE("by default") {
    const auto start = Clock::now();
    const test::CommandOutput result = test::run_program(box.guest_run(broken_kvm, kTinyRun));
    INFO("stderr:\n" << result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(seconds_since(start) < 120);
    CHECK(contains(result.err, "KVM cannot boot this guest here, so it runs under TCG"));
    CHECK(contains(result.err, "-cpu host: QEMU exited with status 134: error: failed to set MSR 0x10a to 0x69"));
    CHECK(contains(result.err, "-cpu host,-arch-capabilities: QEMU reported: KVM internal error. Suberror: 1"));
    // The probe's QEMU that aborts is reported by the probe's note alone, never by the shell as a crash
    // ("line N: PID Aborted").
    CHECK_FALSE(contains(result.err, "Aborted"));
    CHECK(contains(test::read_file(box.out / "kvm-probe.log"), "emulation failure"));
    CHECK(contains(test::read_file(box.out / "qemu-command"), "-accel tcg -cpu max"));
    CHECK(test::only_run(box.out / "result.csv").info.hypervisor == "qemu");  // TCG, as the guest sees it
    box.check_nothing_left();
  }
  SUBCASE("--accel kvm (or BENCH_GUEST_ACCEL=kvm) fails at once with QEMU's error; the verdict is kept") {
    std::vector<std::string> pinned = broken_kvm;
    pinned.emplace_back("BENCH_GUEST_ACCEL=kvm");
    for (const bool cached : {false, true}) {
      const auto start = Clock::now();
      const test::CommandOutput result = test::run_program(box.guest_run(pinned, kTinyRun));
      INFO("stderr:\n" << result.err);
      CHECK(result.exit_code == 1);
      CHECK(seconds_since(start) < 60);
      CHECK(contains(result.err, "guest-run: error: --accel kvm: KVM cannot boot this guest here: -cpu host: "
                                 "QEMU exited with status 134: error: failed to set MSR 0x10a to 0x69"));
      CHECK(contains(result.err, "probed earlier this boot") == cached);
      CHECK(!fs::exists(box.out / "result.csv"));
    }
    box.check_nothing_left();
  }
}

TEST_CASE("guest: a QEMU that aborts is QEMU's status to the watch, never the shell's 'Aborted' line") {
  // KVM's failures abort QEMU. The shell reaps a launched QEMU as soon as it dies (here during the sleep, as
  // during the probe's own waits) and would print "line N: PID Aborted" then, had it started QEMU itself.
  const test::TempDir dir;
  const fs::path aborting = dir.path() / "qemu";
  std::ofstream(aborting) << "#!/bin/sh\nulimit -c 0\necho 'qemu: error: KVM cannot run here' >&2\nkill -ABRT $$\n";
  fs::permissions(aborting, fs::perms::owner_all);
  const std::string d = dir.path().string();
  const test::CommandOutput result = test::run_program(
      {"bash", "-c",
       "source \"$1\"; qemu_bin=$2; qemu_launch \"$3/console\" \"$3/err\" \"$3/beat\" -accel kvm; sleep 1; "
       "qemu_watch \"$3/console\" \"$3/err\" \"$3/beat\" 0 5 5 5; echo \"$watch_outcome $qemu_status\"",
       "watch", (kScripts / "lib" / "qemu-watch.sh").string(), aborting.string(), d});
  INFO("stderr:\n" << result.err);
  CHECK(result.out == "exited 134\n");
  CHECK(result.err.empty());
  CHECK(test::read_file(dir.path() / "err") == "qemu: error: KVM cannot run here\n");
}

TEST_CASE("guest: --accel kvm without a KVM device, and drive options QEMU refuses, fail before anything boots") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  GuestSandbox box;
  SUBCASE("no KVM device") {
    const auto result = test::run_program(
        box.guest_run({"BENCH_GUEST_KVM_DEVICE=/nonexistent/kvm"}, {"--accel", "kvm", "-s", "4M"}));
    CHECK(result.exit_code == 1);
    CHECK(contains(result.err, "guest-run: error: --accel kvm: /nonexistent/kvm is missing"));
  }
  SUBCASE("aio=native without O_DIRECT") {
    const auto result = test::run_program(box.guest_run({}, {"--check-only", "--drive-opts", "aio=native"}));
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "guest-run: QEMU refuses the variant 'aio=native': "));
    CHECK(contains(result.err, "cache.direct"));
  }
  SUBCASE("an option the script sets itself") {
    const auto result = test::run_program(box.guest_run({}, {"--check-only", "--drive-opts", "cache=none,if=ide"}));
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "--variant: 'if' is set by this script"));
  }
  SUBCASE("cache=none where the work directory has no O_DIRECT (ramfs) falls back to the page cache") {
    if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a ramfs needs root")) return;
    const fs::path ramfs = box.tmp.path() / "ramfs";
    fs::create_directory(ramfs);
    REQUIRE(test::run_program({"mount", "-t", "ramfs", "ramfs", ramfs.string()}).exit_code == 0);
    const auto result = test::run_program({"env", "TMPDIR=" + ramfs.string(), (kScripts / "guest-run.sh").string(),
                                           "--bench", kStaticBinary.string(), "--out", box.out.string(),
                                           "--check-only", "--drive-opts", "cache=none,aio=native"});
    test::run_program({"umount", "-l", ramfs.string()});
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.err, "filesystem (ramfs) does not support O_DIRECT, which 'cache=none,aio=native' needs: "
                               "the guest's disk uses 'cache=writeback,aio=threads' instead"));
  }
  SUBCASE("options QEMU accepts") {
    const auto result = test::run_program(
        box.guest_run({}, {"--check-only", "--drive-opts", "cache=writeback,aio=threads,discard=unmap"}));
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.err, "the variant 'cache=writeback,aio=threads,discard=unmap' are fine"));
  }
  box.check_nothing_left();
}

TEST_CASE("guest: a guest paused mid-run ends the run at once (KVM internal error) or after --stall-timeout") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  GuestSandbox box;
  SUBCASE("a KVM internal error, on a machine without /dev/kvm") {
    const FakeQemu qemu(box.tmp.path() / "fake-qemu", FakeQemu::Pause::kWithKvmError);
    const auto start = Clock::now();
    const test::CommandOutput result = test::run_program(box.guest_run(
        {qemu.path_variable(), "BENCH_GUEST_KVM_DEVICE=/nonexistent/kvm"},
        {"--stall-timeout", "300", "-s", "4M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0"}));
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 1);
    CHECK(seconds_since(start) < 90);
    CHECK(contains(result.err, "no usable /nonexistent/kvm: the guest runs under TCG"));
    CHECK(contains(result.err, "guest-run: error: QEMU reported: KVM internal error. Suberror: 1 emulation failure"));
    CHECK(contains(test::read_file(box.out / "console.log"), "bench++-guest: running: bench++"));
    CHECK(contains(test::read_file(box.out / "qemu.err"), "KVM internal error"));
    CHECK(!fs::exists(box.out / "result.csv"));
  }
  SUBCASE("silence") {
    const FakeQemu qemu(box.tmp.path() / "fake-qemu", FakeQemu::Pause::kSilently);
    const auto start = Clock::now();
    const test::CommandOutput result = test::run_program(
        box.guest_run({qemu.path_variable(), "BENCH_GUEST_ACCEL=tcg"}, {"--stall-timeout", "15", "-s", "4M"}));
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 1);
    CHECK(seconds_since(start) < 100);
    CHECK(contains(result.err, "guest-run: error: no console output and no heartbeat from the guest for 15 s"));
    CHECK(fs::exists(box.out / "qemu.err"));
    CHECK(contains(test::read_file(box.out / "console.log"), "bench++-guest: running: bench++"));
  }
  box.check_nothing_left();
}

TEST_CASE("guest: SIGTERM to guest-run.sh stops QEMU and removes its files") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  GuestSandbox box;
  // Big enough to be still running when the signal comes: bench++ writes 64 MiB under TCG.
  test::BackgroundProcess script(box.guest_run({"BENCH_GUEST_ACCEL=tcg"}, {"-s", "64M", "-n", "0", "-r", "0", "-q"}));
  REQUIRE(script.wait_for_stderr("guest-run: booting", std::chrono::seconds(120)));
  REQUIRE(script.wait_until([&] { return fs::exists(box.out / "qemu-command"); }, std::chrono::seconds(5)));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  script.send_signal(SIGTERM);
  const auto result = script.finish(std::chrono::seconds(30));
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 143);
  CHECK(fs::exists(box.out / "console.log"));
  box.check_nothing_left();
}

TEST_CASE("guest: Ctrl-C in the middle of round 2 leaves no QEMU, no sshd and no files") {
  if (test::skip_if(test::guest_skip_reason(false))) return;
  GuestSandbox box;
  const std::string script = (kScripts / "host-vs-guest.sh").string();
  // host-vs-guest.sh with 3 rounds in the sandbox's TMPDIR.
  const auto host_vs_guest = [&](const std::vector<std::string>& args) {
    return test::with({"env", "TMPDIR=" + box.tmp.path().string(), "BENCH_GUEST_ACCEL=tcg", script, "--bench",
                       kStaticBinary.string(), "--out", box.out.string(), "--rounds", "3"},
                      args);
  };
  // What Ctrl-C must leave: exit status 130, no comparison, the side's rounds before it kept.
  const auto check_stopped = [&](test::BackgroundProcess& running, const std::string& side) {
    running.send_signal(SIGINT);
    const auto result = running.finish(std::chrono::seconds(30));
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 130);
    CHECK(!fs::exists(box.out / "comparison.txt"));
    CHECK(fs::exists(box.out / side / "round-1" / "result.csv"));
  };

  SUBCASE("a QEMU guest running bench++") {
    if (test::skip_if(test::guest_skip_reason(true))) return;
    test::BackgroundProcess running(host_vs_guest({"-s", "16M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"}));
    // Round 2 starts with the guest.
    REQUIRE(running.wait_for_stderr("round 2 of 3, 1 of 2: guest", std::chrono::seconds(240)));
    std::this_thread::sleep_for(std::chrono::seconds(1));
    check_stopped(running, "host");  // (a QEMU guest's rounds are on its disk, which goes with its guest)
    CHECK(fs::exists(box.out / "guest" / "console.log"));
  }
  SUBCASE("bench++ on the host, with a guest through 'sh -c'") {
    test::BackgroundProcess running(
        host_vs_guest({"--guest-cmd", "sh -c", "-s", "32M", "-f256k", "-n", "0", "--no-sync-test", "-r", "0", "-q"}));
    const std::string host_dir = (box.tmp.path() / "bench++-host.").string();
    REQUIRE(running.wait_for_stderr("round 2 of 3, 2 of 2: host", std::chrono::seconds(240)));
    REQUIRE(running.wait_until([&] { return !test::processes_mentioning(host_dir).empty(); }, std::chrono::seconds(30)));
    check_stopped(running, "host");
  }
  SUBCASE("bench++ on an ssh guest") {
    if (test::skip_if(test::SshGuest::unavailable_reason())) return;
    const fs::path ssh_dir = box.tmp.path() / "ssh";
    fs::create_directory(ssh_dir);
    {
      const test::SshGuest guest(ssh_dir);
      test::BackgroundProcess running(guest.on_client(host_vs_guest(
          {"--guest-cmd", guest.guest_cmd(), "-s", "32M", "-f256k", "-n", "0", "--no-sync-test", "-r", "0", "-q"})));
      // The far side's bench++ of round 2 (which starts with the guest) is running.
      const auto remote_round_2 = [&] {
        for (const pid_t pid : guest.server_host_processes()) {
          const std::string line = test::command_line_of(pid);
          if (contains(line, "bench++-remote.") && contains(line, "round=2")) return true;
        }
        return false;
      };
      REQUIRE(running.wait_until(remote_round_2, std::chrono::seconds(240)));
      check_stopped(running, "guest");
      // On the far side: no bench++, no session, no file.
      const auto deadline = Clock::now() + std::chrono::seconds(3);
      while (guest.server_host_processes().size() > 1 && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      CHECK(guest.server_host_processes() == std::vector<pid_t>{guest.server_pid()});
      CHECK(test::list_tree(guest.far_tmp()).empty());
    }
    CHECK(test::processes_mentioning((ssh_dir / "sshd_config").string()).empty());
    fs::remove_all(ssh_dir);  // the throw-away keys
  }
  box.check_nothing_left();
}

}  // namespace bench
