#pragma once
// A heap buffer aligned for O_DIRECT (4096 bytes), allocated once and reused by a phase's hot loop.
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>

#include "platform/resource_limits.h"

namespace bench {

class AlignedBuffer {
 public:
  static constexpr std::size_t kAlignment = 4096;
  static constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

  // kHugePages: aligned to 2 MiB, its size rounded up to 2 MiB, and asked for as transparent huge pages
  // (madvise(MADV_HUGEPAGE); ordinary pages where the kernel's transparent_hugepage is "never" or has none to
  // give), so that each large request in it is physically contiguous. A direct 1 MiB request of scattered 4 KiB
  // pages is 256 segments, which a virtio disk (254 at most) splits and the block layer cannot merge: large-block
  // throughput would depend on how the page allocator scattered the buffer (docs/performance.md, "Large
  // sequential requests and the buffer's pages").
  enum class Pages { kOrdinary, kHugePages };
  // What the buffer's start is aligned to and its size rounded up to.
  static constexpr std::size_t alignment(Pages pages) { return pages == Pages::kHugePages ? kHugePageBytes : kAlignment; }

  AlignedBuffer() = default;
  // Throws std::system_error(ENOMEM) naming the size (platform/resource_limits.h) when it cannot be allocated.
  explicit AlignedBuffer(std::size_t size, Pages pages = Pages::kOrdinary) : size_(size) {
    const bool huge = pages == Pages::kHugePages;
    const std::size_t alignment = AlignedBuffer::alignment(pages);
    const std::size_t rounded = size == 0 ? alignment : (size + alignment - 1) / alignment * alignment;
    void* memory = std::aligned_alloc(alignment, rounded);
    if (memory == nullptr) throw_allocation_failure("an I/O buffer", rounded);
    data_.reset(static_cast<unsigned char*>(memory));
    if (huge) (void)::madvise(memory, rounded, MADV_HUGEPAGE);  // advice only
  }

  unsigned char* data() { return data_.get(); }
  const unsigned char* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  std::span<unsigned char> span() { return {data_.get(), size_}; }

 private:
  struct Free {
    void operator()(unsigned char* p) const { std::free(p); }
  };
  std::unique_ptr<unsigned char, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace bench
