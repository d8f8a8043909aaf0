// compare's caveat on a bonnie++ line whose reads were probably served from the page cache
// (compare/bonnie_cache_note.h): its file against the memory of its host, as a bench++ run on the same host
// recorded it or as this machine has it when it is that host.
#include "compare/compare_runs.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

PhaseResult block_read(int elapsed_ms) {
  PhaseResult p;
  p.bonnie_test = PhaseId::kBlockRead;
  p.bytes = 2 * kGiB;
  p.elapsed = std::chrono::milliseconds{elapsed_ms};
  p.cpu = std::chrono::milliseconds{elapsed_ms / 2};
  return p;
}

// A bonnie++ line as the reader gives it: the name field is the label and the host, the size field the file's.
SourcedRun bonnie_line(const std::string& host, std::uint64_t file_bytes) {
  SourcedRun r;
  r.run.info.label = host;
  r.run.info.host_name = host;
  r.run.info.setup.io = IoSpec{};
  r.run.info.setup.io->file_size_bytes = file_bytes;
  r.run.phases = {block_read(200)};
  r.file = "bonnie.csv";
  r.source = RunSource::kBonnieLine;
  return r;
}

SourcedRun bench_run(const std::string& label, const std::string& host, std::optional<std::uint64_t> memory) {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.host_name = host;
  r.run.info.memory_bytes = memory;
  r.run.info.setup.io = IoSpec{};
  r.run.phases = {block_read(1600)};
  r.file = "bench.csv";
  r.input = 1;
  return r;
}

std::vector<std::string> page_cache_caveats(const Comparison& c) {
  std::vector<std::string> found;
  std::copy_if(c.caveats.begin(), c.caveats.end(), std::back_inserter(found),
               [](const std::string& caveat) { return caveat.find("page cache") != std::string::npos; });
  return found;
}

TEST_CASE("bonnie++ cache caveat: a 2 GiB file on a host whose bench++ run recorded 24 GiB") {
  const std::vector<SourcedRun> runs = {bonnie_line("lab", 2 * kGiB), bench_run("bench", "lab", 24 * kGiB)};
  const Comparison c = compare_runs(runs, {});
  const auto caveats = page_cache_caveats(c);
  REQUIRE(caveats.size() == 1);
  CHECK(caveats[0] ==
        "lab: a bonnie++ line with a 2.0 GiB file, under twice the machine's memory (24.0 GiB, as bench's runs on "
        "the same host recorded it): its read tests (per-char and block reads, random seeks) were probably served "
        "from the page cache, not the disk; bonnie++ keeps the cache and refuses a file under twice the memory "
        "unless -r tells it less");
  // Above the figures, before the note that the group came from a bonnie++ line.
  const auto at = std::find(c.caveats.begin(), c.caveats.end(), caveats[0]);
  CHECK(c.caveats.back().starts_with("lab read from bonnie++ CSV lines"));
  CHECK(at + 1 != c.caveats.end());
}

TEST_CASE("bonnie++ cache caveat: none when the file is at least twice the memory, or the memory is unknown") {
  SUBCASE("a machine of 1 GiB: the 2 GiB file is twice its memory") {
    const std::vector<SourcedRun> runs = {bonnie_line("lab", 2 * kGiB), bench_run("bench", "lab", kGiB)};
    CHECK(page_cache_caveats(compare_runs(runs, {})).empty());
  }
  SUBCASE("the bench++ run is on another host: its memory says nothing of the line's") {
    const std::vector<SourcedRun> runs = {bonnie_line("lab", 2 * kGiB), bench_run("bench", "other", 24 * kGiB)};
    CHECK(page_cache_caveats(compare_runs(runs, {})).empty());
  }
  SUBCASE("no memory recorded and no local machine") {
    const std::vector<SourcedRun> runs = {bonnie_line("lab", 2 * kGiB), bench_run("bench", "lab", std::nullopt)};
    CHECK(page_cache_caveats(compare_runs(runs, {})).empty());
  }
  SUBCASE("-s 0: no read tests") {
    const std::vector<SourcedRun> runs = {bonnie_line("lab", 0), bench_run("bench", "lab", 24 * kGiB)};
    CHECK(page_cache_caveats(compare_runs(runs, {})).empty());
  }
}

