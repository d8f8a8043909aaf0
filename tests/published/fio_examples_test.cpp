// fio's own examples (fio 3.33's examples/, as Debian's fio-examples installs them), each scaled as the collection
// beside this file is (sizes, runtimes and paths only: scaled_example) and run by `bench++ job`: every example
// that fio runs here runs with exit 0 and writes fio's JSON shape. Two lists say what does not: the examples
// bench++ still refuses, each with its refusal (the test fails when a refusal changes or an example starts to run,
// so that it moves out of the list), and those fio itself cannot run on this machine, each with the reason; a
// third names the program an example runs (exec's), without which neither tool can run it here.
#include <doctest/doctest.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "published/fio_json_shape.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kExamples = "/usr/share/doc/fio/examples";

// The examples bench++ refuses, each with the start of its refusal after "bench++: " (the job file's name and
// line, then the options or the value named).
const std::map<std::string, std::string, std::less<>> kRefused = {
    {"cmdprio-bssplit",
     "cmdprio-bssplit.fio:21: fio options 'cmdprio_bssplit', 'cmdprio_class', 'cmdprio' are not supported"},
    {"cmdprio-percentage",
     "cmdprio-percentage.fio:18: fio options 'cmdprio_percentage', 'cmdprio_class' are not supported"},
    {"netio", "netio.fio:4: invalid fio option ioengine='net'"},
    {"netio_multicast", "netio_multicast.fio:4: invalid fio option ioengine='net'"},
    {"pmemblk", "pmemblk.fio:4: invalid fio option ioengine='pmemblk'"},
};

// The examples fio 3.33 itself cannot run here (scaled as the others), and why.
const std::map<std::string, std::string, std::less<>> kFioCannot = {
    {"cpp_null", "engine cpp_null: fio's C++ example engine, not built into Debian's fio"},
    {"dev-dax", "engine dev-dax: needs a device-DAX character device (persistent memory)"},
    {"dfs", "engine dfs: DAOS, not built into Debian's fio, and a DAOS pool"},
    {"e4defrag", "fio's own verify fails: four jobs (numjobs=4) write and verify one file while e4defrag moves it"},
    {"e4defrag2", "fio's own verify fails: four jobs (numjobs=4) write and verify one file while e4defrag moves it"},
    {"enospc-pressure", "randtrim by libaio on a regular file fails in fio (ENOTTY): the job was written for a device"},
    {"fixed-rate-submission", "io_submit_mode=offload: fio 3.33's job hangs here (stuck for 300 s, then a double free)"},
    {"gfapi", "engine gfapi: needs a GlusterFS volume"},
    {"gpudirect-rdmaio-client", "engine rdma with mem=cudamalloc: needs RDMA hardware and a CUDA GPU"},
    {"gpudirect-rdmaio-server", "engine rdma with mem=cudamalloc: needs RDMA hardware and a CUDA GPU"},
    {"http-s3", "engine http: not built into Debian's fio, and an S3 account"},
    {"http-s3-crypto", "engine http: not built into Debian's fio, and an S3 account"},
    {"http-s3-storage-class", "engine http: not built into Debian's fio, and an S3 account"},
    {"http-swift", "engine http: not built into Debian's fio, and a Swift server"},
    {"http-webdav", "engine http: not built into Debian's fio, and a WebDAV server"},
    {"ime", "engines ime_*: DDN's IME, not built into Debian's fio"},
    {"libcufile-cufile", "engine libcufile: not built into Debian's fio, and a CUDA GPU"},
    {"libcufile-posix", "engine libcufile: not built into Debian's fio, and a CUDA GPU"},
    {"libhdfs", "engine libhdfs: not built into Debian's fio, and an HDFS cluster"},
    {"libiscsi", "engine libiscsi: not built into Debian's fio, and an iSCSI target"},
    {"libpmem", "engine libpmem: the file must be on persistent memory (fio: Operation not supported)"},
    {"librpma_apm-client", "engine librpma: not built into Debian's fio, and RDMA hardware"},
    {"librpma_apm-server", "engine librpma: not built into Debian's fio, and RDMA hardware"},
    {"librpma_gpspm-client", "engine librpma: not built into Debian's fio, and RDMA hardware"},
    {"librpma_gpspm-server", "engine librpma: not built into Debian's fio, and RDMA hardware"},
    {"libzbc-rand-write", "engine libzbc: not built into Debian's fio, and a zoned block device"},
    {"libzbc-seq-read", "engine libzbc: not built into Debian's fio, and a zoned block device"},
    {"mtd", "engine mtd: needs a flash (MTD) character device, /dev/mtd0"},
    {"nbd", "engine nbd: needs an NBD server on the example's socket"},
    {"nfs", "engine nfs: libnfs, not built into Debian's fio, and an NFS server"},
    {"numa", "numa_cpu_nodes=0-1: this machine has one NUMA node"},
    {"poisson-rate-submission",
     "io_submit_mode=offload: fio 3.33's job hangs here (stuck for 300 s, then a double free)"},
    {"rados", "engine rados: needs a Ceph cluster (fio crashes without one)"},
    {"rbd", "engine rbd: needs a Ceph cluster"},
    {"rdmaio-client", "engine rdma: needs RDMA hardware (and the example's [hostname] and [port] filled in)"},
    {"rdmaio-server", "engine rdma: needs RDMA hardware (and the example's [port] filled in)"},
    {"sg_verify", "engine sg: needs a SCSI device"},
    {"sg_verify-fail", "engine sg: needs a SCSI device"},
    {"sg_write_same_ndob", "engine sg: needs a SCSI device"},
    {"uring-cmd-ng", "engine io_uring_cmd: needs an NVMe generic character device (/dev/ngXnY)"},
    {"uring-cmd-zoned", "engine io_uring_cmd: needs a zoned NVMe generic character device (/dev/ngXnY)"},
    {"xnvme-compare", "needs FIO_RW, FIO_IODEPTH and FIO_BS from its runner script, and an existing device"},
    {"xnvme-zoned", "needs FIO_RW, FIO_IODEPTH and FIO_BS from its runner script, and a zoned device"},
    {"zbd-rand-write", "zonemode=zbd: needs a zoned block device"},
    {"zbd-seq-read", "zonemode=zbd: needs a zoned block device"},
};

