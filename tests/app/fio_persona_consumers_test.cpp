// The tools that run `fio`, each standing in here for itself: the persona (a link named fio, first in PATH, as a
// user opts in) is called exactly as the tool calls fio, and what the tool reads is read exactly as it reads it.
// The calls are cited from each tool's source; sizes and times are scaled down to this machine, nothing else.
// The tools themselves were run by hand from their sources (docs/fio-persona.md).
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A directory holding only a link named fio to bench++, put first in PATH for the tool's calls. With
// BENCH_CONSUMERS_ON_REAL_FIO=1 the link is left out and the tools' calls reach the real fio: each test then checks
// that its expectations are fio's own.
struct PersonaOnPath {
  test::TempDir links;
  PersonaOnPath() {
    const char* real = std::getenv("BENCH_CONSUMERS_ON_REAL_FIO");
    if (real == nullptr || std::string(real) != "1") fs::create_symlink(BENCH_BINARY, links.path() / "fio");
  }

  // `fio ARGS` run by name from PATH in `dir`, as a tool's subprocess call does.
  test::CommandOutput run(const fs::path& dir, const std::vector<std::string>& args) const {
    const char* path = std::getenv("PATH");
    std::vector<std::string> argv = {"env", "PATH=" + links.path().string() + ":" + (path ? path : "/usr/bin:/bin"),
                                     "sh", "-c", "cd \"$1\" && shift && exec fio \"$@\"", "sh", dir.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    return test::run_program(argv);
  }
};

// Go's encoding/json into kubestr's typed structs (pkg/fio/fio_types.go): an int field takes only a JSON integer
// (no fraction, no exponent), a float field any number, a string field only a string; an absent key is left zero
// (omitempty). One failed field fails kubestr's whole json.Unmarshal ("unable to parse fio output into JSON").
enum class GoType { kInt, kFloat, kString };
void check_go_fields(const json& object, const std::vector<std::pair<std::string, GoType>>& fields,
                     const std::string& where) {
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& field : fields) {
    const std::string& key = field.first;
    const GoType type = field.second;
    const auto found = object.find(key);
    if (found == object.end()) continue;
    CAPTURE(where + "." + key);
    CAPTURE(found->dump());
    switch (type) {
      case GoType::kInt: CHECK(found->is_number_integer()); break;
      case GoType::kFloat: CHECK(found->is_number()); break;
      case GoType::kString: CHECK(found->is_string()); break;
    }
  }
}

// `object[key]`, or an empty object when there is none (Go leaves the struct zero).
const json& member(const json& object, const char* key) {
  static const json kEmpty = json::object();
  const auto found = object.find(key);
  return found == object.end() ? kEmpty : *found;
}

