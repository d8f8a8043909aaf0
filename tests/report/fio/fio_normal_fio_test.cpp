// bench++'s normal output beside fio 3.33's own, on the same jobs in a temporary directory: each line with
// what varies from run to run masked (numbers, units, the date, the rows of a block that grow with the figures)
// must be fio's, in fio's order. The figures differ, of course; tests/report/fio/fio_normal_test.cpp checks them.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// Whether `line` is one of fio's bw or iops sample lines, which a job has only once a window of bwavgtime (500 ms)
// has passed: a small job's run may end either side of it.
bool is_sample_line(const std::string& line) {
  return line.rfind("   bw (", 0) == 0 || line.rfind("   iops        :", 0) == 0;
}

// One line's shape: numbers (with their unit prefix, "44.5k", "174Mi") and their padding "#", the time units
// "(unit)", the job line's date "DATE", the version line "VERSION", a device's name "DEV".
std::string line_shape(std::string line) {
  static const std::regex date(R"((pid=\d+: ).*$)");
  static const std::regex version(R"(fio-3\.33(-bench\+\+-\S+)?)");
  static const std::regex unit(R"(\((nsec|usec|msec)\))");
  static const std::regex number(R"(\d+(\.\d+)?([kKMGTPE]i?)?)");
  static const std::regex padded(R"(=\s+#)");
  static const std::regex device(R"(^  \S+: ios=)");
  if (std::regex_match(line, version)) return "VERSION";
  line = std::regex_replace(line, date, "$1DATE");
  line = std::regex_replace(line, unit, "(unit)");
  line = std::regex_replace(line, number, "#");
  line = std::regex_replace(line, padded, "=#");
  return std::regex_replace(line, device, "  DEV: ios=");
}

// The output's lines as shapes, each run of lines that grows with the figures (percentile rows, latency
// distribution lines, disk lines) as one. Left out: the sample lines (is_sample_line).
std::vector<std::string> shape_of(const std::string& output) {
  std::vector<std::string> shapes;
  for (const std::string& line : test::lines_of(output)) {
    if (is_sample_line(line)) continue;
    std::string shape = line_shape(line);
    if (shape.rfind("     |", 0) == 0) shape = "     | ROWS";
    if (shape.rfind("  lat (unit)   : ", 0) == 0) shape = "  lat (unit)   : RANGES";
    const bool grows = shape == "     | ROWS" || shape == "  lat (unit)   : RANGES" || shape.rfind("  DEV:", 0) == 0;
    if (grows && !shapes.empty() && shapes.back() == shape) continue;
    shapes.push_back(shape);
  }
  return shapes;
}

std::size_t sample_lines(const std::string& output) {
  std::size_t count = 0;
  for (const std::string& line : test::lines_of(output)) count += is_sample_line(line) ? 1 : 0;
  return count;
}

// `tool` ("fio", or bench++ with its job word and --output-format=normal -q) with `args` in `dir`: its stdout.
std::string normal_output(const std::vector<std::string>& tool, const std::filesystem::path& dir,
                          const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", dir.string()};
  argv.insert(argv.end(), tool.begin(), tool.end());
  argv.insert(argv.end(), args.begin(), args.end());
  const test::CommandOutput run = test::run_program(argv);
  INFO(tool.front() << ": " << run.err);
  CHECK(run.exit_code == 0);
  return run.out;
}

struct Compared {
  std::string fio, bench;
};

// The same job under fio and bench++, the shapes of their outputs compared line for line.
Compared compare_with_fio(const std::string& what, const std::vector<std::string>& args) {
  const test::TempDir dir;
  const std::vector<std::string> in_dir = test::with(args, {"--directory=" + dir.path().string()});
  Compared outputs{normal_output({"fio"}, dir.path(), in_dir),
                   normal_output({BENCH_BINARY, "job", "--output-format=normal", "-q"}, dir.path(), in_dir)};
  const std::vector<std::string> fio = shape_of(outputs.fio), bench = shape_of(outputs.bench);
  INFO(what << "\n--- fio:\n" << outputs.fio << "--- bench++:\n" << outputs.bench);
  CHECK(fio.size() == bench.size());
  for (std::size_t i = 0; i < std::min(fio.size(), bench.size()); ++i) {
    CHECK_MESSAGE(fio[i] == bench[i], "line " << i + 1 << " of the shapes");
    if (fio[i] != bench[i]) break;
  }
  return outputs;
}

}  // namespace

