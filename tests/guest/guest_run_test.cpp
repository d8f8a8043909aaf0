// End to end: scripts/host-vs-guest.sh runs the static bench++ on this host and, through
// scripts/guest-run.sh, in a Linux guest booted under QEMU (KVM or TCG), then compares the two; and the
// scripts' failure paths. Small sizes keep one guest run near 30 s under TCG. Skipped, with a message, when
// the static bench++ (target bench_static) or qemu-system-x86_64 is missing, or BENCH_SKIP_GUEST_TEST is set.
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "report/spreadsheet_csv.h"
#include "result/phase_id.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kStaticBinary = BENCH_STATIC_BINARY;
const fs::path kScripts = fs::path(BENCH_SOURCE_DIR) / "scripts";
// The sizes of the end-to-end run: a 16 MiB file, 256 KiB per-char, 1024 files, a short fsync test.
const std::vector<std::string> kSmallRun = {"-s", "16M", "-f256k", "-n", "1", "--sync-size", "230k",
                                            "-r", "0", "-z", "1", "-q"};

bool in_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// Why the tests that need the static binary (and QEMU, when `needs_qemu`) cannot run here; nullopt if they can.
std::optional<std::string> skip_reason(bool needs_qemu) {
  if (std::getenv("BENCH_SKIP_GUEST_TEST") != nullptr) return "BENCH_SKIP_GUEST_TEST is set";
  if (!fs::exists(kStaticBinary)) {
    return "no static bench++ at " + kStaticBinary.string() + " (build the target bench_static)";
  }
  if (needs_qemu && !in_path("qemu-system-x86_64")) {
    return "qemu-system-x86_64 is not installed (scripts/install-deps.sh guest)";
  }
  return std::nullopt;
}

std::vector<std::string> with(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

RunResult only_run(const fs::path& csv) {
  const std::vector<RunResult> runs = read_spreadsheet_csv(test::read_file(csv), csv.string());
  REQUIRE(runs.size() == 1);
  return runs.front();
}

std::set<std::string> test_keys(const RunResult& run) {
  std::set<std::string> keys;
  for (const PhaseResult& phase : run.phases) keys.emplace(phase_key(phase.id));
  return keys;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("guest: host-vs-guest.sh runs the same options on the host and in a QEMU guest, then compares") {
  if (const auto reason = skip_reason(true)) {
    MESSAGE("skipped: " << *reason);
    return;
  }
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
  if (const auto reason = skip_reason(false)) {
    MESSAGE("skipped: " << *reason);
    return;
  }
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
  if (const auto reason = skip_reason(true)) {
    MESSAGE("skipped: " << *reason);
    return;
  }
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
  SUBCASE("bench++ failing in the guest") {
    const auto result = test::run_program({script, "--bench", kStaticBinary.string(), "--out", out, "--timeout",
                                           "240", "--cpus", "1", "-s", "16x", "-r", "0"});
    INFO("stderr:\n" << result.err << "\nstdout:\n" << result.out);
    CHECK(result.exit_code == 1);
    CHECK(contains(result.err, "guest-run: error: bench++ failed in the guest with exit status 2"));
    CHECK(contains(result.out, "invalid -s value '16x'"));  // bench++'s own message, from the guest's console
    CHECK(!fs::exists(tmp.path() / "out" / "result.csv"));
  }
}

}  // namespace bench
