// Stop signals while `bench++ compare` reads: a large fio JSON, a bench++ JSON report and a spreadsheet CSV
// are all read with the stop flag looked at every 64 KiB (while reading, parsing and freeing), so SIGINT or
// SIGTERM at any moment ends it with exit 130, "bench++: interrupted by signal N" and nothing written: no table,
// no --csv file.
#include <doctest/doctest.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "reliability/background_process.h"
#include "report/result_file.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

// fio's JSON of `jobs` jobs of their own names (about 400 bytes each).
void write_fio_json(const std::filesystem::path& path, std::size_t jobs) {
  std::ofstream out(path);
  out << "{\"fio version\": \"fio-3.33\", \"timestamp\": 1796630488, \"jobs\": [";
  for (std::size_t j = 0; j < jobs; ++j) {
    out << (j == 0 ? "" : ",") << "{\"jobname\": \"job" << j
        << "\", \"job options\": {\"rw\": \"read\", \"bs\": \"4k\"}, \"error\": 0, \"job_runtime\": 1000, "
           "\"usr_cpu\": 1.5, \"sys_cpu\": 2.5, \"read\": {\"io_bytes\": 1048576, \"total_ios\": 256, \"runtime\": 1000, "
           "\"clat_ns\": {\"N\": 256, \"min\": 1000, \"max\": 90000, \"mean\": 5000.0, \"percentile\": {\"50.000000\": "
           "4000, \"99.000000\": 80000}}}}";
  }
  out << "]}\n";
}

TEST_CASE("reliability: the result readers stop with InterruptedError once the stop flag is set") {
  test::TempDir dir;
  const auto fio = dir.path() / "fio.json";
  write_fio_json(fio, 1000);  // over 64 KiB: the parser looks at the flag on its way
  const std::string text = test::read_file(fio);
  std::atomic<int> interrupt{0};
  CHECK(parse_result_text(text, "fio.json", {}, &interrupt).runs.size() == 1);
  interrupt = SIGTERM;
  CHECK_THROWS_AS(parse_result_text(text, "fio.json", {}, &interrupt), InterruptedError);
  const std::string bonnie = test::read_fixture("compare/bonnie_x3_sync.csv");
  CHECK_THROWS_AS(parse_result_text(bonnie, "bonnie.csv", {}, &interrupt), InterruptedError);
  const auto take = [](RunResult&&, ResultFormat, const UnrecordedFields&) { FAIL("a run was read"); };
  CHECK_THROWS_AS(read_result_runs(fio.string(), {}, &interrupt, take), InterruptedError);
  const auto csv = dir.path() / "runs.csv";
  std::ofstream(csv) << "label,test\n";
  CHECK_THROWS_AS(read_result_runs(csv.string(), {}, &interrupt, take), InterruptedError);
}

TEST_CASE("reliability: a stop signal while compare reads a large fio JSON exits 130 and writes nothing") {
  test::TempDir dir;
  const auto big = dir.path() / "big.json";
  const auto small = dir.path() / "small.json";
  write_fio_json(big, 400000);  // 170 MB: tens of seconds to read and compare on the development VM
  write_fio_json(small, 1);
  const auto csv = dir.path() / "out.csv";
  int signal_number = 0;
  SUBCASE("SIGINT") { signal_number = SIGINT; }
  SUBCASE("SIGTERM") { signal_number = SIGTERM; }
  test::BackgroundProcess bench(test::bench_command({"compare", big.string(), small.string(), "--csv", csv.string()}));
  // Some way into the reading (parsing, folding or freeing: wherever it is, the flag is looked at).
  (void)bench.wait_until([] { return false; }, 1500ms);
  bench.send_signal(signal_number);
  const test::CommandOutput result = bench.finish(30s);  // a stop not seen would run to the end: minutes
  CHECK(result.exit_code == 130);
  CHECK(result.out.empty());
  CHECK(result.err == "bench++: interrupted by signal " + std::to_string(signal_number) + "\n");
  CHECK_FALSE(std::filesystem::exists(csv));
}

}  // namespace
}  // namespace bench
