// Reading the evidence of platform/virt_detect.h from a machine (or a fixture tree). Every read is allowed to
// fail: a missing or unreadable file leaves its field empty.
#include <cstring>
#include <fstream>
#include <string_view>
#include <system_error>

#include "platform/virt_detect.h"
#include "text/split.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = 64 * 1024;  // every file read here is far smaller, but for /proc/cpuinfo

// The first kMaxFileBytes bytes of a file, or nullopt when it cannot be opened or read.
std::optional<std::string> read_text(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;  // also keeps directories and FIFOs out
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string data(kMaxFileBytes, '\0');
  in.read(data.data(), static_cast<std::streamsize>(data.size()));
  if (in.bad()) return std::nullopt;
  data.resize(static_cast<std::size_t>(in.gcount()));
  return data;
}

std::string read_or_empty(const fs::path& path) { return read_text(path).value_or(""); }

bool path_exists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

// The value of the first "key<spaces>: value" line of /proc/cpuinfo text.
std::optional<std::string> cpuinfo_value(std::string_view text, std::string_view key) {
  std::optional<std::string> value;
  for_each_line(text, [&](std::string_view line) {
    if (!line.starts_with(key)) return true;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || line.find_first_not_of(" \t", key.size()) != colon) return true;
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    value = start == std::string_view::npos ? std::string() : std::string(line.substr(start));
    return false;
  });
  return value;
}

// The value of NAME= in a NUL-separated environment block.
std::optional<std::string> environ_value(std::string_view block, std::string_view name) {
  for (const std::string_view entry : split(block, '\0')) {
    if (entry.size() > name.size() && entry.starts_with(name) && entry[name.size()] == '=') {
      return std::string(entry.substr(name.size() + 1));
    }
  }
  return std::nullopt;
}

// A file (or, for the bool fields, a path) below the root and the field of VirtEvidence it fills.
template <typename Field>
struct FileField {
  const char* path;
  Field VirtEvidence::*field;
};

// Text of a file, "" when it cannot be read.
constexpr FileField<std::string> kTextFiles[] = {
    {"sys/class/dmi/id/product_name", &VirtEvidence::dmi_product_name},
    {"sys/class/dmi/id/sys_vendor", &VirtEvidence::dmi_sys_vendor},
    {"sys/class/dmi/id/board_vendor", &VirtEvidence::dmi_board_vendor},
    {"sys/class/dmi/id/bios_vendor", &VirtEvidence::dmi_bios_vendor},
    {"sys/class/dmi/id/product_version", &VirtEvidence::dmi_product_version},
    {"proc/xen/capabilities", &VirtEvidence::xen_capabilities},
    {"proc/sysinfo", &VirtEvidence::s390_sysinfo},
    {"proc/cmdline", &VirtEvidence::kernel_cmdline},
    {"proc/sys/kernel/osrelease", &VirtEvidence::osrelease},
    {"proc/1/cgroup", &VirtEvidence::pid1_cgroup},
};

// Text of a file, nullopt when it cannot be read.
constexpr FileField<std::optional<std::string>> kOptionalTextFiles[] = {
    {"sys/firmware/dmi/entries/0-0/raw", &VirtEvidence::smbios_entry0_raw},
    {"sys/hypervisor/type", &VirtEvidence::sys_hypervisor_type},
    {"sys/hypervisor/properties/features", &VirtEvidence::sys_hypervisor_features},
    {"proc/device-tree/hypervisor/compatible", &VirtEvidence::device_tree_hypervisor_compatible},
    {"proc/device-tree/compatible", &VirtEvidence::device_tree_compatible},
    {"run/host/container-manager", &VirtEvidence::host_container_manager},
    {"run/systemd/container", &VirtEvidence::systemd_container},
};

// Whether a path exists.
constexpr FileField<bool> kMarkers[] = {
    {"proc/xen", &VirtEvidence::proc_xen_exists},
    {"proc/vz", &VirtEvidence::proc_vz_exists},
    {"proc/bc", &VirtEvidence::proc_bc_exists},
    {"run/.containerenv", &VirtEvidence::containerenv_exists},
    {".dockerenv", &VirtEvidence::dockerenv_exists},
};

// The device-tree evidence that is not a whole file (kOptionalTextFiles reads the compatible strings).
void read_device_tree(const fs::path& dt, VirtEvidence* e) {
  e->device_tree_powervm = path_exists(dt / "ibm,partition-name") && path_exists(dt / "hmc-managed?") &&
                           !path_exists(dt / "chosen" / "qemu,graphic-width");
  std::error_code ec;
  for (fs::directory_iterator it(dt, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename().string().find("fw-cfg") != std::string::npos) e->device_tree_fw_cfg = true;
  }
}

}  // namespace

VirtEvidence read_virt_files(const fs::path& root) {
  VirtEvidence e;
  for (const auto& [path, field] : kTextFiles) e.*field = read_or_empty(root / path);
  for (const auto& [path, field] : kOptionalTextFiles) e.*field = read_text(root / path);
  for (const auto& [path, field] : kMarkers) e.*field = path_exists(root / path);
  const std::string cpuinfo = read_or_empty(root / "proc/cpuinfo");
  e.cpuinfo_flags = cpuinfo_value(cpuinfo, "flags");
  e.cpuinfo_vendor_id = cpuinfo_value(cpuinfo, "vendor_id").value_or("");
  read_device_tree(root / "proc/device-tree", &e);
  if (const auto environ = read_text(root / "proc/1/environ")) e.pid1_container_env = environ_value(*environ, "container");
  return e;
}

std::optional<CpuidEvidence> read_cpuid() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return std::nullopt;
  CpuidEvidence cpuid;
  cpuid.hypervisor_bit = ((ecx >> 31U) & 1U) != 0;
  if (cpuid.hypervisor_bit) {
    __cpuid(0x40000000U, eax, ebx, ecx, edx);
    cpuid.vendor.resize(12);
    std::memcpy(cpuid.vendor.data(), &ebx, 4);
    std::memcpy(cpuid.vendor.data() + 4, &ecx, 4);
    std::memcpy(cpuid.vendor.data() + 8, &edx, 4);
  }
  return cpuid;
#else
  return std::nullopt;
#endif
}

// A file that cannot be read is evidence missing (the readers above take std::error_code, never throw), so
// nothing here is caught: what could still throw (std::bad_alloc) is a failure of the run, not "unknown".
VirtEvidence read_virt_evidence() {
  VirtEvidence evidence = read_virt_files("/");
  evidence.cpuid = read_cpuid();
  return evidence;
}

}  // namespace bench
