// scripts/guest-run.sh --host-view (on by default): the host's view of each window of a real QEMU guest's run
// (QEMU's drive statistics over QMP, the host device under the disk image, QEMU's and the guest's CPU), attached
// to the guest's result.json, checked against the guest's own request counts; --host-view off; and a QEMU whose
// QMP socket cannot be reached, which costs the host view and nothing else.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "guest/guest_test_support.h"
#include "report/result_file.h"
#include "result/phase_id.h"
#include "result/test_id.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;

// Direct 4 KiB random reads, then (a group of its own) direct 4 KiB random writes, on one 16 MiB file.
constexpr const char* kDirectJob = R"([global]
size=16M
bs=4k
direct=1
ioengine=libaio
iodepth=4
runtime=2
time_based
filename=hostview.dat

[randread]
rw=randread

[randwrite]
stonewall
rw=randwrite
)";

// guest-run.sh with the static bench++ in the guest and the ordinary build's bench++ for the host's side.
std::vector<std::string> guest_run(const test::TempDir& tmp, const std::vector<std::string>& environment,
                                   const std::vector<std::string>& args) {
  std::vector<std::string> argv{"env", "TMPDIR=" + tmp.path().string(), std::string("BENCH_BINARY=") + BENCH_BINARY};
  argv.insert(argv.end(), environment.begin(), environment.end());
  argv.insert(argv.end(), {(test::kScripts / "guest-run.sh").string(), "--bench", test::kStaticBinary.string(), "--out",
                           (tmp.path() / "out").string(), "--timeout", "240"});
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

RunResult json_run(const fs::path& json) {
  const std::vector<RunResult> runs = parse_result_text(test::read_file(json), json.string()).runs;
  REQUIRE(runs.size() == 1);
  return runs.front();
}

const PhaseResult& phase_named(const RunResult& run, const std::string& key) {
  const auto found = std::find_if(run.phases.begin(), run.phases.end(),
                                  [&](const PhaseResult& phase) { return test_key(test_id(phase)) == key; });
  REQUIRE_MESSAGE(found != run.phases.end(), "no " << key);
  return *found;
}

const HostViewWindow& window_of(const HostView& view, const std::string& test) {
  const auto found = std::find_if(view.windows.begin(), view.windows.end(), [&](const HostViewWindow& window) {
    return window.tests == std::vector<std::string>{test};
  });
  REQUIRE_MESSAGE(found != view.windows.end(), "no window of " << test);
  return *found;
}

// Whether the directory's filesystem lies on a block device of this machine's (/sys/dev/block/MAJ:MIN), as an
// ext4 on a disk does and tmpfs or overlayfs do not.
bool on_block_device(const fs::path& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return false;
  return fs::exists("/sys/dev/block/" + std::to_string(major(st.st_dev)) + ":" + std::to_string(minor(st.st_dev)));
}

// QEMU's requests for a direct workload are the guest's own, plus the few the guest's ext4 makes around them
// (its journal's commits, the file's inode and extent blocks after the caches were dropped): at most 2 % or 8
// more, never fewer.
void check_requests_match(std::uint64_t guest, std::uint64_t qemu, const char* direction) {
  CAPTURE(direction);
  CAPTURE(guest);
  CAPTURE(qemu);
  CHECK(guest > 100);
  CHECK(qemu >= guest);
  CHECK(qemu <= guest + std::max<std::uint64_t>(8, guest / 50));
}

// Runs `script` in bash with scripts/lib's signals.sh, qemu-watch.sh, guest-session.sh and guest-host-view.sh
// sourced, in `dir` ($1), with guest-run.sh's globals set: the session directory $1 holding the request `request`,
// the request port written to $1/port, and the host's bench++ a stand-in that logs its arguments to $1/calls (one
// line a call, | between them), prints a drive (setup) or a line (snapshot), and fails once $1/fail exists.
// `say LINE` hands the watch hook LINE as the console's next.
test::CommandOutput run_session_script(const fs::path& dir, const std::string& request, const std::string& script) {
  std::ofstream(dir / "bench++") << "#!/bin/bash\nIFS='|'; echo \"$*\" >>\"${0%/*}/calls\"\n"
                                    "[ ! -e \"${0%/*}/fail\" ] || { echo 'bench++: QMP went away' >&2; exit 1; }\n"
                                    "case $2 in setup) echo bench-disk ;; snapshot) echo '{}' ;; esac\n";
  fs::permissions(dir / "bench++", fs::perms::owner_all);
  std::string prelude;
  for (const char* file : {"signals.sh", "qemu-watch.sh", "guest-session.sh", "guest-host-view.sh"}) {
    prelude += ". '" + (test::kScripts / "lib" / file).string() + "'; ";
  }
  prelude += "kMarker=bench++-guest: kDiskId=bench-disk; note() { echo \"note: $*\" >&2; }; work=$1 session_dir=$1 "
             "session_owner='' host_view=on host_bench=$1/bench++ disk_image=$1/disk.raw; "
             "host_view_qemu_args; exec {request_fd}>\"$1/port\"; echo 4242 >\"$1/qemu.pid\"; forward_stop_signals; "
             "say() { watch_chunk=$1$'\\n'; session_watch_hook; }; session_request '" + request + "'; ";
  return test::run_program({"bash", "-c", prelude + script, "session", dir.string()});
}

const std::string kStart = R"({"edge":"start","run":0,"group":1,"tests":["randread"]})";
const std::string kEnd = R"({"edge":"end","run":0,"group":1,"tests":["randread"]})";

}  // namespace

