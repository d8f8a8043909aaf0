// bench++ job and bench++ suite end to end: the real binary on small real files, its outputs read back (JSON,
// spreadsheet CSV), a suite at a tiny --scale compared with itself, and the bad inputs that must fail with one line
// and exit 2 before anything is created.
#include <doctest/doctest.h>

#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>

#include <fmt/format.h>

#include "engine/engine_test_support.h"
#include "platform/block_device.h"
#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "report/json/json_report.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "result/test_id.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;

std::set<std::string> keys_of(const RunResult& run) {
  std::set<std::string> keys;
  for (const PhaseResult& p : run.phases) keys.insert(test_key(test_id(p)));
  return keys;
}

}  // namespace

TEST_CASE("job: fio's command line runs, and its results come back from JSON and the spreadsheet CSV") {
  test::TempDir dir;
  const fs::path json = dir.path() / "out.json";
  const fs::path csv = dir.path() / "out.csv";
  const test::CommandOutput result = test::run_bench(
      {"job", "-d", dir.path().string(), "--json", json.string(), "--csv", csv.string(), "--label", "here", "-z", "3",
       "--name=seq", "--rw=write", "--bs=64k", "--size=2m", "--end_fsync=1", "--name", "mix", "--rw", "randrw",
       "--rwmixread=70", "--bs=4k", "--size=1m", "--ioengine=io_uring", "--iodepth=8", "--numjobs=2", "--stonewall"});
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  // The table: both workloads, reads and writes, the engine named, MiB/s and MB/s.
  CHECK(contains(result.out, "MiB/s"));
  CHECK(contains(result.out, "MB/s"));
  CHECK(contains(result.out, "seq "));
  CHECK(contains(result.out, "mix #1"));  // numjobs=2 without group_reporting: each job too
  CHECK(contains(result.err, "Running seq...done"));
  CHECK(contains(result.err, "Running mix...done"));
  // Nothing left behind: bench++'s private directory and its files are gone.
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"out.csv", "out.json"});

  const std::vector<RunResult> from_json = read_json_report(test::read_file(json), json.string());
  const std::vector<RunResult> from_csv = parse_result_text(test::read_file(csv), csv.string()).runs;
  REQUIRE(from_json.size() == 1);
  REQUIRE(from_csv.size() == 1);
  const RunResult& run = from_json.front();
  CHECK(run.info.label == "here");
  REQUIRE(run.info.setup.workloads.size() == 2);
  CHECK(run.info.setup.workloads[1].read_percent == 70);
  CHECK(run.info.setup.workloads[1].stonewall);
  CHECK(keys_of(run) == std::set<std::string>{"seq.write", "mix.read", "mix.write", "mix.job0.read",
                                              "mix.job0.write", "mix.job1.read", "mix.job1.write"});
  CHECK(keys_of(from_csv.front()) == keys_of(run));
  CHECK(from_csv.front().info.setup.workloads.size() == 2);
  const PhaseResult* writes = find_test(run, TestId{PhaseId::kWorkload, "seq", IoDirection::kWrite, std::nullopt});
  REQUIRE(writes != nullptr);
  CHECK(writes->operations == 32);  // 2 MiB in 64 KiB blocks
  CHECK(writes->bytes == 2u << 20);
  CHECK(writes->workload->engine == EngineKind::kPsync);  // fio's default
  const PhaseResult* reads = find_test(run, TestId{PhaseId::kWorkload, "mix", IoDirection::kRead, std::nullopt});
  const PhaseResult* mixed_writes = find_test(run, TestId{PhaseId::kWorkload, "mix", IoDirection::kWrite, std::nullopt});
  REQUIRE(reads != nullptr);
  REQUIRE(mixed_writes != nullptr);
  CHECK(reads->operations + mixed_writes->operations == 2 * 256);  // two jobs, each 1 MiB in 4 KiB blocks
  CHECK(reads->workers == 2);
  // The measurer's cost: the process's CPU per million requests of the whole workload, the same in each part, in
  // the table, the JSON and the CSV alike.
  CHECK(contains(result.out, "CPU s/M"));
  REQUIRE(reads->workload->cpu_per_million_requests);
  CHECK(*reads->workload->cpu_per_million_requests > 0);
  CHECK(*reads->workload->cpu_per_million_requests ==
        doctest::Approx(std::chrono::duration<double>(reads->cpu).count() * 1e6 /
                        static_cast<double>(reads->operations + mixed_writes->operations)));
  CHECK(mixed_writes->workload->cpu_per_million_requests == reads->workload->cpu_per_million_requests);
  const PhaseResult* csv_reads =
      find_test(from_csv.front(), TestId{PhaseId::kWorkload, "mix", IoDirection::kRead, std::nullopt});
  REQUIRE(csv_reads != nullptr);
  REQUIRE(csv_reads->workload->cpu_per_million_requests);
  // The CSV keeps three decimals.
  CHECK(std::abs(*csv_reads->workload->cpu_per_million_requests - *reads->workload->cpu_per_million_requests) <= 0.0005001);
  CHECK(!reads->latency_histogram.empty());
  // JSON keeps the histogram; merged buckets count every request.
  std::uint64_t counted = 0;
  for (const auto& [bucket, count] : reads->latency_histogram) counted += count;
  CHECK(counted == reads->operations);
}

