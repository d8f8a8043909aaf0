#pragma once
// CSV fields for the spreadsheet CSV: RFC 4180 quoting and splitting, and the plain-number cells.
// Records end in "\n" (a "\r\n" ending is accepted on input). A field is quoted when it contains a comma, a
// double quote, CR or LF, or starts or ends with a space, or starts with a UTF-8 byte order mark; inside quotes a
// double quote is doubled.
// Number cells are locale-independent: digits, an optional '-' and an optional '.' fraction; no
// exponents, no thousands separators, no unit suffixes.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// The field as it must appear in a CSV record (quoted only when needed).
std::string quote_csv_field(std::string_view field);
// One record of the fields as they are (every one through quote_csv_field), joined by ',' and ended by "\n": the
// way every bench++ CSV writer makes its rows.
std::string csv_record(const std::vector<std::string>& fields);

// A cell as an error message quotes it: at most 40 characters ("..." after more), control characters as '?'.
std::string cell_for_message(std::string_view cell);

// One record of a CSV text and the 1-based line it starts on.
struct CsvRecord {
  std::vector<std::string> fields;
  std::size_t line = 0;
};

// Splits a CSV text into records, one at a time. A leading UTF-8 byte order mark is skipped; empty lines are
// skipped. Memory use is proportional to the longest record.
// REQUIRES: the text outlives the splitter.
class CsvSplitter {
 public:
  // `first_line`: the line number of the text's first line (a record cut from a longer text); the byte order mark
  // is skipped only on line 1.
  CsvSplitter(std::string_view text, std::string source_name, std::size_t first_line = 1);

  // The next record, or nullopt at the end of the text. Throws std::runtime_error("<source>:<line>: ...") on a
  // NUL byte, a quote inside an unquoted field, text after a closing quote, or an unterminated quoted field
  // (reported at the line where that field starts).
  std::optional<CsvRecord> next();

 private:
  [[noreturn]] void fail(std::size_t line, const std::string& what) const;

  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

// units / 10^decimals written with exactly `decimals` fraction digits: (1234567890, 9) -> "1.234567890".
// REQUIRES: 0 <= decimals <= 18.
std::string format_fixed_point(std::int64_t units, int decimals);
// The inverse: "1.5" with 9 decimals -> 1500000000. Fraction digits past `decimals` are rounded half up.
// nullopt when the text is not [-]digits[.digits] (at least one digit) or the result overflows int64.
std::optional<std::int64_t> parse_fixed_point(std::string_view text, int decimals);
// A whole number without sign: nullopt on anything else or above UINT64_MAX.
std::optional<std::uint64_t> parse_unsigned(std::string_view text);

}  // namespace bench
