#include "report/text/host_view_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/comparison_values.h"
#include "text/printable.h"

namespace bench {
namespace {

using F = HostViewFigure;

constexpr std::string_view kNone = "–";

// Terminal columns of UTF-8 text (every code point counts as one).
std::size_t width(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// `text` wrapped at spaces into lines of at most kHostViewTextWidth columns after `indent`, the lines after the
// first `more` columns further in.
std::string wrapped(std::string_view text, std::string_view indent, std::size_t more = 2) {
  std::string out, line(indent);
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    const std::string_view word = text.substr(at, space - at);
    at = space + 1;
    if (width(line) > indent.size() && width(line) + 1 + width(word) > kHostViewTextWidth) {
      out += line + "\n";
      line = std::string(indent) + std::string(more, ' ');
    }
    line += (width(line) > indent.size() && line.back() != ' ' ? " " : "") + std::string(word);
  }
  return out + line + "\n";
}

// Rows in columns, the first left-aligned and the rest right-aligned; a row whose first cell would push the table
// past the width has that cell on a line of its own.
std::string columns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  }
  std::size_t rest = 0;
  for (std::size_t c = 1; c < widths.size(); ++c) rest += widths[c] + 2;
  const bool names_apart = 4 + widths[0] + rest > kHostViewTextWidth;
  const std::size_t lead = names_apart ? width(rows.front()[0]) : widths[0];
  std::string out;
  for (const auto& row : rows) {
    std::string line = "    ";
    if (names_apart && row[0].size() > 0 && &row != &rows.front()) {
      out += "    " + row[0] + "\n";
      line += std::string(lead, ' ');
    } else {
      line += row[0] + std::string(lead - std::min(lead, width(row[0])), ' ');
    }
    for (std::size_t c = 1; c < row.size(); ++c) line += std::string(widths[c] - width(row[c]) + 2, ' ') + row[c];
    out += line + "\n";
  }
  return out;
}

const std::optional<FigureSpread>& figure(const DirectionSpread& direction, F f) {
  return direction.figures[static_cast<std::size_t>(f)];
}

std::string micros(const std::optional<FigureSpread>& ns) { return ns ? format_number(ns->median / 1000) : std::string(kNone); }
std::string plain(const std::optional<FigureSpread>& value) { return value ? format_number(value->median) : std::string(kNone); }

// "30.0 30 %": a part of the stack in µs and its share.
std::string part(const DirectionSpread& direction, F part, F share, bool not_measured) {
  if (not_measured) return "not measured";
  const auto& value = figure(direction, part);
  if (!value) return std::string(kNone);
  const auto& percent = figure(direction, share);
  return micros(value) + (percent ? fmt::format(" {:>2.0f} %", percent->median) : "");
}

std::vector<std::string> stack_row(const std::string& name, const DirectionSpread& d) {
  const bool no_device = !figure(d, F::kDeviceTime).has_value();
  return {name,
          micros(figure(d, F::kGuestLatency)),
          part(d, F::kGuestSide, F::kGuestSideShare, false),
          part(d, F::kAboveDevice, F::kAboveDeviceShare, false),
          part(d, F::kHostDevice, F::kHostDeviceShare, no_device),
          plain(figure(d, F::kDeviceRequests)),
          plain(figure(d, F::kDeviceBytes)),
          plain(figure(d, F::kQemuRequests))};
}

std::vector<std::string> cpu_row(const std::string& name, const DirectionSpread& d) {
  std::vector<std::string> row = {name};
  for (const F f : {F::kQemuCpu, F::kVcpuCpu, F::kIothreadCpu, F::kMainLoopCpu, F::kWorkerCpu, F::kOtherCpu,
                    F::kGuestCpu}) {
    row.push_back(plain(figure(d, f)));
  }
  return row;
}

std::string workload_block(const std::string& workload, const std::vector<GroupDecomposition>& groups) {
  std::vector<std::vector<std::string>> stack = {
      {"group", "guest µs", "guest side µs", "above device µs", "host device µs", "dev req", "dev B/B", "QEMU req"}};
  std::vector<std::vector<std::string>> cpu = {
      {"CPU µs per guest request:", "QEMU", "vCPU", "IOThread", "main loop", "worker", "other", "guest"}};
  std::string readings;
  for (const GroupDecomposition& group : groups) {
    const std::string name = printable(group.group);
    for (const WorkloadDecomposition& w : group.workloads) {
      if (w.workload != workload) continue;
      if (w.why_none) {
        readings += wrapped(fmt::format("{}: no figures: {}", name, *w.why_none), "    ");
        continue;
      }
      for (const DirectionSpread& d : w.directions) {
        stack.push_back(stack_row(d.direction == "all" ? name : fmt::format("{} {}s", name, d.direction), d));
      }
      cpu.push_back(cpu_row(name, w.directions.front()));
      readings += wrapped(fmt::format("{}: {}", name, w.reading), "    ");
      for (const DirectionSpread& d : w.directions) {
        for (const std::string& note : d.notes) readings += wrapped(fmt::format("{}: note: {}", name, note), "    ");
      }
    }
  }
  std::string out = "\n" + wrapped(fmt::format("Where the guest's time went: {}", printable(workload)), "");
  if (stack.size() > 1) out += columns(stack) + columns(cpu);
  return out + readings;
}

}  // namespace

std::string format_host_view_text(const std::vector<GroupDecomposition>& groups) {
  std::vector<std::string> workloads;  // in order of first appearance
  for (const GroupDecomposition& group : groups) {
    for (const WorkloadDecomposition& w : group.workloads) {
      if (std::find(workloads.begin(), workloads.end(), w.workload) == workloads.end()) workloads.push_back(w.workload);
    }
  }
  if (workloads.empty()) return {};
  std::string out = "\n" + wrapped("The guests' host view, per guest request (the median over a group's runs; "
                                   "--json and --csv have the ranges): the guest's mean latency, split into the "
                                   "guest's side, QEMU and the host above the device, and the host device; the host "
                                   "device's requests and bytes and QEMU's requests per guest request and byte; CPU "
                                   "per guest request. The man page's compare section says how each is computed.",
                                   "", 0);
  for (const std::string& workload : workloads) out += workload_block(workload, groups);
  return out;
}

}  // namespace bench
