#include "platform/virt_text.h"

#include <algorithm>
#include <cctype>

namespace bench::virt_text {

std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == '\0' || std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

std::string quote_value(std::string_view text) {
  constexpr std::size_t kMaxShown = 80;
  const std::string_view value = trimmed(text);
  std::string out = "'";
  for (const char c : value.substr(0, kMaxShown)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20 || byte == 0x7f ? '?' : c;
  }
  if (value.size() > kMaxShown) out += "...";
  return out + "'";
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

bool contains_ignoring_case(std::string_view text, std::string_view part) {
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  return std::search(text.begin(), text.end(), part.begin(), part.end(),
                     [&](char a, char b) { return lower(a) == lower(b); }) != text.end() ||
         part.empty();
}

}  // namespace bench::virt_text
