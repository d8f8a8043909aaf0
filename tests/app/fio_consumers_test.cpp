// fio's consumers on bench++'s fio output, side by side with the same consumer on fio's own output for the same
// job: each must run on both files and produce the same columns. The job is small (1 MiB) and runs once
// per tool for every consumer here, so the suite's added time stays a few seconds.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::CommandOutput;

// fio's job words: a mix of reads and writes with fdatasync, so read, write and sync all have requests.
const std::vector<std::string> kJob = {"--name=mix", "--rw=randrw", "--bs=4k", "--size=1m", "--ioengine=psync",
                                       "--fdatasync=16", "--randrepeat=0"};

std::string consumer(const std::string& script) {
  return std::string(BENCH_FIXTURE_DIR) + "/fio/consumers/" + script;
}

// Both tools' output of kJob with these run options, in `dir`/fio.OUT and `dir`/bench.OUT.
struct BothOutputs {
  fs::path fio, bench;
};
BothOutputs run_both_now(const fs::path& dir, const std::vector<std::string>& run_options,
                         const std::string& extension) {
  BothOutputs outputs{dir / ("fio." + extension), dir / ("bench." + extension)};
  std::vector<std::string> fio = {"sh", "-c", "cd \"$1\" && shift && exec fio \"$@\"", "sh", dir.string()};
  fio.insert(fio.end(), kJob.begin(), kJob.end());
  fio.insert(fio.end(), run_options.begin(), run_options.end());
  fio.push_back("--output=" + outputs.fio.string());
  const CommandOutput fio_run = test::run_program(fio);
  INFO("fio: " << fio_run.err);
  REQUIRE(fio_run.exit_code == 0);
  std::vector<std::string> bench = {"job", "-q", "-d", dir.string()};
  bench.insert(bench.end(), kJob.begin(), kJob.end());
  bench.insert(bench.end(), run_options.begin(), run_options.end());
  bench.push_back("--output=" + outputs.bench.string());
  const CommandOutput bench_run = test::run_bench(bench);
  INFO("bench++: " << bench_run.err);
  REQUIRE(bench_run.exit_code == 0);
  return outputs;
}

// run_both_now once per set of run options in this test process (the consumers read the same files), in a
// directory kept until the process ends. The caller's `dir` is where it works.
BothOutputs run_both(const fs::path& /*dir*/, const std::vector<std::string>& run_options,
                     const std::string& extension) {
  static test::TempDir shared;
  static std::map<std::vector<std::string>, BothOutputs> made;
  if (const auto found = made.find(run_options); found != made.end()) return found->second;
  const fs::path dir = shared.path() / std::to_string(made.size());
  fs::create_directory(dir);
  return made[run_options] = run_both_now(dir, run_options, extension);
}

CommandOutput python(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"python3"};
  argv.insert(argv.end(), args.begin(), args.end());
  return test::run_program(argv);
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::vector<std::string> fields_of(std::string line, char separator) {
  if (!line.empty() && line.back() == '\n') line.pop_back();
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t at; (at = line.find(separator, start)) != std::string::npos; start = at + 1) {
    fields.push_back(line.substr(start, at - start));
  }
  fields.push_back(line.substr(start));
  return fields;
}

bool tools_present() {
  return !test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)") &&
         !test::skip_unless(test::tool_installed("python3"), test::Need::kTool, "python3 is not installed");
}

}  // namespace