// The examples whose program= may be missing here, each with that program: where it is missing fio cannot run the
// example (its exec engine's forked child goes on as a second fio when execvp fails, fails an assertion in
// io_u_qpush and fio hangs), and bench++ fails the job, naming the program; where it is there, the example runs.
const std::map<std::string, std::string, std::less<>> kProgramNeeded = {
    {"exec", "/usr/sbin/turbostat"},
};

// The examples bench++ job runs and fails, each with the start of its error after "bench++: " (the test fails
// when the error changes or the example passes, so that it moves out of the list). surface-scan: under bench++'s
// own file rules a reading workload lays out anew the file an earlier writing workload made (only a layout counts
// as filling it), so its verify-phase reads layout data, not the write-phase's; fio's persona, under fio's file
// rules, runs it as fio 3.33 does (both phases 4 MiB, error 0).
const std::map<std::string, std::string, std::less<>> kBenchFails = {
    {"surface-scan", "workload 'verify-phase': verify: bad block at offset 0"},
};

// A byte count as a job file writes it ("10G", "512m", "100MiB", "4096"), or nullopt for anything else (a
// percentage, a ${VARIABLE}).
std::optional<std::uint64_t> bytes_of(std::string_view value) {
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end == value.data()) return std::nullopt;
  std::string unit(end, value.data() + value.size());
  std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const std::string_view suffix : {"ib", "b", "i"}) {
    if (unit.size() > suffix.size() && unit.ends_with(suffix)) {
      unit.resize(unit.size() - suffix.size());
      break;
    }
  }
  const std::map<std::string, int, std::less<>> shifts = {{"", 0}, {"k", 10}, {"m", 20}, {"g", 30}, {"t", 40}};
  const auto shift = shifts.find(unit);
  if (shift == shifts.end()) return std::nullopt;
  return number << shift->second;
}

bool has_option(std::string_view text, std::string_view name) {
  bool found = false;
  for_each_line(text, [&](std::string_view line) {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    found = found || (line.starts_with(name) && line.substr(name.size()).starts_with('='));
  });
  return found;
}

