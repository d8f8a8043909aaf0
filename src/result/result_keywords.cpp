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
