#include "compare/run_tags.h"

#include <algorithm>
#include <vector>
#include "text/number.h"

namespace bench {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// The tags one by one, without the separators' spaces.
std::vector<std::string_view> split_tags(std::string_view tags) {
  std::vector<std::string_view> out;
  while (!tags.empty()) {
    const std::size_t end = std::min(tags.find(';'), tags.size());
    const std::string_view tag = trimmed(tags.substr(0, end));
    if (!tag.empty()) out.push_back(tag);
    tags.remove_prefix(std::min(end + 1, tags.size()));
  }
  return out;
}

bool has_key(std::string_view tag, std::string_view key) {
  return tag.size() > key.size() && tag.substr(0, key.size()) == key && tag[key.size()] == '=';
}

}  // namespace

std::optional<std::string> tag_value(std::string_view tags, std::string_view key) {
  std::optional<std::string> value;
  for (const std::string_view tag : split_tags(tags)) {
    if (has_key(tag, key)) value = std::string(tag.substr(key.size() + 1));
  }
  return value;
}

std::string tags_without(std::string_view tags, std::string_view key) {
  std::string out;
  for (const std::string_view tag : split_tags(tags)) {
    if (!has_key(tag, key)) out += (out.empty() ? "" : "; ") + std::string(tag);
  }
  return out;
}

std::optional<std::uint64_t> run_round(const RunInfo& info) {
  const std::optional<std::string> value = tag_value(info.tags, kRoundTag);
  if (!value || value->size() > 9) return std::nullopt;
  return read_number<std::uint64_t>(*value);
}

}  // namespace bench
