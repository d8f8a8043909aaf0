#include "report/json/qmp_json.h"

#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bench {
namespace {

using nlohmann::json;

json parse_object(std::string_view text, std::string_view what) {
  json value = json::parse(text, nullptr, false);
  if (value.is_discarded() || !value.is_object()) {
    throw std::runtime_error(fmt::format("QMP sent {} that is not a JSON object: {}", what, text.substr(0, 120)));
  }
  return value;
}

std::string text_of(const json& object, std::string_view key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::uint64_t counter(const json& stats, const std::string& key) {
  const auto it = stats.find(key);
  if (it == stats.end() || !it->is_number_unsigned()) {
    throw std::runtime_error(fmt::format("QMP's query-blockstats: '{}' is missing or not a count", key));
  }
  return it->get<std::uint64_t>();
}

std::vector<std::uint64_t> counts(const json& value, std::string_view what) {
  std::vector<std::uint64_t> out;
  if (!value.is_array()) throw std::runtime_error(fmt::format("QMP's query-blockstats: {} is not a list", what));
  for (const json& each : value) {
    if (!each.is_number_unsigned()) throw std::runtime_error(fmt::format("QMP's query-blockstats: {} holds {}", what, each.dump()));
    out.push_back(each.get<std::uint64_t>());
  }
  return out;
}

std::optional<QemuLatencyHistogram> histogram(const json& stats, const std::string& key) {
  const auto it = stats.find(key);
  if (it == stats.end() || !it->is_object()) return std::nullopt;
  QemuLatencyHistogram out{counts(it->value("boundaries", json()), key + ".boundaries"),
                           counts(it->value("bins", json()), key + ".bins")};
  if (out.bins.size() != out.boundaries_ns.size() + 1) {
    throw std::runtime_error(fmt::format("QMP's query-blockstats: {} has {} bins for {} boundaries", key,
                                         out.bins.size(), out.boundaries_ns.size()));
  }
  return out;
}

QemuDirectionStats direction(const json& stats, const std::string& prefix, bool has_bytes) {
  return {.requests = counter(stats, prefix + "_operations"),
          .bytes = has_bytes ? counter(stats, prefix + "_bytes") : 0,
          .merged = has_bytes ? counter(stats, prefix + "_merged") : 0,
          .total_time_ns = counter(stats, prefix + "_total_time_ns")};
}

}  // namespace

QmpMessage read_qmp_message(std::string_view line) {
  const json message = parse_object(line, "a line");
  if (message.contains("QMP")) return {QmpMessageKind::kGreeting, {}, {}};
  if (const auto it = message.find("return"); it != message.end()) return {QmpMessageKind::kReturn, it->dump(), {}};
  if (const auto it = message.find("error"); it != message.end() && it->is_object()) {
    const std::string desc = text_of(*it, "desc");
    return {QmpMessageKind::kError, {}, desc.empty() ? text_of(*it, "class") : desc};
  }
  if (message.contains("event")) return {QmpMessageKind::kEvent, {}, {}};
  throw std::runtime_error(fmt::format("QMP sent a message bench++ does not know: {}", line.substr(0, 120)));
}

std::string qmp_command(std::string_view name, std::string_view arguments) {
  json command = {{"execute", name}};
  std::string text = command.dump();
  if (arguments.empty()) return text;
  text.pop_back();  // '}': the arguments as given, already JSON
  return fmt::format("{},\"arguments\":{}}}", text, arguments);
}

std::vector<QmpDrive> read_query_block(std::string_view answer) {
  const json drives = json::parse(answer, nullptr, false);
  if (drives.is_discarded() || !drives.is_array()) throw std::runtime_error("QMP's query-block did not answer a list");
  std::vector<QmpDrive> out;
  for (const json& drive : drives) {
    if (!drive.is_object()) throw std::runtime_error("QMP's query-block answered a list of something else than drives");
    QmpDrive each;
    each.qdev = text_of(drive, "qdev");
    each.name = text_of(drive, "device").empty() ? each.qdev : text_of(drive, "device");
    const auto inserted = drive.find("inserted");
    each.has_medium = inserted != drive.end() && inserted->is_object();
    each.read_only = each.has_medium && inserted->value("ro", false);
    each.has_tray = drive.contains("tray_open");
    out.push_back(std::move(each));
  }
  return out;
}

QmpDrive choose_benchmark_drive(const std::vector<QmpDrive>& drives, const std::optional<std::string>& name) {
  std::string names;
  for (const QmpDrive& drive : drives) names += fmt::format("{}'{}'", names.empty() ? "" : ", ", drive.name);
  if (names.empty()) names = "none";
  if (name) {
    for (const QmpDrive& drive : drives) {
      if (drive.name == *name || (!drive.qdev.empty() && drive.qdev == *name)) return drive;
    }
    throw std::runtime_error(fmt::format("QEMU has no drive '{}' (its drives: {})", *name, names));
  }
  std::vector<QmpDrive> writable;
  for (const QmpDrive& drive : drives) {
    if (drive.has_medium && !drive.read_only && !drive.has_tray) writable.push_back(drive);
  }
  if (writable.size() != 1) {
    throw std::runtime_error(fmt::format("QEMU has {} writable drives that are no CD (its drives: {}): name the "
                                         "benchmark's with --drive", writable.size(), names));
  }
  return writable.front();
}

std::vector<std::uint64_t> histogram_boundaries_ns() {
  std::vector<std::uint64_t> boundaries;
  for (std::uint64_t decade = 1'000; decade <= 10'000'000'000; decade *= 10) {
    for (const std::uint64_t step : {1, 2, 5}) {
      if (decade * step <= 10'000'000'000) boundaries.push_back(decade * step);
    }
  }
  return boundaries;
}

std::string histogram_set_arguments(const QmpDrive& drive, const std::vector<std::uint64_t>& boundaries_ns) {
  return json{{"id", drive.qdev.empty() ? drive.name : drive.qdev}, {"boundaries", boundaries_ns}}.dump();
}

std::optional<QemuDriveStats> read_drive_stats(std::string_view answer, std::string_view drive) {
  const json drives = json::parse(answer, nullptr, false);
  if (drives.is_discarded() || !drives.is_array()) throw std::runtime_error("QMP's query-blockstats did not answer a list");
  for (const json& each : drives) {
    if (!each.is_object()) continue;
    const std::string device = text_of(each, "device"), qdev = text_of(each, "qdev");
    if (drive.empty() || (device != drive && qdev != drive)) continue;
    const auto stats = each.find("stats");
    if (stats == each.end() || !stats->is_object()) throw std::runtime_error("QMP's query-blockstats: a drive without stats");
    return QemuDriveStats{.read = direction(*stats, "rd", true),
                          .write = direction(*stats, "wr", true),
                          .flush = direction(*stats, "flush", false),
                          .read_histogram = histogram(*stats, "rd_latency_histogram"),
                          .write_histogram = histogram(*stats, "wr_latency_histogram"),
                          .flush_histogram = histogram(*stats, "flush_latency_histogram")};
  }
  return std::nullopt;
}

}  // namespace bench
