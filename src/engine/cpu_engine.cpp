#include "engine/cpu_engine.h"

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "engine/checked_setup.h"
#include "engine/inline_engine.h"

namespace bench {
namespace {

constexpr std::size_t kQsortCount = 256 * 1024;  // fio's qsort_size

int ascending(const void* a, const void* b) {
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  return x > y ? 1 : (x < y ? -1 : 0);
}
int descending(const void* a, const void* b) { return ascending(b, a); }
int by_byte(const void* a, const void* b) {
  return static_cast<int>(*static_cast<const std::int8_t*>(a)) - static_cast<int>(*static_cast<const std::int8_t*>(b));
}

class CpuBurner final : public RequestPerformer {
 public:
  explicit CpuBurner(const EngineSetup& setup) : chunk_(setup.cpu_chunk_us) {
    if (setup.cpu_qsort) data_ = qsort_data(kQsortCount);
  }
  IoCompletion perform(const CheckedSetup&, const IoRequest& request) override {
    if (!data_.empty()) {
      qsort_pass(data_);
    } else {
      // fio's usec_spin: busy on the clock until the chunk has passed.
      const auto end = std::chrono::steady_clock::now() + chunk_;
      while (std::chrono::steady_clock::now() < end) {
      }
    }
    return {request.tag, std::int64_t{request.length}};
  }

 private:
  std::chrono::microseconds chunk_;
  std::vector<std::int32_t> data_;  // qsort's, else empty
};

}  // namespace

std::vector<std::int32_t> qsort_data(std::size_t count) {
  std::uint32_t w = 521288629u;  // fio's seeds
  std::uint32_t z = 362436069u;
  std::vector<std::int32_t> data(count);
  for (std::int32_t& value : data) {
    z = 36969 * (z & 65535) + (z >> 16);
    w = 18000 * (w & 65535) + (w >> 16);
    value = static_cast<std::int32_t>((z << 16) + w);
  }
  return data;
}

void qsort_pass(std::vector<std::int32_t>& data) {
  std::qsort(data.data(), data.size(), sizeof(std::int32_t), ascending);
  std::qsort(data.data(), data.size(), sizeof(std::int32_t), descending);
  std::qsort(data.data(), data.size() * sizeof(std::int32_t), 1, by_byte);
  std::qsort(data.data(), data.size(), sizeof(std::int32_t), descending);
}

std::unique_ptr<IoEngine> make_cpu_engine(EngineKind kind, const EngineSetup& setup) {
  return std::make_unique<InlineEngine>(kind, check_engine_setup_without_files(setup),
                                        std::make_unique<CpuBurner>(setup));
}

}  // namespace bench
