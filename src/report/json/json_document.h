#pragma once
// JSON text to a DOM, with errors that carry the line: nlohmann/json's tokenizer, our own DOM building (no
// recursion, nesting limited to kJsonMaxDepth) and a second pass that finds the line of a value by its path.
#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace bench {

inline constexpr std::size_t kJsonMaxDepth = 32;

// Parses a whole JSON text. Throws std::runtime_error("<source_name>:<line>: ...") on an empty text, invalid
// JSON (nlohmann's reason, cut to 200 characters), a number beyond a double's range (naming the key it is the
// value of: "invalid JSON: 'io_bytes': 1e400 is out of range") or nesting deeper than kJsonMaxDepth ("JSON nested deeper than
// 32 levels"), with control bytes of the text escaped (text/printable.h). Throws InterruptedError when
// `interrupt` (the run's flag, run/interrupt.h) is set during the parse (it is looked at every 64 KiB). A
// repeated key keeps its last value.
nlohmann::json parse_json_document(std::string_view text, const std::string& source_name,
                                   const std::atomic<int>* interrupt = nullptr);
// As parse_json_document, keeping each object's keys in the order written (fio's options), for the document that
// starts at `start` in `text` (what comes before it is not read; lines count from the start of `text`).
nlohmann::ordered_json parse_ordered_json_document(std::string_view text, std::size_t start,
                                                   const std::string& source_name,
                                                   const std::atomic<int>* interrupt = nullptr);

// Leaves `document`'s memory to the process, allocated and reachable until it exits: for a stop signal, which
// must not wait for half a gigabyte of JSON to be freed node by node (that takes seconds).
template <typename Json>
void abandon_json_document(Json&& document) {
  static auto* const abandoned = new std::vector<Json>();  // never freed: the process is stopping
  abandoned->push_back(std::move(document));
}

// Frees `document` piece by piece (the elements of its arrays and objects down to the third level, from the
// back), looking at `interrupt` (the run's flag, run/interrupt.h) between pieces; when it is set, the rest is
// abandoned (abandon_json_document) and InterruptedError thrown. Without a flag it is freed at once.
template <typename Json>
void free_json_document(Json& document, const std::atomic<int>* interrupt);

// The 1-based line where the value at `path` starts in `text`; 1 when there is no such value. A path joins
// object keys with '.' and appends array indices as "[i]": "runs[0].tests[2].bytes"; "" is the whole document.
// REQUIRES: text parses (parse_json_document did not throw on it).
std::size_t json_value_line(std::string_view text, const std::string& source_name, std::string_view path);

}  // namespace bench