TEST_CASE("job: a fio job file, with --output-format=json (fio's JSON) on stdout and the table on stderr") {
  test::TempDir dir;
  const fs::path file = dir.path() / "two.fio";
  const fs::path own = dir.path() / "own.json";
  std::ofstream(file) << "; two workloads at once, then a third\n"
                         "[global]\nsize=512k\nbs=4k\n"
                         "[a]\nrw=read\n"
                         "[b]\nrw=randread\n"
                         "[c]\nstonewall\nrw=write\nfdatasync=8\n";
  const test::CommandOutput result = test::run_bench(
      {"job", "-d", dir.path().string(), file.string(), "--output-format=json", "--json", own.string()});
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  const auto doc = nlohmann::json::parse(result.out);  // stdout holds fio's JSON document alone
  REQUIRE(doc.at("jobs").size() == 3);
  CHECK(doc.at("jobs").at(0).at("jobname") == "a");
  CHECK(doc.at("jobs").at(1).at("groupid") == 0);
  CHECK(doc.at("jobs").at(2).at("groupid") == 1);  // after the stonewall
  CHECK(doc.at("global options").at("size") == "512k");
  CHECK(doc.at("jobs").at(0).at("read").at("io_bytes") == 512 * 1024);
  // 128 writes, an fdatasync before each 8 but the first (none after the last, as fio)
  CHECK(doc.at("jobs").at(2).at("sync").at("total_ios") == 15);
  CHECK(contains(result.err, "Running a, b...done"));
  CHECK(contains(result.err, "Running c...done"));
  CHECK(contains(result.err, "workload"));  // the table
  // bench++'s own JSON in the same run.
  const RunResult run = read_json_report(test::read_file(own), "own.json").front();
  const PhaseResult* syncs = find_test(run, TestId{PhaseId::kWorkload, "c", IoDirection::kSync, std::nullopt});
  REQUIRE(syncs != nullptr);
  CHECK(syncs->operations == 15);
}

