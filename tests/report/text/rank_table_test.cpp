// The ranks section of the human output (report/text/rank_table.h): pure, from combined per-rank results.
#include "report/text/rank_table.h"

#include <doctest/doctest.h>

#include "result/rank_metrics.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

RankPhaseResult part(std::uint32_t rank, std::string host, milliseconds end, std::uint64_t operations) {
  RankPhaseResult p;
  p.rank = rank;
  p.host = std::move(host);
  p.start = milliseconds{0};
  p.end = end;
  p.operations = operations;
  p.bytes = operations * 4096;
  p.cpu = milliseconds{100};
  p.workers = 1;
  return p;
}

TEST_CASE("the ranks section: per test the whole rate, the slowest rank times the ranks, when they finished") {
  RunResult run;
  // Block write: 3 x 1000 chunks of 4 KiB; rank 2 on node-b takes 2 s, the others 1 s.
  run.phases.push_back(combine_ranks(
      PhaseId::kBlockWrite, {part(0, "node-a", milliseconds{1000}, 1000), part(1, "node-a", milliseconds{1000}, 1000),
                             part(2, "node-b", milliseconds{2000}, 1000)},
      std::nullopt));
  // Seq create: rank 1 is the slowest.
  run.phases.push_back(combine_ranks(
      PhaseId::kSeqCreate, {part(0, "node-a", milliseconds{500}, 1024), part(1, "node-a", milliseconds{800}, 1024),
                            part(2, "node-b", milliseconds{400}, 1024)},
      std::nullopt));
  const std::string text = format_rank_table(run);
  CHECK(text ==
        "Ranks (3)                  rate      slowest x3 first done  last done  slowest rank (host)\n"
        "Block write          6000 KiB/s      6000 KiB/s      1.00s      2.00s  2 (node-b)\n"
        "Seq create         3840 files/s    3840 files/s      400ms      800ms  1 (node-a)\n");
}

TEST_CASE("the ranks section is empty for a run of one process") {
  RunResult run;
  run.phases.push_back(combine_ranks(PhaseId::kBlockWrite, {part(0, "h", milliseconds{1000}, 1000)}, std::nullopt));
  CHECK(format_rank_table(run).empty());
  CHECK(format_rank_table(RunResult{}).empty());
}

}  // namespace
}  // namespace bench
