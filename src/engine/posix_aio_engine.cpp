#include "engine/posix_aio_engine.h"

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <limits>
#include <system_error>
#include <thread>

#include "engine/blocking_calls.h"
#include "platform/resource_limits.h"

namespace bench {

namespace {

// fio's posixaio waits on this many running requests at most: the first in its io_u array's order.
constexpr std::size_t kSuspendEntries = 8;
// Requests refused with EAGAIN and none running: retried after each pause, for 30 s.
constexpr auto kIdlePause = std::chrono::milliseconds(1);
constexpr std::size_t kIdlePauseLimit = 30'000;

}  // namespace

PosixAioEngine::PosixAioEngine(const EngineSetup& setup)
    : setup_(check_engine_setup(setup)),
      controls_(setup_.depth),
      ops_(setup_.depth),
      tags_(setup_.depth),
      is_running_(setup_.depth, false) {
  free_.reserve(setup_.depth);
  for (std::uint32_t i = setup_.depth; i > 0; --i) free_.push_back(i - 1);
  running_.reserve(setup_.depth);
  waiting_.reserve(setup_.depth);
  done_.reserve(setup_.depth);
}

PosixAioEngine::~PosixAioEngine() {
  // glibc's threads may still move data into the caller's buffers: cancel what they have not started, wait for
  // the rest.
  std::vector<int> fds = setup_.fds;
  std::sort(fds.begin(), fds.end());
  fds.erase(std::unique(fds.begin(), fds.end()), fds.end());
  for (const int fd : fds) ::aio_cancel(fd, nullptr);
  for (const std::uint32_t index : running_) {
    aiocb* control = &controls_[index];
    while (::aio_error(control) == EINPROGRESS) {
      const aiocb* const list[] = {control};
      ::aio_suspend(list, 1, nullptr);
    }
    ::aio_return(control);
  }
}

void PosixAioEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight(), requests);
  for (const IoRequest& request : requests) {
    if (request.op == IoOp::kTrim) {
      drain();  // fio's posixaio trims with nothing in flight
      done_.push_back({request.tag, discard_range(setup_.fds[request.file_index], request.offset, request.length)});
      continue;
    }
    const std::uint32_t index = free_.back();
    free_.pop_back();
    aiocb& control = controls_[index];
    std::memset(&control, 0, sizeof control);
    control.aio_fildes = setup_.fds[request.file_index];
    control.aio_sigevent.sigev_notify = SIGEV_NONE;
    if (request.op == IoOp::kRead || request.op == IoOp::kWrite) {
      control.aio_buf = setup_.slot(request.buffer_index);
      control.aio_nbytes = request.length;
      control.aio_offset = static_cast<off_t>(request.offset);
    }
    ops_[index] = request.op;
    tags_[index] = request.tag;
    if (!waiting_.empty() || !start(index)) waiting_.push_back(index);  // in order behind those waiting
  }
}

bool PosixAioEngine::start(std::uint32_t index) {
  aiocb* control = &controls_[index];
  int result = 0;
  switch (ops_[index]) {
    case IoOp::kRead:
      result = ::aio_read(control);
      break;
    case IoOp::kWrite:
      result = ::aio_write(control);
      break;
    default:  // fsync and fdatasync alike, as fio
      result = ::aio_fsync(O_SYNC, control);
      break;
  }
  if (result == 0) {
    running_.push_back(index);
    is_running_[index] = true;
    idle_pauses_ = 0;
    return true;
  }
  if (errno == EAGAIN) return false;
  done_.push_back({tags_[index], -std::int64_t{errno}});
  free_.push_back(index);
  return true;
}

void PosixAioEngine::start_waiting() {
  std::size_t started = 0;
  while (started < waiting_.size() && start(waiting_[started])) ++started;
  waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(started));
}

std::size_t PosixAioEngine::take_finished(std::size_t max, std::vector<IoCompletion>& out) {
  std::size_t moved = 0;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < running_.size(); ++i) {
    const std::uint32_t index = running_[i];
    aiocb* control = &controls_[index];
    const int error = moved < max ? ::aio_error(control) : EINPROGRESS;
    if (error == EINPROGRESS) {
      running_[kept++] = index;
      continue;
    }
    const ssize_t returned = ::aio_return(control);
    out.push_back({tags_[index], error == 0 ? std::int64_t{returned} : -std::int64_t{error}});
    is_running_[index] = false;
    free_.push_back(index);
    ++moved;
  }
  running_.resize(kept);
  if (moved > 0) start_waiting();
  return moved;
}

void PosixAioEngine::wait_for_one() {
  const aiocb* list[kSuspendEntries];
  std::size_t count = 0;
  for (std::size_t index = 0; index < controls_.size() && count < kSuspendEntries; ++index) {
    if (is_running_[index] && ::aio_error(&controls_[index]) == EINPROGRESS) list[count++] = &controls_[index];
  }
  if (count > 0) {
    ::aio_suspend(list, static_cast<int>(count), nullptr);  // EINTR: the caller looks again
    return;
  }
  if (!running_.empty()) return;  // all finished meanwhile
  // Only requests glibc had no room for, and none running to make room: pause, then try them again.
  if (++idle_pauses_ > kIdlePauseLimit) {
    // glibc starts a helper thread per request it runs: EAGAIN when none can start (ulimit -u, ulimit -v).
    throw std::system_error(EAGAIN, std::generic_category(),
                            "cannot start POSIX AIO requests" + task_start_limits_note(read_resource_limits()));
  }
  std::this_thread::sleep_for(kIdlePause);
  start_waiting();
}

void PosixAioEngine::drain() {
  while (!running_.empty() || !waiting_.empty()) {
    take_finished(std::numeric_limits<std::size_t>::max(), done_);
    if (!running_.empty() || !waiting_.empty()) wait_for_one();
  }
}

std::size_t PosixAioEngine::reap(std::size_t min_completions, std::size_t max_completions,
                                 std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight());
  start_waiting();
  const std::size_t from_done = std::min(max_completions, done_.size());
  const auto done_end = done_.begin() + static_cast<std::ptrdiff_t>(from_done);
  out.insert(out.end(), done_.begin(), done_end);
  done_.erase(done_.begin(), done_end);
  const std::size_t room = max_completions - from_done;
  if (room == 0) return from_done;
  std::size_t wanted = 0;
  if (min_completions > from_done) {
    const std::size_t in_glibc = running_.size() + waiting_.size();
    wanted = std::min(room, std::max(min_completions - from_done,
                                     std::min<std::size_t>(setup_.batching.complete_min, in_glibc)));
  }
  std::size_t got = take_finished(room, out);
  while (got < wanted) {
    wait_for_one();
    got += take_finished(room - got, out);
  }
  return from_done + got;
}

}  // namespace bench
