#pragma once
// A first-in first-out queue of fixed capacity that never allocates after construction: the completions an
// engine holds for reap(), and the requests its threads take.
#include <cstddef>
#include <vector>

namespace bench {

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

}  // namespace bench
