// compare's text (report/text/comparison_text.h): every line fits 120 columns, for the host and five variants
// with long labels; the caveats come first, then the answer, then the figures. Runs built in code.
#include "report/text/comparison_text.h"

#include <doctest/doctest.h>

#include <sstream>

#include "compare/compare_runs.h"

namespace bench {
namespace {

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

PhaseResult phase(PhaseId id, int elapsed_ms, std::uint64_t p50_ns, std::uint64_t max_ns) {
  PhaseResult p;
  p.bonnie_test = id;
  p.bytes = kGiB;
  p.operations = kGiB / 8192;
  p.elapsed = std::chrono::milliseconds{elapsed_ms};
  p.cpu = std::chrono::milliseconds{elapsed_ms / 3};
  p.latency = LatencySummary{p.operations, 900, max_ns, static_cast<double>(p50_ns), p50_ns, p50_ns * 3, p50_ns * 9,
                             p50_ns * 20};
  return p;
}

// One file per side per round (as scripts/host-vs-guest.sh writes them); the variants under TCG.
std::vector<SourcedRun> sides(const std::vector<std::string>& labels, int rounds) {
  std::vector<SourcedRun> runs;
  for (std::size_t s = 0; s < labels.size(); ++s) {
    for (int r = 1; r <= rounds; ++r) {
      SourcedRun run;
      run.run.info.label = labels[s];
      run.run.info.tags = (s == 0 ? std::string() : "accel=tcg; ") + "round=" + std::to_string(r);
      const int slower = static_cast<int>(s) * 37 + r * 5;
      run.run.phases = {phase(PhaseId::kBlockWrite, 900 + slower * 11, 12'345 + 999 * slower, 8'765'432),
                        phase(PhaseId::kBlockRead, 400 + slower * 3, 1'234 + 77 * slower, 1'234'567'890),
                        phase(PhaseId::kRandomSeeks, 700 + slower, 456'789, 98'765)};
      run.file = "results/a-rather-long-directory-name/" + labels[s] + "/round-" + std::to_string(r) + "/result.json";
      run.input = runs.size();
      runs.push_back(std::move(run));
    }
  }
  return runs;
}

std::size_t columns(const std::string& line) {
  std::size_t points = 0;
  for (const char c : line) points += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return points;
}

void check_width(const std::string& text) {
  std::istringstream lines(text);
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    INFO(line);
    CHECK(columns(line) <= kComparisonTextWidth);
  }
  CHECK(count > 20);
}

}  // namespace

TEST_CASE("comparison text: host and five variants with long labels fit 120 columns, the answer first") {
  const std::vector<std::string> labels = {
      "host",
      "virtio-blk,iothread=on,queues=4,cache=none,aio=native",
      "virtio-scsi,iothread=on,num_queues=4,cache=none",
      "nvme,serial=deadbeef,cache=writeback,aio=io_uring",
      "ide-hd,cache=unsafe,format=qcow2,discard=unmap",
      "virtio-blk,format=raw,cache=directsync,detect-zeroes=on"};
  for (const int rounds : {2, 3}) {
    const std::string text = format_comparison_text(compare_runs(sides(labels, rounds), {}));
    check_width(text);
    const auto caveats = text.find("\nRead first:\n");
    const auto tcg = text.find("accelerator: TCG for ");
    const auto answer = text.find("\nThe answer:");
    const auto figures = text.find("\nBlock write (block_write)\n  group");
    REQUIRE(caveats != std::string::npos);
    REQUIRE(tcg != std::string::npos);
    REQUIRE(answer != std::string::npos);
    REQUIRE(figures != std::string::npos);
    CHECK(caveats < tcg);
    CHECK(tcg < answer);
    CHECK(answer < figures);
    CHECK((text.find("2 rounds: too few to rank") != std::string::npos) == (rounds == 2));
  }
  // A label longer than a line: its name goes on lines of its own, cut where it has no space.
  std::vector<std::string> longer = labels;
  longer[2] = std::string(150, 'x');
  check_width(format_comparison_text(compare_runs(sides(longer, 3), {})));
}

TEST_CASE("comparison text: a figure and its unit per cell, the latencies of a test in one unit") {
  const std::string text = format_comparison_text(compare_runs(sides({"host", "guest"}, 3), {}));
  // Block read's max latency is over a second: all of its latencies read in s.
  const auto block_read = text.find("\nBlock read (block_read)\n");
  REQUIRE(block_read != std::string::npos);
  const std::string block = text.substr(block_read, text.find("\n\n", block_read + 1) - block_read);
  CHECK(block.find(" µs") == std::string::npos);
  CHECK(block.find(" ms") == std::string::npos);
  CHECK(block.find("1.23 s") != std::string::npos);
  CHECK(block.find("iB/s ±") != std::string::npos);
}

}  // namespace bench