TEST_CASE("guest: the session's watch hook has each window line's snapshot taken and answers it, whatever came first") {
  const test::TempDir dir;
  const std::string d = dir.path().string();
  SUBCASE("every window's edges, the windows attached") {
    const test::CommandOutput result = run_session_script(
        dir.path(), "run 3",
        "say 'bench++-guest: ready'; say 'bench++-guest: window " + kStart + " cpu  10 0 20 300'; "
        "say 'Writing intelligently...bench++-guest: window " + kEnd + " cpu  11 0 25 310'; "
        "host_view_attach 3 \"$1\"");
    INFO("stderr:\n" << result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(result.err.empty());
    // The request, then one answer a window line.
    CHECK(test::read_file(dir.path() / "port") == "run 3\nwindow-ack\nwindow-ack\n");
    const std::vector<std::string> made = test::lines_of(test::read_file(dir.path() / "calls"));
    REQUIRE(made.size() == 4);
    CHECK(made[0] == "host-view|setup|--qmp|" + d + "/qmp.sock|--drive|bench-disk");
    CHECK(made[1] == "host-view|snapshot|--qmp|" + d + "/qmp.sock|--drive|bench-disk|--qemu-pid|4242|--image|" + d +
                         "/disk.raw|--guest-stat|cpu  10 0 20 300|--window|" + kStart);
    CHECK(contains(made[2], "|--guest-stat|cpu  11 0 25 310|--window|" + kEnd));
    CHECK(made[3] == "host-view|attach|--snapshots|" + d + "/windows-3.jsonl|" + d + "/result.json");
    CHECK(test::read_file(dir.path() / "host-view.jsonl") == "{}\n{}\n");
  }
  SUBCASE("a snapshot that fails: one warning, no more snapshots and no host view in that round, every line answered") {
    const test::CommandOutput result = run_session_script(
        dir.path(), "run 4",
        "say 'bench++-guest: ready'; touch \"$1/fail\"; say 'bench++-guest: window " + kStart + " cpu  1'; "
        "say 'bench++-guest: window " + kEnd + " cpu  2'; host_view_attach 4 \"$1\"");
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 0);
    CHECK(test::count_of(result.err, "note: warning: host view: a snapshot failed (exit status 1): QMP went away; "
                                     "no host view in round 4") == 1);
    CHECK(test::lines_of(test::read_file(dir.path() / "calls")).size() == 2);  // setup, the first snapshot
    CHECK(test::read_file(dir.path() / "port") == "run 4\nwindow-ack\nwindow-ack\n");
    CHECK_FALSE(fs::exists(dir.path() / "host-view.jsonl"));
  }
  SUBCASE("QMP out of reach at setup: a warning, every window line answered, nothing more asked") {
    const test::CommandOutput result = run_session_script(
        dir.path(), "run 1",
        "touch \"$1/fail\"; say 'bench++-guest: ready'; say 'bench++-guest: window " + kStart + " cpu  1'; "
        "host_view_attach 1 \"$1\"; echo \"$host_view\"");
    INFO("stderr:\n" << result.err);
    CHECK(result.out == "off\n");
    CHECK(contains(result.err, "note: warning: host view: QMP went away; the results have no host view"));
    CHECK(test::lines_of(test::read_file(dir.path() / "calls")).size() == 1);
    CHECK(test::read_file(dir.path() / "port") == "run 1\nwindow-ack\n");
  }
  SUBCASE("a window line that is not JSON and a cpu line: a warning, answered, no snapshot") {
    const test::CommandOutput result = run_session_script(
        dir.path(), "run 2", "say 'bench++-guest: ready'; say 'bench++-guest: window garbled'");
    CHECK(contains(result.err, "note: warning: host view: the guest's window line 'garbled' is not JSON and a cpu "
                               "line; no host view in round 2"));
    CHECK(test::lines_of(test::read_file(dir.path() / "calls")).size() == 1);
    CHECK(test::read_file(dir.path() / "port") == "run 2\nwindow-ack\n");
  }
}

