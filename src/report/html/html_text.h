#pragma once
// Text for HTML and SVG: the one escaping of the HTML writers (comparison_html, latency_cdf_svg).
#include <string>
#include <string_view>

namespace bench {

// Text safe inside HTML/SVG elements and attribute values: & < > " ' as entities.
std::string html_text(std::string_view text);

}  // namespace bench
