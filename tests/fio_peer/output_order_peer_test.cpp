// The order of what fio writes on its output beside fio 3.33's own: the same jobs under each, each line of stdout
// (and of --output's file) reduced to its kind, runs of one kind to one. fio 3.33 prints its normal header (the job
// lines, its version, "Starting", the "Laying out" lines) as the jobs start, so before its ETA lines, its
// --status-interval reports, a stop signal's line and the results in every format (init.c add_job, backend.c
// run_threads, filesetup.c setup_files: log_info to its output), and nothing of it without the normal format.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "fio_run.h"
#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// The kind of one line piece (between "\r" and "\n"), or "" for the lines inside a block.
std::string kind_of(const std::string& piece) {
  const auto has = [&piece](const char* text) { return piece.find(text) != std::string::npos; };
  if (has(": (g=")) return "job";
  if (piece == "...") return "...";
  if (piece.starts_with("fio-")) return "version";
  if (piece.starts_with("Starting ")) return "starting";
  if (has(": Laying out IO file")) return "laying out";
  if (piece.starts_with("Jobs: ")) return "eta";
  if (piece.starts_with("fio: terminating on signal")) return "stop";
  if (has(": (groupid=")) return "job block";
  if (piece.starts_with("Run status group")) return "group";
  if (piece.starts_with("Disk stats")) return "disk stats";
  if (piece == "{") return "json";
  if (piece.starts_with("3;")) return "terse";
  return "";
}

// The kinds of `text`'s lines in order, each run of one kind once; a normal report repeated (--status-interval's)
// once too.
std::vector<std::string> line_kinds(const std::string& text) {
  std::vector<std::string> kinds;
  for (const std::string& piece : test::terminal_pieces(text)) {
    const std::string kind = kind_of(piece);
    if (kind.empty() || (!kinds.empty() && kinds.back() == kind)) continue;
    kinds.push_back(kind);
    const std::size_t n = kinds.size();
    const std::vector<std::string> report = {"job block", "group", "disk stats"};
    if (n >= 6 && std::equal(report.begin(), report.end(), kinds.end() - 3) &&
        std::equal(report.begin(), report.end(), kinds.end() - 6)) {
      kinds.resize(n - 3);
    }
  }
  return kinds;
}

std::string joined(const std::vector<std::string>& kinds) {
  std::string text;
  for (const std::string& kind : kinds) text += (text.empty() ? "" : ", ") + kind;
  return text;
}

std::string file_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

enum class Tool { kFio, kPersona };

std::vector<std::string> command(Tool tool, const fs::path& dir, const std::vector<std::string>& args) {
  const std::vector<std::string> own = test::with({"fio", "--directory=" + dir.string()}, args);
  return tool == Tool::kFio ? own : test::bench_command(own);
}

// What each tool wrote, as kinds: stdout's, and with `output` (--output=FILE in dir) the file's.
struct Kinds {
  std::string out;
  std::string file;
};

Kinds kinds_of(Tool tool, const std::vector<std::string>& args, bool with_output_file) {
  const test::TempDir dir;
  std::vector<std::string> all = args;
  const fs::path output = dir.path() / "out.txt";
  if (with_output_file) all.push_back("--output=" + output.string());
  const test::CommandOutput result = test::run_program(command(tool, dir.path(), all));
  REQUIRE_MESSAGE(result.exit_code == 0, result.err);
  CHECK(result.err.empty());
  return {joined(line_kinds(result.out)), with_output_file ? joined(line_kinds(file_text(output))) : ""};
}

void check_same_order(const std::vector<std::string>& args, bool with_output_file = false) {
  CAPTURE(joined(args));
  const Kinds fio = kinds_of(Tool::kFio, args, with_output_file);
  const Kinds persona = kinds_of(Tool::kPersona, args, with_output_file);
  CHECK(persona.out == fio.out);
  CHECK(persona.file == fio.file);
}

std::vector<std::string> job(const std::string& runtime, const std::vector<std::string>& more) {
  return test::with({"--name=order", "--rw=randread", "--size=8m", "--bs=4k", "--runtime=" + runtime, "--time_based"},
                    more);
}

TEST_CASE("fio output order peer: the normal header before the ETA lines, status reports and results, as fio 3.33") {
  if (!test::fio_available()) return;
  SUBCASE("a plain job") { check_same_order(job("1", {})); }
  SUBCASE("--eta=always --eta-newline=1") { check_same_order(job("2", {"--eta=always", "--eta-newline=1"})); }
  SUBCASE("--status-interval=1") { check_same_order(job("3", {"--status-interval=1"})); }
  SUBCASE("--output FILE: the header in the file, the ETA lines alone on stdout") {
    check_same_order(job("2", {"--eta=always", "--eta-newline=1"}), true);
  }
  SUBCASE("json,normal and terse,normal: the header first, the formats at the end in fio's order") {
    check_same_order(job("1", {"--output-format=json,normal"}));
    check_same_order(job("1", {"--output-format=terse,normal"}));
  }
  SUBCASE("two groups with stonewall") {
    const test::TempDir dir;
    const fs::path job_file = dir.path() / "two.fio";
    std::ofstream(job_file) << "[global]\nrw=randread\nsize=8m\nbs=4k\nruntime=1\ntime_based\n[a]\n[b]\nstonewall\n";
    check_same_order({job_file.string()});
  }
}

// The kinds of what `tool` wrote when SIGINT stopped its 30 s job after its layout and a second of reads.
std::string interrupted_kinds(Tool tool) {
  const test::TempDir dir;
  const fs::path data = dir.path() / "data";
  const std::vector<std::string> own = test::with({"fio"}, job("30", {"--filename=" + data.string()}));
  test::BackgroundProcess process(tool == Tool::kFio ? own : test::bench_command(own));
  REQUIRE(process.wait_until([&] {
    std::error_code error;
    return fs::file_size(data, error) == (8u << 20);
  }, 30s));
  std::this_thread::sleep_for(1500ms);
  process.send_signal(SIGINT);
  const test::CommandOutput result = process.finish(30s);
  CHECK(result.exit_code == 128);
  return joined(line_kinds(result.out));
}

TEST_CASE("fio output order peer: SIGINT mid-run, the stop line after the header and before the results") {
  if (!test::fio_available()) return;
  const std::string fio = interrupted_kinds(Tool::kFio);
  CHECK(fio == "job, version, starting, laying out, stop, job block, group, disk stats");
  CHECK(interrupted_kinds(Tool::kPersona) == fio);
}

}  // namespace
}  // namespace bench