TEST_CASE("fio consumers: the JSON schema: every key path of fio's json+ is in bench++'s, with the same type") {
  if (!tools_present()) return;
  test::TempDir dir;
  const BothOutputs json = run_both(dir.path(), {"--output-format=json+"}, "json");
  const CommandOutput fio_paths = python({consumer("json_schema.py"), json.fio.string()});
  const CommandOutput bench_paths = python({consumer("json_schema.py"), json.bench.string()});
  REQUIRE(fio_paths.exit_code == 0);
  REQUIRE(bench_paths.exit_code == 0);
  const std::vector<std::string> fio_lines = test::lines_of(fio_paths.out);
  const std::vector<std::string> bench_lines = test::lines_of(bench_paths.out);
  const std::set<std::string> ours(bench_lines.begin(), bench_lines.end());
  // No exception: disk_util is in both where the directory is on a block device, in neither on tmpfs; "global
  // options" fio writes only when options come before the first --name (none here).
  std::vector<std::string> missing;
  for (const std::string& line : fio_lines) {
    if (!ours.count(line)) missing.push_back(line);
  }
  INFO("fio's key paths (with types) missing from bench++'s json+:\n" << [&] {
    std::string text;
    for (const std::string& line : missing) text += line + "\n";
    return text;
  }());
  CHECK(missing.empty());
  CHECK(fio_lines.size() > 200);  // the schema is fio's whole document, not a stub
}

TEST_CASE("fio consumers: fio_jsonplus_clat2csv converts both tools' json+ into the same columns") {
  if (!tools_present()) return;
  if (test::skip_unless(test::tool_installed("fio_jsonplus_clat2csv"), test::Need::kTool,
                        "fio_jsonplus_clat2csv is not installed (Debian fio)")) {
    return;
  }
  test::TempDir dir;
  const BothOutputs json = run_both(dir.path(), {"--output-format=json+"}, "json");
  std::vector<std::string> headers;
  // Named variables, not a structured binding: clang 14 cannot capture one in INFO's lambda.
  for (const auto& output : {std::pair{json.fio, "fio"}, std::pair{json.bench, "bench"}}) {
    const fs::path& source = output.first;
    const char* const stem = output.second;
    const fs::path csv = dir.path() / (std::string(stem) + "-clat.csv");
    const CommandOutput convert = test::run_program({"fio_jsonplus_clat2csv", source.string(), csv.string()});
    INFO(stem << ": " << convert.out << convert.err);
    REQUIRE(convert.exit_code == 0);
    // Its own check: the CSV's counts are the bins' counts.
    const CommandOutput check =
        test::run_program({"fio_jsonplus_clat2csv", "--validate", source.string(), csv.string()});
    INFO(stem << " --validate: " << check.out << check.err);
    CHECK(check.exit_code == 0);
    const fs::path job0 = dir.path() / (std::string(stem) + "-clat_job0.csv");
    REQUIRE(fs::exists(job0));
    const std::string text = test::read_file(job0);
    headers.push_back(first_line(text));
    CHECK(test::lines_of(text).size() > 2);  // the bins became rows
  }
  CHECK(headers[0] == headers[1]);
}

TEST_CASE("fio consumers: a reader of Tart's fields and the terse line cut by field number") {
  if (!tools_present()) return;
  test::TempDir dir;
  // fio-plot picks its files by the job options rw, iodepth and numjobs (as bench-fio writes them), and graphs one
  // direction of a mixed job (-f). Tried by hand with fio-plot's sources on Debian's matplotlib: both graphs drawn.
  const BothOutputs json = run_both(dir.path(), {"--output-format=json", "--iodepth=1", "--numjobs=1"}, "json");
  const CommandOutput fio_row = python({consumer("tart_reader.py"), json.fio.string()});
  const CommandOutput bench_row = python({consumer("tart_reader.py"), json.bench.string()});
  INFO("fio: " << fio_row.err << "\nbench++: " << bench_row.err);
  REQUIRE(fio_row.exit_code == 0);
  REQUIRE(bench_row.exit_code == 0);
  CHECK(first_line(fio_row.out) == first_line(bench_row.out));
  const std::vector<std::string> values = fields_of(test::lines_of(bench_row.out).at(1), ',');
  REQUIRE(values.size() == 10);
  CHECK(std::stod(values[0]) > 0);  // read bw
  CHECK(std::stod(values[1]) > 0);  // write bw
  CHECK(std::stod(values[8]) > 0);  // sync latency mean

  const BothOutputs terse = run_both(dir.path(), {"--minimal"}, "terse");
  const std::string fio_line = test::read_file(terse.fio);
  const std::string bench_line = test::read_file(terse.bench);
  const std::vector<std::string> fio_fields = fields_of(first_line(fio_line), ';');
  const std::vector<std::string> bench_fields = fields_of(first_line(bench_line), ';');
  // Both add 9 disk utilization fields where they read the device's statistics (not on tmpfs).
  CHECK(fio_fields.size() == bench_fields.size());
  REQUIRE((bench_fields.size() == 121 || bench_fields.size() == 130));
  // The fields scripts cut: 1 version, 3 jobname, 6-9 read KiB, KiB/s, IOPS, runtime; 47-50 the same for writes.
  const CommandOutput cut = test::run_program({"cut", "-d;", "-f1,3,6,7,8,47,48", terse.bench.string()});
  const std::vector<std::string> cut_fields = fields_of(first_line(cut.out), ';');
  REQUIRE(cut_fields.size() == 7);
  CHECK(cut_fields[0] == "3");
  CHECK(cut_fields[1] == "mix");
  CHECK(std::stoull(cut_fields[2]) + std::stoull(cut_fields[5]) == 1024);  // KiB read + written: the 1 MiB
  CHECK(fio_fields[0] == "3");
  CHECK(fio_fields[2] == "mix");
  CHECK(std::stoull(fio_fields[5]) + std::stoull(fio_fields[46]) == 1024);
}

