#pragma once
// The codecs of result/workload_fields.cpp's fields that hold a value per direction (read, write, trim): fio's
// per-direction options (rate_min=, percentage_random=) and the request sizes (bs=, blockalign=, bsrange=,
// bssplit=), each written with '/' between the directions. Included by that table only.
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result/record_field.h"
#include "result/workload_member_access.h"
#include "result/workload_spec.h"
#include "text/number.h"

namespace bench::workload_access {

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

}  // namespace bench::workload_access
