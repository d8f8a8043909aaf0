#pragma once
// How the fields of result/workload_fields.cpp reach a WorkloadSpec's members and write their values: the accessors
// (result/record_field.h's FieldAccess) of the members whose value is not one a member pointer gives as it is (times in
// milliseconds, per-direction lists, patterns, options whose not being given matters). Included by that table
// only.
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fcntl.h>

#include "result/record_field.h"
#include "result/workload_spec.h"
#include "text/number.h"

namespace bench::workload_access {

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

// nonvectored: 0 or 1 as fio writes it, empty for fio's -1 (not given).
constexpr FieldAccess<WorkloadSpec> kNonvectored = {
    .format = {.codec = FieldCodec::kWhole, .max = 1, .may_be_empty = true},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      if (!spec.uring.nonvectored) return std::nullopt;
      return std::uint64_t{*spec.uring.nonvectored ? 1u : 0u};
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.uring.nonvectored = std::get<std::uint64_t>(value) != 0;
          return true;
        },
};

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

// fio's engine name, which also says which of bench++'s engines a workload asks for.
constexpr FieldAccess<WorkloadSpec> kFioEngine{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> { return spec.fio_engine; },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.fio_engine = std::get<std::string>(std::move(value));
          const std::optional<EngineKind> kind = engine_for_fio_name(spec.fio_engine);
          if (kind) spec.engine = *kind;
          return kind.has_value();
        },
};

// percentage_random per direction: "R/W/T" (read, write, trim; fio writes R,W,T, which spreadsheets read as a
// number with thousands separators).
constexpr FieldAccess<WorkloadSpec> kPercentageRandom{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      const auto& p = spec.percentage_random;
      return std::to_string(p[0]) + "/" + std::to_string(p[1]) + "/" + std::to_string(p[2]);
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          unsigned r = 0, w = 0, t = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%u/%u/%u%c", &r, &w, &t, &end) != 3 || r > 100 || w > 100 || t > 100) {
            return false;
          }
          spec.percentage_random = {r, w, t};
          return true;
        },
};

// rw=<mode>:<nr>'s byte skip of a sequential job, signed: "-8192".
constexpr FieldAccess<WorkloadSpec> kSequentialSkip{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> { return std::to_string(spec.sequential_skip); },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          long long skip = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%lld%c", &skip, &end) != 1) return false;
          spec.sequential_skip = skip;
          return true;
        },
};

// file_service_type=zipf|pareto|normal's "T" or "T:C" (theta, h or dev, and the center); "" for the other kinds.
inline bool file_service_drawn(FileServiceKind kind) {
  return kind == FileServiceKind::kZipf || kind == FileServiceKind::kPareto || kind == FileServiceKind::kNormal;
}
inline std::string shortest_text(double value) {
  std::array<char, 32> text{};
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value);
  return std::string(text.data(), result.ptr);
}
inline bool read_double(std::string_view text, double& value) {
  const std::optional<double> read = read_number<double>(text);
  if (read) value = *read;
  return read.has_value();
}
constexpr FieldAccess<WorkloadSpec> kFileServiceParameter{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      if (!file_service_drawn(spec.file_service)) return std::string();
      std::string text = shortest_text(spec.file_service_parameter);
      if (spec.file_service_center) text += ":" + shortest_text(*spec.file_service_center);
      return text;
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          spec.file_service_parameter = 0;
          spec.file_service_center.reset();
          if (text.empty()) return true;
          const std::size_t colon = text.find(':');
          const std::string_view all(text);
          if (!read_double(all.substr(0, colon), spec.file_service_parameter)) return false;
          if (colon == std::string_view::npos) return true;
          double center = 0;
          if (!read_double(all.substr(colon + 1), center) || !(center >= 0.0 && center <= 1.0)) return false;
          spec.file_service_center = center;
          return true;
        },
};

// "R/W" or "R/W/T" (whole numbers): the values, the trims' 0 when absent; nullopt for anything else.
inline std::optional<std::array<std::uint64_t, kFioDirections>> per_direction_numbers(std::string_view text) {
  std::array<std::uint64_t, kFioDirections> values{};
  std::size_t count = 0;
  while (count < kFioDirections) {
    const std::string_view field = text.substr(0, text.find('/'));
    const std::optional<std::uint64_t> value = read_number<std::uint64_t>(field);
    if (!value) return std::nullopt;
    values[count] = *value;
    ++count;
    if (field.size() == text.size()) return count >= 2 ? std::optional(values) : std::nullopt;
    text.remove_prefix(field.size() + 1);
  }
  return std::nullopt;  // a fourth value
}

