#pragma once
// Where a sequential job's requests go under fio 3.33's zonemode=strided (io_u.c setup_strided_zone_mode, then
// get_next_seq_offset and get_next_offset's end checks): zonesize bytes are transferred in a zone of zonerange
// bytes (from its start again once its end is reached, when zonesize is the larger), then the next zone starts
// zonerange + zoneskip further on, back at the region's start once past the file's end. Pure (no I/O, no clock).
#include <array>
#include <cstdint>
#include <optional>

namespace bench {

struct StridedZones {
  std::uint64_t size = 0;   // zonesize: bytes transferred in a zone before the next
  std::uint64_t range = 0;  // zonerange: a zone's length
  std::uint64_t skip = 0;   // zoneskip: the gap after a zone
};

class StridedOffsets {
 public:
  // Offsets from the region's start: the zones run to `span_bytes` (the file's end, fio's real_file_size), a
  // direction's position within a zone stays below `region_bytes` (fio's io_size). REQUIRES: zones.size and
  // zones.range above 0 (else std::invalid_argument). `time_based`: a direction past the region goes back to its
  // zone's start (fio's time_based wrap). A span below the region is taken as the region.
  StridedOffsets(StridedZones zones, std::uint64_t region_bytes, std::uint64_t span_bytes, bool time_based);

  // The next offset of a request of `length` bytes in `direction` (fio's read, write, trim: 0, 1, 2; each keeps
  // its own position, the zone and its byte count are shared), or nullopt where fio's job has no next request
  // (the request would pass the span's end).
  std::optional<std::uint64_t> next(unsigned direction, std::uint32_t length);
  // How often a time_based direction went back at the region's end (where fio drops the cached pages; the zones'
  // own return to the region's start is not one).
  std::uint64_t wraps() const { return wraps_; }

 private:
  StridedZones zones_;
  std::uint64_t region_bytes_;
  std::uint64_t span_bytes_;
  bool time_based_;
  std::uint64_t zone_start_ = 0;   // fio's file_offset, from the region's start
  std::uint64_t zone_bytes_ = 0;   // bytes transferred in this zone
  std::array<std::uint64_t, 3> last_pos_{};  // where each direction's last request ended (fio's last_pos)
  std::uint64_t wraps_ = 0;
};

}  // namespace bench
