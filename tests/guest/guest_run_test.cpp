// End to end: scripts/host-vs-guest.sh runs the static bench++ on this host and, through
// scripts/guest-run.sh, in a Linux guest booted under QEMU (KVM or TCG, as this machine allows), then compares
// the two; and the scripts' failure paths. Small sizes keep one guest run near 30 s under TCG. Skipped, with a
// message, when the static bench++ (target bench_static) or qemu-system-x86_64 is missing, or
// BENCH_SKIP_GUEST_TEST is set.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "guest/guest_test_support.h"
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
                              out.string(), "--timeout", "240"},
                             kSmallRun));
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("host-vs-guest.sh (host run, guest boot and run, compare) took " << seconds << " s");
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);

  // The guest's results came back, and say where they ran.
  REQUIRE(fs::exists(out / "guest" / "result.csv"));
  const RunResult guest = only_run(out / "guest" / "result.csv");
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
  CHECK(contains(guest.info.tags, "drive=cache=none,aio=threads"));
  CHECK(contains(guest.info.tags, guest.info.hypervisor == "kvm" ? "accel=kvm" : "accel=tcg"));
  const auto json = nlohmann::json::parse(test::read_file(out / "guest" / "result.json"));
  CHECK(json.at("runs").at(0).at("placement").at("role") == "guest");
  CHECK(contains(test::read_file(out / "guest" / "console.log"), "bench++-guest: bench++ exit status 0"));

  // The host ran the same tests with the same sizes.
  const RunResult host = only_run(out / "host" / "result.csv");
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
  const std::string comparison = test::read_file(out / "comparison.txt");
  CHECK(contains(comparison, "base:  host"));
  CHECK(contains(comparison, "other: guest"));
  for (const std::string& key : keys) CHECK_MESSAGE(contains(comparison, "(" + key + ")"), key);
}

TEST_CASE("guest: host-vs-guest.sh --guest-cmd copies the static binary over a command prefix") {
  if (test::skip_if(test::guest_skip_reason(false))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const fs::path guest_dir = tmp.path() / "guest-dir";
  const test::CommandOutput result = test::run_program(
      {(kScripts / "host-vs-guest.sh").string(), "--bench", kStaticBinary.string(), "--out", out.string(),
       "--guest-cmd", "sh -c", "--guest-dir", guest_dir.string(), "-s", "1M:4k", "-f64k", "-n", "0",
       "--no-sync-test", "-r", "0", "-q"});
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);
  const RunResult host = only_run(out / "host" / "result.csv");
  const RunResult guest = only_run(out / "guest" / "result.csv");
  CHECK(host.info.label == "host");
  CHECK(guest.info.label == "guest");
  CHECK(guest.info.directory == guest_dir.string());
  CHECK(test_keys(guest) == test_keys(host));
  CHECK(test_keys(guest) == std::set<std::string>{"per_char_write", "block_write", "rewrite", "per_char_read",
                                                  "block_read", "random_seeks"});
  CHECK(fs::exists(out / "guest" / "result.json"));
  CHECK(test::list_tree(guest_dir).empty());  // bench++ cleaned up; the copied binary went with its directory
  CHECK(contains(test::read_file(out / "comparison.txt"), "(block_write)"));
}

TEST_CASE("guest: guest-run.sh refuses what it sets itself, and fails clearly") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const std::string script = (kScripts / "guest-run.sh").string();
  const std::string out = (tmp.path() / "out").string();

  SUBCASE("-d is the guest's disk") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "-d", "/tmp"});
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "do not give -d"));
  }
  SUBCASE("--csv goes to --out") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "--csv=x.csv"});
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "do not give --csv or --json"));
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
    CHECK(contains(result.err, "guest-run: bench++ refuses its options: invalid -s value '16x'"));
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
       "tart", "--", "--scale", "0.002", "-q"});
  INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
  REQUIRE(result.exit_code == 0);
  const RunResult host = only_run(out / "host" / "result.csv");
  const RunResult guest = only_run(out / "guest" / "result.csv");
  CHECK(guest.info.setup.workloads.size() == 6);
  CHECK(test_keys(guest) == test_keys(host));
  CHECK(test_keys(guest).contains("randrw-4k.read"));
  CHECK(test_keys(guest).contains("sync.sync"));
  CHECK(contains(guest.info.tags, "accel="));
  const std::string comparison = test::read_file(out / "comparison.txt");
  CHECK(contains(comparison, "(randrw-4k.write)"));
  CHECK(contains(comparison, "vda (virtio_blk)"));
}

TEST_CASE("guest: host-vs-guest.sh --variant boots one guest per set of -drive options, all in one comparison") {
  if (test::skip_if(test::guest_skip_reason(true))) return;
  test::TempDir tmp;
  const fs::path out = tmp.path() / "out";
  const std::vector<std::string> tiny = {"-s", "4M", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"};
  const std::string script = (kScripts / "host-vs-guest.sh").string();

  SUBCASE("two variants") {
    const test::CommandOutput result = test::run_program(
        with({script, "--bench", kStaticBinary.string(), "--out", out.string(), "--html",
              (out / "report.html").string(), "--variant", "cache=writeback", "--variant", "cache=unsafe,aio=threads"},
             tiny));
    INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
    REQUIRE(result.exit_code == 0);
    CHECK(only_run(out / "guest-1" / "result.csv").info.label == "cache=writeback");
    CHECK(only_run(out / "guest-2" / "result.csv").info.label == "cache=unsafe,aio=threads");
    CHECK(contains(test::read_file(out / "guest-1" / "qemu-command"), "if=virtio,cache=writeback"));
    CHECK(contains(test::read_file(out / "guest-2" / "qemu-command"), "if=virtio,cache=unsafe,aio=threads"));
    const std::string comparison = test::read_file(out / "comparison.txt");
    CHECK(contains(comparison, "base:  host"));
    CHECK(contains(comparison, "other: cache=writeback"));
    CHECK(contains(comparison, "other: cache=unsafe,aio=threads"));
    CHECK(contains(test::read_file(out / "report.html"), "cache=unsafe,aio=threads"));
    CHECK(!fs::exists(out / "guest"));
  }
  SUBCASE("a variant QEMU refuses stops everything before the first run") {
    const test::CommandOutput result = test::run_program(with(
        {script, "--bench", kStaticBinary.string(), "--out", out.string(), "--variant", "cache=writeback",
         "--variant", "cache=writeback,aio=native"},
        tiny));
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "host-vs-guest: --variant: QEMU refuses the drive options 'cache=writeback,aio=native'"));
    CHECK(!fs::exists(out / "host" / "result.csv"));
  }
  SUBCASE("the same variant twice") {
    const test::CommandOutput result = test::run_program(
        with({script, "--bench", kStaticBinary.string(), "--out", out.string(), "--variant", "cache=unsafe",
              "--variant", "cache=unsafe"},
             tiny));
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "--variant 'cache=unsafe' is given twice"));
  }
}

}  // namespace bench
