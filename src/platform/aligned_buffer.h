#pragma once
// A heap buffer aligned for O_DIRECT (4096 bytes), allocated once and reused by a phase's hot loop.
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>

namespace bench {

class AlignedBuffer {
 public:
  static constexpr std::size_t kAlignment = 4096;

  AlignedBuffer() = default;
  explicit AlignedBuffer(std::size_t size) : size_(size) {
    const std::size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
    void* memory = std::aligned_alloc(kAlignment, rounded == 0 ? kAlignment : rounded);
    if (memory == nullptr) throw std::bad_alloc();
    data_.reset(static_cast<unsigned char*>(memory));
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