void check_kubestr_types(const json& result) {
  using enum GoType;
  check_go_fields(result, {{"fio version", kString}, {"timestamp", kInt}, {"timestamp_ms", kInt}, {"time", kString}},
                  "result");
  check_go_fields(member(result, "global options"),
                  {{"directory", kString}, {"randrepeat", kString}, {"verify", kString}, {"ioengine", kString},
                   {"direct", kString}, {"gtod_reduce", kString}},
                  "global options");
  const std::vector<std::pair<std::string, GoType>> stats = {
      {"io_bytes", kInt},  {"io_kbytes", kInt}, {"bw_bytes", kInt},  {"bw", kInt},           {"iops", kFloat},
      {"runtime", kInt},   {"total_ios", kInt}, {"short_ios", kInt}, {"drop_ios", kInt},     {"bw_min", kInt},
      {"bw_max", kInt},    {"bw_agg", kFloat},  {"bw_mean", kFloat}, {"bw_dev", kFloat},     {"bw_samples", kInt},
      {"iops_min", kInt},  {"iops_max", kInt},  {"iops_mean", kFloat}, {"iops_stddev", kFloat}, {"iops_samples", kInt}};
  const std::vector<std::pair<std::string, GoType>> latency = {
      {"min", kInt}, {"max", kInt}, {"mean", kFloat}, {"stddev", kFloat}, {"N", kInt}};
  for (const json& job : result.at("jobs")) {
    check_go_fields(job,
                    {{"jobname", kString}, {"groupid", kInt}, {"error", kInt}, {"eta", kInt}, {"elapsed", kInt},
                     {"job_runtime", kInt}, {"usr_cpu", kFloat}, {"sys_cpu", kFloat}, {"ctx", kInt}, {"majf", kInt},
                     {"minf", kInt}, {"latency_depth", kInt}, {"latency_target", kInt},
                     {"latency_percentile", kFloat}, {"latency_window", kInt}},
                    "job");
    check_go_fields(member(job, "job options"),
                    {{"name", kString}, {"bs", kString}, {"iodepth", kString}, {"size", kString}, {"rw", kString},
                     {"ramp_time", kString}, {"runtime", kString}},
                    "job options");
    for (const char* direction : {"read", "write", "trim", "sync"}) {
      const json& d = member(job, direction);
      check_go_fields(d, stats, direction);
      for (const char* lat : {"slat_ns", "clat_ns", "lat_ns"}) check_go_fields(member(d, lat), latency, lat);
    }
    for (const char* shares : {"iodepth_level", "iodepth_submit", "iodepth_complete", "latency_ns", "latency_us",
                               "latency_ms"}) {
      for (const auto& item : member(job, shares).items()) {
        CAPTURE(std::string(shares) + "." + item.key());
        CHECK(item.value().is_number());
      }
    }
  }
  const auto disks = result.find("disk_util");
  for (const json& disk : disks == result.end() ? json::array() : *disks) {
    check_go_fields(disk,
                    {{"name", kString}, {"read_ios", kInt}, {"write_ios", kInt}, {"read_merges", kInt},
                     {"write_merges", kInt}, {"read_ticks", kInt}, {"write_ticks", kInt}, {"in_queue", kInt},
                     {"util", kFloat}},
                    "disk_util");
  }
}

bool direct_io_here(const fs::path& dir) {
  const std::string probe = (dir / ".direct-probe").string();
  const int fd = ::open(probe.c_str(), O_CREAT | O_RDWR | O_DIRECT, 0600);
  if (fd >= 0) ::close(fd);
  fs::remove(probe);
  return !test::skip_unless(fd >= 0, test::Need::kMachine, "O_DIRECT is refused in " + dir.string());
}

}  // namespace

// kubestr (kastenhq/kubestr, pkg/fio/fio.go runFIOCommand): `fio --directory /dataset JOBFILE --output-format=json`,
// failing on any byte of stderr ("stderr when running FIO"), then json.Unmarshal of stdout into FioResult. Its
// default job (pkg/fio/fio_jobs.go, testJob1): four jobs with libaio, direct=1, gtod_reduce=1 and readwrite=/
// blocksize-free bs=, size=2G, ramp_time=2s, runtime=15s (here 4m, 1s and 1s).
TEST_CASE("fio persona consumers: kubestr's default job, as kubestr runs and reads it") {
  const PersonaOnPath persona;
  const test::TempDir config, dataset;
  if (!direct_io_here(dataset.path())) return;
  std::string jobs = "[global]\nrandrepeat=0\nverify=0\nioengine=libaio\ndirect=1\ngtod_reduce=1\n";
  int n = 1;
  for (const auto& [name, bs, rw] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"read_iops", "4K", "randread"}, {"write_iops", "4K", "randwrite"}, {"read_bw", "128K", "randread"},
           {"write_bw", "128k", "randwrite"}}) {
    jobs += "[job" + std::to_string(n++) + "]\nname=" + name + "\nbs=" + bs + "\niodepth=64\nsize=4m\nreadwrite=" + rw +
            "\ntime_based\nramp_time=1s\nruntime=1s\n";
  }
  std::ofstream(config.path() / "default-fio") << jobs;
  const auto r = persona.run(config.path(), {"--directory", dataset.path().string(),
                                             (config.path() / "default-fio").string(), "--output-format=json"});
  CHECK(r.exit_code == 0);
  CHECK(r.err == "");  // kubestr: `if err != nil || stderr != ""`
  const json result = json::parse(r.out);
  check_kubestr_types(result);
  REQUIRE(result.at("jobs").size() == 4);
  // What kubestr prints (FioResult.Print): the global options it names, each job's rw and bs, its IOPS and BW.
  CHECK(result["global options"].value("ioengine", "") == "libaio");
  CHECK(result["global options"].value("gtod_reduce", "") == "1");
  CHECK(result["global options"].value("directory", "") == dataset.path().string());
  CHECK(result["jobs"][0]["job options"].value("rw", "") == "randread");
  CHECK(result["jobs"][1]["job options"].value("rw", "") == "randwrite");
  CHECK(result["jobs"][3]["job options"].value("bs", "") == "128k");
  CHECK(result["jobs"][0]["read"]["iops"].get<double>() > 0);
  CHECK(result["jobs"][1]["write"]["bw"].get<std::int64_t>() > 0);
}

