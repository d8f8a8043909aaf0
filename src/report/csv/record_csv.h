#pragma once
// The spreadsheet CSV's cells of a field table (result/record_field.h), for any record: how a field's value is
// written into a cell and read back, by its codec. Shared by the run columns (report/csv/spreadsheet_csv.cpp) and the
// workload columns (report/csv/workload_columns.cpp).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "report/csv/csv_field.h"
#include "result/record_field.h"

namespace bench {

// A cell that does not hold what its column needs; the reader adds source, line and column.
struct CellError {
  std::string what;
};



// What every one of the words reads as in an error: "host, guest, unknown or empty" or "one of drop|keep".
inline std::string csv_keyword_requirement(const FieldFormat& format) {
  if (!format.may_be_empty) return "one of " + join_keywords(format.words);
  std::string words;
  for (const std::string_view word : format.words) words += fmt::format("{}, ", word);
  words.resize(words.size() - 2);
  return words + " or empty";
}

// A field's cell, unquoted (csv_record quotes it): empty when its group is absent or it has no value.
template <typename Record>
std::string record_cell(const RecordField<Record>& field, const Record& record) {
  if (!group_present(field, record)) return "";
  const std::optional<FieldValue> value = field.access.get(record);
  if (!value) return "";
  const FieldFormat& format = field.access.format;
  switch (format.codec) {
    case FieldCodec::kText: {
      std::string text = std::get<std::string>(*value);
      if (format.csv_spaced_list) std::replace(text.begin(), text.end(), ',', ' ');
      return text;
    }
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: return fmt::format("{}", std::get<std::uint64_t>(*value));
    case FieldCodec::kFlag: return std::get<bool>(*value) ? "1" : "0";
    case FieldCodec::kKeyword: return std::string(format.words[std::get<std::uint64_t>(*value)]);
    case FieldCodec::kTextList: break;  // never a column
  }
  return "";
}

// The value of a cell; nullopt for the empty cell of a field that may have no value.
inline std::optional<FieldValue> parse_record_cell(const FieldFormat& format, std::string_view cell) {
  if (cell.empty() && format.may_be_empty) return std::nullopt;
  switch (format.codec) {
    case FieldCodec::kText: {
      std::string text(cell);
      // A cell that holds commas is a list as earlier versions wrote it, quoted: taken as it is.
      if (format.csv_spaced_list && text.find(',') == std::string::npos) std::replace(text.begin(), text.end(), ' ', ',');
      return text;
    }
    case FieldCodec::kWhole: {
      const auto n = parse_unsigned(cell);
      if (!n || *n > format.max) {
        throw CellError{fmt::format("'{}' is not a whole number from 0 to {}", cell_for_message(cell), format.max)};
      }
      return *n;
    }
    case FieldCodec::kPercent: {
      const auto n = parse_unsigned(cell);
      if (!n || *n > 100) {
        throw CellError{fmt::format("'{}' is not a whole percent from 0 to 100", cell_for_message(cell))};
      }
      return *n;
    }
    case FieldCodec::kFlag:
      if (cell != "0" && cell != "1") throw CellError{fmt::format("'{}' is not 0 or 1", cell_for_message(cell))};
      return cell == "1";
    case FieldCodec::kKeyword: {
      for (std::size_t i = 0; i < format.words.size(); ++i) {
        if (format.words[i] == cell) return std::uint64_t{i};
      }
      throw CellError{fmt::format("'{}' is not {}", cell_for_message(cell), csv_keyword_requirement(format))};
    }
    case FieldCodec::kTextList: break;
  }
  throw CellError{"not a column"};
}

}  // namespace bench
