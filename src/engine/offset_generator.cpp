#include "engine/offset_generator.h"

#include <stdexcept>
#include <string>

namespace bench {

OffsetGenerator::OffsetGenerator(std::uint64_t region_bytes, std::uint32_t block_bytes)
    : block_bytes_(block_bytes), block_count_(block_bytes == 0 ? 0 : region_bytes / block_bytes) {
  if (block_bytes == 0 || block_count_ == 0) {
    throw std::invalid_argument("offset generator: block of " + std::to_string(block_bytes) + " bytes in a region of " +
                                std::to_string(region_bytes) + " bytes");
  }
}

std::uint64_t OffsetGenerator::next() {
  const std::uint64_t block = position_;
  if (++position_ == block_count_) {
    position_ = 0;
    ++pass_;
  }
  return block * block_bytes_;
}

}  // namespace bench
