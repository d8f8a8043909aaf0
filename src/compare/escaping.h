#pragma once
// Text escaping for the comparison writers (compare/ may not use report/): JSON strings, CSV fields, HTML text.
#include <string>
#include <string_view>

namespace bench {

// A JSON string literal with its quotes: '"', '\\' and control characters escaped; invalid UTF-8 bytes become
// U+FFFD.
std::string json_string(std::string_view text);
// An RFC 4180 field: quoted (inner quotes doubled) when it holds a comma, a quote, CR or LF, or starts or ends
// with a space; otherwise as it is.
std::string csv_field(std::string_view text);
// Text safe inside HTML/SVG elements and attribute values: & < > " ' as entities.
std::string html_text(std::string_view text);

}  // namespace bench
