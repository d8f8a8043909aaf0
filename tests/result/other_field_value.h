#pragma once
// Another value of a record's field, made from its codec alone (result/record_field.h), for the tests that need every
// field of a table away from a given value: a field added to the table with a numeric, flag or keyword codec needs
// no line in them. Text has a grammar of its own field's: the tests set it by hand.
#include <cstdint>
#include <optional>
#include <variant>

#include "result/record_field.h"

namespace bench::test {

// A value other than `value` for a field of `format`; nullopt for text. For no value at all (an optional member not
// given) the first value the codec has.
inline std::optional<FieldValue> other_field_value(const FieldFormat& format, const std::optional<FieldValue>& value) {
  switch (format.codec) {
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: {
      const std::uint64_t max = format.codec == FieldCodec::kPercent ? 100 : format.max;
      if (!value) return std::uint64_t{1};
      const std::uint64_t number = std::get<std::uint64_t>(*value);
      return number < max ? number + 1 : number - 1;
    }
    case FieldCodec::kFlag: return !value || !std::get<bool>(*value);
    case FieldCodec::kKeyword:
      return value ? (std::get<std::uint64_t>(*value) + 1) % format.words.size() : std::uint64_t{0};
    case FieldCodec::kText:
    case FieldCodec::kTextList: break;
  }
  return std::nullopt;
}

}  // namespace bench::test
