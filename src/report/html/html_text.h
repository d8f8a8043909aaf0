#pragma once
// Text for HTML and SVG: the one escaping of the HTML writers (comparison_html, latency_cdf_svg), and the cut of a
// name to a bar's label.
#include <string>
#include <string_view>

namespace bench {

// Text safe inside HTML/SVG elements and attribute values: & < > " ' as entities, and control bytes (C0 but the
// newline, DEL, C1) written as printable_lines (text/printable.h) writes them for the terminal, "\x1b" for ESC;
// every other byte as it is.
std::string html_text(std::string_view text);

// `text` cut to at most `limit` code points (UTF-8; the last one "…" when cut), for a label of fixed room.
std::string shortened(std::string_view text, std::size_t limit);

}  // namespace bench
