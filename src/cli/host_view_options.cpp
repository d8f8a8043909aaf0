#include "cli/host_view_options.h"

#include <algorithm>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "result/errors.h"
#include "text/number.h"

namespace bench {
namespace {

struct ActionRow {
  std::string_view word;
  HostViewAction action;
  std::vector<std::string_view> required;
  std::vector<std::string_view> optional;
  bool takes_result = false;  // one RESULT.json after the options
};

const std::vector<ActionRow>& actions() {
  static const std::vector<ActionRow> rows = {
      {"setup", HostViewAction::kSetup, {"qmp"}, {"drive"}},
      {"snapshot", HostViewAction::kSnapshot, {"qmp", "drive", "qemu-pid", "image", "window"}, {"guest-stat"}},
      {"attach", HostViewAction::kAttach, {"snapshots"}, {}, true},
  };
  return rows;
}

bool names(const std::vector<std::string_view>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

HostViewRequest parse_host_view_command_line(const std::vector<std::string>& args) {
  HostViewRequest request;
  if (args.empty()) throw UsageError("host-view: needs setup, snapshot or attach (see bench++ host-view --help)");
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    return request;
  }
  const auto row = std::find_if(actions().begin(), actions().end(), [&](const ActionRow& r) { return r.word == args[0]; });
  if (row == actions().end()) {
    throw UsageError(fmt::format("host-view: unknown action '{}': setup, snapshot or attach", args[0]));
  }
  const std::string command = fmt::format("host-view {}", row->word);
  std::map<std::string, std::string, std::less<>> values;
  std::vector<std::string> positional;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (!word.starts_with("--")) {
      positional.push_back(word);
      continue;
    }
    const std::size_t equals = word.find('=');
    const std::string name = word.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    if (!names(row->required, name) && !names(row->optional, name)) {
      throw UsageError(fmt::format("{}: unknown option '--{}' (see bench++ host-view --help)", command, name));
    }
    if (values.contains(name)) throw UsageError(fmt::format("{}: --{} given twice", command, name));
    std::string value;
    if (equals != std::string::npos) {
      value = word.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw UsageError(fmt::format("{}: --{} needs a value", command, name));
    }
    if (value.empty()) throw UsageError(fmt::format("{}: --{} has an empty value", command, name));
    values.emplace(name, std::move(value));
  }
  for (const std::string_view name : row->required) {
    if (!values.contains(name)) throw UsageError(fmt::format("{}: needs --{}", command, name));
  }
  if (row->takes_result ? positional.size() != 1 : !positional.empty()) {
    throw UsageError(row->takes_result ? fmt::format("{}: needs one RESULT.json, got {}", command, positional.size())
                                       : fmt::format("{}: unexpected '{}'", command, positional.front()));
  }
  request.action = row->action;
  const auto value = [&](std::string_view name) -> std::optional<std::string> {
    const auto it = values.find(name);
    return it == values.end() ? std::nullopt : std::optional(it->second);
  };
  request.qmp = value("qmp").value_or("");
  request.drive = value("drive");
  request.image = value("image").value_or("");
  request.guest_stat = value("guest-stat");
  request.window = value("window").value_or("");
  request.snapshots = value("snapshots").value_or("");
  if (const std::optional<std::string> pid = value("qemu-pid")) {
    const std::optional<std::uint32_t> number = read_number<std::uint32_t>(*pid);
    if (!number || *number == 0 || *number > 0x7fffffff) {
      throw UsageError(fmt::format("{}: --qemu-pid '{}' is not a process ID", command, *pid));
    }
    request.qemu_pid = *number;
  }
  if (row->takes_result) request.result = positional.front();
  return request;
}

std::string host_view_help_text() {
  return R"(usage: bench++ host-view setup --qmp SOCKET [--drive NAME]
       bench++ host-view snapshot --qmp SOCKET --drive NAME --qemu-pid PID --image FILE
                                  [--guest-stat LINE] --window JSON
       bench++ host-view attach --snapshots FILE RESULT.json
The host's side of a QEMU guest's benchmark (scripts/guest-run.sh runs it): what QEMU, the host's device under
the disk image and QEMU's threads saw of each window of the guest's run (bench++ --window-command).

  setup      connects to QEMU's QMP socket, finds the benchmark drive (NAME, or the one drive that is neither
             read-only nor a CD), asks QEMU for its latency histograms (1, 2, 5 per decade from 1 us to 10 s;
             a QEMU that refuses them is no error) and prints the drive's name
  snapshot   prints one line of JSON: the window as the guest gave it (BENCH_WINDOW_JSON), the host's monotonic
             time, QEMU's statistics of the drive (query-blockstats), the host block device under FILE
             (/sys/block/DEV/stat), QEMU's process and thread CPU times (/proc/PID/task; its threads are named
             with -name ...,debug-threads=on) and the guest's /proc/stat "cpu" LINE; a reading that fails is
             null, with a warning; a QMP socket that cannot be reached is an error
  attach     pairs each window's start with its end in FILE (snapshot's lines, in order) and writes their
             differences into RESULT.json (bench++'s JSON report) as "host_view" of each run, replacing the file
             whole; bench++ compare then shows them

  -h, --help show this help
Exit status: 0 done, 1 QEMU cannot be reached or a file cannot be read or is not valid (named with its line;
RESULT.json then stays as it was), 2 bad options.
)";
}

}  // namespace bench
