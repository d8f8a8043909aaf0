#pragma once
// Facts about the machine and the target filesystem that every run records. The parser is pure
// (tested on fixture text); describe_system() reads the live system.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace bench {

struct MountEntry {
  std::string mount_point;
  std::string filesystem;  // e.g. "ext4"
  std::string options;     // mount options then superblock options, e.g. "rw,relatime,errors=remount-ro"
  std::string source;      // e.g. "/dev/vda1"
};

// The entry of /proc/self/mountinfo text whose mount point is the longest prefix of `path` (an absolute,
// canonical path). nullopt when no line parses.
std::optional<MountEntry> find_mount(std::string_view mountinfo, const std::string& path);

struct SystemDescription {
  std::string host_name;
  std::string kernel;  // "Linux 6.1.0-13-amd64"
  MountEntry mount;    // of the benchmark directory (fields empty when unknown)
};

SystemDescription describe_system(const std::filesystem::path& directory);

}  // namespace bench
