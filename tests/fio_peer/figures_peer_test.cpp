// Figures in fio's keys that mean what fio 3.33 means by them, the same job run by bench++ and by fio itself, each
// tool's own JSON (or its system calls, as strace saw them) read: each job's own CPU and context switches, the
// syncs fsync=/fdatasync= make (in a mixed job too) and the end_fsync that no sync statistic counts, and the
// averaged logs that end where the job ends.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "fio_run.h"
#include "test_paths.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// The JSON one tool writes for `options`: fio (`ours` false) with its files in `dir`, or bench++ job with its
// files in a private directory under `dir`; run in `cwd` (where each writes its logs), env -C.
Json json_of(bool ours, const fs::path& dir, const std::vector<std::string>& options,
             const fs::path& cwd = fs::current_path()) {
  std::vector<std::string> argv = {"env", "-C", cwd.string()};
  if (ours) {
    argv.insert(argv.end(), {test::bench_binary(), "job", "-q", "-d", dir.string(), "--output-format=json"});
  } else {
    argv.insert(argv.end(), {"fio", "--output-format=json", "--directory=" + dir.string()});
  }
  argv.insert(argv.end(), options.begin(), options.end());
  const test::CommandOutput run = test::run_program(argv);
  INFO((ours ? "bench++: " : "fio: ") << run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out);
}
Json fio_json(const fs::path& dir, const std::vector<std::string>& options) { return json_of(false, dir, options); }
Json bench_json(const fs::path& dir, const std::vector<std::string>& options) { return json_of(true, dir, options); }

// Context switches per request of a job entry: a direct read that waits for the device sleeps once a request.
double switches_per_request(const Json& job) {
  const double requests = job["read"]["total_ios"].get<double>() + job["write"]["total_ios"].get<double>();
  return requests > 0 ? job["ctx"].get<double>() / requests : 0.0;
}

// The positions (index of the transfer it follows) where a run synced, and where fio's rule (io_u.c get_rw_ddir,
// should_fsync) wants a sync given the run's own transfers: after a transfer, not the run's last, when the writes
// issued so far are a non-zero multiple of `every` (the last call completed then is a transfer, never a sync).
struct SyncPlaces {
  std::vector<std::size_t> done;
  std::vector<std::size_t> wanted;
};
SyncPlaces sync_places(const test::PeerRun& run, std::uint64_t every) {
  SyncPlaces places;
  std::vector<bool> writes;
  for (const test::PeerRequest& request : run.requests) {
    if (request.syncs && !writes.empty()) places.done.push_back(writes.size() - 1);
    if (request.transfer()) writes.push_back(request.write);
  }
  std::uint64_t written = 0;
  for (std::size_t i = 0; i + 1 < writes.size(); ++i) {
    written += writes[i] ? 1 : 0;
    if (written > 0 && written % every == 0) places.wanted.push_back(i);
  }
  return places;
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::uint64_t entry_ms(const std::string& line) { return std::stoull(line.substr(0, line.find(','))); }

}  // namespace

TEST_CASE("fio peer: each job's usr_cpu, sys_cpu and ctx are its own, as fio's, not the process's in every job") {
  if (!test::fio_available()) return;
  test::TempDir dir;
  if (test::skip_unless(test::run_program({"dd", "if=/dev/zero", "of=" + (dir.path() / "probe").string(), "bs=4096",
                                           "count=1", "oflag=direct"})
                                .exit_code == 0,
                        test::Need::kMachine, "O_DIRECT is refused in $TMPDIR")) {
    return;
  }
  // Four jobs at once, each reading its own file directly: a request sleeps until the device answers, a context
  // switch of the job's thread (or process) each.
  const std::vector<std::string> job = {"--name=cpu", "--rw=randread", "--bs=4k", "--size=2m", "--direct=1",
                                        "--numjobs=4"};
  const Json fio = fio_json(dir.path(), job);
  const Json bench = bench_json(dir.path(), job);
  REQUIRE(fio["jobs"].size() == 4);
  REQUIRE(bench["jobs"].size() == 4);
  double fio_mean = 0;
  for (const Json& each : fio["jobs"]) fio_mean += switches_per_request(each) / 4;
  CAPTURE(fio_mean);
  REQUIRE(fio_mean > 0.5);  // fio's job sleeps on its requests: the figure the comparison stands on
  for (const Json& each : bench["jobs"]) {
    const double ours = switches_per_request(each);
    CAPTURE(ours);
    // The process's figure would be near 4 per request (every job's); the job's own is fio's, near one.
    CHECK(ours > fio_mean / 2);
    CHECK(ours < fio_mean * 2);
    CHECK(each["usr_cpu"].get<double>() + each["sys_cpu"].get<double>() <= 100.0);
  }
  // group_reporting sums the jobs' own, as fio's sum_thread_stats: one entry near 4 x a job's switches.
  std::vector<std::string> grouped = job;
  grouped.push_back("--group_reporting");
  const Json fio_group = fio_json(dir.path(), grouped);
  const Json bench_group = bench_json(dir.path(), grouped);
  REQUIRE(bench_group["jobs"].size() == 1);
  const double fio_switches = fio_group["jobs"][0]["ctx"].get<double>();
  const double bench_switches = bench_group["jobs"][0]["ctx"].get<double>();
  CHECK(bench_switches > fio_switches / 2);
  CHECK(bench_switches < fio_switches * 2);
}

