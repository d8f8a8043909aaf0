#pragma once
// QEMU's QMP as `bench++ host-view` speaks it (QEMU's docs/interop/qmp-spec): each message one line of JSON, the
// greeting {"QMP": ...}, a command's answer {"return": ...} or {"error": {"class", "desc"}}, and events
// {"event": ...} at any time between them. The commands' text and the answers' readers, pure (tested on QEMU 7.2's
// own answers, tests/fixtures/qmp/); platform/qmp_socket.h carries the lines.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result/host_view.h"

namespace bench {

enum class QmpMessageKind { kGreeting, kReturn, kError, kEvent };

struct QmpMessage {
  QmpMessageKind kind = QmpMessageKind::kEvent;
  std::string value;  // kReturn: the "return" value as compact JSON
  std::string error;  // kError: its "desc" (its "class" when it has none)
};

// One line from QEMU. Throws std::runtime_error ("QMP sent ...: <what>") when it is not a JSON object of one of
// the four kinds.
QmpMessage read_qmp_message(std::string_view line);

// A command line: {"execute":"NAME"} or {"execute":"NAME","arguments":ARGUMENTS} (ARGUMENTS compact JSON).
std::string qmp_command(std::string_view name, std::string_view arguments = {});

// A drive of query-block's answer.
struct QmpDrive {
  std::string name;  // its "device" (the -drive id), else its "qdev"
  std::string qdev;  // the guest device's QOM path; "" when no device uses the drive
  bool has_medium = false;  // "inserted"
  bool read_only = false;   // inserted.ro
  bool has_tray = false;    // a CD or floppy ("tray_open")
};
// Throws std::runtime_error when `answer` (query-block's "return") is not a list of drives.
std::vector<QmpDrive> read_query_block(std::string_view answer);

// The drive named `name` (its name or its qdev), or when nullopt the one drive with a medium that is not read-only
// and has no tray. Throws std::runtime_error naming the drives there are when there is none, or several.
QmpDrive choose_benchmark_drive(const std::vector<QmpDrive>& drives, const std::optional<std::string>& name);

// QEMU's latency histogram boundaries bench++ asks for: 1, 2, 5 in each decade from 1 us to 10 s, in nanoseconds.
std::vector<std::uint64_t> histogram_boundaries_ns();
// block-latency-histogram-set's arguments for every direction of `drive` (by its qdev: QEMU finds the histogram's
// drive by its guest device; by its name when it has none, which QEMU may refuse).
std::string histogram_set_arguments(const QmpDrive& drive, const std::vector<std::uint64_t>& boundaries_ns);

// The cumulative statistics of `drive` (its name or qdev) in query-blockstats' answer, with the histograms it keeps;
// nullopt when the answer has no such drive. Throws std::runtime_error when a number it needs is missing or wrong.
std::optional<QemuDriveStats> read_drive_stats(std::string_view answer, std::string_view drive);

}  // namespace bench
