#include "text/printable.h"

#include <fmt/format.h>

namespace bench {
namespace {

std::string escaped(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool c1 = byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (c1) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[++i]));
    } else if ((byte < 0x20 && !(keep_newlines && byte == '\n')) || byte == 0x7F) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escaped(text, false); }

std::string printable_lines(std::string_view text) { return escaped(text, true); }

}  // namespace bench