// fio-plot's bench_fio (louwrentius/fio-plot): checks.py check_fio_version runs `fio --version` and wants "fio-3"
// in its stdout; runfio.py run_fio writes a job file (generatefio.py: one [FIOJOB] section, bench_fio's settings in
// its order, mapped to fio's names) and runs `fio --output-format=json --output=FILE JOBFILE`; run_raw_command stops
// the whole series when the return code is above 0 or `len(str(result.stderr)) > 3` (any byte on stderr).
TEST_CASE("fio persona consumers: fio-plot's bench_fio series, as bench_fio runs it") {
  const PersonaOnPath persona;
  const test::TempDir target, output, scratch;
  if (!direct_io_here(target.path())) return;
  const auto version = persona.run(scratch.path(), {"--version"});
  CHECK(version.exit_code == 0);
  CHECK(test::contains(version.out, "fio-3"));
  CHECK(version.err == "");
  for (const int iodepth : {1, 4}) {
    CAPTURE(iodepth);
    const std::string name = "randread-iodepth-" + std::to_string(iodepth) + "-numjobs-1";
    const fs::path log = output.path() / name;
    const fs::path job_file = scratch.path() / (target.path().filename().string() + "-tmpjobfile.fio");
    std::ofstream(job_file) << "[FIOJOB]\ndirectory=" << target.path().string()
                            << "\nioengine=libaio\nrw=randread\nsize=8m\nbs=4k\niodepth=" << iodepth
                            << "\nnumjobs=1\nruntime=1\nloops=1\ndirect=1\nlog_avg_msec=1000\ninvalidate=1\n"
                            << "write_bw_log=" << log.string() << "\nwrite_lat_log=" << log.string()
                            << "\nwrite_iops_log=" << log.string() << "\n\n";
    const fs::path json_file = output.path() / ("randread-" + std::to_string(iodepth) + "-1.json");
    const auto r = persona.run(scratch.path(),
                               {"--output-format=json", "--output=" + json_file.string(), job_file.string()});
    CHECK(r.exit_code == 0);
    CHECK(r.err == "");
    CHECK(r.out == "");  // with --output, fio writes nothing to stdout
    // fio_plot reads the JSON file and the logs by these names.
    const json result = json::parse(test::read_file(json_file));
    REQUIRE(result.at("jobs").size() == 1);
    CHECK(result["jobs"][0]["job options"].value("rw", "") == "randread");
    CHECK(result["jobs"][0]["job options"].value("iodepth", "") == std::to_string(iodepth));
    for (const char* kind : {"_bw", "_lat", "_clat", "_slat", "_iops"}) {
      CHECK(fs::exists(log.string() + kind + ".1.log"));
    }
  }
}

