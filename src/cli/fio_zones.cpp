#include "cli/fio_zones.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "result/size_arithmetic.h"

namespace bench {

using namespace cli_value;

std::optional<std::uint64_t> zone_count_of(std::string_view text) {
  if (text.empty() || (text.back() != 'z' && text.back() != 'Z')) return std::nullopt;
  return whole_number(text.substr(0, text.size() - 1), 0, UINT64_MAX);
}

void set_zone_mode(WorkloadSpec& spec, std::string_view text) {
  if (text == "zbd") {
    fail("zoned block devices (zonemode=zbd) cannot be tested here, so bench++ does not run them (none and strided run)");
  }
  if (text != "none" && text != "strided") fail("fio's values are none, strided and zbd");
  spec.zone_strided = text == "strided";
}

void set_zone_skip(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.zone_counts.skip = zone_count_of(text);
  spec.zone_skip = spec.zone_counts.skip ? 0 : fio_size_of(text, kb_base);
}

namespace {

// fio's N x zonesize, where N > 0 (a count of 0 leaves the option as it was, as fio's check reads).
void settle_count(const std::optional<std::uint64_t>& count, std::uint64_t zone_size, std::uint64_t& bytes) {
  if (!count || *count == 0) return;
  const std::optional<std::uint64_t> product = checked_multiply(*count, zone_size);
  bytes = product.value_or(UINT64_MAX);
}

}  // namespace

void settle_zones(WorkloadSpec& spec) {
  if (spec.zone_strided && spec.zone_range == 0) spec.zone_range = spec.zone_size;
  if (spec.zone_size != 0) {
    const ZoneCounts& counts = spec.zone_counts;
    settle_count(counts.offset, spec.zone_size, spec.offset_bytes);
    settle_count(counts.offset_increment, spec.zone_size, spec.offset_increment_bytes);
    settle_count(counts.size, spec.zone_size, spec.size_bytes);
    settle_count(counts.io_size, spec.zone_size, spec.io_size);
    settle_count(counts.skip, spec.zone_size, spec.zone_skip);
  }
}

std::optional<std::string> zone_refusal(const WorkloadSpec& spec) {
  const ZoneCounts& counts = spec.zone_counts;
  const bool any_count = counts.offset || counts.offset_increment || counts.size || counts.io_size || counts.skip;
  if (!spec.zone_strided && spec.zone_size != 0) {
    return "zonemode=none and zonesize= are not compatible (fio refuses it too: give zonemode=strided)";
  }
  if (spec.zone_strided && spec.zone_size == 0) return "zonemode=strided needs zonesize= (fio refuses it too)";
  if (any_count && !spec.zone_strided) {
    return "a size in zones (Nz) needs zonemode=strided and zonesize= (the zone it counts)";
  }
  if (!spec.zone_strided) return std::nullopt;
  if (is_random(spec.pattern)) return "zonemode=strided with random requests (rw=rand*) is not run by bench++ yet";
  if (spec.block_sizes.varies() || spec.sequential_skip != 0) {
    return "zonemode=strided with varying request sizes (bsrange=, bssplit=, bs=R,W) or rw=<mode>:<nr> is not run "
           "by bench++ yet";
  }
  return std::nullopt;
}

bool is_zoned_block_device_option(std::string_view name) {
  constexpr std::array<std::string_view, 7> kZonedBlockDeviceOptions = {
      "zonecapacity",         "read_beyond_wp",      "max_open_zones",      "job_max_open_zones",
      "ignore_zone_limits",   "zone_reset_threshold", "zone_reset_frequency"};
  return std::find(kZonedBlockDeviceOptions.begin(), kZonedBlockDeviceOptions.end(), name) !=
         kZonedBlockDeviceOptions.end();
}

}  // namespace bench