// A value per direction (rate_min=, rate_iops_min=): "R/W", or "R/W/T" when the trims' is given (results written
// before trims had one read back with none).
template <auto Member>
constexpr FieldAccess<WorkloadSpec> per_direction_values() {
  return {
      .format = {.codec = FieldCodec::kText},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const auto& values = spec.*Member;
        std::string text = std::to_string(values[0]) + "/" + std::to_string(values[1]);
        if (values[2] != 0) text += "/" + std::to_string(values[2]);
        return text;
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::optional<std::array<std::uint64_t, kFioDirections>> values =
                per_direction_numbers(std::get<std::string>(value));
            if (values) spec.*Member = *values;
            return values.has_value();
          },
  };
}

// nice=, signed: "-5"; "" when not given.
constexpr FieldAccess<WorkloadSpec> kNice{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      return spec.nice ? std::to_string(*spec.nice) : std::string();
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          if (text.empty()) {
            spec.nice.reset();
            return true;
          }
          int nice = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%d%c", &nice, &end) != 1 || nice < -20 || nice > 19) return false;
          spec.nice = nice;
          return true;
        },
};

// "R/W/T" of one value per direction (read, write, trim) of the request sizes (bs=, blockalign=).
template <auto Member>
constexpr FieldAccess<WorkloadSpec> direction_sizes() {
  return {
      .format = {.codec = FieldCodec::kText},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const auto& d = spec.block_sizes.direction;
        return std::to_string(d[0].*Member) + "/" + std::to_string(d[1].*Member) + "/" + std::to_string(d[2].*Member);
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const auto values = per_direction_numbers(std::get<std::string>(value));
            if (!values) return false;
            for (std::size_t d = 0; d < kFioDirections; ++d) {
              if ((*values)[d] > UINT32_MAX) return false;
              spec.block_sizes.direction[d].*Member = static_cast<std::uint32_t>((*values)[d]);
            }
            return true;
          },
  };
}

// Reads a whole number at the front of `text` and drops it; nullopt (text unchanged) when there is none.
inline std::optional<std::uint64_t> take_number(std::string_view& text) {
  const LeadingNumber<std::uint64_t> number = read_leading_number<std::uint64_t>(text);
  if (number.status != NumberStatus::kRead) return std::nullopt;
  text = number.rest;
  return number.value;
}
inline bool take(std::string_view& text, char c) {
  if (text.empty() || text.front() != c) return false;
  text.remove_prefix(1);
  return true;
}

// bsrange=: "lo-hi/lo-hi/lo-hi" per direction ("0-0" for a direction without one), "" when no direction has one.
constexpr FieldAccess<WorkloadSpec> kBlockSizeRanges{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      const auto& d = spec.block_sizes.direction;
      if (d[0].range_max == 0 && d[1].range_max == 0 && d[2].range_max == 0) return std::string();
      std::string text;
      for (std::size_t k = 0; k < kFioDirections; ++k) {
        text += (k == 0 ? "" : "/") + std::to_string(d[k].range_min) + "-" + std::to_string(d[k].range_max);
      }
      return text;
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string all = std::get<std::string>(std::move(value));
          std::string_view text(all);
          for (std::size_t k = 0; k < kFioDirections; ++k) {
            DirectionBlockSizes& d = spec.block_sizes.direction[k];
            if (text.empty() && k == 0) break;  // none
            if (k > 0 && !take(text, '/')) return false;
            const auto low = take_number(text);
            if (!low || !take(text, '-')) return false;
            const auto high = take_number(text);
            if (!high || *low > *high || *high > UINT32_MAX) return false;
            d.range_min = static_cast<std::uint32_t>(*low);
            d.range_max = static_cast<std::uint32_t>(*high);
          }
          return text.empty();
        },
};

// bssplit=: per direction, comma-separated, "none" or its entries "bytes/percent" joined by ':' (as fio writes
// them, in the order kept); "" when no direction has one. The CSV cell has spaces for the commas.
constexpr FieldAccess<WorkloadSpec> kBlockSizeSplits{
    .format = {.codec = FieldCodec::kText, .csv_spaced_list = true},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      const auto& d = spec.block_sizes.direction;
      if (d[0].split.empty() && d[1].split.empty() && d[2].split.empty()) return std::string();
      std::string text;
      for (std::size_t k = 0; k < kFioDirections; ++k) {
        if (k > 0) text += ",";
        if (d[k].split.empty()) text += "none";
        for (std::size_t e = 0; e < d[k].split.size(); ++e) {
          text += (e == 0 ? "" : ":") + std::to_string(d[k].split[e].bytes) + "/" + std::to_string(d[k].split[e].percent);
        }
      }
      return text;
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string all = std::get<std::string>(std::move(value));
          std::string_view text(all);
          for (std::size_t k = 0; k < kFioDirections; ++k) {
            std::vector<BlockSplit>& split = spec.block_sizes.direction[k].split;
            split.clear();
            if (text.empty() && k == 0) break;  // none
            if (k > 0 && !take(text, ',')) return false;
            if (text.substr(0, 4) == "none") {
              text.remove_prefix(4);
              continue;
            }
            do {
              const auto bytes = take_number(text);
              if (!bytes || *bytes > UINT32_MAX || !take(text, '/')) return false;
              const auto percent = take_number(text);
              if (!percent || *percent > 100) return false;
              split.push_back({static_cast<std::uint32_t>(*bytes), static_cast<std::uint32_t>(*percent)});
            } while (take(text, ':'));
          }
          return text.empty();
        },
};

