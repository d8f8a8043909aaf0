#pragma once
// The command line of `bench++ host-view setup|snapshot|attach` (app/host_view_command.h), parsed into a plain
// HostViewRequest. Pure: no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bench {

enum class HostViewAction { kHelp, kSetup, kSnapshot, kAttach };

struct HostViewRequest {
  HostViewAction action = HostViewAction::kHelp;
  std::string qmp;                         // --qmp SOCKET (setup, snapshot)
  std::optional<std::string> drive;        // --drive NAME (setup: optional; snapshot: required)
  std::uint32_t qemu_pid = 0;              // --qemu-pid PID (snapshot)
  std::string image;                       // --image FILE (snapshot)
  std::optional<std::string> guest_stat;   // --guest-stat LINE (snapshot)
  std::string window;                      // --window JSON (snapshot), as given
  std::string snapshots;                   // --snapshots FILE (attach)
  std::string result;                      // RESULT.json (attach)
};

// Parses the words after "host-view". Throws UsageError with one line naming the problem: no or an unknown action,
// an option the action does not take or gives twice, a value missing or empty, a PID that is not a number from 1.
HostViewRequest parse_host_view_command_line(const std::vector<std::string>& args);

// The `bench++ host-view --help` text.
std::string host_view_help_text();

}  // namespace bench
