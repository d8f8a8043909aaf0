#pragma once
// Typed access to a parsed JSON document for the readers of report/: every failure names the value's path
// ("runs[0].io.seeks") and the line where it starts, and the field tables' values (result/record_field.h) are
// written and read by their codec, for any record.
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/json/json_document.h"
#include "result/record_field.h"

namespace bench {

// Reads values of the document `text` (named `source` in messages); throws std::runtime_error
// "<source>:<line>: <path>: <what is wrong>".
class Walker {
 public:
  Walker(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    const std::size_t line = json_value_line(text_, source_, path);
    throw std::runtime_error(fmt::format("{}:{}: {}: {}", source_, line, path.empty() ? "document" : path, what));
  }

  void expect_object(const nlohmann::json& value, const std::string& path) const {
    if (!value.is_object()) fail(path, fmt::format("expected an object, found {}", value.type_name()));
  }
  // "runs[0].io" and "seeks" -> "runs[0].io.seeks".
  static std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }
  // The member `key` of the object at `path`; its own path goes to *member_path.
  const nlohmann::json& member(const nlohmann::json& object, const std::string& path, std::string_view key,
                     std::string* member_path) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(path, fmt::format("missing key '{}'", key));
    *member_path = join(path, key);
    return *it;
  }

  std::string text(const nlohmann::json& o, const std::string& path, std::string_view key) const {
    std::string at;
    const nlohmann::json& v = member(o, path, key, &at);
    if (!v.is_string()) fail(at, fmt::format("expected a string, found {}", v.type_name()));
    return v.get<std::string>();
  }
  bool flag(const nlohmann::json& o, const std::string& path, std::string_view key) const {
    std::string at;
    const nlohmann::json& v = member(o, path, key, &at);
    if (!v.is_boolean()) fail(at, fmt::format("expected true or false, found {}", v.type_name()));
    return v.get<bool>();
  }
  // A whole number in [0, max]; a float is accepted when it is an exact whole number (below 2^53).
  std::uint64_t whole(const nlohmann::json& o, const std::string& path, std::string_view key,
                      std::uint64_t max = UINT64_MAX) const {
    std::string at;
    const nlohmann::json& v = member(o, path, key, &at);
    std::optional<std::uint64_t> n;
    if (v.is_number_unsigned()) n = v.get<std::uint64_t>();
    if (v.is_number_float()) {
      const double d = v.get<double>();
      if (d >= 0 && d <= 9007199254740992.0 && std::floor(d) == d) n = static_cast<std::uint64_t>(d);
    }
    if (!n || *n > max) fail(at, fmt::format("expected a whole number from 0 to {}", max));
    return *n;
  }
  std::uint32_t whole32(const nlohmann::json& o, const std::string& path, std::string_view key) const {
    return static_cast<std::uint32_t>(whole(o, path, key, UINT32_MAX));
  }
  // A finite number in [0, max].
  double real(const nlohmann::json& o, const std::string& path, std::string_view key, double max) const {
    std::string at;
    const nlohmann::json& v = member(o, path, key, &at);
    const double d = v.is_number() ? v.get<double>() : -1;
    if (!(d >= 0 && d <= max)) fail(at, fmt::format("expected a number from 0 to {}", max));
    return d;
  }
  // As real(), or nullopt when the value is null.
  std::optional<double> real_or_null(const nlohmann::json& o, const std::string& path, std::string_view key,
                                     double max) const {
    std::string at;
    if (member(o, path, key, &at).is_null()) return std::nullopt;
    return real(o, path, key, max);
  }
  std::chrono::nanoseconds duration(const nlohmann::json& o, const std::string& path, std::string_view key) const {
    return std::chrono::nanoseconds{std::llround(real(o, path, key, 9e9) * 1e9)};
  }
  // The object at `key`, or nullptr when it is null.
  const nlohmann::json* object_or_null(const nlohmann::json& o, const std::string& path, std::string_view key, std::string* at) const {
    const nlohmann::json& v = member(o, path, key, at);
    if (v.is_null()) return nullptr;
    expect_object(v, *at);
    return &v;
  }

 private:
  std::string_view text_;
  const std::string& source_;
};

// What a keyword field takes, for an error: "expected one of drop|keep", or, when it may have no value,
// "expected \"host\", \"guest\", \"unknown\" or \"\"".
inline std::string json_keyword_requirement(const FieldFormat& format) {
  if (!format.may_be_empty) return "expected one of " + join_keywords(format.words);
  std::string words;
  for (const std::string_view word : format.words) words += fmt::format("\"{}\", ", word);
  words.resize(words.size() - 2);
  return "expected " + words + " or \"\"";
}

// A list of strings at `key`.
inline std::vector<std::string> text_list(const Walker& w, const nlohmann::json& o, const std::string& path,
                                          std::string_view key) {
  std::string at;
  const nlohmann::json& list = w.member(o, path, key, &at);
  if (!list.is_array()) w.fail(at, fmt::format("expected an array, found {}", list.type_name()));
  std::vector<std::string> texts;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!list[k].is_string()) {
      w.fail(fmt::format("{}[{}]", at, k), fmt::format("expected a string, found {}", list[k].type_name()));
    }
    texts.push_back(list[k].get<std::string>());
  }
  return texts;
}

// The value of `field` in `o` (the object at `path`); nullopt for a keyword that may be "" and is, or for a
// whole number that may have no value and is null.
template <typename Record>
std::optional<FieldValue> read_field_value(const Walker& w, const RecordField<Record>& field, const nlohmann::json& o,
                                           const std::string& path) {
  const FieldFormat& format = field.access.format;
  const std::string_view key = field.json_key;
  switch (format.codec) {
    case FieldCodec::kText: return w.text(o, path, key);
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: {
      const auto it = o.find(key);
      if (format.may_be_empty && it != o.end() && it->is_null()) return std::nullopt;
      return w.whole(o, path, key, format.max);
    }
    case FieldCodec::kFlag: return w.flag(o, path, key);
    case FieldCodec::kKeyword: {
      const std::string word = w.text(o, path, key);
      if (word.empty() && format.may_be_empty) return std::nullopt;
      for (std::size_t i = 0; i < format.words.size(); ++i) {
        if (format.words[i] == word) return std::uint64_t{i};
      }
      w.fail(Walker::join(path, key), json_keyword_requirement(format));
    }
    case FieldCodec::kTextList: return text_list(w, o, path, key);
  }
  return std::nullopt;
}

// A field's value as JSON: its codec's form; "" for a keyword without a value, null for another field without one.
template <typename Record>
nlohmann::ordered_json field_json(const RecordField<Record>& field, const Record& record) {
  const FieldFormat& format = field.access.format;
  const std::optional<FieldValue> value = field.access.get(record);
  if (!value) return format.codec == FieldCodec::kKeyword ? nlohmann::ordered_json("") : nlohmann::ordered_json(nullptr);
  switch (format.codec) {
    case FieldCodec::kText: return std::get<std::string>(*value);
    case FieldCodec::kWhole:
    case FieldCodec::kPercent: return std::get<std::uint64_t>(*value);
    case FieldCodec::kFlag: return std::get<bool>(*value);
    case FieldCodec::kKeyword: return format.words[std::get<std::uint64_t>(*value)];
    case FieldCodec::kTextList: return std::get<std::vector<std::string>>(*value);
  }
  return nullptr;
}


}  // namespace bench
