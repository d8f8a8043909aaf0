#include "data/data_test_support.h"

#include <zlib.h>

#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace bench::test {

double zlib_ratio(std::span<const std::byte> data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::vector<Bytef> out(size);
  if (compress2(out.data(), &size, reinterpret_cast<const Bytef*>(data.data()), static_cast<uLong>(data.size()), 6) !=
      Z_OK)
    throw std::runtime_error("zlib compress2 failed");
  return static_cast<double>(size) / static_cast<double>(data.size());
}

double duplicate_share(std::span<const std::byte> data, std::size_t block_bytes) {
  std::set<std::string_view> seen;
  std::size_t blocks = 0;
  std::size_t duplicates = 0;
  for (std::size_t at = 0; at + block_bytes <= data.size(); at += block_bytes) {
    ++blocks;
    const std::string_view block(reinterpret_cast<const char*>(data.data() + at), block_bytes);
    if (!seen.insert(block).second) ++duplicates;
  }
  return blocks == 0 ? 0.0 : static_cast<double>(duplicates) / static_cast<double>(blocks);
}

}  // namespace bench::test