TEST_CASE("suite: a tiny tart and cdm run, and compare across two runs") {
  test::TempDir dir;
  const fs::path first = dir.path() / "first.json";
  const fs::path second = dir.path() / "second.json";
  const auto run_suite = [&](const std::string& name, const fs::path& out, const std::string& label) {
    return test::run_bench({"suite", name, "-d", dir.path().string(), "--scale", "0.002", "-q", "--json",
                            out.string(), "--label", label});
  };
  const test::CommandOutput tart = run_suite("tart", first, "host");
  INFO("stderr:\n" << tart.err);
  REQUIRE(tart.exit_code == 0);
  const RunResult run = read_json_report(test::read_file(first), first.string()).front();
  CHECK(run.info.setup.workloads.size() == 6);
  for (const char* key : {"randwrite-4k-qd1.write", "randwrite-64k-16jobs.write", "randwrite-1m-qd1.write",
                          "randrw-4k.read", "randrw-4k.write", "randrw-64k.read", "sync.write", "sync.sync"}) {
    CHECK_MESSAGE(keys_of(run).contains(key), key);
  }
  CHECK(run.info.setup.workloads[1].size_bytes == 512u << 10);  // 256 MiB x 0.002, in whole 64 KiB blocks
  REQUIRE(run_suite("tart", second, "guest").exit_code == 0);
  const fs::path html = dir.path() / "compare.html";
  const test::CommandOutput compared =
      test::run_bench({"compare", first.string(), second.string(), "--html", html.string()});
  INFO("compare:\n" << compared.out << compared.err);
  CHECK(compared.exit_code == 0);
  CHECK(contains(compared.out, "randrw-4k read (randrw-4k.read)"));
  CHECK(contains(compared.out, "guest"));
  CHECK(contains(compared.out, "Tart's table"));  // the reference's own layout, host and guest as executors
  CHECK(contains(compared.out, "Random reads/writes (4k)"));
  // The HTML report: each workload's section with a latency CDF of both runs, drawn from their histograms.
  const std::string page = test::read_file(html);
  CHECK(contains(page, "randrw-4k: reads"));
  CHECK(contains(page, "latency CDF"));
  CHECK(test::count_of(page, "<svg class=\"cdf\"") == keys_of(run).size());  // one per test
  CHECK(test::count_of(page, "<polyline") == 2 * keys_of(run).size());        // host and guest in each
  CHECK(contains(page, "<h2>Tart&#39;s table</h2>"));  // as in the text, right after the answer
  CHECK(page.find("<h2>The answer</h2>") < page.find("<h2>Tart&#39;s table</h2>"));
  CHECK(page.find("<h2>Tart&#39;s table</h2>") < page.find("<table class=\"groups\">"));
  fs::remove(html);

  const fs::path cdm_json = dir.path() / "cdm.json";
  const fs::path cdm_html = dir.path() / "cdm.html";
  const test::CommandOutput cdm =
      test::run_bench({"suite", "cdm", "-d", dir.path().string(), "--scale", "0.02", "-x", "2", "--json",
                       cdm_json.string(), "--html", cdm_html.string()});
  INFO("cdm stderr:\n" << cdm.err);
  REQUIRE(cdm.exit_code == 0);
  CHECK(contains(cdm.out, "CrystalDiskMark's table"));
  CHECK(contains(cdm.out, "(2 runs)"));
  CHECK(contains(cdm.out, "rnd4k-q32t1-read"));
  CHECK(read_json_report(test::read_file(cdm_json), cdm_json.string()).size() == 2);
  // The run's page and compare of the one file, text and page, each with the table of both runs.
  const std::string run_page = test::read_file(cdm_html);
  CHECK(contains(run_page, "<h2>CrystalDiskMark&#39;s table</h2>"));
  CHECK(contains(run_page, "(2 runs)</th>"));
  fs::remove(cdm_html);
  const test::CommandOutput alone = test::run_bench({"compare", cdm_json.string(), "--html", cdm_html.string()});
  REQUIRE(alone.exit_code == 0);
  CHECK(test::count_of(alone.out, "CrystalDiskMark's table") == 1);
  CHECK(contains(alone.out, "(2 runs)"));
  CHECK(contains(test::read_file(cdm_html), "<h2>CrystalDiskMark&#39;s table</h2>"));
  fs::remove(cdm_html);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"cdm.json", "first.json", "second.json"});
}

