#pragma once
// The codecs of result/workload_fields.cpp's fields whose values are fio's own composites, written as fio writes
// them or close to it: the engine's name, io_uring's nonvectored, rw='s skip, file_service_type's parameters, nice=,
// the patterns (verify_pattern=, buffer_pattern=), sync= and cpus_allowed=. Included by that table only.
#include <array>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>

#include "result/record_field.h"
#include "result/workload_member_access.h"
#include "result/workload_spec.h"
#include "text/number.h"

namespace bench::workload_access {

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

// The words of fio's two-word options held as flags (flag_words): rate_process=, io_submit_mode= and zonemode=.
constexpr std::array<std::string_view, 2> kRateProcessWords = {"linear", "poisson"};
constexpr std::array<std::string_view, 2> kSubmitModeWords = {"inline", "offload"};
constexpr std::array<std::string_view, 2> kZoneModeWords = {"none", "strided"};

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

// ss= (steadystate=): fio's criterion and limit, "iops_slope:0.01%" (result/fio_steady_state.h).
constexpr FieldAccess<WorkloadSpec> kSteadyStateCriterion{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      return steady_state_criterion_text(spec.steady_state);
    },
    .set = [](WorkloadSpec& spec, FieldValue value) {
      return read_steady_state_criterion(std::get<std::string>(value), spec.steady_state);
    },
};

// ss_dur= in whole seconds (0: no steady-state detection).
constexpr FieldAccess<WorkloadSpec> kSteadyStateDuration{
    .format = {.codec = FieldCodec::kWhole, .max = 0xffffffffu},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      return std::uint64_t{spec.steady_state.duration_s};
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.steady_state.duration_s = static_cast<std::uint32_t>(std::get<std::uint64_t>(value));
          return true;
        },
};

// ss_ramp= in whole milliseconds.
constexpr FieldAccess<WorkloadSpec> kSteadyStateRamp{
    .format = {.codec = FieldCodec::kWhole, .max = 1'000'000'000'000ull},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(spec.steady_state.ramp).count());
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.steady_state.ramp = std::chrono::milliseconds(std::get<std::uint64_t>(value));
          return true;
        },
};

// latency_percentile= as the shortest text that reads back to it ("99.9").
constexpr FieldAccess<WorkloadSpec> kLatencyPercentile{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      char text[32];
      const auto end = std::to_chars(text, text + sizeof text, spec.latency_percentile).ptr;
      return std::string(text, end);
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string& text = std::get<std::string>(value);
          double percentile = 0;
          const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), percentile);
          if (error != std::errc() || end != text.data() + text.size() || !(percentile >= 0 && percentile <= 100)) {
            return false;
          }
          spec.latency_percentile = percentile;
          return true;
        },
};

}  // namespace bench::workload_access
