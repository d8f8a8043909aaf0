#pragma once
// JSON text to a DOM, with errors that carry the line: nlohmann/json's tokenizer, our own DOM building (no
// recursion, nesting limited to kJsonMaxDepth) and a second pass that finds the line of a value by its path.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace bench {

inline constexpr std::size_t kJsonMaxDepth = 32;

// Parses a whole JSON text. Throws std::runtime_error("<source_name>:<line>: ...") on an empty text, invalid
// JSON (nlohmann's reason, cut to 200 characters) or nesting deeper than kJsonMaxDepth. A repeated key keeps its
// last value.
nlohmann::json parse_json_document(std::string_view text, const std::string& source_name);

// The 1-based line where the value at `path` starts in `text`; 1 when there is no such value. A path joins
// object keys with '.' and appends array indices as "[i]": "runs[0].tests[2].bytes"; "" is the whole document.
// REQUIRES: text parses (parse_json_document did not throw on it).
std::size_t json_value_line(std::string_view text, const std::string& source_name, std::string_view path);

}  // namespace bench
