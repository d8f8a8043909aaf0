#pragma once
// The words bench++ uses for enum values and units, in one place so that every output, reader and option spells
// them alike: the keywords of the machine-readable outputs (spreadsheet CSV, JSON), which the command line takes
// too (--cache keep), and the unit symbols of the human outputs. Keywords are stable once released.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "result/engine_kind.h"
#include "result/phase_id.h"
#include "result/run_result.h"
#include "result/workload_spec.h"

namespace bench {

// The keywords of an enum: kKeywords<E>[i] names the value i, and every value has one. Specialized here for the
// enums of result/, and beside their enums for others (compare/comparison.h).
template <typename Enum>
inline constexpr std::array<std::string_view, 0> kKeywords = {};

template <>
inline constexpr std::array<std::string_view, 3> kKeywords<FileContent> = {"data", "hardlink", "symlink"};
template <>
inline constexpr std::array<std::string_view, 2> kKeywords<CacheMode> = {"drop", "keep"};
template <>
inline constexpr std::array<std::string_view, 2> kKeywords<DataPattern> = {"random", "zero"};
template <>
inline constexpr std::array<std::string_view, 4> kKeywords<WorkUnit> = {"bytes", "seeks", "files", "syncs"};
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<Role> = {"host", "guest", "unknown"};
// The engine that ran a workload: every workload result names it by its row's keyword (result/engine_kind.h).
template <>
inline constexpr std::array<std::string_view, kEngines.size()> kKeywords<EngineKind> = [] {
  std::array<std::string_view, kEngines.size()> words{};
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = kEngines[i].keyword;
  return words;
}();
// A workload result's direction.
template <>
inline constexpr std::array<std::string_view, 4> kKeywords<IoDirection> = {"read", "write", "sync", "trim"};
// fio's rw= words (rw and readwrite are one pattern: "rw" is its keyword).
template <>
inline constexpr std::array<std::string_view, 10> kKeywords<IoPattern> = {
    "read", "write", "randread", "randwrite", "rw", "randrw", "trim", "randtrim", "trimwrite", "randtrimwrite"};
// fio's random_generator= words, in RandomGenerator's order.
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<RandomGenerator> = {"tausworthe", "lfsr", "tausworthe64"};
// fio's rw_sequencer= words, in RwSequencer's order.
template <>
inline constexpr std::array<std::string_view, 2> kKeywords<RwSequencer> = {"sequential", "identical"};
// fio's file_service_type= words, in FileServiceKind's order.
template <>
inline constexpr std::array<std::string_view, 6> kKeywords<FileServiceKind> = {"roundrobin", "sequential", "random",
                                                                              "zipf",       "pareto",     "normal"};
// fio's exit_what= words, in ExitScope's order.
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<ExitScope> = {"group", "stonewall", "all"};
// fio's fallocate= words, in FallocateMode's order (fio's 0 and 1 are none and posix).
template <>
inline constexpr std::array<std::string_view, 5> kKeywords<FallocateMode> = {"none", "native", "posix", "keep",
                                                                             "truncate"};

// fio's filestat stat_type= words, in StatCall's order.
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<StatCall> = {"stat", "lstat", "statx"};
// fio's fadvise_hint= words, in FadviseHint's order.
template <>
inline constexpr std::array<std::string_view, 4> kKeywords<FadviseHint> = {"0", "1", "random", "sequential"};
// fio's verify= words, in VerifyMethod's order; pattern_with_header is bench++'s own, for verify_pattern given
// without verify= (fio's VERIFY_PATTERN: a header and the pattern).
template <>
inline constexpr std::array<std::string_view, 12> kKeywords<VerifyMethod> = {
    "0", "md5", "crc32c", "crc32c-intel", "sha1", "sha256", "sha512", "xxhash", "meta", "pattern", "pattern_with_header",
    "null"};
// fio's dedupe_mode= words, in DedupeMode's order.
template <>
inline constexpr std::array<std::string_view, 2> kKeywords<DedupeMode> = {"repeat", "working_set"};

// All keywords of Enum, in the order of its values.
template <typename Enum>
constexpr std::span<const std::string_view> keywords_of() {
  static_assert(!kKeywords<Enum>.empty(), "no keywords for this enum");
  return kKeywords<Enum>;
}

// "drop" for CacheMode::kDrop.
template <typename Enum>
std::string_view keyword(Enum value) {
  return keywords_of<Enum>()[static_cast<std::size_t>(value)];
}

// The value a keyword names; nullopt for any other text (matching is exact and case-sensitive).
template <typename Enum>
std::optional<Enum> enum_from_keyword(std::string_view word) {
  const auto words = keywords_of<Enum>();
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == word) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

// The keywords joined for an error message: "drop|keep".
std::string join_keywords(std::span<const std::string_view> words);
template <typename Enum>
std::string keyword_choices() {
  return join_keywords(keywords_of<Enum>());
}

// ---- unit symbols of the human outputs ----

// A rate's unit for people: "seeks/s", "files/s", "syncs/s"; "B/s" for bytes (kByteRateUnits has the larger
// ones).
std::string_view rate_symbol(WorkUnit unit);
// The machine-readable unit of a rate: "bytes_per_sec", "seeks_per_sec", "files_per_sec", "syncs_per_sec".
std::string_view rate_keyword(WorkUnit unit);

// IEC units of byte rates (K = 1024), smallest first: a value in bytes/s reads as value / bytes_per_second.
struct ByteRateUnit {
  std::string_view symbol;
  double bytes_per_second;
};
inline constexpr std::array<ByteRateUnit, 4> kByteRateUnits = {{
    {"B/s", 1.0},
    {"KiB/s", 1024.0},
    {"MiB/s", 1024.0 * 1024},
    {"GiB/s", 1024.0 * 1024 * 1024},
}};
inline constexpr const ByteRateUnit& kKibPerSecond = kByteRateUnits[1];
inline constexpr const ByteRateUnit& kMibPerSecond = kByteRateUnits[2];

}  // namespace bench
