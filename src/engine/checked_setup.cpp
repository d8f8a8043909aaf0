#include "engine/checked_setup.h"

#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>

namespace bench {

namespace {

// O_DIRECT's usual alignment: the logical block size of nearly every device. The kernel's own check (-EINVAL
// in the completion) stays the authority for devices that need more.
constexpr std::size_t kDirectAlignment = 512;

bool has_direct_io(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0) {
    throw std::system_error(errno, std::generic_category(),
                            "cannot query flags of file descriptor " + std::to_string(fd));
  }
  return (flags & O_DIRECT) != 0;
}

[[noreturn]] void refuse(const std::string& what) { throw std::invalid_argument("I/O engine: " + what); }

}  // namespace

CheckedSetup check_engine_setup_without_files(const EngineSetup& setup) {
  if (setup.depth < 1 || setup.depth > kMaxIoDepth) {
    refuse("depth " + std::to_string(setup.depth) + " is not within 1.." + std::to_string(kMaxIoDepth));
  }
  if (setup.fds.empty()) refuse("no files");
  if (setup.buffer_bytes == 0) refuse("buffer slots of 0 bytes");
  if (setup.buffers.size() < setup.buffer_bytes || setup.buffers.size() % setup.buffer_bytes != 0) {
    refuse("buffers of " + std::to_string(setup.buffers.size()) + " bytes are not a whole number of " +
           std::to_string(setup.buffer_bytes) + "-byte slots");
  }
  CheckedSetup checked;
  checked.depth = setup.depth;
  checked.fds.assign(setup.fds.begin(), setup.fds.end());
  checked.buffers = setup.buffers;
  checked.buffer_bytes = setup.buffer_bytes;
  checked.slot_count = setup.buffers.size() / setup.buffer_bytes;
  checked.batching = normalized_batching(setup.batching, setup.depth);
  checked.hipri = setup.hipri;
  checked.uring = setup.uring;
  checked.region_bytes = setup.region_bytes;
  checked.random_offsets = setup.random_offsets;
  return checked;
}

CheckedSetup check_engine_setup(const EngineSetup& setup) {
  CheckedSetup checked = check_engine_setup_without_files(setup);
  for (const int fd : checked.fds) checked.any_direct = has_direct_io(fd) || checked.any_direct;
  if (checked.any_direct) {
    const auto base = reinterpret_cast<std::uintptr_t>(setup.buffers.data());
    if (base % kDirectAlignment != 0 || setup.buffer_bytes % kDirectAlignment != 0) {
      refuse("O_DIRECT needs buffers and slot sizes aligned to " + std::to_string(kDirectAlignment) + " bytes");
    }
  }
  return checked;
}

AioBatching normalized_batching(AioBatching batching, std::uint32_t depth) {
  if (batching.submit == 0 || batching.submit > depth) batching.submit = depth;
  batching.complete_min = std::min(batching.complete_min, depth);
  batching.complete_max = std::clamp(batching.complete_max, batching.complete_min, depth);
  return batching;
}

void check_requests(const CheckedSetup& setup, std::size_t in_flight, std::span<const IoRequest> requests) {
  if (in_flight + requests.size() > setup.depth) {
    refuse(std::to_string(requests.size()) + " requests on " + std::to_string(in_flight) + " in flight exceed depth " +
           std::to_string(setup.depth));
  }
  for (const IoRequest& request : requests) {
    if (request.file_index >= setup.fds.size()) refuse("file index " + std::to_string(request.file_index));
    if (request.op != IoOp::kRead && request.op != IoOp::kWrite) continue;  // syncs and trims use no buffer
    if (request.buffer_index >= setup.slot_count) refuse("buffer index " + std::to_string(request.buffer_index));
    if (request.length > setup.buffer_bytes) {
      refuse("length " + std::to_string(request.length) + " exceeds the " + std::to_string(setup.buffer_bytes) +
             "-byte buffer slot");
    }
  }
}

void check_reap(std::size_t min_completions, std::size_t max_completions, std::size_t in_flight) {
  if (min_completions > max_completions || min_completions > in_flight) {
    refuse("reaping at least " + std::to_string(min_completions) + " (at most " + std::to_string(max_completions) +
           ") of " + std::to_string(in_flight) + " in flight");
  }
}

}  // namespace bench
