// AlignedBuffer's alignment, and its huge-page request (madvise(MADV_HUGEPAGE), which /proc/self/smaps shows as the
// "hg" flag of the mapping that holds it) for large requests' buffers; and the workloads' choice between the two.
#include <doctest/doctest.h>

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#include "phases/workload/workload_phase.h"
#include "platform/aligned_buffer.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

// The VmFlags line of the mapping of /proc/self/smaps that holds `address`; empty when none does.
std::string vm_flags_of(const void* address) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t start = 0;
    std::uintptr_t end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> start >> dash >> end && dash == '-' && line.find(' ') > line.find('-')) {
      inside = start <= at && at < end;
    } else if (inside && line.starts_with("VmFlags:")) {
      return line;
    }
  }
  return {};
}

TEST_CASE("AlignedBuffer: 4096-byte aligned, or 2 MiB aligned and asked for as huge pages") {
  const AlignedBuffer small(3 * 4096 + 1);
  CHECK(reinterpret_cast<std::uintptr_t>(small.data()) % 4096 == 0);
  CHECK(small.size() == 3 * 4096 + 1);
  const AlignedBuffer large(3 << 20, AlignedBuffer::Pages::kHugePages);
  CHECK(reinterpret_cast<std::uintptr_t>(large.data()) % (2 << 20) == 0);
  CHECK(large.size() == 3 << 20);
  CHECK(AlignedBuffer::alignment(AlignedBuffer::Pages::kHugePages) == 2 << 20);
  CHECK(AlignedBuffer::alignment(AlignedBuffer::Pages::kOrdinary) == 4096);
  // Where the kernel has transparent huge pages at all, the advice is on the buffer's mapping.
  if (std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) {
    const std::string flags = vm_flags_of(large.data());
    INFO(flags);
    CHECK(flags.find(" hg") != std::string::npos);
    CHECK(vm_flags_of(small.data()).find(" hg") == std::string::npos);
  }
}

TEST_CASE("a workload's request buffers are huge pages for requests of 128 KiB or more") {
  WorkloadSpec spec;
  spec.block_bytes = 64 * 1024;
  CHECK(request_buffer_pages(spec) == AlignedBuffer::Pages::kOrdinary);
  spec.block_bytes = 128 * 1024;
  CHECK(request_buffer_pages(spec) == AlignedBuffer::Pages::kHugePages);
  spec.block_bytes = 1 << 20;
  CHECK(request_buffer_pages(spec) == AlignedBuffer::Pages::kHugePages);
}

TEST_CASE("AlignedBuffer: one that cannot be allocated is named with its size, as ENOMEM") {
#if defined(BENCH_TESTS_UNDER_ASAN) || defined(BENCH_TESTS_UNDER_TSAN)
  test::skip_unless(false, test::Need::kMachine, "a sanitizer's allocator aborts on a 4 EiB request");
  return;
#endif
  try {
    const AlignedBuffer buffer(std::size_t{1} << 62);
    FAIL("4 EiB were allocated");
  } catch (const std::system_error& error) {
    CHECK(error.code().value() == ENOMEM);
    CHECK(std::string(error.what()).starts_with("cannot allocate an I/O buffer of 4.0 EiB"));
  }
}

}  // namespace
}  // namespace bench
