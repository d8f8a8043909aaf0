#include "report/fio/fio_disk_util.h"

#include <fmt/format.h>

#include <algorithm>

namespace bench {
namespace {

using Json = nlohmann::ordered_json;

void add_counters(DiskCounters& sum, const DiskCounters& more) {
  sum.read_ios += more.read_ios;
  sum.read_merges += more.read_merges;
  sum.read_ticks += more.read_ticks;
  sum.write_ios += more.write_ios;
  sum.write_merges += more.write_merges;
  sum.write_ticks += more.write_ticks;
  sum.io_ticks += more.io_ticks;
  sum.time_in_queue += more.time_in_queue;
}

double util_of(std::uint64_t io_ticks, std::uint64_t elapsed_ms) {
  if (elapsed_ms == 0) return 0;
  return std::min(100.0, 100.0 * static_cast<double>(io_ticks) / static_cast<double>(elapsed_ms));
}

// The fields fio's normal and terse lines share, in their order: ios, merges, ticks (read/write), in_queue.
std::string counter_fields(const DiskCounters& c, const char* format) {
  return fmt::format(fmt::runtime(format), c.read_ios, c.write_ios, c.read_merges, c.write_merges, c.read_ticks,
                     c.write_ticks, c.time_in_queue);
}

}  // namespace

std::vector<DiskUtilization> fio_disk_utilization(const RunResult& run) {
  std::vector<DiskUtilization> disks = run.disk_utilization;
  const bool requests = std::any_of(run.phases.begin(), run.phases.end(),
                                    [](const PhaseResult& phase) { return phase.workload && phase.operations > 0; });
  if (requests) return disks;
  for (DiskUtilization& disk : disks) {
    disk.counters = DiskCounters{};
    disk.elapsed_ms = 0;
  }
  return disks;
}

std::vector<DiskUtilization> merged_disk_utilization(const std::vector<RunResult>& runs) {
  std::vector<DiskUtilization> merged;
  for (const RunResult& run : runs) {
    const std::vector<DiskUtilization> disks = fio_disk_utilization(run);
    std::vector<std::size_t> place(disks.size());  // each disk's index in `merged`
    for (std::size_t i = 0; i < disks.size(); ++i) {
      const DiskUtilization& disk = disks[i];
      const auto found = std::find_if(merged.begin(), merged.end(), [&](const auto& d) { return d.name == disk.name; });
      place[i] = static_cast<std::size_t>(found - merged.begin());
      if (found == merged.end()) {
        merged.push_back(DiskUtilization{disk.name, disk.counters, disk.elapsed_ms, {}});
      } else {
        add_counters(found->counters, disk.counters);
        found->elapsed_ms += disk.elapsed_ms;
      }
    }
    for (std::size_t i = 0; i < disks.size(); ++i) {
      std::vector<std::size_t>& slaves = merged[place[i]].slaves;
      for (const std::size_t slave : disks[i].slaves) {
        if (std::find(slaves.begin(), slaves.end(), place[slave]) == slaves.end()) slaves.push_back(place[slave]);
      }
    }
  }
  return merged;
}

double fio_disk_util_percent(const DiskUtilization& disk) { return util_of(disk.counters.io_ticks, disk.elapsed_ms); }

std::optional<FioDiskAggregate> fio_disk_aggregate(const std::vector<DiskUtilization>& disks, std::size_t index) {
  const std::vector<std::size_t>& slaves = disks.at(index).slaves;
  if (slaves.empty()) return std::nullopt;
  FioDiskAggregate aggregate;
  DiskCounters& c = aggregate.counters;
  for (const std::size_t slave : slaves) {
    add_counters(c, disks.at(slave).counters);
    aggregate.util_percent = std::max(aggregate.util_percent, fio_disk_util_percent(disks.at(slave)));
  }
  const std::uint64_t n = slaves.size();
  for (std::uint64_t* field : {&c.read_ios, &c.read_merges, &c.read_ticks, &c.write_ios, &c.write_merges,
                               &c.write_ticks, &c.io_ticks, &c.time_in_queue}) {
    *field /= n;
  }
  return aggregate;
}

std::optional<Json> fio_disk_util_json(const std::vector<DiskUtilization>& disks) {
  if (disks.empty()) return std::nullopt;
  Json array = Json::array();
  for (std::size_t i = 0; i < disks.size(); ++i) {
    const DiskCounters& c = disks[i].counters;
    Json object;
    object["name"] = disks[i].name;
    object["read_ios"] = c.read_ios;
    object["write_ios"] = c.write_ios;
    object["read_merges"] = c.read_merges;
    object["write_merges"] = c.write_merges;
    object["read_ticks"] = c.read_ticks;
    object["write_ticks"] = c.write_ticks;
    object["in_queue"] = c.time_in_queue;
    object["util"] = fio_disk_util_percent(disks[i]);
    if (const std::optional<FioDiskAggregate> aggregate = fio_disk_aggregate(disks, i)) {
      const DiskCounters& a = aggregate->counters;
      object["aggr_read_ios"] = a.read_ios;
      object["aggr_write_ios"] = a.write_ios;
      object["aggr_read_merges"] = a.read_merges;
      object["aggr_write_merge"] = a.write_merges;  // sic: fio 3.33's key
      object["aggr_read_ticks"] = a.read_ticks;
      object["aggr_write_ticks"] = a.write_ticks;
      object["aggr_in_queue"] = a.time_in_queue;
      object["aggr_util"] = aggregate->util_percent;
    }
    array.push_back(std::move(object));
  }
  return array;
}

std::string fio_disk_stats_text(const std::vector<DiskUtilization>& disks) {
  if (disks.empty()) return "";
  std::string text = "\nDisk stats (read/write):\n";
  for (std::size_t i = 0; i < disks.size(); ++i) {
    const std::optional<FioDiskAggregate> aggregate = fio_disk_aggregate(disks, i);
    text += fmt::format("{}  {}: ", aggregate ? "  " : "", disks[i].name);
    text += counter_fields(disks[i].counters, "ios={}/{}, merge={}/{}, ticks={}/{}, in_queue={}");
    text += fmt::format(", util={:3.2f}%", fio_disk_util_percent(disks[i]));
    if (aggregate) {
      text += counter_fields(aggregate->counters, ", aggrios={}/{}, aggrmerge={}/{}, aggrticks={}/{}, aggrin_queue={}");
      text += fmt::format(", aggrutil={:3.2f}%", aggregate->util_percent);
    }
    text += "\n";
  }
  return text;
}

std::string fio_disk_terse_fields(const std::vector<DiskUtilization>& disks) {
  std::string fields;
  for (std::size_t i = 0; i < disks.size(); ++i) {
    fields += ";" + disks[i].name + counter_fields(disks[i].counters, ";{};{};{};{};{};{};{}");
    fields += fmt::format(";{:3.2f}%", fio_disk_util_percent(disks[i]));
    if (const std::optional<FioDiskAggregate> aggregate = fio_disk_aggregate(disks, i)) {
      fields += ";slaves" + counter_fields(aggregate->counters, ";{};{};{};{};{};{};{}");
      fields += fmt::format(";{:3.2f}%", aggregate->util_percent);
    }
  }
  return fields;
}

}  // namespace bench