TEST_CASE("guest: guest-run.sh records QEMU's and the host device's view of each window of a direct workload") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path job = tmp.path() / "direct.fio";
  std::ofstream(job) << kDirectJob;
  const test::CommandOutput result = test::run_program(guest_run(tmp, {}, {"--", "job", job.string(), "-q"}));
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);
  const fs::path out = tmp.path() / "out";
  CHECK(contains(test::read_file(out / "qemu-command"), "-qmp unix:"));
  CHECK_FALSE(contains(result.err, "warning: host view"));

  const RunResult run = json_run(out / "result.json");
  REQUIRE(run.host_view.has_value());
  const HostView& view = *run.host_view;
  CHECK(view.drive == "bench-disk");
  REQUIRE(view.windows.size() == 2);  // one group each: the stonewall between them
  CHECK(view.windows[0].tests == std::vector<std::string>{"randread"});
  CHECK(view.windows[1].tests == std::vector<std::string>{"randwrite"});
  // Each edge's snapshot, start and end of each window.
  CHECK(test::lines_of(test::read_file(out / "host-view.jsonl")).size() == 4);

  const PhaseResult& reads = phase_named(run, "randread.read");
  const HostViewWindow& read_window = window_of(view, "randread");
  MESSAGE("randread: the guest's requests " << reads.operations << ", QEMU's " << read_window.qemu.read.requests
                                           << " (QEMU's writes " << read_window.qemu.write.requests << ")");
  check_requests_match(reads.operations, read_window.qemu.read.requests, "read");
  // The guest's bytes, and at most 4 KiB for each request more (ext4's own reads: blocks of 1 KiB on so small a disk).
  const QemuDirectionStats& qemu_reads = read_window.qemu.read;
  CHECK(qemu_reads.bytes >= reads.bytes);
  const std::uint64_t extra_requests = qemu_reads.requests - std::min(qemu_reads.requests, reads.operations);
  CHECK(qemu_reads.bytes <= reads.bytes + extra_requests * 4096);
  CHECK(read_window.qemu.read.total_time_ns > 0);
  CHECK(read_window.elapsed.count() > 0);

  const PhaseResult& writes = phase_named(run, "randwrite.write");
  const HostViewWindow& write_window = window_of(view, "randwrite");
  MESSAGE("randwrite: the guest's requests " << writes.operations << ", QEMU's " << write_window.qemu.write.requests);
  CHECK(write_window.qemu.read.requests <= 8);  // the guest's file is read by no one in the write window
  CHECK(write_window.qemu.write.requests >= writes.operations);
  CHECK(write_window.qemu.write.bytes >= writes.bytes);

  // QEMU's CPU, by thread: its vCPUs ran the guest's workload; the guest's own CPU over the window.
  for (const HostViewWindow& window : view.windows) {
    REQUIRE(window.qemu_cpu.has_value());
    CHECK(window.qemu_cpu->user.count() + window.qemu_cpu->system.count() > 0);
    const std::vector<QemuThreadCpu>& kinds = window.qemu_cpu->by_kind;
    CHECK(std::any_of(kinds.begin(), kinds.end(), [](const QemuThreadCpu& kind) {
      return kind.kind == QemuThreadKind::kVcpu && kind.threads > 0;
    }));
    REQUIRE(window.guest_cpu.has_value());
    CHECK(window.guest_cpu->total > window.guest_cpu->busy);
    CHECK(window.guest_cpu->busy.count() > 0);
  }

  // The host device under the image: with cache=none (guest-run.sh's default, O_DIRECT) each of the guest's reads
  // and every byte it writes reach it (a read merged with a neighbour's counts as a merge); whatever else uses that
  // disk meanwhile only adds.
  const std::string no_device = "the disk image's directory " + tmp.path().string() + " is on no block device";
  if (test::skip_unless(on_block_device(tmp.path()), test::Need::kMachine, no_device)) return;
  REQUIRE(read_window.host_device.has_value());
  REQUIRE(write_window.host_device.has_value());
  CHECK(read_window.host_device->name == write_window.host_device->name);
  const DiskCounters& read_device = read_window.host_device->counters;
  const DiskCounters& write_device = write_window.host_device->counters;
  MESSAGE("the host device " << read_window.host_device->name << ": randread's window " << read_device.read_ios
                             << " reads (" << read_device.read_merges << " merged), randwrite's "
                             << write_device.write_ios << " writes of " << write_device.write_sectors * 512
                             << " bytes (the guest's " << writes.bytes << ")");
  CHECK(read_device.read_ios + read_device.read_merges >= reads.operations);
  CHECK(write_device.write_ios > 0);
  CHECK(write_device.write_sectors * 512 >= writes.bytes);
}

