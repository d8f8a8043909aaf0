#include "engine/libaio_engine.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <optional>
#include <string>
#include <system_error>
#include <thread>

#include "engine/blocking_calls.h"

namespace bench {

namespace {

// How long submit keeps retrying -EAGAIN with nothing of its own in the kernel to wait for (fio's limit).
constexpr auto kStalledSubmitLimit = std::chrono::seconds(30);
constexpr auto kStalledSubmitPause = std::chrono::microseconds(100);

}  // namespace

LibaioEngine::LibaioEngine(const EngineSetup& setup)
    : setup_(check_engine_setup(setup)),
      iocbs_(setup_.depth),
      tags_(setup_.depth),
      held_(setup_.depth, nullptr),
      events_(setup_.depth) {
  const int result = io_queue_init(static_cast<int>(setup_.depth), &context_);
  if (result < 0) {
    throw std::system_error(-result, std::generic_category(),
                            "cannot create a libaio context of depth " + std::to_string(setup_.depth));
  }
  free_.reserve(setup_.depth);
  for (std::uint32_t i = setup_.depth; i > 0; --i) free_.push_back(i - 1);
  done_.reserve(setup_.depth);
  scratch_.reserve(setup_.depth);
}

LibaioEngine::~LibaioEngine() {
  // What is held never reached the kernel; what did may still move data into the caller's buffers.
  while (in_kernel_ > 0) {
    const int result = io_getevents(context_, 1, static_cast<long>(setup_.depth), events_.data(), nullptr);
    if (result > 0) {
      in_kernel_ -= std::min(in_kernel_, static_cast<std::size_t>(result));
    } else if (result != -EINTR) {
      break;  // io_destroy below waits for (or cancels) what is left
    }
  }
  io_queue_release(context_);
}

void LibaioEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight(), requests);
  for (const IoRequest& request : requests) {
    if (request.op == IoOp::kRead || request.op == IoOp::kWrite) {
      hold(request);
      // fio commits once iodepth_batch_submit are queued; what the kernel has no room for stays held.
      if (held_count_ >= setup_.batching.submit) submit_held();
      continue;
    }
    submit_all_held();  // fio makes a sync or trim only with nothing left uncommitted
    const int fd = setup_.fds[request.file_index];
    const std::int64_t result =
        request.op == IoOp::kTrim ? discard_range(fd, request.offset, request.length) : sync_file(fd, request.op);
    done_.push_back({request.tag, result});
  }
}

void LibaioEngine::hold(const IoRequest& request) {
  const std::uint32_t index = free_.back();
  free_.pop_back();
  iocb& control = iocbs_[index];
  const int fd = setup_.fds[request.file_index];
  void* buffer = setup_.slot(request.buffer_index);
  const auto offset = static_cast<long long>(request.offset);
  if (request.op == IoOp::kRead) {
    io_prep_pread(&control, fd, buffer, request.length, offset);
  } else {
    io_prep_pwrite(&control, fd, buffer, request.length, offset);
  }
  tags_[index] = request.tag;
  held_[(held_first_ + held_count_) % held_.size()] = &control;
  ++held_count_;
}

bool LibaioEngine::submit_held() {
  const auto advance = [&](std::size_t count) {
    held_first_ = (held_first_ + count) % held_.size();
    held_count_ -= count;
  };
  while (held_count_ > 0) {
    const std::size_t run = std::min(held_count_, held_.size() - held_first_);
    const int result = io_submit(context_, static_cast<long>(run), &held_[held_first_]);
    if (result > 0) {
      const auto submitted = static_cast<std::size_t>(result);
      advance(submitted);
      in_kernel_ += submitted;
    } else if (result == -EINTR) {
      continue;
    } else if (result == 0 || result == -EAGAIN || result == -ENOMEM) {
      return false;
    } else {
      // The kernel refused the run's first request (io_submit's error is the first iocb's): its result.
      const auto index = static_cast<std::uint32_t>(held_[held_first_] - iocbs_.data());
      done_.push_back({tags_[index], result});
      free_.push_back(index);
      advance(1);
    }
  }
  return true;
}

void LibaioEngine::submit_all_held() {
  std::optional<std::chrono::steady_clock::time_point> stalled_since;
  while (!submit_held()) {
    if (in_kernel_ > 0) {  // room comes with a completion
      scratch_.clear();
      get_events(1, in_kernel_, scratch_);
      done_.insert(done_.end(), scratch_.begin(), scratch_.end());
      continue;
    }
    const auto now = std::chrono::steady_clock::now();
    if (!stalled_since) stalled_since = now;
    if (now - *stalled_since > kStalledSubmitLimit) {
      throw std::system_error(EAGAIN, std::generic_category(), "cannot submit libaio requests");
    }
    std::this_thread::sleep_for(kStalledSubmitPause);
  }
}

std::size_t LibaioEngine::get_events(std::size_t min, std::size_t max, std::vector<IoCompletion>& out) {
  for (;;) {
    const int result =
        io_getevents(context_, static_cast<long>(min), static_cast<long>(max), events_.data(), nullptr);
    if (result == -EINTR) continue;
    if (result < 0) throw std::system_error(-result, std::generic_category(), "cannot wait for libaio completions");
    const auto count = static_cast<std::size_t>(result);
    for (std::size_t i = 0; i < count; ++i) {
      const auto index = static_cast<std::uint32_t>(events_[i].obj - iocbs_.data());
      out.push_back({tags_[index], static_cast<std::int64_t>(static_cast<long>(events_[i].res))});
      free_.push_back(index);
    }
    in_kernel_ -= count;
    return count;
  }
}

std::size_t LibaioEngine::reap(std::size_t min_completions, std::size_t max_completions,
                               std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight());
  // fio submits what is queued before it waits; here also when the caller only looks, so that it sees them start.
  submit_all_held();
  const std::size_t from_done = std::min(max_completions, done_.size());
  const auto done_end = done_.begin() + static_cast<std::ptrdiff_t>(from_done);
  out.insert(out.end(), done_.begin(), done_end);
  done_.erase(done_.begin(), done_end);
  std::size_t reaped = from_done;
  if (reaped == max_completions || in_kernel_ == 0) return reaped;
  const AioBatching& batching = setup_.batching;
  const std::size_t room = max_completions - reaped;
  if (min_completions <= reaped) {
    // Only looks: min 0 and a NULL timeout return at once with what has come.
    if (min_completions == 0) reaped += get_events(0, std::min(room, in_kernel_), out);
    return reaped;
  }
  // The caller waits: for fio's iodepth_batch_complete_min at least (of what is in the kernel).
  const std::size_t wanted =
      std::min(room, std::max(min_completions - reaped, std::min<std::size_t>(batching.complete_min, in_kernel_)));
  std::size_t got = 0;
  while (got < wanted) {
    const std::size_t need = wanted - got;
    const std::size_t per_call = std::min({std::max<std::size_t>(batching.complete_max, need), room - got, in_kernel_});
    // complete_min 0: fio polls (io_getevents with min 0) until enough have come.
    got += get_events(batching.complete_min == 0 ? 0 : need, per_call, out);
  }
  return reaped + got;
}

}  // namespace bench
