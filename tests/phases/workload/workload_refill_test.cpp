// The job loop's refill (phases/workload/workload_job.cpp by engine/refill_policy.h), without a disk: a job run on an
// engine that completes every request at once and records each submit() and reap() the loop makes. With fio's
// defaults a request goes as soon as its slot is free, one per submit, and the loop reaps only with the queue
// full; iodepth_batch_* change how many go together and how many one reap takes.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/io_engine.h"
#include "phases/workload/job_offsets.h"
#include "phases/workload/workload_job.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;
constexpr std::uint32_t kBlocks = 64;

// An engine whose requests have all completed when submit() returns (as cached reads on io_uring often have).
class RecordingEngine final : public IoEngine {
 public:
  struct Reaped {
    std::size_t min = 0;
    std::size_t max = 0;
    std::size_t in_flight = 0;  // when the loop asked
    std::size_t submitted_since_last = 0;
  };
  EngineKind kind() const override { return EngineKind::kIoUring; }
  void submit(std::span<const IoRequest> requests) override {
    submits.push_back(requests.size());
    since_reap_ += requests.size();
    for (const IoRequest& request : requests) done_.push_back({request.tag, request.length});
  }
  std::size_t reap(std::size_t min, std::size_t max, std::vector<IoCompletion>& out) override {
    reaps.push_back({min, max, done_.size(), since_reap_});
    since_reap_ = 0;
    const std::size_t count = std::min(max, done_.size());
    out.insert(out.end(), done_.begin(), done_.begin() + static_cast<std::ptrdiff_t>(count));
    done_.erase(done_.begin(), done_.begin() + static_cast<std::ptrdiff_t>(count));
    return count;
  }
  std::size_t in_flight() const override { return done_.size(); }

  std::vector<std::size_t> submits;  // requests per submit()
  std::vector<Reaped> reaps;

 private:
  std::vector<IoCompletion> done_;
  std::size_t since_reap_ = 0;
};

// One pass of 4 KiB random reads over 64 blocks at `depth` with fio's iodepth_batch_submit, _complete_min and
// _complete_max as given; the engine's record of it.
RecordingEngine run_with(std::uint32_t depth, std::uint32_t submit, std::uint32_t complete_min,
                         std::uint32_t complete_max) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = IoPattern::kRandRead;
  spec.block_bytes = kBlock;
  spec.size_bytes = std::uint64_t{kBlocks} * kBlock;
  spec.iodepth = depth;
  spec.batch_submit = submit;
  spec.batch_complete_min = complete_min;
  spec.batch_complete_max = complete_max;
  RecordingEngine engine;
  const std::atomic<int> interrupt{0};
  const JobPlan plan{spec,     engine, depth, {JobFile{0, spec.size_bytes, "f"}}, spec.size_bytes, 1,
                     fio_seeds_for(spec, 0, "f", 1), interrupt, nullptr, nullptr};
  JobMeasurement measurement;
  run_job(plan, measurement);
  CHECK(measurement.parts[0].operations == kBlocks);
  return engine;
}

}  // namespace

TEST_CASE("refill: with fio's defaults each request goes alone as its slot frees, and the loop reaps when full") {
  for (const std::uint32_t depth : {1u, 8u, 32u}) {
    CAPTURE(depth);
    const RecordingEngine engine = run_with(depth, 1, 1, 0);
    CHECK(engine.submits.size() == kBlocks);
    for (const std::size_t requests : engine.submits) CHECK(requests == 1);
    REQUIRE(!engine.reaps.empty());
    // Until every request is issued, a reap comes only with the queue full, takes one completion, and one
    // request went since the reap before (the first: the whole queue, one by one).
    CHECK(engine.reaps.front().submitted_since_last == depth);
    for (std::size_t i = 0; i + depth < engine.reaps.size(); ++i) {
      CAPTURE(i);
      CHECK(engine.reaps[i].in_flight == depth);
      CHECK(engine.reaps[i].min == 1);
      CHECK(engine.reaps[i].max == 1);
      if (i > 0) CHECK(engine.reaps[i].submitted_since_last == 1);
    }
  }
}

TEST_CASE("refill: iodepth_batch_submit=0 with complete_max at the depth submits and reaps the whole queue at once") {
  const RecordingEngine engine = run_with(8, 0, 1, 8);
  CHECK(engine.submits == std::vector<std::size_t>(kBlocks / 8, 8));
  for (const RecordingEngine::Reaped& reap : engine.reaps) {
    CHECK(reap.min == 1);
    CHECK(reap.max == 8);
  }
  CHECK(engine.reaps.front().submitted_since_last == 8);
}

TEST_CASE("refill: iodepth_batch_submit=4 and complete_min=2, complete_max=4 at QD8") {
  const RecordingEngine engine = run_with(8, 4, 2, 4);
  CHECK(engine.submits == std::vector<std::size_t>(kBlocks / 4, 4));
  REQUIRE(engine.reaps.size() >= 2);
  CHECK(engine.reaps.front().submitted_since_last == 8);  // two batches fill the queue, then the first reap
  for (std::size_t i = 0; i < engine.reaps.size(); ++i) {
    CAPTURE(i);
    CHECK(engine.reaps[i].min == 2);
    CHECK(engine.reaps[i].max == 4);
    if (i > 0) CHECK(engine.reaps[i].submitted_since_last <= 4);  // one batch per reap
  }
}

}  // namespace bench
