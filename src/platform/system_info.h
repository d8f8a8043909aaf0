#pragma once
// Facts about the machine and the target filesystem: what the command line's defaults need (SystemFacts) and
// what every run records (SystemDescription). The mountinfo parser is pure (tested on fixture text); the
// other functions read the live system.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "platform/block_device.h"
#include <string_view>

namespace bench {

// This machine's name as gethostname(2) gives it ("" when it cannot be read): the one way bench++ reads it.
std::string host_name();

// What the command-line parser needs from the machine (cli/bonnie_command_line.h), so that parsing stays pure.
struct SystemFacts {
  std::uint64_t ram_mib = 0;      // physical memory in MiB as bonnie++ computes it (pagesize/1024 * (pages/1024))
  std::string host_name;          // default machine name
  std::uint32_t random_seed = 0;  // used when -z is absent
};

// The facts of this machine: sysconf page size and count, host_name(), std::random_device (bonnie++'s
// pid ^ time when no entropy source can be opened).
SystemFacts read_system_facts();

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
  std::uint32_t cpus = 0;          // online CPUs (sysconf)
  std::uint64_t memory_bytes = 0;  // physical memory (sysconf)
  std::optional<BlockDevice> device;  // under the benchmark directory (platform/block_device.h)
};

SystemDescription describe_system(const std::filesystem::path& directory);

}  // namespace bench