TEST_CASE("bonnie++ cache caveat: this machine's memory when it is the line's host, and only then") {
  const std::vector<SourcedRun> runs = {bonnie_line("lab", 512 * kMiB), bench_run("bench", "other", std::nullopt)};
  CompareOptions options;
  options.local_machine = LocalMachine{"lab", 4 * kGiB};
  const auto caveats = page_cache_caveats(compare_runs(runs, options));
  REQUIRE(caveats.size() == 1);
  CHECK(caveats[0].starts_with("lab: a bonnie++ line with a 512.0 MiB file, under twice the machine's memory "
                               "(4.0 GiB, this machine's, 'lab', the line's host): its read tests"));
  options.local_machine = LocalMachine{"elsewhere", 4 * kGiB};
  CHECK(page_cache_caveats(compare_runs(runs, options)).empty());
  options.local_machine = LocalMachine{"lab", 256 * kMiB};  // the file is twice this machine's memory
  CHECK(page_cache_caveats(compare_runs(runs, options)).empty());
}

// The text with its wrapped lines joined again ("\n    " continues a caveat).
std::string unwrapped(std::string text) {
  for (std::size_t at = text.find("\n    "); at != std::string::npos; at = text.find("\n    ", at)) {
    text.replace(at, 5, " ");
  }
  return text;
}

// End to end: the real bonnie++ 2.00a line (256M, name 'buffered') against a bench++ JSON report of the same host.
TEST_CASE("bonnie++ cache caveat: compare's Read first names the line, its file and the memory") {
  const std::filesystem::path fixtures = std::filesystem::path(BENCH_FIXTURE_DIR) / "compare";
  std::string json = test::read_file(fixtures / "host.json");
  const auto set = [&](const std::string& from, const std::string& to) {
    const std::size_t at = json.find(from);
    REQUIRE(at != std::string::npos);
    json.replace(at, from.size(), to);
  };
  test::TempDir dir;
  const std::string bonnie = (fixtures / "bonnie_buffered.csv").string();
  const std::string bench = (dir.path() / "bench.json").string();
  SUBCASE("a 24 GiB machine: caveat") {
    set("\"host_name\": \"lab-host\"", "\"host_name\": \"buffered\"");
    set("\"memory_bytes\": null", "\"memory_bytes\": 25769803776");
    std::ofstream(bench) << json;
    const auto result = test::run_bench({"compare", bonnie, bench});
    CHECK(result.exit_code == 0);
    const std::string text = unwrapped(result.out);
    const std::size_t read_first = text.find("Read first:");
    const std::size_t caveat = text.find("buffered: a bonnie++ line with a 256.0 MiB file, under twice the");
    REQUIRE(read_first != std::string::npos);
    REQUIRE(caveat != std::string::npos);
    CHECK(read_first < caveat);
    CHECK(test::contains(text, "(24.0 GiB, as host's runs on the same host recorded it): its read tests"));
  }
  SUBCASE("a 128 MiB machine: the 256 MiB file is twice its memory, no caveat") {
    set("\"host_name\": \"lab-host\"", "\"host_name\": \"buffered\"");
    set("\"memory_bytes\": null", "\"memory_bytes\": 134217728");
    std::ofstream(bench) << json;
    const auto result = test::run_bench({"compare", bonnie, bench});
    CHECK(result.exit_code == 0);
    CHECK_FALSE(test::contains(unwrapped(result.out), "page cache, not the disk; bonnie++"));
  }
}

}  // namespace
}  // namespace bench
