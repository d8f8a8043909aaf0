#pragma once
// What the libFuzzer targets share: the input as text, and split into words.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input cut at NUL bytes or newlines into command-line words (empty words kept).
inline std::vector<std::string> as_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\0' || text[i] == '\n') {
      if (i < text.size() || i > start) words.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

}  // namespace bench::fuzz
