#include "cli/fio_distribution.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>
#include <vector>
#include "text/number.h"
#include "result/errors.h"

namespace bench {
namespace {

constexpr std::size_t kMaxZones = 256;                // fio's ZONESPLIT_MAX

// What is wrong with a value, without the option: the public functions say which option's it is.
class Refusal : public ValueError {
 public:
  using ValueError::ValueError;
};

[[noreturn]] void refuse(std::string_view, const std::string& why) { throw Refusal(why); }

double parse_number(std::string_view whole, std::string_view part, const char* what) {
  const std::optional<double> value = read_number<double>(part);
  if (!value) refuse(whole, std::string(what) + " '" + std::string(part) + "' is not a number");
  return *value;
}

std::uint32_t parse_percent(std::string_view whole, std::string_view part, const char* what) {
  const std::optional<std::uint32_t> value = read_number<std::uint32_t>(part);
  if (!value) refuse(whole, std::string(what) + " '" + std::string(part) + "' is not a whole number");
  return *value;
}

// "VALUE[:CENTER]" after zipf:, pareto:, normal:.
void parse_parameters(std::string_view whole, std::string_view rest, DistributionSpec& spec) {
  const std::size_t colon = rest.find(':');
  spec.parameter = parse_number(whole, rest.substr(0, colon), "the parameter");
  if (colon == std::string_view::npos) return;
  const double center = parse_number(whole, rest.substr(colon + 1), "the center");
  if (!(center >= 0.0 && center <= 1.0)) refuse(whole, "the center must be within 0..1");
  spec.center = center;
}

// One direction's "A/S:A/S..." list.
std::vector<Zone> parse_zone_list(std::string_view whole, std::string_view list, bool absolute,
                                  const SizeParser& parse_size) {
  std::vector<Zone> zones;
  std::vector<bool> size_missing;
  while (!list.empty()) {
    const std::size_t colon = list.find(':');
    const std::string_view entry = list.substr(0, colon);
    list = colon == std::string_view::npos ? std::string_view() : list.substr(colon + 1);
    if (entry.empty()) break;  // fio stops at an empty entry
    if (zones.size() == kMaxZones) refuse(whole, "more than 256 zones");
    const std::size_t slash = entry.find('/');
    Zone zone;
    zone.access_percent = parse_percent(whole, entry.substr(0, slash), "the access share");
    if (zone.access_percent > 100) refuse(whole, "an access share above 100");
    bool missing = false;
    if (slash != std::string_view::npos) {
      const std::string_view size = entry.substr(slash + 1);
      if (absolute) {
        try {
          zone.size_bytes = parse_size(size);
        } catch (const ValueError& error) {  // the caller's size grammar
          refuse(whole, "zone size '" + std::string(size) + "': " + error.what());
        }
      } else if (size.empty()) {
        missing = true;  // "20/": fio reads the empty size as 0, which is "not given"
      } else {
        zone.size_percent = std::min(parse_percent(whole, size, "the zone size"), 100u);
        missing = zone.size_percent == 0;  // fio reads a zero size as "not given"
      }
    } else {
      missing = !absolute;
    }
    zones.push_back(zone);
    size_missing.push_back(missing);
  }
  std::uint32_t access = 0;
  std::uint32_t sizes = 0;
  std::uint32_t missing = 0;
  for (std::size_t i = 0; i < zones.size(); ++i) {
    access += zones[i].access_percent;
    if (size_missing[i]) ++missing;
    sizes += zones[i].size_percent;
  }
  if (zones.empty()) return zones;  // this direction stays uniform, as in fio
  if (access != 100) refuse(whole, "the access shares add up to " + std::to_string(access) + ", not 100");
  if (sizes > 100) refuse(whole, "the zone sizes add up to more than 100 %");
  for (std::size_t i = 0; i < zones.size(); ++i) {
    if (size_missing[i]) zones[i].size_percent = zones.size() == 1 ? 100 : (100 - sizes) / missing;
  }
  return zones;
}

bool is_ranked(std::string_view name) { return name == "zipf" || name == "pareto" || name == "normal"; }

DistributionSpec parse_distribution(std::string_view text, const SizeParser& parse_size) {
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  DistributionSpec spec;
  if (name == "random") {
    if (colon != std::string_view::npos) refuse(text, "random takes no parameter");
    return spec;
  }
  if (is_ranked(name)) {
    spec.kind = name == "zipf" ? DistributionKind::kZipf
                : name == "pareto" ? DistributionKind::kPareto
                                   : DistributionKind::kNormal;
    spec.parameter = name == "zipf" ? 1.1 : name == "pareto" ? 0.2 : 0.0;  // fio's defaults
    if (colon != std::string_view::npos) parse_parameters(text, rest, spec);
    if (spec.kind == DistributionKind::kZipf && spec.parameter == 1.0) refuse(text, "zipf's theta must not be 1");
    if (spec.kind == DistributionKind::kPareto && !(spec.parameter > 0.0 && spec.parameter < 1.0))
      refuse(text, "pareto's h must be within 0 < h < 1");
    if (spec.kind == DistributionKind::kNormal && !(spec.parameter >= 0.0 && spec.parameter < 100.0))
      refuse(text, "normal's deviation must be within 0 <= dev < 100");
    return spec;
  }
  if (name == "zoned" || name == "zoned_abs") {
    const bool absolute = name == "zoned_abs";
    spec.kind = absolute ? DistributionKind::kZonedAbsolute : DistributionKind::kZoned;
    std::vector<std::string_view> lists;
    std::string_view remaining = rest;
    while (true) {
      const std::size_t comma = remaining.find(',');
      lists.push_back(remaining.substr(0, comma));
      if (comma == std::string_view::npos) break;
      remaining = remaining.substr(comma + 1);
    }
    if (lists.size() > kFioDirections) refuse(text, "more than three comma-separated zone lists");
    const std::string_view read = lists[0];
    const std::string_view write = lists.size() > 1 ? lists[1] : lists[0];
    const std::string_view trim = lists.size() > 2 ? lists[2] : write;
    spec.zones[0] = parse_zone_list(text, read, absolute, parse_size);
    spec.zones[1] = parse_zone_list(text, write, absolute, parse_size);
    spec.zones[2] = parse_zone_list(text, trim, absolute, parse_size);
    if (spec.zones[0].empty() && spec.zones[1].empty() && spec.zones[2].empty()) refuse(text, "no zones");
    return spec;
  }
  refuse(text, "unknown distribution '" + std::string(name) + "' (random, zipf, pareto, normal, zoned, zoned_abs)");
}

}  // namespace

DistributionSpec parse_random_distribution(std::string_view text, const SizeParser& parse_size) {
  try {
    return parse_distribution(text, parse_size);
  } catch (const Refusal& refusal) {
    throw ValueError("random_distribution '" + std::string(text) + "': " + refusal.what());
  }
}

DistributionSpec parse_ranked_distribution(std::string_view text) {
  if (!is_ranked(text.substr(0, text.find(':')))) throw ValueError("not zipf, pareto or normal");
  return parse_distribution(text, SizeParser());  // a Refusal is a ValueError: its reason alone
}

}  // namespace bench
