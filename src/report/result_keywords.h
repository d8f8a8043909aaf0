#pragma once
// The words the machine-readable outputs (spreadsheet CSV, JSON) use for enum values, in one place so that
// every format spells them alike. Stable once released.
#include <optional>
#include <string>
#include <string_view>

#include "result/phase_id.h"
#include "result/run_result.h"

namespace bench {

std::string_view keyword(FileContent value);  // "data" | "hardlink" | "symlink"
std::string_view keyword(CacheMode value);    // "drop" | "keep"
std::string_view keyword(DataPattern value);  // "random" | "zero"
std::string_view keyword(WorkUnit value);     // "bytes" | "seeks" | "files" | "syncs"

// The value a keyword names; nullopt for any other text (matching is exact and case-sensitive).
template <typename Enum>
std::optional<Enum> enum_from_keyword(std::string_view word);
// All keywords of Enum for an error message: "drop|keep".
template <typename Enum>
std::string keyword_choices();

template <>
std::optional<FileContent> enum_from_keyword<FileContent>(std::string_view word);
template <>
std::optional<CacheMode> enum_from_keyword<CacheMode>(std::string_view word);
template <>
std::optional<DataPattern> enum_from_keyword<DataPattern>(std::string_view word);
template <>
std::string keyword_choices<FileContent>();
template <>
std::string keyword_choices<CacheMode>();
template <>
std::string keyword_choices<DataPattern>();

}  // namespace bench
