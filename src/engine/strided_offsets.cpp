#include "engine/strided_offsets.h"

#include <algorithm>
#include <stdexcept>

namespace bench {

StridedOffsets::StridedOffsets(StridedZones zones, std::uint64_t region_bytes, std::uint64_t span_bytes,
                               bool time_based)
    : zones_(zones), region_bytes_(region_bytes), span_bytes_(std::max(span_bytes, region_bytes)), time_based_(time_based) {
  if (zones.size == 0 || zones.range == 0) throw std::invalid_argument("zonemode=strided needs zonesize and zonerange");
}

std::optional<std::uint64_t> StridedOffsets::next(unsigned direction, std::uint32_t length) {
  std::uint64_t& last = last_pos_.at(direction);
  if (zone_bytes_ >= zones_.size) {  // the zone is done: the next one, or the first again past the end
    zone_bytes_ = 0;
    zone_start_ += zones_.range + zones_.skip;
    if (zone_start_ >= span_bytes_) zone_start_ = 0;
    last = zone_start_;
  }
  if (last >= zone_start_ + zones_.range) last = zone_start_;  // zonesize above zonerange: the zone again
  if (last >= region_bytes_ && time_based_) {
    last = zone_start_;
    ++wraps_;
  }
  if (last >= span_bytes_) return std::nullopt;
  // fio's position within the zone, modulo 2^64 as fio computes it (a direction left in an earlier zone is past
  // the region, which ends fio's job there too).
  const std::uint64_t position = last - zone_start_;
  if (position >= region_bytes_) return std::nullopt;
  const std::uint64_t offset = zone_start_ + position;
  if (offset >= span_bytes_ || length > span_bytes_ - offset) return std::nullopt;
  last = offset + length;
  zone_bytes_ += length;
  return offset;
}

}  // namespace bench
