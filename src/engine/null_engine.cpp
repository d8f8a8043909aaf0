#include "engine/null_engine.h"

namespace bench {
namespace {

std::int64_t bytes_moved(const IoRequest& request) {
  return request.op == IoOp::kFsync || request.op == IoOp::kFdatasync ? 0 : std::int64_t{request.length};
}

}  // namespace

NullEngine::NullEngine(const EngineSetup& setup)
    : setup_(check_engine_setup_without_files(setup)), held_(setup_.depth) {}

void NullEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight(), requests);
  for (const IoRequest& request : requests) {
    held_[(first_ + count_) % held_.size()] = IoCompletion{request.tag, bytes_moved(request)};
    ++count_;
  }
}

std::size_t NullEngine::reap(std::size_t min_completions, std::size_t max_completions,
                             std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight());
  std::size_t taken = 0;
  for (; taken < max_completions && count_ > 0; ++taken, --count_) {
    out.push_back(held_[first_]);
    first_ = (first_ + 1) % held_.size();
  }
  return taken;
}

}  // namespace bench