// A pattern (verify_pattern=, buffer_pattern=) in fio's grammar: its bytes as runs of "0x" and hex digits, each of
// its offset fields as "%o" (whose 8 bytes a pattern holds as zeros until laid); "" for none.
template <auto Part, auto Member>
constexpr FieldAccess<WorkloadSpec> pattern() {
  return {
      .format = {.codec = FieldCodec::kText},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const FioPattern& p = spec.*Part.*Member;
        std::string text;
        bool in_run = false;
        std::size_t field = 0;
        for (std::size_t b = 0; b < p.bytes.size();) {
          if (field < p.offset_fields.size() && p.offset_fields[field] == b) {
            text += "%o";
            b += 8;
            ++field;
            in_run = false;
            continue;
          }
          if (!in_run) text += "0x";
          in_run = true;
          constexpr std::string_view kHex = "0123456789abcdef";
          const auto byte = static_cast<unsigned>(p.bytes[b++]);
          text += kHex[byte >> 4];
          text += kHex[byte & 15];
        }
        return text;
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::string all = std::get<std::string>(std::move(value));
            std::string_view text(all);
            FioPattern p;
            const auto digit = [](char c) -> int {
              if (c >= '0' && c <= '9') return c - '0';
              if (c >= 'a' && c <= 'f') return c - 'a' + 10;
              return -1;
            };
            while (!text.empty()) {
              if (text.substr(0, 2) == "%o") {
                p.offset_fields.push_back(static_cast<std::uint32_t>(p.bytes.size()));
                p.bytes.insert(p.bytes.end(), 8, std::byte{0});
                text.remove_prefix(2);
                continue;
              }
              if (text.substr(0, 2) != "0x") return false;
              text.remove_prefix(2);
              std::size_t pairs = 0;
              while (text.size() >= 2 && digit(text[0]) >= 0 && digit(text[1]) >= 0) {
                p.bytes.push_back(static_cast<std::byte>(digit(text[0]) * 16 + digit(text[1])));
                text.remove_prefix(2);
                ++pairs;
              }
              if (pairs == 0) return false;
            }
            spec.*Part.*Member = std::move(p);
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
constexpr std::array<std::string_view, 2> kRateProcessWords = {"linear", "poisson"};
constexpr std::array<std::string_view, 2> kSubmitModeWords = {"inline", "offload"};
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

// sync=: none, sync (O_SYNC) or dsync (O_DSYNC), fio's words for the flag added to the job's open.
constexpr std::array<std::string_view, 3> kSyncWords = {"none", "sync", "dsync"};
constexpr std::array<int, 3> kSyncFlags = {0, O_SYNC, O_DSYNC};
constexpr FieldAccess<WorkloadSpec> kSyncOpenFlag{
    .format = {.codec = FieldCodec::kKeyword, .words = kSyncWords},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      for (std::size_t k = 0; k < kSyncFlags.size(); ++k) {
        if (kSyncFlags[k] == spec.sync_open_flag) return std::uint64_t{k};
      }
      return std::uint64_t{0};  // (no other flag is ever set: cli/fio_options.cpp)
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.sync_open_flag = kSyncFlags[std::get<std::uint64_t>(value)];
          return true;
        },
};

// cpus_allowed=: fio's CPU numbers and ranges, "0-3,6" (ascending); "" for any CPU. The CSV cell has spaces for the
// commas.
constexpr FieldAccess<WorkloadSpec> kCpusAllowed{
    .format = {.codec = FieldCodec::kText, .csv_spaced_list = true},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      const std::vector<std::uint32_t>& cpus = spec.cpus_allowed;
      std::string text;
      for (std::size_t k = 0; k < cpus.size();) {
        std::size_t last = k;
        while (last + 1 < cpus.size() && cpus[last + 1] == cpus[last] + 1) ++last;
        text += (text.empty() ? "" : ",") + std::to_string(cpus[k]);
        if (last > k) text += "-" + std::to_string(cpus[last]);
        k = last + 1;
      }
      return text;
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string all = std::get<std::string>(std::move(value));
          std::string_view text(all);
          std::vector<std::uint32_t> cpus;
          while (!text.empty()) {
            if (!cpus.empty() && !take(text, ',')) return false;
            const auto first = take_number(text);
            auto last = first;
            if (first && take(text, '-')) last = take_number(text);
            if (!first || !last || *last < *first || *last > 1023) return false;
            if (!cpus.empty() && *first <= cpus.back()) return false;
            for (std::uint64_t cpu = *first; cpu <= *last; ++cpu) cpus.push_back(static_cast<std::uint32_t>(cpu));
          }
          spec.cpus_allowed = std::move(cpus);
          return true;
        },
};

}  // namespace bench::workload_access
