// End to end: scripts/host-vs-guest.sh runs the static bench++ on this host and, through
// scripts/guest-run.sh, in Linux guests booted under QEMU (KVM or TCG, as this machine allows), in interleaved
// rounds, then compares them; variants of the guest's disk (device model, image format, IOThread, queues,
// -drive options); and the scripts' failure paths. Small sizes keep one guest run near 30 s under TCG. Skipped, with a
// message, when the static bench++ (target bench_static) or qemu-system-x86_64 is missing, or
// BENCH_SKIP_GUEST_TEST is set.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "guest/guest_test_support.h"
#include "report/result_file.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;
using test::with;
using test::kScripts;
using test::kStaticBinary;
using test::only_run;
using test::test_keys;

const std::vector<std::string> kSmallRun = test::small_run_args();

}  // namespace

TEST_CASE("guest: host-vs-guest.sh runs the same options on the host and in a QEMU guest, then compares") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const auto start = std::chrono::steady_clock::now();
  const test::CommandOutput result =
      test::run_program(with({(kScripts / "host-vs-guest.sh").string(), "--bench", kStaticBinary.string(), "--out",
                              out.string(), "--timeout", "240", "--rounds", "1"},
                             kSmallRun));
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("host-vs-guest.sh (host run, guest boot and run, compare) took " << seconds << " s");
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);

  // The guest's results came back, and say where they ran.
  REQUIRE(fs::exists(out / "guest" / "round-1" / "result.csv"));
  const RunResult guest = only_run(out / "guest" / "round-1" / "result.csv");
  CHECK(guest.info.label == "guest");
  CHECK(guest.info.role == Role::kGuest);
  CHECK((guest.info.hypervisor == "qemu" || guest.info.hypervisor == "kvm"));
  CHECK(guest.info.container == "none");
  CHECK(guest.info.filesystem == "ext4");
  CHECK(guest.info.directory == "/mnt/test");
  // The guest's own facts: its vCPUs and memory, its virtual disk, and how QEMU ran it (the tags guest-run.sh
  // gives it), which agree with what the guest itself detected.
  CHECK(guest.info.cpus == 2u);
  REQUIRE(guest.info.memory_bytes.has_value());
  CHECK(*guest.info.memory_bytes < 512ull << 20);
  CHECK(guest.info.device == "vda");
  CHECK(guest.info.device_driver == "virtio_blk");
  CHECK(contains(guest.info.tags, "dev=virtio-blk; format=raw; preallocation=off; iothread=off; queues=default; "
                                  "drive=cache=none,aio=threads"));
  CHECK(contains(guest.info.tags, "vm=2 vCPUs (default), 512 MiB (default)"));
  CHECK(contains(guest.info.tags, "round=1"));
  CHECK(contains(guest.info.tags, guest.info.hypervisor == "kvm" ? "accel=kvm" : "accel=tcg"));
  const auto json = nlohmann::json::parse(test::read_file(out / "guest" / "round-1" / "result.json"));
  CHECK(json.at("runs").at(0).at("placement").at("role") == "guest");
  CHECK(contains(test::read_file(out / "guest" / "console.log"), "bench++-guest: bench++ exit status 0 in round 1"));

  // The host ran the same tests with the same sizes.
  const RunResult host = only_run(out / "host" / "round-1" / "result.csv");
  CHECK(host.info.label == "host");
  const std::set<std::string> keys = test_keys(guest);
  CHECK(keys.size() == 13);
  CHECK(test_keys(host) == keys);
  REQUIRE(guest.info.setup.io.has_value());
  REQUIRE(host.info.setup.io.has_value());
  CHECK(guest.info.setup.io->file_size_bytes == 16 * 1024 * 1024);
  CHECK(host.info.setup.io->file_size_bytes == guest.info.setup.io->file_size_bytes);
  CHECK(host.info.setup.seed == guest.info.setup.seed);

  // The comparison names both runs and every test.
  const std::string comparison = test::flat_text(out / "comparison.txt");
  CHECK(contains(comparison, "base: host"));
  CHECK(contains(comparison, "other: guest"));
  for (const std::string& key : keys) CHECK_MESSAGE(contains(comparison, "(" + key + ")"), key);
  // The accelerator, and what TCG means for the ratios.
  CHECK(contains(comparison, guest.info.hypervisor == "kvm" ? "accelerator: KVM for guest"
                                                            : "accelerator: TCG for guest; TCG is QEMU's software "
                                                              "emulation: the guest's CPU is emulated too, so its "
                                                              "ratios measure emulation as much as the disk path"));
  CHECK(contains(comparison, "(round 1 only)"));
}

