#pragma once
// The generic accessors of the fields of result/workload_fields.cpp (result/record_field.h's FieldAccess): a
// member of the spec or of one of its parts as it is, a time in milliseconds, an on/off option or a percent whose
// not being given matters, a flag written as one of two words; and the readers of a value's text the other codecs
// share (result/workload_direction_access.h, result/workload_fio_access.h). Included by that table and those
// codecs only.
#include <array>
#include <chrono>
#include <type_traits>
#include <utility>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "result/record_field.h"
#include "result/workload_spec.h"
#include "text/number.h"

namespace bench::workload_access {

// Reads a whole number at the front of `text` and drops it; nullopt (text unchanged) when there is none.
inline std::optional<std::uint64_t> take_number(std::string_view& text) {
  const LeadingNumber<std::uint64_t> number = read_leading_number<std::uint64_t>(text);
  if (number.status != NumberStatus::kRead) return std::nullopt;
  text = number.rest;
  return number.value;
}
// Drops `c` from the front of `text`; false (text unchanged) when `text` does not start with it.
inline bool take(std::string_view& text, char c) {
  if (text.empty() || text.front() != c) return false;
  text.remove_prefix(1);
  return true;
}

// The spec itself as what holds a member (AtPart: one of its parts).
struct AtSpec {
  static const WorkloadSpec& of(const WorkloadSpec& spec) { return spec; }
  static WorkloadSpec& of(WorkloadSpec& spec) { return spec; }
};

// A part of the spec that holds options of its own (io_uring's, verify's, the buffers').
template <auto Part>
struct AtPart {
  static const auto& of(const WorkloadSpec& spec) { return spec.*Part; }
  static auto& of(WorkloadSpec& spec) { return spec.*Part; }
};
template <auto Part, auto Member>
constexpr FieldAccess<WorkloadSpec> part_member() {
  return field_access<WorkloadSpec, AtPart<Part>, Member>();
}
template <auto Member>
constexpr FieldAccess<WorkloadSpec> uring_member() {
  return part_member<&WorkloadSpec::uring, Member>();
}

template <auto Member>
constexpr FieldAccess<WorkloadSpec> member() {
  return field_access<WorkloadSpec, AtSpec, Member>();
}

// A time recorded in whole milliseconds (fio's times are whole units of at least microseconds; a benchmark's are
// seconds).
template <auto Member>
constexpr FieldAccess<WorkloadSpec> milliseconds() {
  return {
      .format = {.codec = FieldCodec::kWhole},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(spec.*Member).count());
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::uint64_t ms = std::get<std::uint64_t>(value);
            if (ms > 1'000'000'000'000ull) return false;
            spec.*Member = std::chrono::milliseconds(ms);
            return true;
          },
  };
}

// A time recorded in whole `Unit`s (std::chrono::microseconds: fio's thinktime and its kin), up to the largest the
// member holds.
template <typename Unit, auto Member>
constexpr FieldAccess<WorkloadSpec> duration_in() {
  using Duration = std::remove_cvref_t<decltype(std::declval<const WorkloadSpec&>().*Member)>;
  return {
      .format = {.codec = FieldCodec::kWhole,
                 .max = static_cast<std::uint64_t>(std::chrono::duration_cast<Unit>(Duration::max()).count())},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<Unit>(spec.*Member).count());
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            spec.*Member = std::chrono::duration_cast<Duration>(
                Unit(static_cast<typename Unit::rep>(std::get<std::uint64_t>(value))));
            return true;
          },
  };
}

// An on/off option whose not being given matters (the buffer options, data/buffer_fill.h): "" when not given,
// else "0" or "1" as fio writes it.
constexpr std::array<std::string_view, 3> kGivenFlagWords = {"", "0", "1"};
template <auto Part, auto Member>
constexpr FieldAccess<WorkloadSpec> given_flag() {
  return {
      .format = {.codec = FieldCodec::kKeyword, .words = kGivenFlagWords},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const std::optional<bool>& flag = spec.*Part.*Member;
        return std::uint64_t{!flag ? 0u : (*flag ? 2u : 1u)};
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::uint64_t index = std::get<std::uint64_t>(value);
            spec.*Part.*Member = index == 0 ? std::nullopt : std::optional<bool>(index == 2);
            return true;
          },
  };
}

// A percent whose not being given matters (buffer_compress_percentage, dedupe_percentage): "" when not given.
template <auto Part, auto Member>
constexpr FieldAccess<WorkloadSpec> given_percent() {
  return {
      .format = {.codec = FieldCodec::kText},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const std::optional<std::uint32_t>& percent = spec.*Part.*Member;
        return percent ? std::to_string(*percent) : std::string();
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::string all = std::get<std::string>(std::move(value));
            std::string_view text(all);
            if (text.empty()) {
              (spec.*Part.*Member).reset();
              return true;
            }
            const auto percent = take_number(text);
            if (!percent || *percent > 100 || !text.empty()) return false;
            spec.*Part.*Member = static_cast<std::uint32_t>(*percent);
            return true;
          },
  };
}

// An option of two words that the spec holds as a flag: Words[0] for false, Words[1] for true.
template <auto Member, const auto& Words>
constexpr FieldAccess<WorkloadSpec> flag_words() {
  return {
      .format = {.codec = FieldCodec::kKeyword, .words = Words},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> { return std::uint64_t{spec.*Member ? 1u : 0u}; },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            spec.*Member = std::get<std::uint64_t>(value) == 1;
            return true;
          },
  };
}

}  // namespace bench::workload_access
