#pragma once
// bench++'s default -s when the command line gives none, and its bound by the free space of -d: the command line
// (cli/bonnie_command_line) chooses it from the RAM, the plan (plan/plan.h) bounds it by what the filesystem holds.
// Pure.
#include <cstdint>
#include <string>

#include "result/run_setup.h"

namespace bench {

// bonnie++'s default file size when -s is absent, in bytes: max(300, 2 * ram_mib) MiB, rounded up to a
// multiple of 1024 MiB only if the remainder is above 512 MiB; 300 MiB when ram_mib is 0.
// REQUIRES: ram_mib <= kMaxRamMib.
inline constexpr std::uint64_t kMaxRamMib = std::uint64_t{1} << 40;  // 1 EiB
std::uint64_t default_file_size_bytes(std::uint64_t ram_mib);

// bench++'s default file size when -s is absent and the page cache is dropped before each read (the default):
// the larger of 1 GiB and ram_mib / 8 (whole MiB). Twice the RAM is what a kept cache needs; a dropped one
// only needs a file long enough for the disk's steady rate, so the run ends in bounded time.
std::uint64_t dropped_cache_file_size_bytes(std::uint64_t ram_mib);

// The default -s and how it was chosen, for the results (RunSetup::file_size_choice): with CacheMode::kKeep
// bonnie++'s rule (default_file_size_bytes), otherwise dropped_cache_file_size_bytes. The text holds no comma.
struct DefaultFileSize {
  std::uint64_t bytes = 0;
  std::string choice;
};
DefaultFileSize choose_default_file_size(std::uint64_t ram_mib, CacheMode cache);

// A default -s (setup.io with a file_size_choice) bounded by the free space of -d: shrunk, to whole MiB and at least
// kMinDefaultFileBytes, so that every worker's file on every rank fits in `free_bytes` less a margin (a tenth,
// at least kFreeSpaceMarginBytes), with the bound added to file_size_choice. Unchanged when it fits, when -s was
// given (no file_size_choice) or when there are no I/O tests. Pure.
inline constexpr std::uint64_t kMinDefaultFileBytes = std::uint64_t{64} << 20;
inline constexpr std::uint64_t kFreeSpaceMarginBytes = std::uint64_t{1} << 30;
void fit_default_file_size(RunSetup& setup, std::uint32_t ranks, std::uint64_t free_bytes);

}  // namespace bench