TEST_CASE("job: bad input fails with one line and exit 2, before anything is created") {
  test::TempDir dir;
  const fs::path precious = dir.path() / "precious";
  std::ofstream(precious) << std::string(8192, 'p');
  const auto error_of = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"job", "-d", dir.path().string()});
    const test::CommandOutput result = test::run_bench(args);
    CHECK(result.exit_code == 2);
    CHECK(test::lines_of(result.err).size() == 1);
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"precious"});
    return result.err;
  };
  CHECK(contains(error_of({"--name=x", "--size=1m", "--no_such_option=2"}), "unknown fio option 'no_such_option'"));
  CHECK(contains(error_of({"--name=x", "--size=1m", "--direct=1", "--bs=1000"}), "not a multiple of 512"));
  CHECK(contains(error_of({"--name=x", "--size=1m", "--iodepth=99999"}), "must be between 1 and 32768"));
  CHECK(contains(error_of({"--name=x", "--size=1m", "--runtime=5x"}), "unknown time unit 'x'"));
  CHECK(contains(error_of({"--name=x", "--size=0"}), "size='0': must be more than 0"));
  // Not bad input but a disk too small, as for the bonnie-style tests and as the man page says: exit 1.
  const test::CommandOutput too_big = test::run_bench({"job", "-d", dir.path().string(), "--name=x", "--size=1p"});
  CHECK(too_big.exit_code == 1);
  CHECK(contains(too_big.err, "not enough free space"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"precious"});
  CHECK(contains(error_of({"--name=x", "--rw=write", "--filename=" + precious.string()}),
                 "bench++ only reads it unless --allow-overwrite="));
  CHECK(contains(error_of({"--name=x", "--size=64m", "--numjobs=4096", "--iodepth=32768", "--bs=64m", "--ioengine=io_uring"}),
                 "request buffers"));
  // Sizes whose products or sums do not fit in 64 bits (once wrapped round, or converted from a double past 2^64).
  CHECK(contains(error_of({"--scale", "1000", "--name=x", "--size=16000000t"}),
                 "invalid --scale value '1000': workload 'x': size=17592186044416000000 x 1000 does not fit"));
  CHECK(contains(error_of({"--name=x", "--size=16000000t", "--numjobs=2"}), "size x numjobs does not fit in 64 bits"));
  for (const std::string dry_run : {"--dry-run", "--quiet"}) {
    CAPTURE(dry_run);
    CHECK(contains(error_of({dry_run, "--name=x", "--size=16000000t", "--name=y", "--size=16000000t"}),
                   "more than 2^64 bytes"));
  }
  CHECK(contains(error_of({(dir.path() / "missing.fio").string()}), "cannot read job file"));
  CHECK(contains(error_of({"--allow-overwrite", "/elsewhere", "--name=x", "--size=1m"}), "names no workload"));
  // It was a std::filesystem_error from fs::absolute (exit 1, "filesystem error: cannot make absolute path").
  CHECK(error_of({"--allow-overwrite=", "--name=x", "--size=1m"}) ==
        "bench++: --allow-overwrite needs a path: an empty one names no file\n");
  CHECK(test::read_file(precious) == std::string(8192, 'p'));
  const test::CommandOutput suite = test::run_bench({"suite", "atto", "-d", dir.path().string()});
  CHECK(suite.exit_code == 2);
  CHECK(contains(suite.err, "unknown suite 'atto': bench++ has tart, openstack, cdm"));
}

