#include "result/default_file_size.h"

#include <fmt/format.h>

#include <algorithm>

namespace bench {

std::uint64_t default_file_size_bytes(std::uint64_t ram_mib) {
  constexpr std::uint64_t kMinimumMib = 300;
  std::uint64_t size_mib = std::max(kMinimumMib, 2 * std::min(ram_mib, kMaxRamMib));
  if (ram_mib == 0) size_mib = kMinimumMib;
  if (size_mib % 1024 > 512) size_mib = (size_mib / 1024 + 1) * 1024;
  return size_mib << 20;
}

std::uint64_t dropped_cache_file_size_bytes(std::uint64_t ram_mib) {
  constexpr std::uint64_t kMinimumMib = 1024;
  return std::max(kMinimumMib, std::min(ram_mib, kMaxRamMib) / 8) << 20;
}

namespace {

std::string gib_text(std::uint64_t bytes) {
  return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30));
}

}  // namespace

DefaultFileSize choose_default_file_size(std::uint64_t ram_mib, CacheMode cache) {
  const std::string ram = ram_mib == 0 ? "no RAM size (-r 0)" : "RAM " + gib_text(ram_mib << 20);
  if (cache == CacheMode::kKeep) {
    return {default_file_size_bytes(ram_mib),
            fmt::format("2 x RAM and at least 300 MiB ({}): bonnie++'s rule as --cache keep reads through the page "
                        "cache",
                        ram)};
  }
  return {dropped_cache_file_size_bytes(ram_mib),
          fmt::format("the larger of 1 GiB and RAM/8 ({}) as the page cache is dropped before each read", ram)};
}

void fit_default_file_size(RunSetup& setup, std::uint32_t ranks, std::uint64_t free_bytes) {
  if (!setup.io || setup.file_size_choice.empty()) return;
  const std::uint64_t margin = std::max(free_bytes / 10, kFreeSpaceMarginBytes);
  const std::uint64_t usable = free_bytes > margin ? free_bytes - margin : 0;
  const std::uint64_t files = std::uint64_t{setup.concurrency} * std::max<std::uint32_t>(ranks, 1);
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  const std::uint64_t fitting = std::max(usable / files / kMiB * kMiB, kMinDefaultFileBytes);
  IoSpec& io = *setup.io;
  if (fitting >= io.file_size_bytes) return;
  io.file_size_bytes = fitting;
  io.per_char_bytes = std::min(io.per_char_bytes, fitting);
  setup.file_size_choice += fmt::format("; bounded by free space ({} free less a margin of {})", gib_text(free_bytes),
                                gib_text(margin));
}

}  // namespace bench
