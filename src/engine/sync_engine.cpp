#include "engine/sync_engine.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "engine/checked_setup.h"
#include "platform/posix_file.h"

namespace bench {

namespace {

// One request as its system call, the result as the kernel gave it (bytes moved, or -errno).
IoCompletion perform_request(const CheckedSetup& setup, const IoRequest& request) {
  const int fd = setup.fds[request.file_index];
  void* buffer = setup.slot(request.buffer_index);
  const auto offset = static_cast<off_t>(request.offset);
  ssize_t result = 0;
  switch (request.op) {
    case IoOp::kRead:
      result = retry_on_eintr([&] { return ::pread(fd, buffer, request.length, offset); });
      break;
    case IoOp::kWrite:
      result = retry_on_eintr([&] { return ::pwrite(fd, buffer, request.length, offset); });
      break;
    case IoOp::kFsync:
      result = retry_on_eintr([&] { return ::fsync(fd); });
      break;
    case IoOp::kFdatasync:
      result = retry_on_eintr([&] { return ::fdatasync(fd); });
      break;
  }
  return {request.tag, result < 0 ? -std::int64_t{errno} : std::int64_t{result}};
}

// A first-in first-out queue of fixed capacity that never allocates after construction.
template <typename T>
class BoundedFifo {
 public:
  explicit BoundedFifo(std::size_t capacity) : slots_(capacity) {}
  std::size_t size() const { return count_; }
  void push(const T& value) {  // REQUIRES: size() < capacity
    slots_[(head_ + count_) % slots_.size()] = value;
    ++count_;
  }
  T pop() {  // REQUIRES: size() > 0
    T value = slots_[head_];
    head_ = (head_ + 1) % slots_.size();
    --count_;
    return value;
  }

 private:
  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

// Depth 1: the system call happens in submit(), as psync's; reap() hands the one result over.
class InlineSyncEngine final : public IoEngine {
 public:
  explicit InlineSyncEngine(CheckedSetup setup) : setup_(std::move(setup)) {}
  EngineKind kind() const override { return EngineKind::kSync; }
  void submit(std::span<const IoRequest> requests) override {
    check_requests(setup_, in_flight(), requests);
    if (!requests.empty()) done_ = perform_request(setup_, requests.front());  // depth 1: at most one
  }
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override {
    check_reap(min_completions, max_completions, in_flight());
    if (!done_ || max_completions == 0) return 0;
    out.push_back(*done_);
    done_.reset();
    return 1;
  }
  std::size_t in_flight() const override { return done_ ? 1 : 0; }

 private:
  CheckedSetup setup_;
  std::optional<IoCompletion> done_;
};

// Depth N: N workers, each taking the oldest queued request, making its system call and posting the result.
class ThreadedSyncEngine final : public IoEngine {
 public:
  explicit ThreadedSyncEngine(CheckedSetup setup);
  ~ThreadedSyncEngine() override { stop_and_join(); }
  ThreadedSyncEngine(const ThreadedSyncEngine&) = delete;
  ThreadedSyncEngine& operator=(const ThreadedSyncEngine&) = delete;

  EngineKind kind() const override { return EngineKind::kSync; }
  void submit(std::span<const IoRequest> requests) override;
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return in_flight_; }

 private:
  void work();
  void stop_and_join() noexcept;

  const CheckedSetup setup_;
  std::mutex mutex_;                           // guards all below but in_flight_ and workers_
  std::condition_variable request_queued_;     // workers wait on it
  std::condition_variable completion_posted_;  // the caller waits on it
  BoundedFifo<IoRequest> queued_;
  BoundedFifo<IoCompletion> done_;
  std::size_t awaited_ = 0;  // completions the caller waits for; 0 when it does not wait
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::size_t in_flight_ = 0;  // the caller's thread only
  std::vector<std::thread> workers_;
};

ThreadedSyncEngine::ThreadedSyncEngine(CheckedSetup setup)
    : setup_(std::move(setup)), queued_(setup_.depth), done_(setup_.depth) {
  workers_.reserve(setup_.depth);
  try {
    for (std::uint32_t i = 0; i < setup_.depth; ++i) workers_.emplace_back([this] { work(); });
  } catch (...) {
    stop_and_join();
    throw;
  }
}

void ThreadedSyncEngine::stop_and_join() noexcept {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  request_queued_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
}

void ThreadedSyncEngine::work() {
  try {
    for (;;) {
      IoRequest request;
      {
        std::unique_lock lock(mutex_);
        request_queued_.wait(lock, [&] { return stopping_ || queued_.size() > 0; });
        if (stopping_) return;  // what is still queued is dropped
        request = queued_.pop();
      }
      const IoCompletion completion = perform_request(setup_, request);
      bool wake = false;
      {
        const std::lock_guard lock(mutex_);
        done_.push(completion);
        wake = awaited_ > 0 && done_.size() >= awaited_;
      }
      if (wake) completion_posted_.notify_one();
    }
  } catch (...) {
    {
      const std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
    completion_posted_.notify_one();
  }
}

void ThreadedSyncEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight_, requests);
  {
    const std::lock_guard lock(mutex_);
    for (const IoRequest& request : requests) queued_.push(request);
  }
  in_flight_ += requests.size();
  for (std::size_t i = 0; i < requests.size(); ++i) request_queued_.notify_one();
}

std::size_t ThreadedSyncEngine::reap(std::size_t min_completions, std::size_t max_completions,
                                     std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight_);
  std::unique_lock lock(mutex_);
  awaited_ = min_completions;
  completion_posted_.wait(lock, [&] { return failure_ || done_.size() >= min_completions; });
  awaited_ = 0;
  if (failure_) std::rethrow_exception(failure_);
  const std::size_t count = std::min(max_completions, done_.size());
  for (std::size_t i = 0; i < count; ++i) out.push_back(done_.pop());
  in_flight_ -= count;
  return count;
}

}  // namespace

std::unique_ptr<IoEngine> make_sync_engine(const EngineSetup& setup) {
  CheckedSetup checked = check_engine_setup(setup);
  if (checked.depth == 1) return std::make_unique<InlineSyncEngine>(std::move(checked));
  return std::make_unique<ThreadedSyncEngine>(std::move(checked));
}

}  // namespace bench