TEST_CASE("guest: host-vs-guest.sh --guest-cmd copies the static binary over a command prefix, once for its rounds") {
  if (test::skip_if(test::guest_skip_reason(false))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const fs::path guest_dir = tmp.path() / "guest-dir";
  const fs::path far_tmp = tmp.path() / "far";
  fs::create_directories(far_tmp);
  const test::CommandOutput result = test::run_program(
      {"env", "TMPDIR=" + far_tmp.string(), (kScripts / "host-vs-guest.sh").string(), "--bench",
       kStaticBinary.string(), "--out", out.string(), "--rounds", "2", "--guest-cmd", "sh -c", "--guest-dir",
       guest_dir.string(), "-s", "1M:4k", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"});
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);
  for (const std::string round : {"round-1", "round-2"}) {
    const RunResult host = only_run(out / "host" / round / "result.csv");
    const RunResult guest = only_run(out / "guest" / round / "result.csv");
    CHECK(host.info.label == "host");
    CHECK(guest.info.label == "guest");
    CHECK(guest.info.directory == guest_dir.string());
    CHECK(test_keys(guest) == test_keys(host));
    CHECK(test_keys(guest) == std::set<std::string>{"per_char_write", "block_write", "rewrite", "per_char_read",
                                                    "block_read", "random_seeks"});
    CHECK(fs::exists(out / "guest" / round / "result.json"));
  }
  // The order rotates: the host first in round 1, the guest first in round 2.
  const std::vector<std::string> rounds = test::lines_of(test::read_file(out / "rounds.txt"));
  REQUIRE(rounds.size() == 6);
  CHECK(rounds[2].rfind("1 1 host ", 0) == 0);
  CHECK(rounds[3].rfind("1 2 guest ", 0) == 0);
  CHECK(rounds[4].rfind("2 1 guest ", 0) == 0);
  CHECK(rounds[5].rfind("2 2 host ", 0) == 0);
  CHECK(test::list_tree(guest_dir).empty());  // bench++ cleaned up
  CHECK(test::list_tree(far_tmp).empty());    // and the copied binary and results went with their directory
  CHECK(contains(test::read_file(out / "comparison.txt"), "(block_write)"));
}

TEST_CASE("guest: guest-run.sh refuses what it sets itself, and fails clearly") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const std::string script = (kScripts / "guest-run.sh").string();
  const std::string out = (tmp.path() / "out").string();

  // bench++'s own plan refuses what the script sets given twice, in bench++'s words.
  SUBCASE("-d is the guest's disk") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "-d", "/tmp"});
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "(this script sets -d, --csv and --json): option -d (--directory) was given more than once"));
  }
  SUBCASE("--csv goes to --out") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "--csv=x.csv"});
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "(this script sets -d, --csv and --json): option --csv was given more than once"));
  }
  SUBCASE("a guest that does not finish in time") {
    const auto result = test::run_program(with(
        {script, "--bench", kStaticBinary.string(), "--out", out, "--timeout", "1", "--cpus", "1"}, kSmallRun));
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 1);
    CHECK(contains(result.err, "guest-run: error: the guest did not finish within 1 s"));
    CHECK(!fs::exists(tmp.path() / "out" / "result.csv"));
  }
  SUBCASE("options bench++ refuses: said before anything boots, in bench++'s own words") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "--out", out, "--timeout",
                                           "240", "--cpus", "1", "-s", "16x", "-r", "0"});
    INFO("stderr:\n" << result.err);
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "guest-run: bench++ refuses its options (this script sets -d, --csv and --json): "
                               "invalid -s value '16x'"));
    CHECK(!fs::exists(tmp.path() / "out" / "console.log"));  // no guest was booted
  }
  SUBCASE("bench++ failing in the guest") {
    // The host's plan passes; the guest's disk, made smaller by hand, cannot hold the file.
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "--out", out, "--timeout",
                                           "240", "--cpus", "1", "--disk-size", "64", "-s", "200m:64k", "-n", "0",
                                           "--no-sync-test", "-f", "-r", "0"});
    INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
    CHECK(result.exit_code == 1);
    CHECK(contains(result.err, "guest-run: error: bench++ failed in the guest with exit status 1"));
    CHECK(contains(result.out, "not enough free space in /mnt/test"));  // bench++'s own message, from the console
    CHECK(!fs::exists(tmp.path() / "out" / "result.csv"));
  }
}

