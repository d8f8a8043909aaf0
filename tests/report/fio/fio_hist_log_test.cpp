// fio's histogram log (report/fio/fio_hist_log.h) on hand-made samples: its line, fio's bucket coarsening and its
// windows (fio 3.33's stat.c add_clat_sample); fio's own log beside bench++'s is in tests/fio_peer/logs_peer_test.cpp.
#include <doctest/doctest.h>

#include <numeric>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "report/fio/fio_hist_log.h"
#include "text/split.h"

namespace bench {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

IoSample read_at(milliseconds completed, microseconds latency, IoDirection direction = IoDirection::kRead) {
  IoSample sample;
  sample.completed = completed;
  sample.latency = latency;
  sample.bytes = 4096;
  sample.direction = direction;
  return sample;
}

// The counts of a log line (after its time, direction and block size).
std::vector<std::uint64_t> counts_of(std::string_view line) {
  std::vector<std::uint64_t> counts;
  std::size_t field = 0;
  for (const std::string_view piece : split(line, ',')) {
    if (field++ >= 3) counts.push_back(std::stoull(std::string(piece)));
  }
  return counts;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (const std::string_view line : split(text, '\n')) {
    if (!line.empty()) lines.emplace_back(line);
  }
  return lines;
}

}  // namespace

TEST_CASE("fio hist log: coarseness adds each run of 2^N neighbouring buckets, 1856 buckets to 29 at 6") {
  std::vector<std::uint64_t> buckets(kFioHistogramBuckets);
  std::iota(buckets.begin(), buckets.end(), 0);  // bucket i holds i
  CHECK(coarsened_buckets(buckets, 0) == buckets);
  const std::vector<std::uint64_t> halves = coarsened_buckets(buckets, 1);
  REQUIRE(halves.size() == 928);
  CHECK(halves[0] == 0 + 1);
  CHECK(halves[927] == 1854 + 1855);
  const std::vector<std::uint64_t> coarsest = coarsened_buckets(buckets, 6);
  REQUIRE(coarsest.size() == 29);
  CHECK(coarsest[1] == 64 * 64 + 64 * 63 / 2);  // 64 + 65 + ... + 127
  CHECK(std::accumulate(coarsest.begin(), coarsest.end(), std::uint64_t{0}) ==
        std::accumulate(buckets.begin(), buckets.end(), std::uint64_t{0}));
}

TEST_CASE("fio hist log: a line is time, direction, block size, then every count, comma and space apart") {
  CHECK(fio_hist_log_line(12, 1, 4096, std::vector<std::uint64_t>{0, 3, 0}) == "12, 1, 4096, 0, 3, 0\n");
}

TEST_CASE("fio hist log: an entry once log_hist_msec has passed since the window began, its counts since the last") {
  // A window opens at the first read (1 ms); the read at 12 ms is the first 10 ms on: its entry counts three reads.
  // The next window starts 10 ms after the last (11 ms), so the read at 25 ms writes one with its own; the read at
  // 28 ms comes after the last entry and is in none, as fio's.
  const std::vector<IoSample> samples = {read_at(milliseconds(1), microseconds(100)),
                                         read_at(milliseconds(5), microseconds(100)),
                                         read_at(milliseconds(12), microseconds(2000)),
                                         read_at(milliseconds(25), microseconds(100)),
                                         read_at(milliseconds(28), microseconds(100))};
  const std::vector<std::string> lines = lines_of(fio_hist_log(samples, 10, 0, 0, true));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("12, 0, 4096, "));
  CHECK(lines[1].starts_with("25, 0, 4096, "));
  const std::vector<std::uint64_t> first = counts_of(lines[0]);
  REQUIRE(first.size() == kFioHistogramBuckets);
  CHECK(first[LatencyHistogram::bucket_index(100'000)] == 2);
  CHECK(first[LatencyHistogram::bucket_index(2'000'000)] == 1);
  CHECK(std::accumulate(first.begin(), first.end(), std::uint64_t{0}) == 3);
  const std::vector<std::uint64_t> second = counts_of(lines[1]);
  CHECK(std::accumulate(second.begin(), second.end(), std::uint64_t{0}) == 1);
}

TEST_CASE("fio hist log: directions keep windows of their own, the epoch adds to the times, coarseness to the line") {
  const std::vector<IoSample> samples = {read_at(milliseconds(1), microseconds(100)),
                                         read_at(milliseconds(3), microseconds(100), IoDirection::kWrite),
                                         read_at(milliseconds(11), microseconds(100)),
                                         read_at(milliseconds(12), microseconds(100), IoDirection::kWrite),
                                         read_at(milliseconds(13), microseconds(100), IoDirection::kWrite)};
  const std::vector<std::string> lines = lines_of(fio_hist_log(samples, 10, 6, 1'000'000, true));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].starts_with("1000011, 0, 4096, "));
  CHECK(lines[1].starts_with("1000013, 1, 4096, "));
  CHECK(counts_of(lines[0]).size() == 29);
  const std::vector<std::uint64_t> writes = counts_of(lines[1]);
  CHECK(std::accumulate(writes.begin(), writes.end(), std::uint64_t{0}) == 3);
}

TEST_CASE("fio hist log: none without log_hist_msec, zeros where fio's clat histogram counts nothing") {
  const std::vector<IoSample> samples = {read_at(milliseconds(1), microseconds(100)),
                                         read_at(milliseconds(20), microseconds(100))};
  CHECK(fio_hist_log(samples, 0, 0, 0, true).empty());
  const std::vector<std::string> lines = lines_of(fio_hist_log(samples, 10, 0, 0, false));
  REQUIRE(lines.size() == 1);
  const std::vector<std::uint64_t> counts = counts_of(lines[0]);
  CHECK(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) == 0);
}

}  // namespace bench
