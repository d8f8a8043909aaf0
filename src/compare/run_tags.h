#pragma once
// Reading a run's tags (RunInfo::tags: "KEY=VALUE; KEY=VALUE", as --tag records them) for the facts compare acts
// on: the round of an interleaved measurement (round=N, set by scripts/host-vs-guest.sh) and the accelerator a
// QEMU guest ran on (accel=kvm|tcg, set by scripts/guest-run.sh). Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "result/run_result.h"

namespace bench {

inline constexpr std::string_view kRoundTag = "round";
inline constexpr std::string_view kAcceleratorTag = "accel";

// The value of the last tag named `key`, or nullopt when there is none.
std::optional<std::string> tag_value(std::string_view tags, std::string_view key);

// The tags without those named `key`, joined as before.
std::string tags_without(std::string_view tags, std::string_view key);

// The run's round: its round=N tag with N a whole number of at most 9 digits; nullopt without one (or for a
// value that is not such a number).
std::optional<std::uint64_t> run_round(const RunInfo& info);

}  // namespace bench
