#pragma once
// The engine of fio's synchronous engines: submit() makes each request's calls itself, inline, one after another
// (no thread hand-off in the measured latency), and keeps the completions for reap(), which only hands them
// over. What the calls are is a RequestPerformer's: psync's, sync's, ..., falloc's (engine/sync_engine.cpp),
// mmap's (engine/mmap_engine.cpp). At any depth only one request is ever in the kernel, as in fio, where these
// engines cap the depth at 1; a depth above 1 only lets a caller submit several before reaping.
#include <memory>

#include "engine/bounded_fifo.h"
#include "engine/checked_setup.h"
#include "engine/io_engine.h"

namespace bench {

class RequestPerformer {
 public:
  virtual ~RequestPerformer() = default;
  // Makes `request`'s calls and returns its completion. REQUIRES: `request` passed check_requests(setup).
  virtual IoCompletion perform(const CheckedSetup& setup, const IoRequest& request) = 0;
};

class InlineEngine final : public IoEngine {
 public:
  InlineEngine(EngineKind kind, CheckedSetup setup, std::unique_ptr<RequestPerformer> performer)
      : kind_(kind), setup_(std::move(setup)), performer_(std::move(performer)), done_(setup_.depth) {}

  EngineKind kind() const override { return kind_; }
  void submit(std::span<const IoRequest> requests) override {
    check_requests(setup_, in_flight(), requests);
    for (const IoRequest& request : requests) done_.push(performer_->perform(setup_, request));
  }
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override {
    check_reap(min_completions, max_completions, in_flight());
    std::size_t count = 0;
    for (; count < max_completions && done_.size() > 0; ++count) out.push_back(done_.pop());
    return count;
  }
  std::size_t in_flight() const override { return done_.size(); }

 private:
  EngineKind kind_;
  CheckedSetup setup_;
  std::unique_ptr<RequestPerformer> performer_;
  BoundedFifo<IoCompletion> done_;
};

}  // namespace bench
