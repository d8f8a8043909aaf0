#include "text/split.h"

namespace bench {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  for (;;) {
    const std::size_t end = text.find(separator);
    pieces.push_back(text.substr(0, end));
    if (end == std::string_view::npos) return pieces;
    text.remove_prefix(end + 1);
  }
}

std::vector<std::string> split_fio_names(std::string_view text) {
  std::vector<std::string> names;
  std::string name;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ':') {
      name += ':';
      ++i;
    } else if (text[i] == ':') {
      if (!name.empty()) names.push_back(std::move(name));
      name.clear();
    } else {
      name += text[i];
    }
  }
  if (!name.empty()) names.push_back(std::move(name));
  return names;
}

}  // namespace bench