TEST_CASE("fio normal: the shape of fio 3.33's output, line for line, on six jobs under fio and bench++") {
  if (!test::fio_available()) return;
  SUBCASE("randread at QD32 on libaio") {
    const Compared run = compare_with_fio("randread QD32", {"--name=randread", "--rw=randread", "--bs=4k",
                                                            "--size=2M", "--ioengine=libaio", "--iodepth=32"});
    CHECK(test::contains(run.bench, "\nrandread: Laying out IO file (1 file / 2MiB)\n\n"));
    CHECK(test::contains(run.bench, "    slat ("));
    CHECK(test::contains(run.bench, "    clat percentiles ("));
  }
  SUBCASE("randrw 70/30, four jobs reported as one") {
    const Compared run = compare_with_fio("randrw numjobs=4 group_reporting",
                                          {"--name=mixed", "--rw=randrw", "--rwmixread=70", "--bs=4k", "--size=512k",
                                           "--numjobs=4", "--group_reporting"});
    CHECK(test::contains(run.bench, "\n...\n"));
    CHECK(test::contains(run.bench, "mixed: (groupid=0, jobs=4): err= 0: pid="));
  }
  SUBCASE("a sequential write of 1 MiB requests") {
    const Compared run = compare_with_fio("1 MiB sequential write", {"--name=seqwrite", "--rw=write", "--bs=1M",
                                                                     "--size=8M"});
    CHECK(test::contains(run.bench, "; 0 zone resets\n"));
  }
  SUBCASE("a job file of two jobs, the second after a stonewall, with syncs") {
    const test::TempDir files;
    const std::filesystem::path job_file = files.path() / "two.fio";
    std::ofstream(job_file) << "[global]\nsize=1M\nbs=4k\n\n[first]\nrw=write\nfsync=8\n\n"
                               "[second]\nstonewall\nrw=randread\ndescription=reads back\n";
    const Compared run = compare_with_fio("two jobs and stonewall", {job_file.string()});
    CHECK(test::contains(run.bench, "  fsync/fdatasync/sync_file_range:\n"));
    CHECK(test::contains(run.bench, "\nRun status group 1 (all jobs):\n"));
  }
  SUBCASE("group_reporting over two sections of one group, with descriptions, depths and directions apart") {
    const test::TempDir files;
    const std::filesystem::path job_file = files.path() / "sections.fio";
    std::ofstream(job_file) << "[global]\ngroup_reporting=1\nsize=1M\nioengine=libaio\n\n"
                               "[first]\ndescription=first section\nrw=randread\niodepth=4\nnumjobs=2\n\n"
                               "[second]\ndescription=the second\nrw=write\nbs=64k\niodepth=8\n";
    const Compared run = compare_with_fio("group_reporting across sections", {job_file.string()});
    // fio's entry: the first section's name and description, every job, the last one's depth.
    CHECK(test::contains(run.bench, "\nfirst: (groupid=0, jobs=3): err= 0: pid="));
    CHECK(test::contains(run.bench, "  Description  : [first section]\n"));
    CHECK_FALSE(test::contains(run.bench, "[the second]"));
    CHECK(test::contains(run.bench, ", depth=8\n"));
    CHECK(test::contains(run.fio, ", depth=8\n"));
  }
  SUBCASE("a job writing its logs, long enough for bw and iops samples") {
    const Compared run = compare_with_fio(
        "logs", {"--name=logged", "--rw=randwrite", "--bs=4k", "--size=2M", "--time_based", "--runtime=1200ms",
                 "--write_bw_log=job", "--write_lat_log=job", "--write_iops_log=job", "--log_avg_msec=100"});
    CHECK(sample_lines(run.fio) == 2);
    CHECK(sample_lines(run.bench) == 2);
  }
}

}  // namespace bench
