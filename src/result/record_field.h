#pragma once
// The parts of a field table: a record's fields, each with its names in the outputs, how its value is written
// and read (its codec), how to get and set it, and how compare names a difference. Writers and readers walk a
// table instead of naming fields, so a field added to a table reaches every output that follows it.
// result/run_fields.h holds the table of a run's record; a later record (a workload's spec) gets a table of its
// own with the same parts.
//
// A field's value travels as a FieldValue; which alternative it holds follows from its codec:
//   kText      std::string               a CSV cell quoted when needed, a JSON string; with csv_spaced_list, a
//                                        comma-separated list whose CSV cell joins the items with spaces
//   kWhole     std::uint64_t in [0, max] CSV digits, a JSON number
//   kPercent   std::uint64_t in [0, 100] as kWhole
//   kFlag      bool                      CSV 0|1, JSON true|false
//   kKeyword   std::uint64_t index       the word words[index] in CSV and JSON ("" when may_be_empty and unset)
//   kTextList  std::vector<std::string>  a JSON array of strings; never a CSV column
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "result/result_keywords.h"

namespace bench {

enum class FieldCodec { kText, kWhole, kPercent, kFlag, kKeyword, kTextList };

using FieldValue = std::variant<std::uint64_t, bool, std::string, std::vector<std::string>>;

// How a difference between two runs reads in compare's note: "<title> <other> vs <base>".
enum class DifferenceReading {
  kNotCompared,
  kSize,     // bytes in the largest whole IEC unit: "16 MiB", "4 KiB", "100 bytes"
  kCount,    // "4"
  kPercent,  // "10 %"
  kOnOff,    // "on" / "off"
  kWord,     // the keyword, or shown_words[index] when given ("hard links")
  kText,     // the text itself
};

struct Difference {
  std::string_view title;  // "file size"
  DifferenceReading reading = DifferenceReading::kNotCompared;
  // A bonnie++ CSV line records the field too (read back as bonnie++'s fixed value where the line has no
  // place for it), so a bonnie++ line and a bench++ result are compared on it; otherwise only two bench++ results.
  bool in_bonnie_lines = false;
  std::span<const std::string_view> shown_words = {};  // kWord: one per keyword; empty: the keywords themselves
};

// Fields that live together: in a JSON object of their own, and, when the group may be absent (a test not run),
// all empty or all set in the spreadsheet CSV and null in JSON.
template <typename Record>
struct FieldGroup {
  std::string_view json_key;
  bool (*present)(const Record&) = nullptr;  // nullptr: always present
  void (*make_present)(Record&) = nullptr;   // a reader's step before it sets the fields of an absent group
};

// How a field's value is written and read (the table at the top of this file).
struct FieldFormat {
  FieldCodec codec = FieldCodec::kText;
  std::uint64_t max = std::numeric_limits<std::uint64_t>::max();  // kWhole
  std::span<const std::string_view> words = {};                   // kKeyword
  bool may_be_empty = false;  // kKeyword: "" stands for no value (get() gives nullopt, set() is not called)
  // kText holding a comma-separated list whose items never hold a space (mount options: mountinfo escapes spaces
  // as \040): the spreadsheet CSV joins the items with spaces, so that the cell needs no quotes, `cut -d,` and
  // `awk -F,` keep their columns, and no spreadsheet's separator guess is misled (report/csv/spreadsheet_csv.h).
  bool csv_spaced_list = false;
};

// How a field is written, read and reached; field_access() derives it from the member's type.
template <typename Record>
struct FieldAccess {
  FieldFormat format;
  std::optional<FieldValue> (*get)(const Record&) = nullptr;  // nullopt: no value (kKeyword with may_be_empty)
  // Takes a value the format accepted; false when it breaks the field's own rule (RecordField::rule).
  bool (*set)(Record&, FieldValue) = nullptr;
};

template <typename Record>
struct RecordField {
  std::string_view csv_column;  // "" when the spreadsheet CSV has no column for it
  std::string_view json_key;    // within the group's object, or the record's own
  const FieldGroup<Record>* group = nullptr;  // nullptr: the record's own level
  FieldAccess<Record> access;
  std::string_view rule = {};  // what set() requires beyond the format, for errors: "a multiple of 1024 files"
  Difference difference = {};
  // The record's data members the field holds, space-separated, as the source declares them ("a.b" for member b
  // of member a): a test reads the record's declaration and checks that every member is held by a field or named
  // as deliberately not recorded. Empty in a table no such test covers.
  std::string_view members = {};
};

// Whether the field's group is there in `record` (always for a field outside a group): get() may be called only
// then.
template <typename Record>
bool group_present(const RecordField<Record>& field, const Record& record) {
  return field.group == nullptr || field.group->present == nullptr || field.group->present(record);
}

// ---- accessors from member pointers ----

namespace field_detail {

template <typename T>
struct Optional : std::false_type {
  using type = T;
};
template <typename T>
struct Optional<std::optional<T>> : std::true_type {
  using type = T;
};

template <typename T>
FieldValue to_value(const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value;
  } else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
    return static_cast<std::uint64_t>(value);
  } else {
    return value;  // std::string, std::vector<std::string>
  }
}