TEST_CASE("fio peer: end_fsync is no sync request and fsync=/fdatasync= count as fio counts them") {
  if (!test::fio_available()) return;
  // 256 writes of 4 KiB: fsync=4 and fdatasync=4 sync after the 4th, 8th ... 252nd (none after the last write).
  const std::vector<std::string> base = {"--name=syncs", "--rw=write", "--bs=4k", "--size=1m"};
  for (const std::string option : {"--end_fsync=1", "--fsync=4", "--fdatasync=4"}) {
    CAPTURE(option);
    test::TempDir dir;
    std::vector<std::string> job = base;
    job.push_back(option);
    const Json fio = fio_json(dir.path(), job)["jobs"][0];
    const Json bench = bench_json(dir.path(), job)["jobs"][0];
    const std::uint64_t expected = option == "--end_fsync=1" ? 0 : 63;
    CHECK(fio["sync"]["lat_ns"]["N"].get<std::uint64_t>() == expected);  // the reference, as measured here
    CHECK(bench["sync"]["lat_ns"]["N"].get<std::uint64_t>() == expected);
    CHECK(bench["write"]["total_ios"] == fio["write"]["total_ios"]);
    if (expected == 0) {
      CHECK(bench["sync"]["lat_ns"]["max"].get<std::uint64_t>() == 0);  // no 15-104 ms "sync latency" of its own
      CHECK(fio["sync"]["lat_ns"]["max"].get<std::uint64_t>() == 0);
    }
  }
}

TEST_CASE("fio peer: fdatasync= in a mixed job syncs after every request once the writes are due, as fio") {
  if (!test::peers_available()) return;
  for (const std::uint64_t every : {1u, 2u, 3u}) {
    CAPTURE(every);
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(
        dir.path(), {"--rw=randrw", "--bs=4k", "--size=64k", "--fdatasync=" + std::to_string(every)}, 64 * 1024,
        test::PeerCalls::kWithSyncs);
    REQUIRE(pair.fio.exit_code == 0);
    REQUIRE(pair.bench.exit_code == 0);
    for (const test::PeerRun* run : {&pair.fio, &pair.bench}) {
      const SyncPlaces places = sync_places(*run, every);
      CHECK(places.done == places.wanted);
      CHECK(!places.done.empty());
    }
  }
}

