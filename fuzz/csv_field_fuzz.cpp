// libFuzzer target: the one CSV quoting function (report/csv/csv_field.h) on any fields: a record that
// csv_record writes splits back (CsvSplitter) into exactly those fields, whatever they hold but NUL bytes
// (which the splitter refuses, and no writer writes). The input is cut into fields at '\x1f'.
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_input.h"
#include "report/csv/csv_field.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  if (text.find('\0') != std::string_view::npos) return 0;
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\x1f') {
      fields.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  // A record of one empty field is an empty line, which the splitter skips: give it company.
  if (fields.size() == 1 && fields.front().empty()) fields.emplace_back("x");
  // A "\r" at the very end of the last field reads as a CRLF line ending; the writers never end a row so.
  if (!fields.back().empty() && fields.back().back() == '\r') fields.back() += 'x';
  const std::string record = bench::csv_record(fields);
  bench::CsvSplitter splitter(record, "fuzz.csv");
  const auto read = splitter.next();
  if (!read || read->fields != fields || splitter.next()) std::abort();
  return 0;
}
