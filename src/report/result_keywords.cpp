#include "report/result_keywords.h"

#include <array>
#include <utility>

namespace bench {
namespace {

template <typename Enum, std::size_t N>
using Words = std::array<std::pair<Enum, std::string_view>, N>;

constexpr Words<FileContent, 3> kContentWords = {
    {{FileContent::kData, "data"}, {FileContent::kHardLink, "hardlink"}, {FileContent::kSymLink, "symlink"}}};
constexpr Words<CacheMode, 2> kCacheWords = {{{CacheMode::kDrop, "drop"}, {CacheMode::kKeep, "keep"}}};
constexpr Words<DataPattern, 2> kDataWords = {{{DataPattern::kRandom, "random"}, {DataPattern::kZero, "zero"}}};
constexpr Words<WorkUnit, 4> kUnitWords = {
    {{WorkUnit::kBytes, "bytes"}, {WorkUnit::kSeeks, "seeks"}, {WorkUnit::kFiles, "files"}, {WorkUnit::kSyncs, "syncs"}}};

template <typename Enum, std::size_t N>
std::string_view word_of(const Words<Enum, N>& words, Enum value) {
  for (const auto& [v, word] : words) {
    if (v == value) return word;
  }
  return "?";
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_of(const Words<Enum, N>& words, std::string_view word) {
  for (const auto& [v, w] : words) {
    if (w == word) return v;
  }
  return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string choices(const Words<Enum, N>& words) {
  std::string all;
  for (const auto& [v, word] : words) {
    if (!all.empty()) all += '|';
    all += word;
  }
  return all;
}

}  // namespace

std::string_view keyword(FileContent value) { return word_of(kContentWords, value); }
std::string_view keyword(CacheMode value) { return word_of(kCacheWords, value); }
std::string_view keyword(DataPattern value) { return word_of(kDataWords, value); }
std::string_view keyword(WorkUnit value) { return word_of(kUnitWords, value); }

template <>
std::optional<FileContent> enum_from_keyword<FileContent>(std::string_view word) {
  return value_of(kContentWords, word);
}
template <>
std::optional<CacheMode> enum_from_keyword<CacheMode>(std::string_view word) {
  return value_of(kCacheWords, word);
}
template <>
std::optional<DataPattern> enum_from_keyword<DataPattern>(std::string_view word) {
  return value_of(kDataWords, word);
}
template <>
std::string keyword_choices<FileContent>() {
  return choices(kContentWords);
}
template <>
std::string keyword_choices<CacheMode>() {
  return choices(kCacheWords);
}
template <>
std::string keyword_choices<DataPattern>() {
  return choices(kDataWords);
}

}  // namespace bench
