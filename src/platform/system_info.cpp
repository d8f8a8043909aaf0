#include "platform/system_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <vector>

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

std::vector<std::string_view> split_spaces(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

bool is_under(const std::string& path, const std::string& mount_point) {
  if (mount_point == "/") return true;
  return path.compare(0, mount_point.size(), mount_point) == 0 &&
         (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

}  // namespace

std::optional<MountEntry> find_mount(std::string_view mountinfo, const std::string& path) {
  std::optional<MountEntry> best;
  std::size_t at = 0;
  while (at < mountinfo.size()) {
    const std::size_t end = std::min(mountinfo.find('\n', at), mountinfo.size());
    const auto words = split_spaces(mountinfo.substr(at, end - at));
    at = end + 1;
    // id parent dev root mount_point options [optional...] - fstype source super_options
    std::size_t separator = 6;
    while (separator < words.size() && words[separator] != "-") ++separator;
    if (words.size() < 6 || separator + 3 > words.size()) continue;
    MountEntry entry{unescape_octal(words[4]), std::string(words[separator + 1]), std::string(words[5]),
                     unescape_octal(words[separator + 2])};
    if (separator + 3 < words.size()) entry.options.append(",").append(words[separator + 3]);
    // Later lines mount over earlier ones at the same point, so ">=" keeps the last.
    if (is_under(path, entry.mount_point) && (!best || entry.mount_point.size() >= best->mount_point.size())) {
      best = std::move(entry);
    }
  }
  return best;
}

SystemDescription describe_system(const std::filesystem::path& directory) {
  SystemDescription description;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) description.host_name = host;
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
  return description;
}

}  // namespace bench