TEST_CASE("fio peer: verify's read-back is counted as the job's reads, as fio counts them") {
  if (!test::fio_available()) return;
  for (const std::string depth : {"--iodepth=1", "--iodepth=4"}) {
    CAPTURE(depth);
    test::TempDir dir;
    const std::vector<std::string> job = {"--name=verify", "--rw=write", "--bs=4k", "--size=1m", "--verify=crc32c",
                                          "--ioengine=libaio", depth};
    const Json fio = fio_json(dir.path(), job)["jobs"][0];
    const Json bench = bench_json(dir.path(), job)["jobs"][0];
    for (const Json* tool : {&fio, &bench}) {
      const Json& read = (*tool)["read"];
      CHECK(read["io_bytes"].get<std::uint64_t>() == 1024 * 1024);  // every block written, read back once
      CHECK(read["total_ios"].get<std::uint64_t>() == 256);
      CHECK(read["lat_ns"]["N"].get<std::uint64_t>() == 256);
      CHECK((*tool)["write"]["total_ios"].get<std::uint64_t>() == 256);
    }
    // bench++'s job_runtime holds its writes and their read-back, as fio's total_run_time runs to the end of
    // do_verify. (fio's own pair is not held to it: on a loaded machine its read runtime, counted from the read
    // phase's first request and rounded up, ran past its job_runtime, 5 ms beside 2.)
    const std::uint64_t job_runtime = bench["job_runtime"].get<std::uint64_t>();
    CHECK(bench["read"]["runtime"].get<std::uint64_t>() <= job_runtime + 1);
    CHECK(bench["write"]["runtime"].get<std::uint64_t>() <= job_runtime + 1);
    // fio's depth counts hold the read-back's submissions too: 256 writes and 256 reads.
    CHECK(bench["iodepth_level"] == fio["iodepth_level"]);
  }
}

TEST_CASE("fio peer: group_reporting over two sections of one group is one entry in the JSON, as fio's") {
  if (!test::fio_available()) return;
  const test::TempDir dir, files;
  const fs::path job_file = files.path() / "sections.fio";
  std::ofstream(job_file) << "[global]\ngroup_reporting=1\nsize=256k\nioengine=libaio\n\n"
                             "[first]\ndescription=first section\nrw=randread\niodepth=4\nnumjobs=2\n\n"
                             "[second]\ndescription=the second\nrw=write\nbs=64k\niodepth=8\n\n"
                             "[third]\nstonewall\nrw=read\n";
  const Json fio = fio_json(dir.path(), {job_file.string()});
  const Json bench = bench_json(dir.path(), {job_file.string()});
  REQUIRE(fio["jobs"].size() == 2);
  REQUIRE(bench["jobs"].size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    CAPTURE(k);
    const Json& theirs = fio["jobs"][k];
    const Json& ours = bench["jobs"][k];
    // The first member's name and description; the last member's options and depth; every member's requests.
    for (const char* key : {"jobname", "groupid", "job options", "latency_depth"}) CHECK(ours[key] == theirs[key]);
    CHECK(ours.value("desc", "") == theirs.value("desc", ""));
    CHECK(ours["read"]["total_ios"] == theirs["read"]["total_ios"]);
    CHECK(ours["write"]["total_ios"] == theirs["write"]["total_ios"]);
  }
  CHECK(bench["jobs"][0]["jobname"] == "first");
  CHECK(bench["jobs"][0]["job options"].value("iodepth", "") == "8");
}

TEST_CASE("fio peer: averaged logs end where the job ends, as fio's (no entry past it, none for a part window)") {
  if (!test::fio_available()) return;
  const std::vector<std::string> job = {"--name=logs", "--rw=randread", "--bs=4k", "--size=16m", "--time_based",
                                        "--runtime=1300ms", "--log_avg_msec=500", "--write_bw_log=t",
                                        "--write_lat_log=t", "--write_iops_log=t"};
  for (const bool ours : {false, true}) {
    CAPTURE(ours);
    test::TempDir dir;
    const fs::path work = dir.path() / "cwd";
    fs::create_directories(work);
    const std::uint64_t runtime = json_of(ours, dir.path(), job, work)["jobs"][0]["read"]["runtime"].get<std::uint64_t>();
    CAPTURE(runtime);
    // Windows end at 500 and 1000 ms; the job ends near 1300 ms, inside the third.
    for (const std::string kind : {"bw", "iops"}) {
      const std::vector<std::string> lines = lines_of(work / ("t_" + kind + ".1.log"));
      REQUIRE(lines.size() == 2);
      CHECK(entry_ms(lines.back()) <= runtime);
      CHECK(entry_ms(lines.back()) < 1300);
    }
    for (const std::string kind : {"lat", "clat"}) {
      const std::vector<std::string> lines = lines_of(work / ("t_" + kind + ".1.log"));
      REQUIRE(lines.size() == 3);
      CHECK(entry_ms(lines.back()) >= 1300);  // the part window's mean, at the job's end
      CHECK(entry_ms(lines.back()) <= runtime + 1);
    }
  }
}

}  // namespace bench
