#include "cli/tags.h"

#include <algorithm>

#include <fmt/format.h>

#include "result/errors.h"

namespace bench {

std::string checked_tag(std::string_view text) {
  const auto refuse = [&](std::string_view reason) {
    throw UsageError(fmt::format("invalid --tag value '{}': {}", text.substr(0, 60), reason));
  };
  const auto equals = text.find('=');
  if (equals == std::string_view::npos || equals == 0) refuse("expected KEY=VALUE");
  const std::string_view key = text.substr(0, equals);
  const bool key_ok = std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
  });
  if (!key_ok) refuse("the KEY is letters, digits, '_', '.' and '-'");
  const std::string_view value = text.substr(equals + 1);
  if (value.find(';') != std::string_view::npos) refuse("the VALUE may not hold ';'");
  if (std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; })) {
    refuse("the VALUE may not hold control characters");
  }
  return std::string(text);
}

std::string join_tags(const std::vector<std::string>& tags) {
  std::string joined;
  for (const std::string& tag : tags) joined += (joined.empty() ? "" : "; ") + tag;
  return joined;
}

}  // namespace bench