TEST_CASE("fio consumers: the I/O depth distributions of both tools agree for the same job, in JSON and terse") {
  if (!tools_present()) return;
  test::TempDir dir;
  // fio-plot picks its files by the job options rw, iodepth and numjobs (as bench-fio writes them), and graphs one
  // direction of a mixed job (-f). Tried by hand with fio-plot's sources on Debian's matplotlib: both graphs drawn.
  const BothOutputs json = run_both(dir.path(), {"--output-format=json", "--iodepth=1", "--numjobs=1"}, "json");
  const nlohmann::json fio = nlohmann::json::parse(test::read_file(json.fio)).at("jobs").at(0);
  const nlohmann::json bench = nlohmann::json::parse(test::read_file(json.bench)).at("jobs").at(0);
  // psync at depth 1: every request with 1 in flight, every submission and reap of one request (fio's "4"). fio's
  // levels count the syncs too, over the reads and writes: past 100 % by the syncs (their number is random here).
  for (const char* key : {"iodepth_submit", "iodepth_complete"}) {
    CAPTURE(key);
    CHECK(bench.at(key) == fio.at(key));
  }
  for (const nlohmann::json* job : {&fio, &bench}) {
    const double rw = job->at("read").at("total_ios").get<double>() + job->at("write").at("total_ios").get<double>();
    const double syncs = job->at("sync").at("lat_ns").at("N").get<double>();
    CHECK(job->at("iodepth_level").at("1").get<double>() == doctest::Approx(100.0 * (rw + syncs) / rw));
    CHECK(job->at("iodepth_level").at("2").get<double>() == 0.0);
  }
  const BothOutputs terse = run_both(dir.path(), {"--minimal"}, "terse");
  const std::vector<std::string> fio_fields = fields_of(first_line(test::read_file(terse.fio)), ';');
  const std::vector<std::string> bench_fields = fields_of(first_line(test::read_file(terse.bench)), ';');
  REQUIRE(fio_fields.size() >= 99);
  REQUIRE(bench_fields.size() >= 99);
  // Fields 93-99 (after CPU's 88-92): the I/O depths 1, 2, 4, ... >=64.
  CHECK(std::vector(bench_fields.begin() + 93, bench_fields.begin() + 99) ==
        std::vector(fio_fields.begin() + 93, fio_fields.begin() + 99));
  CHECK(std::stod(bench_fields[92]) >= 100.0);
}

}  // namespace bench

