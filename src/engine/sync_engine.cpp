#include "engine/sync_engine.h"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/blocking_calls.h"
#include "engine/bounded_fifo.h"
#include "engine/checked_setup.h"
#include "engine/inline_engine.h"
#include "platform/posix_file.h"
#include "platform/resource_limits.h"

namespace bench {

namespace {

// psync, sync, vsync, pvsync and pvsync2: the read or write as that engine's system calls.
class SystemCallPerformer final : public RequestPerformer {
 public:
  SystemCallPerformer(EngineKind kind, const CheckedSetup& setup)
      : kind_(kind), rw_flags_(kind == EngineKind::kPvsync2 && setup.hipri ? RWF_HIPRI : 0) {
    if (kind != EngineKind::kSync) return;
    // Where each file's position is now (normally 0, freshly opened); unknown (a pipe) makes the first call
    // seek.
    for (const int fd : setup.fds) {
      const off_t position = ::lseek(fd, 0, SEEK_CUR);
      positions_.push_back(position < 0 ? std::nullopt : std::optional<std::uint64_t>(position));
    }
  }

  IoCompletion perform(const CheckedSetup& setup, const IoRequest& request) override {
    if (request.op != IoOp::kRead && request.op != IoOp::kWrite) return positional_request(setup, request);
    const int fd = setup.fds[request.file_index];
    std::byte* buffer = setup.slot(request.buffer_index);
    const bool read = request.op == IoOp::kRead;
    const auto offset = static_cast<off_t>(request.offset);
    iovec vector{buffer, request.length};
    ssize_t returned = 0;
    switch (kind_) {
      case EngineKind::kSync:
        return {request.tag, at_position(fd, request, buffer)};
      case EngineKind::kVsync:
        if (::lseek(fd, offset, SEEK_SET) < 0) return {request.tag, -std::int64_t{errno}};
        returned = retry_on_eintr([&] { return read ? ::readv(fd, &vector, 1) : ::writev(fd, &vector, 1); });
        break;
      case EngineKind::kPvsync:
        returned = retry_on_eintr(
            [&] { return read ? ::preadv(fd, &vector, 1, offset) : ::pwritev(fd, &vector, 1, offset); });
        break;
      case EngineKind::kPvsync2:
        returned = retry_on_eintr([&] {
          return read ? ::preadv2(fd, &vector, 1, offset, rw_flags_) : ::pwritev2(fd, &vector, 1, offset, rw_flags_);
        });
        break;
      default:
        return positional_request(setup, request);
    }
    return {request.tag, result_of(returned, errno)};
  }

 private:
  // sync's read(2) or write(2) at the file's position, after an lseek(2) when the position is elsewhere.
  std::int64_t at_position(int fd, const IoRequest& request, std::byte* buffer) {
    std::optional<std::uint64_t>& position = positions_[request.file_index];
    if (position != request.offset) {
      if (::lseek(fd, static_cast<off_t>(request.offset), SEEK_SET) < 0) {
        position.reset();
        return -std::int64_t{errno};
      }
      position = request.offset;
    }
    const ssize_t returned = retry_on_eintr([&] {
      return request.op == IoOp::kRead ? ::read(fd, buffer, request.length) : ::write(fd, buffer, request.length);
    });
    if (returned < 0) return -std::int64_t{errno};  // the position stays where the failed call found it
    *position += static_cast<std::uint64_t>(returned);
    return returned;
  }

  EngineKind kind_;
  int rw_flags_;
  std::vector<std::optional<std::uint64_t>> positions_;  // sync: each file's position, when known
};

// falloc: fallocate(2) in place of every request (sync_engine.h).
class FallocatePerformer final : public RequestPerformer {
 public:
  IoCompletion perform(const CheckedSetup& setup, const IoRequest& request) override {
    int mode = 0;  // a write allocates, extending the file; syncs too, over 0 bytes (refused, as in fio)
    off_t offset = static_cast<off_t>(request.offset);
    off_t length = request.length;
    if (request.op == IoOp::kRead) mode = FALLOC_FL_KEEP_SIZE;
    if (request.op == IoOp::kTrim) mode = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE;
    if (request.op == IoOp::kFsync || request.op == IoOp::kFdatasync) offset = length = 0;
    const int fd = setup.fds[request.file_index];
    const int returned = retry_on_eintr([&] { return ::fallocate(fd, mode, offset, length); });
    return {request.tag, returned < 0 ? -std::int64_t{errno} : std::int64_t{request.length}};
  }
};

// psync_threads: depth workers, each taking the oldest queued request, making its calls and posting the result.
class ThreadedSyncEngine final : public IoEngine {
 public:
  explicit ThreadedSyncEngine(CheckedSetup setup);
  ~ThreadedSyncEngine() override { stop_and_join(); }
  ThreadedSyncEngine(const ThreadedSyncEngine&) = delete;
  ThreadedSyncEngine& operator=(const ThreadedSyncEngine&) = delete;

  EngineKind kind() const override { return EngineKind::kPsyncThreads; }
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
  } catch (const std::system_error& error) {  // EAGAIN: the process limit, or no room for a stack
    const std::size_t started = workers_.size();
    stop_and_join();
    throw std::system_error(error.code(), "cannot start psync_threads' thread " + std::to_string(started + 1) +
                                              " of " + std::to_string(setup_.depth) +
                                              task_start_limits_note(read_resource_limits()));
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
      const IoCompletion completion = positional_request(setup_, request);
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

std::unique_ptr<IoEngine> make_sync_engine(EngineKind kind, const EngineSetup& setup) {
  switch (kind) {
    case EngineKind::kPsync:
    case EngineKind::kSync:
    case EngineKind::kVsync:
    case EngineKind::kPvsync:
    case EngineKind::kPvsync2: {
      CheckedSetup checked = check_engine_setup(setup);
      auto performer = std::make_unique<SystemCallPerformer>(kind, checked);
      return std::make_unique<InlineEngine>(kind, std::move(checked), std::move(performer));
    }
    case EngineKind::kFalloc:
      return std::make_unique<InlineEngine>(kind, check_engine_setup(setup), std::make_unique<FallocatePerformer>());
    case EngineKind::kPsyncThreads:
      return std::make_unique<ThreadedSyncEngine>(check_engine_setup(setup));
    default:
      throw std::invalid_argument("I/O engine: not a synchronous engine");
  }
}

}  // namespace bench