TEST_CASE("job: hipri on io_uring where the device has no poll queues is refused when planned, --dry-run too") {
  const test::TempDir dir;
  struct stat info {};
  REQUIRE(::stat(dir.path().c_str(), &info) == 0);
  // Refused where the kernel would fail each polled request: io_uring here, and the directory's device says it has
  // no poll queues. Elsewhere (poll queues, a device sysfs says nothing of, io_uring refused) the plan goes on.
  const bool refused = device_polls("/sys", info.st_dev) == false && !test::io_uring_skip_reason();
  CAPTURE(refused);
  for (const bool dry_run : {true, false}) {
    CAPTURE(dry_run);
    std::vector<std::string> args = {"job",          "-d",         dir.path().string(),  "--name=polled", "--rw=randread",
                                     "--size=64k",   "--direct=1", "--ioengine=io_uring", "--hipri"};
    if (dry_run) args.push_back("--dry-run");
    const test::CommandOutput result = test::run_bench(args);
    if (refused) {
      CHECK(result.exit_code == 2);
      CHECK(result.err == fmt::format("bench++: workload 'polled': hipri (IORING_SETUP_IOPOLL) on {}, whose device has "
                                      "no poll queues (its queue/io_poll is 0): its requests would fail with EOPNOTSUPP, "
                                      "as fio's do; run without hipri, or on a device with poll queues "
                                      "(NVMe: nvme.poll_queues=N)\n",
                                      dir.path().string()));
    } else if (dry_run) {
      CHECK(result.exit_code == 0);
      CHECK(contains(result.out, "polled"));
    }
    CHECK(test::list_tree(dir.path()).empty());  // nothing made, or nothing left
  }
}

TEST_CASE("job: --dry-run counts each job's request buffers as allocated, 2 MiB pieces for requests of 128 KiB") {
  const test::TempDir dir;
  const auto buffers = [&](const std::string& bs) {
    const test::CommandOutput plan = test::run_bench(
        {"job", "-d", dir.path().string(), "--dry-run", "--json", "-", "--name=x", "--numjobs=2", "--size=1m", "--bs=" + bs});
    REQUIRE(plan.exit_code == 0);
    return nlohmann::json::parse(plan.out).at("buffer_bytes").get<std::uint64_t>();
  };
  CHECK(buffers("64k") == 2 * 64 * 1024);           // ordinary pages: iodepth x bs per job
  CHECK(buffers("128k") == 2 * (std::uint64_t{2} << 20));  // huge pages: each job's rounded up to 2 MiB
}

TEST_CASE("job: --allow-overwrite lets a workload write a file bench++ did not create, and keeps it") {
  test::TempDir dir;
  const fs::path target = dir.path() / "target";
  std::ofstream(target) << std::string(64 * 1024, 't');
  const test::CommandOutput result =
      test::run_bench({"job", "-d", dir.path().string(), "--allow-overwrite", target.string(), "--name=w",
                       "--rw=randwrite", "--bs=4k", "--filename=" + target.string()});
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(fs::exists(target));
  CHECK(fs::file_size(target) == 64 * 1024);  // the user's file: written into, never extended or removed
  CHECK(test::read_file(target) != std::string(64 * 1024, 't'));
}