namespace bench {

TEST_CASE("fio consumers: bench++ compare fio.json bench.json --html r.html, over a fio run and a bench++ run") {
  if (!tools_present()) return;
  test::TempDir dir;
  const fs::path fio_json = dir.path() / "fio.json";
  std::vector<std::string> fio = {"sh", "-c", "cd \"$1\" && shift && exec fio \"$@\"", "sh", dir.path().string()};
  fio.insert(fio.end(), kJob.begin(), kJob.end());
  fio.insert(fio.end(), {"--output-format=json+", "--output=" + fio_json.string()});
  REQUIRE(test::run_program(fio).exit_code == 0);
  // The same job with another block size: compare must say so.
  std::vector<std::string> bench = {"job", "-q", "-d", dir.path().string(), "--label", "bench"};
  for (const std::string& word : kJob) bench.push_back(word == "--bs=4k" ? "--bs=8k" : word);
  const fs::path bench_json = dir.path() / "bench.json";
  bench.insert(bench.end(), {"--json", bench_json.string()});
  const CommandOutput run = test::run_bench(bench);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const fs::path html = dir.path() / "r.html";
  const CommandOutput compared =
      test::run_bench({"compare", fio_json.string(), bench_json.string(), "--html", html.string()});
  INFO(compared.out << compared.err);
  REQUIRE(compared.exit_code == 0);
  CHECK(test::contains(compared.out, "mix"));
  CHECK(test::contains(compared.out, "fio-3.33"));  // fio's run, named by its version
  CHECK(test::contains(compared.out, "other settings"));
  CHECK(test::contains(compared.out, "workload 'mix': bs 8 KiB vs 4 KiB"));
  REQUIRE(fs::exists(html));
  CHECK(test::contains(test::read_file(html), "mix"));
}

}  // namespace bench

