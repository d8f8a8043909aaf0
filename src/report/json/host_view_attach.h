#pragma once
// `bench++ host-view attach`'s edit of a guest's JSON report: "host_view" (report/json/host_view_json.h) set in each
// run the host saw windows of, everything else as it was (the keys in their order, written as format_json writes
// them). Pure.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "result/host_view.h"

namespace bench {

// `report` (bench++'s JSON report, as read from `source`) with each run whose "run_index" is a key of `views` given
// that view as its "host_view" (replacing one it had). Throws std::runtime_error "SOURCE: what" when `report` is
// not a JSON report of bench++'s (no "runs" list of objects with a "run_index"), or has no run of a view.
std::string attach_host_views(std::string_view report, const std::map<std::uint32_t, HostView>& views,
                              const std::string& source);

}  // namespace bench
