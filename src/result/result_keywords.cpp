#include "result/result_keywords.h"

namespace bench {
namespace {

struct UnitWords {
  std::string_view rate_symbol;
  std::string_view rate_keyword;
};

// In WorkUnit's order.
constexpr std::array<UnitWords, 4> kUnitWords = {{
    {"B/s", "bytes_per_sec"},
    {"seeks/s", "seeks_per_sec"},
    {"files/s", "files_per_sec"},
    {"syncs/s", "syncs_per_sec"},
}};

}  // namespace

std::optional<EngineKind> engine_for_fio_name(std::string_view fio_name) {
  const std::optional<EngineKind> kind = enum_from_keyword<EngineKind>(fio_name);
  if (kind == EngineKind::kPsyncThreads) return std::nullopt;  // bench++'s stand-in, not a name of fio's
  return kind;
}

std::string join_keywords(std::span<const std::string_view> words) {
  std::string all;
  for (const std::string_view word : words) {
    if (!all.empty()) all += '|';
    all += word;
  }
  return all;
}

std::string_view rate_symbol(WorkUnit unit) { return kUnitWords[static_cast<std::size_t>(unit)].rate_symbol; }
std::string_view rate_keyword(WorkUnit unit) { return kUnitWords[static_cast<std::size_t>(unit)].rate_keyword; }

}  // namespace bench
