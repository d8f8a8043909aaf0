#include "platform/system_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include "text/split.h"

namespace bench {
namespace {

// mountinfo escapes space, tab, newline and backslash as \ooo.
std::string unescape_octal(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size()) {
      const std::string_view digits = text.substr(i + 1, 3);
      if (digits.size() == 3 && digits.find_first_not_of("01234567") == std::string_view::npos) {
        out += static_cast<char>((digits[0] - '0') * 64 + (digits[1] - '0') * 8 + (digits[2] - '0'));
        i += 3;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

// The words of a mountinfo line (fields are separated by single spaces; empty pieces are skipped anyway).
std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words = split(line, ' ');
  std::erase(words, std::string_view());
  return words;
}

// The per-mount options followed by the superblock options that are not already among them
// (mountinfo lists "rw" in both, for one).
std::string merge_options(std::string_view mount_options, std::string_view super_options) {
  std::string merged(mount_options);
  std::vector<std::string_view> listed = split(mount_options, ',');
  for (const std::string_view option : split(super_options, ',')) {
    if (option.empty() || std::find(listed.begin(), listed.end(), option) != listed.end()) continue;
    merged.append(merged.empty() ? "" : ",").append(option);
    listed.push_back(option);
  }
  return merged;
}

bool is_under(const std::string& path, const std::string& mount_point) {
  if (mount_point == "/") return true;
  return path.compare(0, mount_point.size(), mount_point) == 0 &&
         (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

}  // namespace

std::optional<MountEntry> find_mount(std::string_view mountinfo, const std::string& path) {
  std::optional<MountEntry> best;
  for_each_line(mountinfo, [&](std::string_view line) {
    const auto words = words_of(line);
    // id parent dev root mount_point options [optional...] - fstype source super_options
    std::size_t separator = 6;
    while (separator < words.size() && words[separator] != "-") ++separator;
    if (words.size() < 6 || separator + 3 > words.size()) return;
    const std::string_view super_options = separator + 3 < words.size() ? words[separator + 3] : "";
    MountEntry entry{unescape_octal(words[4]), std::string(words[separator + 1]),
                     merge_options(words[5], super_options), unescape_octal(words[separator + 2])};
    // Later lines mount over earlier ones at the same point, so ">=" keeps the last.
    if (is_under(path, entry.mount_point) && (!best || entry.mount_point.size() >= best->mount_point.size())) {
      best = std::move(entry);
    }
  });
  return best;
}

std::string host_name() {
  char name[256] = {};
  return ::gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string();
}

SystemFacts read_system_facts() {
  SystemFacts facts;
  const long page_size = ::sysconf(_SC_PAGESIZE);
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  if (page_size > 0 && pages > 0) {
    facts.ram_mib = (static_cast<std::uint64_t>(page_size) / 1024) * (static_cast<std::uint64_t>(pages) / 1024);
  }
  facts.host_name = host_name();
  try {
    facts.random_seed = std::random_device{}();
  } catch (const std::exception&) {  // no entropy source: fall back to bonnie++'s pid ^ time
    const auto now = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    facts.random_seed = static_cast<std::uint32_t>(now ^ static_cast<std::uint64_t>(::getpid()));
  }
  return facts;
}

SystemDescription describe_system(const std::filesystem::path& directory) {
  SystemDescription description;
  description.host_name = host_name();
  utsname names{};
  if (::uname(&names) == 0) description.kernel = std::string(names.sysname) + " " + names.release;
  std::error_code error;
  const auto canonical = std::filesystem::canonical(directory, error);
  std::ifstream mountinfo("/proc/self/mountinfo");
  if (!error && mountinfo) {
    std::ostringstream text;
    text << mountinfo.rdbuf();
    if (auto mount = find_mount(text.str(), canonical.string())) description.mount = std::move(*mount);
  }
  const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  description.cpus = cpus > 0 ? static_cast<std::uint32_t>(cpus) : 0;
  description.memory_bytes = pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) : 0;
  description.device = block_device_of(directory);
  return description;
}

}  // namespace bench