template <typename T>
T from_value(FieldValue&& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return std::get<bool>(value);
  } else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
    return static_cast<T>(std::get<std::uint64_t>(value));  // the format checked the range
  } else {
    return std::get<T>(std::move(value));
  }
}

template <typename T>
constexpr FieldFormat format_of() {
  if constexpr (std::is_same_v<T, bool>) {
    return {.codec = FieldCodec::kFlag};
  } else if constexpr (std::is_enum_v<T>) {
    return {.codec = FieldCodec::kKeyword, .words = keywords_of<T>()};
  } else if constexpr (std::is_integral_v<T>) {
    return {.codec = FieldCodec::kWhole, .max = std::numeric_limits<T>::max()};
  } else if constexpr (std::is_same_v<T, std::string>) {
    return {.codec = FieldCodec::kText};
  } else {
    static_assert(std::is_same_v<T, std::vector<std::string>>, "no codec for this member type");
    return {.codec = FieldCodec::kTextList};
  }
}

}  // namespace field_detail

// The accessor of member `Member` of the part of Record that `At` reaches (a struct with
// `static const Part& of(const Record&)` and `static Part& of(Record&)`). The format follows the member's type:
// bool a flag, an enum its keywords (std::optional of an enum: "" for no value), other integers whole numbers up
// to their type's maximum, std::string text, std::vector<std::string> a text list.
template <typename Record, typename At, auto Member>
constexpr FieldAccess<Record> field_access() {
  using Part = std::remove_cvref_t<decltype(At::of(std::declval<const Record&>()))>;
  using T = std::remove_cvref_t<decltype(std::declval<const Part&>().*Member)>;
  using Value = typename field_detail::Optional<T>::type;
  FieldAccess<Record> access{.format = field_detail::format_of<Value>()};
  access.format.may_be_empty = field_detail::Optional<T>::value;
  access.get = [](const Record& record) -> std::optional<FieldValue> {
    const T& member = At::of(record).*Member;
    if constexpr (field_detail::Optional<T>::value) {
      if (!member) return std::nullopt;
      return field_detail::to_value(*member);
    } else {
      return field_detail::to_value(member);
    }
  };
  access.set = [](Record& record, FieldValue value) {
    At::of(record).*Member = field_detail::from_value<Value>(std::move(value));
    return true;
  };
  return access;
}

// As field_access(), for a whole-number member that holds a percent (0..100).
template <typename Record, typename At, auto Member>
constexpr FieldAccess<Record> percent_access() {
  FieldAccess<Record> access = field_access<Record, At, Member>();
  access.format.codec = FieldCodec::kPercent;
  access.format.max = 100;
  return access;
}

// As field_access(), for a text member that holds a comma-separated list of items without spaces
// (FieldFormat::csv_spaced_list).
template <typename Record, typename At, auto Member>
constexpr FieldAccess<Record> spaced_list_access() {
  FieldAccess<Record> access = field_access<Record, At, Member>();
  access.format.csv_spaced_list = true;
  return access;
}

}  // namespace bench