TEST_CASE("job: Ctrl-C in a time-based workload stops it, removes its files, keeps what finished") {
  test::TempDir dir;
  const fs::path csv = dir.path() / "out.csv";
  test::BackgroundProcess job(test::bench_command(
      {"job", "-d", dir.path().string(), "--csv", csv.string(), "--name=first", "--rw=write", "--size=1m",
       "--name=long", "--stonewall", "--rw=randread", "--size=4m", "--runtime=60", "--time_based"}));
  REQUIRE(job.wait_for_stderr("Running long...", std::chrono::seconds(30)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  job.send_signal(SIGINT);
  const test::CommandOutput result = job.finish(std::chrono::seconds(20));
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 130);
  CHECK(contains(result.out, "Results of the tests completed before the failure"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"out.csv"});
  const std::vector<RunResult> kept = parse_result_text(test::read_file(csv), csv.string()).runs;
  CHECK(keys_of(kept.front()) == std::set<std::string>{"first.write"});
}

TEST_CASE("job: filename=a:b writes a user's file only when --allow-overwrite names it, and removes the one it made") {
  test::TempDir dir;
  const fs::path users = dir.path() / "users";
  std::ofstream(users) << std::string(64 * 1024, 'u');
  const std::vector<std::string> job = {"job", "-d", dir.path().string(), "--name=w", "--rw=write", "--bs=4k",
                                        "--size=128k", "--filename=users:made"};
  const test::CommandOutput refused = test::run_bench(job);
  CHECK(refused.exit_code == 2);
  CHECK(contains(refused.err, "--allow-overwrite=" + users.string()));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"users"});  // nothing made
  std::vector<std::string> allowed = job;
  allowed.insert(allowed.begin() + 1, {"--allow-overwrite", users.string()});
  const test::CommandOutput result = test::run_bench(allowed);
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"users"});  // "made" made and removed
  CHECK(fs::file_size(users) == 64 * 1024);  // its share of size=128k: written into, never extended
  CHECK(test::read_file(users) != std::string(64 * 1024, 'u'));
  // Another user's file among them, which no --allow-overwrite names: refused, untouched.
  std::ofstream(dir.path() / "other") << std::string(64 * 1024, 'o');
  allowed.back() = "--filename=users:other";
  const test::CommandOutput other = test::run_bench(allowed);
  CHECK(other.exit_code == 2);
  CHECK(test::read_file(dir.path() / "other") == std::string(64 * 1024, 'o'));
}

TEST_CASE("job: Ctrl-C in a workload of nrfiles= files per job removes every file and directory it made") {
  test::TempDir dir;
  fs::create_directories(dir.path() / "a");
  fs::create_directories(dir.path() / "b");
  test::BackgroundProcess job(test::bench_command(
      {"job", "-d", dir.path().string(), "--name=many", "--rw=randwrite", "--size=1m", "--nrfiles=5", "--numjobs=2",
       "--directory=" + (dir.path() / "a").string() + ":" + (dir.path() / "b").string(), "--runtime=60",
       "--time_based"}));
  REQUIRE(job.wait_for_stderr("Running many...", std::chrono::seconds(30)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  job.send_signal(SIGINT);
  const test::CommandOutput result = job.finish(std::chrono::seconds(20));
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 130);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("job: no room for the files is refused before anything is created, ENOSPC mid-run ends it cleanly") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a small tmpfs needs root")) return;
  test::TmpfsMount small("size=4m");
  const test::CommandOutput refused = test::run_bench(
      {"job", "-d", small.path().string(), "--name=fill", "--rw=write", "--bs=64k", "--size=8m", "--filename=big"});
  CHECK(refused.exit_code == 1);
  CHECK(contains(refused.err, "not enough free space in " + small.path().string()));
  CHECK(test::list_tree(small.path()).empty());

  if (test::skip_unless(test::tool_installed("fiu-run"), test::Need::kTool,
                        "ENOSPC mid-run: fiu-run is not installed (Debian fiu-utils)")) {
    return;
  }
#if defined(BENCH_TESTS_UNDER_ASAN)
  test::skip_unless(false, test::Need::kMachine, "ENOSPC mid-run: libfiu's preload does not mix with AddressSanitizer");
#else
  // fiu-run makes every pwrite fail with ENOSPC (28): the psync engine's first write.
  const test::CommandOutput full = test::run_program(
      {"fiu-run", "-x", "-f", "", "-c", "enable name=posix/io/rw/pwrite,failinfo=28", BENCH_BINARY, "job", "-d",
       small.path().string(), "--name=fill", "--rw=write", "--bs=64k", "--size=1m"});
  INFO("stderr:\n" << full.err);
  CHECK(full.exit_code == 1);
  CHECK(contains(full.err, "No space left on device"));
  CHECK(contains(full.err, "cannot write "));
  CHECK(test::list_tree(small.path()).empty());
#endif
}

}  // namespace bench