// An example scaled to run in seconds in a directory of its own, as the collection's job files are: directory=
// left out (the run's directory is given); a device or absolute filename= becomes a file of that name in the
// run's directory (/dev/null and /dev/zero stay), with size=4m when the example gives no size (so too with
// fill_device=1, which size= caps: the test's filesystem is not filled); sizes above 4 MiB
// become 4m; runtime= and timeout= become 250ms and are added (to [global]) where the example has none; ramp_time
// and a nonzero startdelay become 100ms, ss_dur 1s (fio's shortest steady-state window) and ss_ramp 100ms; loops
// above 2 become 2, nrfiles above 8 become 8, numjobs above 4 become 4. Everything else stays as written.
std::string scaled_example(const std::string& text) {
  const std::set<std::string, std::less<>> size_options = {"size",     "filesize", "io_size",  "io_limit",
                                                            "zonesize", "zonerange", "zoneskip", "offset_increment"};
  const std::map<std::string, std::string, std::less<>> times = {
      {"runtime", "250ms"}, {"timeout", "250ms"}, {"ramp_time", "100ms"}, {"ss_dur", "1s"}, {"ss_ramp", "100ms"}};
  const std::map<std::string, std::uint64_t, std::less<>> counts = {
      {"loops", 2}, {"nrfiles", 8}, {"nr_files", 8}, {"numjobs", 4}};
  const bool has_size = has_option(text, "size") || has_option(text, "filesize");
  bool needs_size = false;
  std::vector<std::string> lines;
  for_each_line(text, [&](std::string_view line) {
    const std::size_t indent = line.find_first_not_of(" \t");
    const std::size_t equals = line.find('=');
    if (indent == std::string_view::npos || line[indent] == ';' || line[indent] == '#' || line[indent] == '[' ||
        equals == std::string_view::npos) {
      lines.emplace_back(line);
      return;
    }
    const std::string_view name = line.substr(indent, equals - indent);
    std::string_view value = line.substr(equals + 1);
    const std::string_view rest = value.substr(std::min(value.size(), value.find_first_of(" \t;#")));
    value = value.substr(0, value.size() - rest.size());
    std::string scaled(value);
    if (name == "directory") return;
    if (name == "filename" && value.starts_with('/') && value != "/dev/null" && value != "/dev/zero") {
      scaled = fs::path(value).filename().string();
      needs_size = !has_size;
    } else if ((name == "fill_device" || name == "fill_fs") && value != "0") {
      needs_size = !has_size;  // a size caps the filling: the test's filesystem is not filled
    } else if (size_options.contains(name)) {
      if (const std::optional<std::uint64_t> bytes = bytes_of(value); bytes && *bytes > (4u << 20)) scaled = "4m";
    } else if (const auto time = times.find(name); time != times.end()) {
      scaled = time->second;
    } else if (name == "startdelay" && value != "0") {
      scaled = "100ms";
    } else if (const auto count = counts.find(name); count != counts.end()) {
      if (const std::optional<std::uint64_t> n = bytes_of(value); n && *n > count->second) {
        scaled = std::to_string(count->second);
      }
    }
    lines.push_back(std::string(line.substr(0, equals + 1)) + scaled + std::string(rest));
  });
  std::vector<std::string> added;
  if (needs_size) added.emplace_back("size=4m");
  if (!has_option(text, "runtime") && !has_option(text, "timeout")) added.emplace_back("runtime=250ms");
  auto global = std::find(lines.begin(), lines.end(), "[global]");
  if (global == lines.end() && !added.empty()) {
    added.insert(added.begin(), "[global]");
    global = lines.begin();
  } else if (global != lines.end()) {
    ++global;
  }
  lines.insert(global, added.begin(), added.end());
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

std::vector<std::string> example_names() {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(kExamples)) {
    if (entry.path().extension() == ".fio") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

struct ExampleRun {
  test::CommandOutput result;
  std::optional<nlohmann::json> report;  // fio's JSON, when bench++ wrote one
};

// Runs one scaled example with `bench++ job` in a directory of its own (also its working directory, where the
// example's relative names land), asking for fio's JSON.
ExampleRun run_example(const std::string& name) {
  const test::TempDir dir;
  const std::string job_file = name + ".fio";
  std::ofstream(dir.path() / job_file) << scaled_example(test::read_file(kExamples / job_file));
  const fs::path report = dir.path() / "out.json";
  ExampleRun run;
  run.result = test::run_program({"env", "-C", dir.path().string(), BENCH_BINARY, "job", "-q", "-d",
                                  dir.path().string(), "--output-format=json", "--output=" + report.string(),
                                  job_file});
  if (fs::exists(report) && fs::file_size(report) > 0) run.report = nlohmann::json::parse(test::read_file(report));
  return run;
}

// True (and the skip said) when Debian's fio-examples is not installed.
bool examples_missing() {
  return test::skip_unless(fs::is_directory(kExamples), test::Need::kTool,
                           "fio's examples are not installed (Debian fio-examples)");
}

}  // namespace

TEST_CASE("fio examples: the scaling keeps an example's meaning and shrinks only sizes, times, counts and paths") {
  const std::string scaled = scaled_example(
      "[global]\ndirectory=/scratch\nsize=10G ; comment\nfilename=/dev/sdb\n[a]\nruntime=900\nnumjobs=30\n"
      "loops=500000\nsize=100%\nbs=4k\nstartdelay=0\n[b]\nstartdelay=4\nfilename=/dev/null\n");
  CHECK(scaled ==
        "[global]\nsize=4m ; comment\nfilename=sdb\n[a]\nruntime=250ms\nnumjobs=4\nloops=2\nsize=100%\nbs=4k\n"
        "startdelay=0\n[b]\nstartdelay=100ms\nfilename=/dev/null\n");
  // No size for a device made a file: 4m; no runtime: 250ms, in a [global] of its own when there is none.
  CHECK(scaled_example("[dev]\nfilename=/dev/sda\nrw=read\n") ==
        "[global]\nsize=4m\nruntime=250ms\n[dev]\nfilename=sda\nrw=read\n");
  // fill_device=1 without a size: 4m caps it, as for a device.
  CHECK(scaled_example("[w]\nfilename=f\nrw=write\nfill_device=1\n") ==
        "[global]\nsize=4m\nruntime=250ms\n[w]\nfilename=f\nrw=write\nfill_device=1\n");
  CHECK(bytes_of("100MiB") == 100u << 20);
  CHECK(bytes_of("102404k") == 102404u << 10);
  CHECK(bytes_of("${SIZE}") == std::nullopt);
}

TEST_CASE("fio examples: each is run, refused with its refusal, or listed as one fio cannot run here") {
  if (examples_missing()) return;
  const std::vector<std::string> names = example_names();
  CHECK(names.size() >= 86);
  // Each list names examples that exist, and no example is in both.
  for (const auto* list : {&kRefused, &kFioCannot}) {
    for (const auto& entry : *list) {
      const std::string& name = entry.first;
      CHECK_MESSAGE(std::binary_search(names.begin(), names.end(), name), name);
    }
  }
  for (const auto& entry : kRefused) CHECK_MESSAGE(!kFioCannot.contains(entry.first), entry.first);
  std::size_t ran = 0;
  std::size_t without_program = 0;
  for (const std::string& name : names) {
    if (kFioCannot.contains(name)) continue;
    CAPTURE(name);
    const ExampleRun run = run_example(name);
    INFO(run.result.err);
    if (const auto needed = kProgramNeeded.find(name); needed != kProgramNeeded.end() && !fs::exists(needed->second)) {
      ++without_program;
      CHECK(run.result.exit_code != 0);
      CHECK(test::contains(run.result.err, "exec: cannot run " + needed->second));
      continue;
    }
    if (const auto fails = kBenchFails.find(name); fails != kBenchFails.end()) {
      CHECK(run.result.exit_code == 1);
      CHECK(test::contains(run.result.err, "bench++: " + fails->second));
      continue;
    }
    if (const auto refused = kRefused.find(name); refused != kRefused.end()) {
      CHECK(run.result.exit_code == 2);
      CHECK(test::contains(run.result.err, "bench++: " + refused->second));
      continue;
    }
    ++ran;
    CHECK(run.result.exit_code == 0);
    REQUIRE(run.report.has_value());
    for (const std::string key : {"fio version", "timestamp", "timestamp_ms", "time", "jobs"}) {
      CHECK_MESSAGE(run.report->contains(key), key);
    }
    CHECK(!run.report->at("jobs").empty());
    for (const nlohmann::json& job : run.report->at("jobs")) {
      CAPTURE(job.value("jobname", ""));
      CHECK(job.at("error") == 0);
      CHECK(test::missing_keys(job) == std::vector<std::string>{});
    }
  }
  MESSAGE("fio's examples: " << ran << " run, " << kRefused.size() << " refused, "
                             << kFioCannot.size() + without_program << " that fio cannot run here");
}

}  // namespace bench
