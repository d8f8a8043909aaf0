#include "report/html/html_text.h"

#include "text/printable.h"

namespace bench {

std::string html_text(std::string_view text) {
  std::string out;
  // Control bytes as a terminal is spared them: a browser shows nothing (or U+FFFD) for them, and none is valid
  // HTML. Newlines stay: the run's text (a <pre>) keeps its lines, and elsewhere a newline is only white space.
  for (const char c : printable_lines(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string shortened(std::string_view text, std::size_t limit) {
  std::size_t points = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (++points == limit) return std::string(text.substr(0, i)) + "…";
  }
  return std::string(text);
}

}  // namespace bench