TEST_CASE("guest: host-vs-guest.sh --suite runs a workload suite on the host and in the guest, and compares") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const test::CommandOutput result = test::run_program(
      {(kScripts / "host-vs-guest.sh").string(), "--bench", kStaticBinary.string(), "--out", out.string(), "--suite",
       "tart", "--rounds", "1", "--", "--scale", "0.002", "-q"});
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);
  const RunResult host = only_run(out / "host" / "round-1" / "result.csv");
  const RunResult guest = only_run(out / "guest" / "round-1" / "result.csv");
  CHECK(guest.info.setup.workloads.size() == 6);
  CHECK(test_keys(guest) == test_keys(host));
  CHECK(test_keys(guest).contains("randrw-4k.read"));
  CHECK(test_keys(guest).contains("sync.sync"));
  CHECK(contains(guest.info.tags, "accel="));
  // Sized for the suite's 16 jobs at once (randwrite-64k-16jobs): 512 MiB and 16 MiB a job, vCPUs up to the host's.
  CHECK(contains(guest.info.tags, "MiB (for 16 jobs at once)"));
  REQUIRE(guest.info.memory_bytes.has_value());
  CHECK(*guest.info.memory_bytes > 600ull << 20);
  const std::string comparison = test::flat_text(out / "comparison.txt");
  CHECK(contains(comparison, "(randrw-4k.write)"));
  CHECK(contains(comparison, "vda (virtio_blk)"));
}