// KDiskMark (JonMagon/KDiskMark): benchmark.cpp starts `fio --version` and takes fio as found when the simplified
// stdout starts with "fio-"; helper.cpp prepareBenchmarkFile makes an empty kdiskmark-XXXXXX.tmp (QTemporaryFile)
// and runs `fio --output-format=json --create_only=1 --filename=F --size=Nm --zero_buffers=0 --name=prepare`;
// startBenchmarkTest runs each test on F with the options below. parseResult fails on `"jobs": []` ("Bad FIO
// output", or stderr's text) and on jobs[0].error != 0, and reads read/write bw (int), iops and clat_ns.mean.
TEST_CASE("fio persona consumers: KDiskMark's prepare step and its tests on the file it made") {
  const PersonaOnPath persona;
  const test::TempDir dir;
  if (!direct_io_here(dir.path())) return;
  const auto version = persona.run(dir.path(), {"--version"});
  CHECK(version.out.rfind("fio-", 0) == 0);
  const fs::path file = dir.path() / "kdiskmark-Ab12Cd.tmp";
  { std::ofstream made(file); }
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  const auto parsed_job = [](const test::CommandOutput& r) {
    CHECK(r.exit_code == 0);
    CHECK(r.err == "");
    const json result = json::parse(r.out);
    REQUIRE_FALSE(result.at("jobs").empty());
    CHECK(result["jobs"][0].at("error").get<int>() == 0);
    return result["jobs"][0];
  };
  const json prepared = parsed_job(persona.run(
      dir.path(), {"--output-format=json", "--create_only=1", "--filename=" + file.string(), "--size=16m",
                   "--zero_buffers=0", "--name=prepare"}));
  CHECK(prepared.at("jobname") == "prepare");
  CHECK(fs::file_size(file) == 16u << 20);
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& workload : std::vector<std::tuple<std::string, int, int>>{
           {"read", 1024, 8}, {"write", 1024, 8}, {"randread", 4, 32}, {"randwrite", 4, 32}, {"randread", 4, 1},
           {"randwrite", 4, 1}}) {
    const std::string& rw = std::get<0>(workload);
    const int bs = std::get<1>(workload);
    const int depth = std::get<2>(workload);
    CAPTURE(rw);
    const json job = parsed_job(persona.run(
        dir.path(), {"--output-format=json", "--ioengine=libaio", "--randrepeat=0", "--refill_buffers=0",
                     "--end_fsync=1", "--direct=1", "--rwmixread=70", "--filename=" + file.string(), "--name=" + rw,
                     "--size=16m", "--zero_buffers=0", "--bs=" + std::to_string(bs) + "k", "--runtime=1",
                     "--rw=" + rw, "--iodepth=" + std::to_string(depth), "--numjobs=1", "--group_reporting"}));
    const json& d = job.at(rw.find("read") != std::string::npos ? "read" : "write");
    CHECK(d.at("bw").is_number_integer());
    CHECK(d.at("bw").get<std::int64_t>() > 0);
    CHECK(d.at("iops").get<double>() > 0);
    CHECK(d.at("clat_ns").at("mean").get<double>() > 0);
  }
  // KDiskMark removes its file itself (removeBenchmarkFile): the persona left it, as fio does.
  CHECK(fs::exists(file));
}

// Tart's benchmark (cirruslabs/tart, benchmark/internal/command/fio/benchmark.go): six shell commands run as they
// stand (tests/fixtures/fio/tart-commands.txt; the last after `mkdir -p test-data &&`), stdout unmarshalled into
// its Result (json.go: jobs[].read/write/sync bw, iops, lat_ns mean and stddev) and refused unless it holds exactly
// one job (fio.go). Sizes and runtimes scaled down here; every option else as Tart gives it.
TEST_CASE("fio persona consumers: Tart's six benchmark commands, one job each, files removed") {
  const PersonaOnPath persona;
  const test::TempDir dir;
  if (!direct_io_here(dir.path())) return;
  fs::create_directory(dir.path() / "test-data");
  const std::vector<std::pair<std::string, std::string>> scaled = {
      {"--size=4g", "--size=8m"},   {"--size=256m", "--size=1m"}, {"--size=10g", "--size=16m"},
      {"--size=2GB", "--size=4MB"}, {"--runtime=60", "--runtime=1"}, {"--runtime=120", "--runtime=1"}};
  int commands = 0;
  for (std::string line : test::lines_of(test::read_fixture("fio/tart-commands.txt"))) {
    if (line.rfind("fio ", 0) != 0) continue;
    for (const auto& [from, to] : scaled) {
      if (const auto at = line.find(from + " "); at != std::string::npos) line.replace(at, from.size(), to);
    }
    CAPTURE(line);
    ++commands;
    std::vector<std::string> words;
    for (std::size_t start = 4, end; start < line.size(); start = end + 1) {
      end = line.find(' ', start);
      if (end == std::string::npos) end = line.size();
      words.push_back(line.substr(start, end - start));
    }
    const auto r = persona.run(dir.path(), words);
    CHECK(r.exit_code == 0);
    const json result = json::parse(r.out);
    REQUIRE(result.at("jobs").size() == 1);  // fio.go: "expected exactly 1 job from fio's JSON output"
    const json& job = result["jobs"][0];
    for (const char* direction : {"read", "write", "sync"}) {
      // fio's sync object has no bw nor iops (Tart's struct reads them as zero): lat_ns only.
      if (std::string(direction) != "sync") {
        CHECK(job.at(direction).at("bw").is_number());
        CHECK(job.at(direction).at("iops").is_number());
      }
      CHECK(job.at(direction).at("lat_ns").at("mean").is_number());
      CHECK(job.at(direction).at("lat_ns").at("stddev").is_number());
    }
    // end_fsync is no sync request in fio's figures (Tart's "Latency (sync)" column); fdatasync=1's are.
    const bool syncs_each_write = test::contains(line, "--fdatasync=1");
    CHECK((job["sync"]["lat_ns"]["mean"].get<double>() > 0) == syncs_each_write);
    // --unlink 1: nothing left but the directory Tart made.
    const std::vector<std::string> left = test::list_tree(dir.path());
    CHECK(left.size() == 1);
    CHECK(fs::is_empty(dir.path() / "test-data"));
  }
  CHECK(commands == 6);
}

