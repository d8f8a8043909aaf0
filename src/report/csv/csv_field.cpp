#include "report/csv/csv_field.h"

#include <charconv>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include "text/number.h"

namespace bench {

std::string quote_csv_field(std::string_view field) {
  // (A leading UTF-8 byte order mark is quoted too: at the start of a text a reader takes it for the file's.)
  const bool needs_quotes = field.find_first_of(",\"\r\n") != std::string_view::npos ||
                            (!field.empty() && (field.front() == ' ' || field.back() == ' ')) ||
                            field.starts_with("\xEF\xBB\xBF");
  if (!needs_quotes) return std::string(field);
  std::string quoted = "\"";
  for (const char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

std::string csv_record(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i == 0 ? "" : ",") + quote_csv_field(fields[i]);
  return line + "\n";
}

std::string cell_for_message(std::string_view cell) {
  constexpr std::size_t kShown = 40;
  std::string out;
  for (const char c : cell.substr(0, kShown)) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  return cell.size() > kShown ? out + "..." : out;
}

CsvSplitter::CsvSplitter(std::string_view text, std::string source_name, std::size_t first_line)
    : text_(text), source_(std::move(source_name)), line_(first_line) {
  if (first_line == 1 && text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

void CsvSplitter::fail(std::size_t line, const std::string& what) const {
  throw std::runtime_error(fmt::format("{}:{}: {}", source_, line, what));
}

std::optional<CsvRecord> CsvSplitter::next() {
  // Skip empty lines ("\n" or "\r\n").
  while (pos_ < text_.size() && (text_[pos_] == '\n' || text_.substr(pos_, 2) == "\r\n")) {
    pos_ += text_[pos_] == '\n' ? 1 : 2;
    ++line_;
  }
  if (pos_ >= text_.size()) return std::nullopt;

  CsvRecord record;
  record.line = line_;
  std::string field;
  bool quoted = false;        // the current field started with a quote
  bool quote_closed = false;  // ... and its closing quote has been read
  std::size_t quote_line = line_;
  while (true) {
    if (pos_ >= text_.size()) {
      if (quoted && !quote_closed) fail(quote_line, "unterminated quoted field");
      record.fields.push_back(std::move(field));
      return record;
    }
    const char c = text_[pos_++];
    if (c == '\0') fail(line_, "NUL byte in the text");
    if (quoted && !quote_closed) {
      if (c == '"') {
        if (pos_ < text_.size() && text_[pos_] == '"') {
          field += '"';
          ++pos_;
        } else {
          quote_closed = true;
        }
      } else {
        if (c == '\n') ++line_;
        field += c;
      }
      continue;
    }
    if (c == ',' || c == '\n' || (c == '\r' && pos_ < text_.size() && text_[pos_] == '\n')) {
      record.fields.push_back(std::move(field));
      field.clear();
      quoted = quote_closed = false;
      if (c == ',') continue;
      if (c == '\r') ++pos_;
      ++line_;
      return record;
    }
    if (quote_closed) fail(line_, "text after the closing quote of a field");
    if (c == '"') {
      if (!field.empty()) fail(line_, "quote inside an unquoted field");
      quoted = true;
      quote_line = line_;
      continue;
    }
    field += c;
  }
}

std::string format_fixed_point(std::int64_t units, int decimals) {
  std::uint64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  // Work on the magnitude as unsigned so INT64_MIN is fine.
  const bool negative = units < 0;
  const std::uint64_t magnitude = negative ? ~static_cast<std::uint64_t>(units) + 1 : static_cast<std::uint64_t>(units);
  if (decimals == 0) return fmt::format("{}{}", negative ? "-" : "", magnitude);
  return fmt::format("{}{}.{:0{}}", negative ? "-" : "", magnitude / scale, magnitude % scale, decimals);
}

std::optional<std::int64_t> parse_fixed_point(std::string_view text, int decimals) {
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const std::size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 63;  // |INT64_MIN|
  std::uint64_t value = 0;
  auto add_digit = [&value](char c) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kLimit - digit) / 10) return false;
    value = value * 10 + digit;
    return true;
  };
  for (const char c : whole) {
    if (c < '0' || c > '9' || !add_digit(c)) return std::nullopt;
  }
  for (std::size_t i = 0; i < fraction.size(); ++i) {
    const char c = fraction[i];
    if (c < '0' || c > '9') return std::nullopt;
    if (i < static_cast<std::size_t>(decimals) && !add_digit(c)) return std::nullopt;
    if (i == static_cast<std::size_t>(decimals) && c >= '5') ++value;  // round half up on the first dropped digit
  }
  for (std::size_t i = fraction.size(); i < static_cast<std::size_t>(decimals); ++i) {
    if (!add_digit('0')) return std::nullopt;
  }
  if (value > kLimit || (value == kLimit && !negative)) return std::nullopt;
  if (negative) return value == kLimit ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(value);
  return static_cast<std::int64_t>(value);
}

std::optional<std::uint64_t> parse_unsigned(std::string_view text) { return read_number<std::uint64_t>(text); }

}  // namespace bench