namespace bench {

TEST_CASE("fio consumers: fio2gnuplot on both tools' bandwidth logs (write_bw_log, log_avg_msec)") {
  if (!tools_present()) return;
  if (test::skip_unless(test::tool_installed("fio2gnuplot"), test::Need::kTool,
                        "fio2gnuplot is not installed (Debian fio)")) {
    return;
  }
  const std::vector<std::string> logs = {"--time_based", "--runtime=1", "--write_bw_log=mix", "--write_iops_log=mix",
                                         "--write_lat_log=mix", "--log_avg_msec=100"};
  std::vector<std::vector<std::string>> globals;
  std::vector<std::size_t> columns;
  for (const bool ours : {false, true}) {
    test::TempDir dir;
    std::vector<std::string> argv = {"sh", "-c", ours ? "cd \"$1\" && shift && exec \"$0\" job -q -d . \"$@\""
                                                      : "cd \"$1\" && shift && exec fio --output=/dev/null \"$@\"",
                                     ours ? std::string(BENCH_BINARY) : "sh", dir.path().string()};
    argv.insert(argv.end(), kJob.begin(), kJob.end());
    argv.insert(argv.end(), logs.begin(), logs.end());
    const CommandOutput run = test::run_program(argv);
    INFO((ours ? "bench++: " : "fio: ") << run.err);
    REQUIRE(run.exit_code == 0);
    for (const char* name : {"mix_bw.1.log", "mix_iops.1.log", "mix_lat.1.log", "mix_clat.1.log"}) {
      CAPTURE(name);
      REQUIRE(fs::exists(dir.path() / name));
      const std::vector<std::string> lines = test::lines_of(test::read_file(dir.path() / name));
      REQUIRE(lines.size() >= 5);  // about a window of 100 ms each, per direction, over 1 s
      CHECK(fields_of(lines.front(), ',').size() == 5);
    }
    fs::create_directory(dir.path() / "out");
    const CommandOutput plot =
        test::run_program({"sh", "-c", "cd \"$1\" && exec fio2gnuplot -b -d out", "sh", dir.path().string()});
    INFO("fio2gnuplot: " << plot.out << plot.err);
    REQUIRE(plot.exit_code == 0);
    std::vector<std::string> keys;
    for (const std::string& line : test::lines_of(test::read_file(dir.path() / "out" / "result.global"))) {
      keys.push_back(line.substr(0, line.find('=')));
    }
    globals.push_back(keys);
    columns.push_back(fields_of(test::lines_of(test::read_file(dir.path() / "out" / "gnuplot_temp_file.0")).at(1), ' ')
                          .size());
  }
  CHECK(globals[0] == globals[1]);
  INFO("fio2gnuplot's result.global keys: " << [&] {
    std::string keys;
    for (const std::string& key : globals[1]) keys += key + " ";
    return keys;
  }());
  CHECK(std::find(globals[1].begin(), globals[1].end(), "avg") != globals[1].end());
  CHECK(columns[0] == columns[1]);
}


// The value column of a log, summed, and its number of lines.
std::pair<double, std::size_t> log_sum(const fs::path& log) {
  double sum = 0;
  const std::vector<std::string> lines = test::lines_of(test::read_file(log));
  for (const std::string& line : lines) sum += std::stod(fields_of(line, ',').at(1));
  return {sum, lines.size()};
}

TEST_CASE("fio consumers: write_lat_log's lat, slat and clat logs hold the same measures in both tools' files") {
  if (!tools_present()) return;
  // libaio measures slat apart (lat = slat + clat, request by request); psync does not (an empty slat log).
  for (const std::string engine : {"libaio", "psync"}) {
    for (const bool ours : {false, true}) {
      CAPTURE(engine);
      CAPTURE(ours);
      test::TempDir dir;
      std::vector<std::string> argv = {"sh", "-c", ours ? "cd \"$1\" && shift && exec \"$0\" job -q -d . \"$@\""
                                                        : "cd \"$1\" && shift && exec fio --output=/dev/null \"$@\"",
                                       ours ? std::string(BENCH_BINARY) : "sh", dir.path().string(),
                                       "--name=lat", "--rw=randread", "--bs=4k", "--size=1m", "--iodepth=4",
                                       "--ioengine=" + engine, "--write_lat_log=p"};
      const CommandOutput run = test::run_program(argv);
      INFO(run.err);
      REQUIRE(run.exit_code == 0);
      const auto [lat, lat_lines] = log_sum(dir.path() / "p_lat.1.log");
      const auto [slat, slat_lines] = log_sum(dir.path() / "p_slat.1.log");
      const auto [clat, clat_lines] = log_sum(dir.path() / "p_clat.1.log");
      CHECK(lat_lines == 256);  // a line per request
      CHECK(clat_lines == lat_lines);
      if (engine == "psync") {
        CHECK(slat_lines == 0);
        CHECK(clat <= lat);
      } else {
        CHECK(slat_lines == lat_lines);
        CHECK(slat > 0);
        CHECK(clat < lat);
        CHECK(std::abs(slat + clat - lat) <= lat * 0.01);  // lat = slat + clat (fio's clock reads differ by little)
      }
    }
  }
}

}  // namespace bench