// Phoronix's fio profile (phoronix-test-suite/test-profiles, pts/fio-2.1.0 install.sh): fio-run writes test.fio
// ([global] rw, ioengine, iodepth=64, size=1g, direct, startdelay=20, ramp_time=5, runtime=60, group_reporting=1,
// numjobs, time_based, disk_util=0, clat_percentiles=0, disable_lat/clat/slat=1, filename=; [test] name=test, bs,
// stonewall) and runs `fio test.fio 2>&1 > $LOG_FILE`; results-definition.xml takes the figure after "bw=" on the
// line holding ": bw=" (the Run status group's READ:/WRITE: line) and after "IOPS=" on the line holding "IOPS=".
// Sizes and times scaled down here.
TEST_CASE("fio persona consumers: Phoronix's fio profile and the lines its result parser reads") {
  const PersonaOnPath persona;
  const test::TempDir dir;
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& workload :
       std::vector<std::pair<std::string, std::string>>{{"randread", "READ"}, {"write", "WRITE"}}) {
    const std::string& rw = workload.first;
    const std::string& direction = workload.second;
    CAPTURE(rw);
    std::ofstream(dir.path() / "test.fio")
        << "[global]\nrw=" << rw << "\nioengine=libaio\niodepth=64\nsize=8m\ndirect=0\nstartdelay=0\n\nramp_time=0"
        << "\nruntime=1\ngroup_reporting=1\nnumjobs=1\ntime_based\ndisk_util=0\nclat_percentiles=0\ndisable_lat=1"
        << "\ndisable_clat=1\ndisable_slat=1\nfilename=" << (dir.path() / "fiofile").string()
        << "\n[test]\nname=test\nbs=4k\nstonewall\n";
    const auto r = persona.run(dir.path(), {"test.fio"});
    CHECK(r.exit_code == 0);
    CHECK(r.err == "");  // 2>&1 would put it into the log the parser reads
    const std::vector<std::string> lines = test::lines_of(r.out);
    const auto line_with = [&](const std::string& hint) {
      for (const std::string& line : lines) {
        if (test::contains(line, hint)) return line;
      }
      return std::string();
    };
    const std::string bw_line = line_with(": bw=");
    CAPTURE(bw_line);
    CHECK(bw_line.rfind("  " + std::string(direction.size() == 4 ? " " : "") + direction + ": bw=", 0) == 0);
    const std::string iops_line = line_with("IOPS=");
    CAPTURE(iops_line);
    REQUIRE(test::contains(iops_line, "IOPS="));
    const std::string after = iops_line.substr(iops_line.find("IOPS=") + 5);
    CHECK(!after.empty());
    CHECK(std::isdigit(static_cast<unsigned char>(after.front())));
  }
}

}  // namespace bench
