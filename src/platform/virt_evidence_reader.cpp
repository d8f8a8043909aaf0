// Reading the evidence of platform/virt_detect.h from a machine (or a fixture tree). Every read is allowed to
// fail: a missing or unreadable file leaves its field empty.
#include <cstring>
#include <fstream>
#include <string_view>
#include <system_error>

#include "platform/virt_detect.h"

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
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(key)) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || line.find_first_not_of(" \t", key.size()) != colon) continue;
    const std::size_t value = line.find_first_not_of(" \t", colon + 1);
    return value == std::string_view::npos ? std::string() : std::string(line.substr(value));
  }
  return std::nullopt;
}

// The value of NAME= in a NUL-separated environment block.
std::optional<std::string> environ_value(std::string_view block, std::string_view name) {
  std::size_t at = 0;
  while (at < block.size()) {
    const std::size_t end = std::min(block.find('\0', at), block.size());
    const std::string_view entry = block.substr(at, end - at);
    at = end + 1;
    if (entry.size() > name.size() && entry.starts_with(name) && entry[name.size()] == '=') {
      return std::string(entry.substr(name.size() + 1));
    }
  }
  return std::nullopt;
}

void read_device_tree(const fs::path& dt, VirtEvidence* e) {
  e->device_tree_hypervisor_compatible = read_text(dt / "hypervisor" / "compatible");
  e->device_tree_compatible = read_text(dt / "compatible");
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
  const std::string cpuinfo = read_or_empty(root / "proc/cpuinfo");
  e.cpuinfo_flags = cpuinfo_value(cpuinfo, "flags");
  e.cpuinfo_vendor_id = cpuinfo_value(cpuinfo, "vendor_id").value_or("");
  const fs::path dmi = root / "sys/class/dmi/id";
  e.dmi_product_name = read_or_empty(dmi / "product_name");
  e.dmi_sys_vendor = read_or_empty(dmi / "sys_vendor");
  e.dmi_board_vendor = read_or_empty(dmi / "board_vendor");
  e.dmi_bios_vendor = read_or_empty(dmi / "bios_vendor");
  e.dmi_product_version = read_or_empty(dmi / "product_version");
  e.smbios_entry0_raw = read_text(root / "sys/firmware/dmi/entries/0-0/raw");
  e.sys_hypervisor_type = read_text(root / "sys/hypervisor/type");
  e.sys_hypervisor_features = read_text(root / "sys/hypervisor/properties/features");
  e.proc_xen_exists = path_exists(root / "proc/xen");
  e.xen_capabilities = read_or_empty(root / "proc/xen/capabilities");
  read_device_tree(root / "proc/device-tree", &e);
  e.s390_sysinfo = read_or_empty(root / "proc/sysinfo");
  e.kernel_cmdline = read_or_empty(root / "proc/cmdline");
  e.osrelease = read_or_empty(root / "proc/sys/kernel/osrelease");
  e.proc_vz_exists = path_exists(root / "proc/vz");
  e.proc_bc_exists = path_exists(root / "proc/bc");
  e.host_container_manager = read_text(root / "run/host/container-manager");
  e.systemd_container = read_text(root / "run/systemd/container");
  if (const auto environ = read_text(root / "proc/1/environ")) e.pid1_container_env = environ_value(*environ, "container");
  e.containerenv_exists = path_exists(root / "run/.containerenv");
  e.dockerenv_exists = path_exists(root / ".dockerenv");
  e.pid1_cgroup = read_or_empty(root / "proc/1/cgroup");
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

VirtEvidence read_virt_evidence() {
  try {
    VirtEvidence evidence = read_virt_files("/");
    evidence.cpuid = read_cpuid();
    return evidence;
  } catch (...) {
    return VirtEvidence{};  // nothing known: classify_placement says "unknown"
  }
}

}  // namespace bench