namespace bench {

// fio-plot (PyPI) in a virtual environment made once per build directory and kept there (build/fio-plot-venv), so
// later runs and CI's second run reuse it. nullopt: PyPI cannot be reached from here (this machine's kind reaches
// Debian's packages only), which is a skip of kind machine.
std::optional<fs::path> fio_plot_program() {
  const fs::path venv = fs::path(BENCH_BUILD_DIR) / "fio-plot-venv";
  const fs::path program = venv / "bin" / "fio-plot";
  if (fs::exists(program)) return program;
  // Whether pip's package index answers at all (a second, where making a virtual environment and failing to install
  // into it would take half a minute); the index is pip's own default, asked of pip.
  const CommandOutput reachable = test::run_program(
      {"python3", "-c",
       "import socket, urllib.parse\n"
       "from pip._internal.models.index import PyPI\n"
       "socket.create_connection((urllib.parse.urlparse(PyPI.simple_url).hostname, 443), 5).close()\n"});
  if (reachable.exit_code != 0) return std::nullopt;
  if (test::run_program({"python3", "-m", "venv", venv.string()}).exit_code != 0) return std::nullopt;
  const CommandOutput install = test::run_program(
      {(venv / "bin" / "pip").string(), "install", "--quiet", "--retries", "0", "--timeout", "15", "fio-plot"});
  if (install.exit_code != 0 || !fs::exists(program)) {
    fs::remove_all(venv);  // nothing half made is kept
    return std::nullopt;
  }
  return program;
}

TEST_CASE("fio consumers: fio-plot draws a graph from bench++'s JSON and from fio's") {
  if (!tools_present()) return;
  const std::optional<fs::path> fio_plot = fio_plot_program();
  if (test::skip_unless(fio_plot.has_value(), test::Need::kMachine,
                        "fio-plot cannot be installed: PyPI cannot be reached from this machine")) {
    return;
  }
  test::TempDir dir;
  // fio-plot picks its files by the job options rw, iodepth and numjobs (as bench-fio writes them), and graphs one
  // direction of a mixed job (-f). Tried by hand with fio-plot's sources on Debian's matplotlib: both graphs drawn.
  const BothOutputs json = run_both(dir.path(), {"--output-format=json", "--iodepth=1", "--numjobs=1"}, "json");
  // Named variables, not a structured binding: clang 14 cannot capture one in INFO's lambda.
  for (const auto& output : {std::pair{json.fio, "fio"}, std::pair{json.bench, "bench"}}) {
    const fs::path& source = output.first;
    const char* const stem = output.second;
    const fs::path input = dir.path() / stem;
    fs::create_directory(input);
    fs::copy_file(source, input / "randrw-1-1.json");  // fio-plot's (bench-fio's) naming: rw-iodepth-numjobs
    const fs::path png = dir.path() / (std::string(stem) + ".png");
    const CommandOutput plot = test::run_program({fio_plot->string(), "-i", input.string(), "-T", stem, "-l", "-r",
                                                  "randrw", "-d", "1", "-n", "1", "-f", "read", "-o", png.string()});
    INFO(stem << ": " << plot.out << plot.err);
    CHECK(plot.exit_code == 0);
    CHECK(fs::exists(png));
  }
}

}  // namespace bench

namespace bench {

TEST_CASE("fio output: slat and clat apart on an asynchronous engine (lat = slat + clat), none on a synchronous one") {
  test::TempDir dir;
  const auto run = [&](const std::string& engine) {
    const CommandOutput out =
        test::run_bench({"job", "-q", "-d", dir.path().string(), "--name=r", "--rw=randread", "--bs=4k", "--size=256k",
                         "--iodepth=4", "--ioengine=" + engine, "--output-format=json+"});
    INFO(engine << ": " << out.err);
    REQUIRE(out.exit_code == 0);
    return nlohmann::json::parse(out.out).at("jobs").at(0).at("read");
  };
  const nlohmann::json async = run("posixaio");  // glibc's: no kernel support needed
  const std::uint64_t requests = async.at("total_ios").get<std::uint64_t>();
  CHECK(requests == 64);
  for (const char* key : {"slat_ns", "clat_ns", "lat_ns"}) {
    CAPTURE(key);
    CHECK(async.at(key).at("N").get<std::uint64_t>() == requests);
  }
  // Each request's lat is its slat plus its clat, to the nanosecond: so are the means.
  CHECK(async.at("lat_ns").at("mean").get<double>() ==
        doctest::Approx(async.at("slat_ns").at("mean").get<double>() + async.at("clat_ns").at("mean").get<double>()));
  CHECK(async.at("clat_ns").at("max").get<std::uint64_t>() <= async.at("lat_ns").at("max").get<std::uint64_t>());
  CHECK(async.at("slat_ns").at("max").get<std::uint64_t>() <= async.at("lat_ns").at("max").get<std::uint64_t>());
  CHECK(async.at("clat_ns").contains("bins"));  // fio's default: clat's percentiles and bins
  CHECK_FALSE(async.at("slat_ns").contains("percentile"));

  const nlohmann::json sync = run("psync");
  CHECK(sync.at("slat_ns").at("N") == 0);  // as fio: no slat for a request that completes within its call
  CHECK(sync.at("clat_ns").at("N") == 64);
  CHECK(sync.at("clat_ns").at("mean") == sync.at("lat_ns").at("mean"));
}

}  // namespace bench
