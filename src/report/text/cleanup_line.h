#pragma once
// The progress line before a long clean-up: a run that removes large files at its end (or bonnie++'s test file
// before the file tests) can sit for seconds, a discard-mounted disk trimming every block, so progress says what
// it removes first. The rule is by size, known before the removal starts: files that hold kLongCleanupBytes or
// more together. Pure.
#include <cstdint>
#include <optional>
#include <string>

#include "result/run_observer.h"

namespace bench {

inline constexpr std::uint64_t kLongCleanupBytes = std::uint64_t{64} << 20;  // 64 MiB

// "Removing 2 files, 1.0 GiB" (no newline) when `files` hold kLongCleanupBytes or more; nullopt below.
std::optional<std::string> cleanup_line(const FilesToRemove& files);

}  // namespace bench