TEST_CASE("guest: host-vs-guest.sh keeps one guest per --variant booted through rotated rounds, all in one comparison") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const std::vector<std::string> tiny = {"-s", "4M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"};
  const std::string script = (kScripts / "host-vs-guest.sh").string();

  SUBCASE("two variants across device model, image format, IOThread, queues and -drive options; two rounds") {
    const std::string scsi = "dev=virtio-scsi,format=qcow2,iothread=on,queues=2,cache=none,aio=io_uring";
    const test::CommandOutput result = test::run_program(
        with({"env", "TMPDIR=" + tmp.path().string(), script, "--bench", kStaticBinary.string(), "--out",
              out.string(), "--html", (out / "report.html").string(), "--rounds", "2", "--variant", scsi,
              "--variant", "nvme:dev=nvme,format=qcow2,preallocation=metadata,cache=writeback"},
             tiny));
    INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
    REQUIRE(result.exit_code == 0);
    // Every side ran every round, each run tagged with its round and its disk's facts; the guests saw their disks.
    for (const std::string round : {"1", "2"}) {
      const fs::path dir = "round-" + round;
      const RunResult scsi_run = only_run(out / "guest-1" / dir / "result.csv");
      CHECK(scsi_run.info.label == scsi);
      CHECK(contains(scsi_run.info.tags, "round=" + round));
      CHECK(contains(scsi_run.info.tags, "dev=virtio-scsi; format=qcow2; preallocation=off; iothread=on; "
                                         "queues=2; drive=cache=none,aio=io_uring"));
      CHECK(scsi_run.info.device == "sda");
      CHECK(scsi_run.info.device_driver == "sd");
      const RunResult nvme_run = only_run(out / "guest-2" / dir / "result.csv");
      CHECK(nvme_run.info.label == "nvme");
      CHECK(contains(nvme_run.info.tags, "dev=nvme; format=qcow2; preallocation=metadata; iothread=off; "
                                         "queues=default; drive=cache=writeback"));
      CHECK(nvme_run.info.device == "nvme0n1");
      CHECK(nvme_run.info.device_driver == "nvme");
      CHECK(contains(only_run(out / "host" / dir / "result.csv").info.tags, "round=" + round));
      // The host's view of each guest's every window (guest-run.sh --host-view, on by default), each round's own;
      // the IOThread's CPU apart under the variant that has one.
      for (const std::string guest : {"guest-1", "guest-2"}) {
        const fs::path json = out / guest / dir / "result.json";
        const std::vector<RunResult> runs = parse_result_text(test::read_file(json), json.string()).runs;
        REQUIRE(runs.size() == 1);
        REQUIRE_MESSAGE(runs[0].host_view.has_value(), json);
        CHECK(runs[0].host_view->windows.size() == test_keys(runs[0]).size());
        CHECK(fs::exists(out / guest / dir / "host-view.jsonl"));
        if (guest != "guest-1") continue;
        const QemuCpu& cpu = runs[0].host_view->windows.at(1).qemu_cpu.value();  // block_write's
        CHECK(std::any_of(cpu.by_kind.begin(), cpu.by_kind.end(),
                          [](const QemuThreadCpu& kind) { return kind.kind == QemuThreadKind::kIothread; }));
      }
    }
    const std::string scsi_command = test::read_file(out / "guest-1" / "qemu-command");
    CHECK(contains(scsi_command, "format=qcow2,if=none,id=bench-disk,cache=none,aio=io_uring"));
    CHECK(contains(scsi_command, "-object iothread,id=bench-io"));
    CHECK(contains(scsi_command, "-device virtio-scsi-pci,id=bench-scsi,iothread=bench-io,num_queues=2"));
    CHECK(contains(test::read_file(out / "guest-2" / "qemu-command"), "-device nvme,drive=bench-disk"));
    // The guests stayed booted: one boot each for both rounds.
    for (const std::string guest : {"guest-1", "guest-2"}) {
      const std::string console = test::read_file(out / guest / "console.log");
      CHECK(test::count_of(console, "bench++-guest: init started") == 1);
      CHECK(contains(console, "bench++-guest: bench++ exit status 0 in round 1"));
      CHECK(contains(console, "bench++-guest: bench++ exit status 0 in round 2"));
    }
    // Round 2 starts with the second side.
    const std::string rounds = test::read_file(out / "rounds.txt");
    CHECK(contains(rounds, "\n1 1 host "));
    CHECK(contains(rounds, "\n2 1 " + scsi + " "));
    CHECK(contains(rounds, "\n2 3 host "));
    // Per-round ratios with their spread, the host's drift, the accelerator.
    const std::string comparison = test::flat_text(out / "comparison.txt");
    CHECK(contains(comparison, "base: host"));
    CHECK(contains(comparison, "other: " + scsi));
    CHECK(contains(comparison, "other: nvme"));
    CHECK(contains(comparison, "nvme vs host"));
    CHECK(contains(comparison, "(rounds "));
    CHECK(contains(comparison, "drift check: host's throughput in its last round against its first (round 2 / "
                               "round 1)"));
    CHECK((contains(comparison, "accelerator: TCG for " + scsi + ", nvme") ||
           contains(comparison, "accelerator: KVM for " + scsi + ", nvme")));
    const std::string html = test::read_file(out / "report.html");
    CHECK(contains(html, "nvme"));
    CHECK(contains(html, "(rounds "));
    CHECK(!fs::exists(out / "guest"));
    for (const auto& entry : fs::directory_iterator(tmp.path())) {
      CHECK_MESSAGE(entry.path().filename().string().rfind("bench++-", 0) != 0, "left behind: " << entry.path());
    }
  }
  SUBCASE("a variant QEMU refuses stops everything before the first run") {
    const test::CommandOutput result = test::run_program(with(
        {script, "--bench", kStaticBinary.string(), "--out", out.string(), "--variant", "cache=writeback",
         "--variant", "dev=nvme,iothread=on"},
        tiny));
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "host-vs-guest: --variant: QEMU refuses the variant 'dev=nvme,iothread=on': "
                               "Property 'nvme.iothread' not found"));
    CHECK(!fs::exists(out / "host" / "round-1"));
  }
  SUBCASE("a format and preallocation qemu-img refuses, a device this script does not know") {
    // Named variables, not a structured binding: clang 14 cannot capture one in CHECK_MESSAGE's lambda.
    for (const auto& refusal : std::vector<std::pair<std::string, std::string>>{
             {"format=raw,preallocation=metadata",
              "qemu-img refuses format=raw with preallocation=metadata: Unsupported preallocation mode: metadata"},
             {"dev=ide", "--variant: dev= wants virtio-blk, virtio-scsi or nvme, not 'ide'"},
             {"if=ide", "'if' is set by this script"},
             {"queues=0", "queues= wants a number of queues, not '0'"}}) {
      const std::string& variant = refusal.first;
      const std::string& message = refusal.second;
      const test::CommandOutput result = test::run_program(
          with({script, "--bench", kStaticBinary.string(), "--out", out.string(), "--variant", variant}, tiny));
      CHECK_MESSAGE(result.exit_code == 2, variant);
      CHECK_MESSAGE(contains(result.err, message), variant << ": " << result.err);
    }
  }
  SUBCASE("the same variant twice, --label or -d (this script's), --rounds 0") {
    for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"--variant", "cache=unsafe", "--variant", "cache=unsafe"}, "--variant 'cache=unsafe' is given twice"},
             {{"--variant", "a:cache=unsafe", "--variant", "a:cache=none"}, "--variant 'a' is given twice"},
             {{"--label", "x"}, "(this script sets -d, --csv, --json and --label; the host's directory is "
                                "--host-dir): option --label was given more than once"},
             {{"-d", "/tmp"}, "option -d (--directory) was given more than once"},
             {{"--rounds", "0"}, "--rounds wants a number of rounds"}}) {
      const test::CommandOutput result =
          test::run_program(with(with({script, "--bench", kStaticBinary.string(), "--out", out.string()}, args), tiny));
      CHECK(result.exit_code == 2);
      CHECK_MESSAGE(contains(result.err, message), result.err);
    }
  }
}

TEST_CASE("guest: guest-run.sh --check-only sizes a suite's guest for its jobs") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const auto check = [&](const std::vector<std::string>& args) {
    return test::run_program(with({(kScripts / "guest-run.sh").string(), "--bench", kStaticBinary.string(), "--out",
                                   (tmp.path() / "out").string(), "--check-only"},
                                  args));
  };
  const test::CommandOutput openstack = check({"--", "suite", "openstack", "--scale", "small"});
  INFO(openstack.err);
  CHECK(openstack.exit_code == 0);
  CHECK(contains(openstack.err, "vCPUs (for 32 jobs at once"));
  CHECK(contains(openstack.err, "1024 MiB (for 32 jobs at once)"));
  const test::CommandOutput given = check({"--memory", "700", "--", "suite", "cdm", "--scale", "small"});
  CHECK(contains(given.err, "2 vCPUs (for 1 job at once), 700 MiB (--memory)"));
  const test::CommandOutput bonnie = check({"--", "-s", "4M"});
  CHECK(contains(bonnie.err, "2 vCPUs (default), 512 MiB (default)"));
}

}  // namespace bench
