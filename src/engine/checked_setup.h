#pragma once
// The checks every engine makes of its EngineSetup (once) and of each submitted batch (a few comparisons), so
// that a wrong index is an exception and never the kernel writing through a wild pointer.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/io_engine.h"

namespace bench {

// An EngineSetup whose REQUIRES held, as an engine keeps it: the descriptors copied, the buffers referenced.
struct CheckedSetup {
  std::uint32_t depth = 0;
  std::vector<int> fds;
  std::span<std::byte> buffers;
  std::uint32_t buffer_bytes = 0;
  std::size_t slot_count = 0;  // buffers.size() / buffer_bytes
  bool any_direct = false;     // some fd has O_DIRECT
  AioBatching batching;        // normalized_batching() of the setup's
  bool hipri = false;
  UringOptions uring;
  std::uint64_t region_bytes = 0;
  bool random_offsets = false;

  // The first byte of buffer slot `index`. REQUIRES: index < slot_count.
  std::byte* slot(std::uint32_t index) const { return buffers.data() + std::size_t{index} * buffer_bytes; }
};

// `setup` checked against its REQUIRES (io_engine.h): depth 1..kMaxIoDepth, at least one fd, buffer_bytes > 0
// and buffers a whole number (>= 1) of slots; when any fd has O_DIRECT, the buffers' base and buffer_bytes
// 512-byte aligned. Throws std::invalid_argument saying which; std::system_error when an fd is not open
// ("cannot query flags of file descriptor N").
CheckedSetup check_engine_setup(const EngineSetup& setup);

// The same checks but the descriptors' (never asked, so they may be -1): for an engine that opens no file (null).
CheckedSetup check_engine_setup_without_files(const EngineSetup& setup);

// `batching` as fio applies it at `depth`: submit 0 or above depth is depth; complete_min at most depth;
// complete_max below complete_min is complete_min, above depth depth.
AioBatching normalized_batching(AioBatching batching, std::uint32_t depth);

// Throws std::invalid_argument unless in_flight + requests.size() <= depth and each request's file_index,
// buffer_index and length (reads and writes) are within `setup`. A trim's length is not bounded by the slots.
void check_requests(const CheckedSetup& setup, std::size_t in_flight, std::span<const IoRequest> requests);

// Throws std::invalid_argument unless min_completions <= max_completions and min_completions <= in_flight.
void check_reap(std::size_t min_completions, std::size_t max_completions, std::size_t in_flight);

}  // namespace bench
