#pragma once
// fio 3.33's zones as bench++ runs them (zonemode=none|strided, zonesize=, zonerange=, zoneskip=, and sizes given
// as a number of zones, Nz): their values, how a workload's zone counts settle into bytes, what bench++ refuses
// with them, and the options of zoned block devices (zonemode=zbd), which cannot be tested here. Internal to cli/.
// Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "result/workload_spec.h"

namespace bench {

// "4z" (or "4Z"): 4 zones; nullopt for a value that is not a count of zones. Throws ValueError for "z" alone.
std::optional<std::uint64_t> zone_count_of(std::string_view text);

// zonemode=: none or strided; zbd is refused (ValueError), saying why.
void set_zone_mode(WorkloadSpec& spec, std::string_view text);
// zoneskip=: bytes, or Nz.
void set_zone_skip(WorkloadSpec& spec, std::string_view text, unsigned kb_base);

// After every option (settle_workload): zonerange= defaults to zonesize= (fio's init.c), zone counts become bytes
// (N x zonesize, as fio's zbd_recalc_options_with_zone_granularity does for zonemode=strided), and strided zones
// over several files per job are dropped (fio: "strided zone mode only really works with 1 file").
void settle_zones(WorkloadSpec& spec);

// Why bench++ does not run the workload's zones (fio's refusals and bench++'s own), or nullopt.
std::optional<std::string> zone_refusal(const WorkloadSpec& spec);

// Whether `name` is an option of zonemode=zbd only (zonecapacity=, max_open_zones=, ...): zoned block devices.
bool is_zoned_block_device_option(std::string_view name);

}  // namespace bench
