#pragma once
// The "host_view" object of a run in bench++'s JSON report (result/host_view.h): written by `bench++ host-view`
// when it attaches the host's windows to a guest's result, and by the JSON report of a run that carries one; read
// back for `bench++ compare`. Times are in seconds ("_sec") or nanoseconds ("_ns") as the key says.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "report/json/json_walker.h"
#include "result/host_view.h"

namespace bench {

// The thread kind's word in the JSON ("vcpu", "iothread", "main_loop", "worker", "other").
std::string_view qemu_thread_kind_key(QemuThreadKind kind);
std::optional<QemuThreadKind> qemu_thread_kind_from_key(std::string_view key);

nlohmann::ordered_json host_view_json(const HostView& view);

// Reads the object at `path` (as host_view_json writes it); throws through `w` ("<source>:<line>: <path>: <what is
// wrong>") for a missing key, a value of the wrong kind or range, a histogram whose bins are not one more than its
// boundaries, and an unknown thread kind.
HostView read_host_view(const Walker& w, const nlohmann::json& object, const std::string& path);

}  // namespace bench
