#include "platform/disk_stats.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <charconv>
#include <fstream>

#include <fmt/format.h>

#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

std::optional<DiskCounters> read_stat_file(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  return parse_disk_stat_line(line);
}

// The device number fio's get_device_numbers finds for `path`: a block device's own, a file's filesystem's, or for a
// path not there its directory's; nullopt for a character device, a FIFO or a directory that cannot be stat'ed.
std::optional<dev_t> device_number_of(const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0) {
    if (S_ISBLK(info.st_mode)) return info.st_rdev;
    if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) return std::nullopt;
    return info.st_dev;
  }
  const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
  if (::stat(directory.c_str(), &info) != 0) return std::nullopt;
  return info.st_dev;
}

// A device's sysfs directory, a partition's being its disk's (fio: a "queue" beside it means a partition).
fs::path whole_disk(const fs::path& node) {
  std::error_code error;
  if (fs::exists(node.parent_path() / "queue", error) && !fs::exists(node / "queue", error)) return node.parent_path();
  return node;
}

// Adds `node` (a device's sysfs directory) and then its slaves, each once by name; returns its index.
std::optional<std::size_t> add_disk(const fs::path& node, std::vector<WatchedDisk>& disks) {
  const fs::path disk = whole_disk(node);
  const std::string name = disk.filename().string();
  for (std::size_t i = 0; i < disks.size(); ++i) {
    if (disks[i].name == name) return i;
  }
  std::error_code error;
  if (!fs::exists(disk / "stat", error)) return std::nullopt;
  const std::size_t index = disks.size();
  disks.push_back(WatchedDisk{name, disk / "stat", {}});
  for (const fs::directory_entry& entry : fs::directory_iterator(disk / "slaves", error)) {
    const fs::path slave = fs::canonical(entry.path(), error);
    if (error) continue;
    const std::optional<std::size_t> slave_index = add_disk(slave, disks);
    std::vector<std::size_t>& slaves = disks[index].slaves;
    if (slave_index && *slave_index != index && std::find(slaves.begin(), slaves.end(), *slave_index) == slaves.end()) {
      slaves.push_back(*slave_index);
    }
  }
  return index;
}

}  // namespace

std::optional<DiskCounters> parse_disk_stat_line(std::string_view line) {
  std::vector<std::uint64_t> fields;
  for (const std::string_view word : split(line, ' ')) {
    if (word.empty()) continue;
    const std::optional<std::uint64_t> value = read_number<std::uint64_t>(word);
    if (!value) break;
    fields.push_back(*value);
    if (fields.size() == 11) break;
  }
  if (fields.size() < 11) return std::nullopt;
  DiskCounters counters;
  counters.read_ios = fields[0];
  counters.read_merges = fields[1];
  counters.read_ticks = fields[3];
  counters.write_ios = fields[4];
  counters.write_merges = fields[5];
  counters.write_ticks = fields[7];
  counters.io_ticks = fields[9];
  counters.time_in_queue = fields[10];
  counters.read_sectors = fields[2];
  counters.write_sectors = fields[6];
  return counters;
}

DiskCounters counters_difference(const DiskCounters& before, const DiskCounters& after) {
  DiskCounters difference;
  difference.read_ios = after.read_ios - before.read_ios;
  difference.read_merges = after.read_merges - before.read_merges;
  difference.read_ticks = after.read_ticks - before.read_ticks;
  difference.write_ios = after.write_ios - before.write_ios;
  difference.write_merges = after.write_merges - before.write_merges;
  difference.write_ticks = after.write_ticks - before.write_ticks;
  difference.io_ticks = after.io_ticks - before.io_ticks;
  difference.time_in_queue = after.time_in_queue - before.time_in_queue;
  difference.read_sectors = after.read_sectors - before.read_sectors;
  difference.write_sectors = after.write_sectors - before.write_sectors;
  return difference;
}

std::vector<WatchedDisk> disks_under(const std::vector<fs::path>& paths, const fs::path& sys_root) {
  std::vector<WatchedDisk> disks;
  for (const fs::path& path : paths) {
    const std::optional<dev_t> device = device_number_of(path);
    if (!device || major(*device) == 0) continue;
    std::error_code error;
    const fs::path node =
        fs::canonical(sys_root / "dev" / "block" / fmt::format("{}:{}", major(*device), minor(*device)), error);
    if (!error) add_disk(node, disks);
  }
  return disks;
}

DiskStatsWatch::DiskStatsWatch(std::vector<WatchedDisk> disks) : disks_(std::move(disks)) {
  for (const WatchedDisk& disk : disks_) before_.push_back(read_stat_file(disk.stat_file));
  started_ = std::chrono::steady_clock::now();
}

std::vector<DiskUtilization> DiskStatsWatch::finish() const {
  const auto elapsed = std::chrono::steady_clock::now() - started_;
  const auto elapsed_ms = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
  std::vector<std::optional<std::size_t>> kept(disks_.size());  // each disk's index in the result
  std::vector<DiskUtilization> result;
  for (std::size_t i = 0; i < disks_.size(); ++i) {
    const std::optional<DiskCounters> after = before_[i] ? read_stat_file(disks_[i].stat_file) : std::nullopt;
    if (!after) continue;
    kept[i] = result.size();
    result.push_back(DiskUtilization{disks_[i].name, counters_difference(*before_[i], *after), elapsed_ms, {}});
  }
  for (std::size_t i = 0; i < disks_.size(); ++i) {
    if (!kept[i]) continue;
    for (const std::size_t slave : disks_[i].slaves) {
      if (kept[slave]) result[*kept[i]].slaves.push_back(*kept[slave]);
    }
  }
  return result;
}

}  // namespace bench