TEST_CASE("guest: guest-run.sh --host-view off records none, and a QMP socket out of reach costs just that") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const std::vector<std::string> tiny = {"-s", "4M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"};

  SUBCASE("--host-view off") {
    std::vector<std::string> args{"--host-view", "off"};
    args.insert(args.end(), tiny.begin(), tiny.end());
    const test::CommandOutput result = test::run_program(guest_run(tmp, {}, args));
    INFO("stderr:\n" << result.err);
    REQUIRE(result.exit_code == 0);
    CHECK_FALSE(json_run(out / "result.json").host_view.has_value());
    CHECK_FALSE(fs::exists(out / "host-view.jsonl"));
    CHECK_FALSE(contains(test::read_file(out / "qemu-command"), "-qmp"));
    CHECK_FALSE(contains(test::read_file(out / "console.log"), "bench++-guest: window"));
  }
  SUBCASE("a QEMU without its QMP socket: a warning, the run's results without a host view") {
    // A stand-in QEMU that drops the -qmp option and runs the real one.
    const fs::path fake_dir = tmp.path() / "fake-qemu";
    fs::create_directories(fake_dir);
    const std::string real = test::run_program({"sh", "-c", "command -v qemu-system-x86_64"}).out;
    std::ofstream(fake_dir / "qemu-system-x86_64")
        << "#!/bin/bash\nargs=()\nwhile [ $# -gt 0 ]; do\n  if [ \"$1\" = -qmp ]; then shift 2; continue; fi\n"
           "  args+=(\"$1\"); shift\ndone\nexec "
        << real.substr(0, real.find('\n')) << " \"${args[@]}\"\n";
    fs::permissions(fake_dir / "qemu-system-x86_64", fs::perms::owner_all);
    const std::string path = "PATH=" + fake_dir.string() + ":" + std::getenv("PATH");
    // (Under TCG: a QEMU of another path would be probed for KVM again, for nothing this test checks.)
    const test::CommandOutput result = test::run_program(guest_run(tmp, {path, "BENCH_GUEST_ACCEL=tcg"}, tiny));
    INFO("stderr:\n" << result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(contains(result.err, "guest-run: warning: host view: "));
    CHECK(contains(result.err, "the results have no host view"));
    const RunResult run = json_run(out / "result.json");
    CHECK_FALSE(run.host_view.has_value());
    CHECK(test::test_keys(run).contains("block_write"));
    CHECK(test::test_keys(test::only_run(out / "result.csv")) == test::test_keys(run));
    CHECK_FALSE(fs::exists(out / "host-view.jsonl"));
    // The guest still waited at each window, and was answered.
    CHECK(contains(test::read_file(out / "console.log"), "bench++-guest: window {\"edge\":\"start\""));
  }
}

}  // namespace bench
