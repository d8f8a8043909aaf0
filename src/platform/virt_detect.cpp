// The VM half of classify_placement: probes that each report what they saw, then one decision in
// systemd-detect-virt's order (see the header). The container half is in container_detect.cpp.
#include "platform/virt_detect.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>

#include <fmt/format.h>

#include "platform/virt_text.h"
#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

using virt_text::contains;
using virt_text::quote_value;
using virt_text::trimmed;

struct Signature {
  std::string_view text;
  std::string_view hypervisor;
};

// DMI strings, matched as prefixes; the first match wins.
constexpr std::array<Signature, 17> kDmiVendors = {{{"KVM", "kvm"},
                                                    {"OpenStack", "kvm"},
                                                    {"KubeVirt", "kvm"},
                                                    {"Amazon EC2", "amazon"},
                                                    {"QEMU", "qemu"},
                                                    {"VMware", "vmware"},
                                                    {"VMW", "vmware"},
                                                    {"innotek GmbH", "oracle"},
                                                    {"VirtualBox", "oracle"},
                                                    {"Oracle Corporation", "oracle"},
                                                    {"Xen", "xen"},
                                                    {"Bochs", "bochs"},
                                                    {"Parallels", "parallels"},
                                                    {"BHYVE", "bhyve"},
                                                    {"Hyper-V", "microsoft"},
                                                    {"Apple Virtualization", "apple"},
                                                    {"Google Compute Engine", "google"}}};

// CPUID leaf 0x40000000 vendors, compared without their NUL or space padding.
constexpr std::array<Signature, 11> kCpuidVendors = {{{"XenVMMXenVMM", "xen"},
                                                      {"KVMKVMKVM", "kvm"},
                                                      {"Linux KVM Hv", "kvm"},  // KVM with Hyper-V enlightenments
                                                      {"TCGTCGTCGTCG", "qemu"},
                                                      {"VMwareVMware", "vmware"},
                                                      {"Microsoft Hv", "microsoft"},
                                                      {"bhyve bhyve", "bhyve"},
                                                      {"QNXQVMBSQG", "qnx"},
                                                      {"ACRNACRNACRN", "acrn"},
                                                      {"SRESRESRESRE", "sre"},
                                                      {"Apple VZ", "apple"}}};

// Hypervisors that DMI names with authority even when CPUID shows KVM (or Xen shows Hyper-V) underneath.
constexpr std::array<std::string_view, 5> kDmiDecidesAtOnce = {"oracle", "xen", "amazon", "parallels", "google"};

constexpr std::string_view kNone = "none";
constexpr std::string_view kOther = "vm-other";

// What the probes found, before deciding. Each optional names a hypervisor ("none" for an EC2 bare-metal
// instance named by DMI).
struct VmFindings {
  std::optional<std::string> dmi;
  bool uml = false;
  bool xen_guest = false;  // /proc/xen in a domain other than dom0
  bool xen_dom0 = false;
  std::optional<std::string> cpuid;  // "microsoft" and "vm-other" decide late
  std::optional<std::string> sys_hypervisor;
  std::optional<std::string> device_tree;
  std::optional<std::string> s390;
  bool weak_hint = false;      // some sign of a VM that names no hypervisor
  bool something_read = false;  // a probe that would show a VM had something to look at
};

// The SMBIOS "VM" bit: type 0 (BIOS information), BIOS Characteristics Extension Byte 2 (offset 0x13), bit 4.
// nullopt when the entry is absent or too short to hold that byte.
std::optional<bool> smbios_vm_bit(const std::optional<std::string>& raw) {
  constexpr std::size_t kExtensionByte2 = 0x13;
  if (!raw || raw->size() <= kExtensionByte2 || (*raw)[0] != 0) return std::nullopt;
  if (static_cast<unsigned char>((*raw)[1]) <= kExtensionByte2) return std::nullopt;  // formatted length
  return (static_cast<unsigned char>((*raw)[kExtensionByte2]) & 0x10U) != 0;
}

bool has_word(std::string_view words, std::string_view word) {
  std::size_t at = 0;
  while (at < words.size()) {
    const std::size_t end = std::min(words.find_first_of(" \t\n", at), words.size());
    if (words.substr(at, end - at) == word) return true;
    at = end + 1;
  }
  return false;
}

// A NUL-separated device-tree string list as "a, b".
std::string dt_list(std::string_view list) {
  std::string out;
  for (const char c : trimmed(list)) out += c == '\0' ? std::string(", ") : std::string(1, c);
  return quote_value(out);
}

// The DMI vendor table, then Hyper-V's pair of strings, then the SMBIOS VM bit; EC2 bare metal gives "none".
std::optional<std::string> probe_dmi(const VirtEvidence& e, std::vector<std::string>* out) {
  const std::array<std::pair<std::string_view, const std::string*>, 5> fields = {{
      {"product_name", &e.dmi_product_name},
      {"sys_vendor", &e.dmi_sys_vendor},
      {"board_vendor", &e.dmi_board_vendor},
      {"bios_vendor", &e.dmi_bios_vendor},
      {"product_version", &e.dmi_product_version},
  }};
  // Oracle's own servers show "Oracle Corporation" too; VirtualBox always names itself in product_name as well.
  const bool oracle_hardware = e.cpuid && !e.cpuid->hypervisor_bit;
  std::optional<std::string> found;
  for (const auto& [name, value] : fields) {
    for (const auto& vendor : kDmiVendors) {
      if (found || !trimmed(*value).starts_with(vendor.text)) continue;
      if (oracle_hardware && vendor.text == "Oracle Corporation") continue;
      out->push_back(fmt::format("DMI {} {} ({})", name, quote_value(*value), vendor.hypervisor));
      found = std::string(vendor.hypervisor);
    }
  }
  // Hyper-V and Azure VMs show Microsoft's name with this product name; a Surface laptop shows the name alone.
  if (!found && trimmed(e.dmi_sys_vendor) == "Microsoft Corporation" &&
      trimmed(e.dmi_product_name) == "Virtual Machine") {
    out->push_back(fmt::format("DMI sys_vendor {} with product_name {} (microsoft)", quote_value(e.dmi_sys_vendor),
                               quote_value(e.dmi_product_name)));
    found = "microsoft";
  }
  if (!found) {
    std::string seen;
    for (const auto& [name, value] : fields) {
      if (!trimmed(*value).empty()) seen += fmt::format("{}{} {}", seen.empty() ? "" : ", ", name, quote_value(*value));
    }
    out->push_back(seen.empty() ? "DMI: no strings (/sys/class/dmi/id absent or empty)"
                                : fmt::format("DMI {}: no VM vendor", seen));
  }
  const std::optional<bool> vm_bit = smbios_vm_bit(e.smbios_entry0_raw);
  if (vm_bit) out->push_back(fmt::format("SMBIOS BIOS characteristics: VM bit {}", *vm_bit ? "set" : "clear"));
  if (found == "amazon") {
    const bool metal_name = contains(e.dmi_product_name, ".metal");
    if (vm_bit ? !*vm_bit : metal_name) {
      out->push_back(vm_bit ? "EC2 bare-metal instance: the SMBIOS VM bit is clear"
                            : fmt::format("EC2 bare-metal instance: product_name {} names a .metal type",
                                          quote_value(e.dmi_product_name)));
      return std::string(kNone);
    }
  }
  if (!found && vm_bit == true) return std::string(kOther);
  return found;
}

// A /proc/xen directory shows a Xen domain; dom0, the control domain, is the host side of Xen.
void probe_xen(const VirtEvidence& e, VmFindings* f, std::vector<std::string>* out) {
  if (!e.proc_xen_exists) return;
  bool dom0_feature = false;
  if (e.sys_hypervisor_features) {
    const std::string_view hex = trimmed(*e.sys_hypervisor_features);
    const std::optional<std::uint64_t> features = read_number<std::uint64_t>(hex, 16);
    dom0_feature = features && ((*features >> 11U) & 1U) != 0;  // XENFEAT_dom0
  }
  if (contains(e.xen_capabilities, "control_d")) {
    out->push_back("/proc/xen/capabilities 'control_d': Xen dom0, the control domain (host side)");
    f->xen_dom0 = true;
  } else if (dom0_feature) {
    out->push_back("/sys/hypervisor/properties/features has XENFEAT_dom0: Xen dom0, the control domain (host side)");
    f->xen_dom0 = true;
  } else {
    out->push_back("/proc/xen exists (xen)");
    f->xen_guest = true;
  }
}

// CPUID, or without it (not x86, or not read) the 'hypervisor' flag of /proc/cpuinfo.
void probe_cpuid(const VirtEvidence& e, VmFindings* f, std::vector<std::string>* out) {
  if (!e.cpuid) {
    if (!e.cpuinfo_flags) return;
    f->something_read = true;
    const bool flag = has_word(*e.cpuinfo_flags, "hypervisor");
    out->push_back(fmt::format("/proc/cpuinfo flags {} 'hypervisor'", flag ? "include" : "lack"));
    f->weak_hint = f->weak_hint || flag;
    return;
  }
  f->something_read = true;
  if (!e.cpuid->hypervisor_bit) {
    out->push_back("CPUID: hypervisor bit clear");
    return;
  }
  const std::string_view vendor = trimmed(e.cpuid->vendor);
  const auto known = std::find_if(kCpuidVendors.begin(), kCpuidVendors.end(),
                                  [&](const Signature& s) { return s.text == vendor; });
  std::string name = known == kCpuidVendors.end() ? std::string(kOther) : std::string(known->hypervisor);
  std::string note = name;
  if (name == "microsoft") note = "microsoft, unless another probe names the hypervisor: QEMU/KVM show it too";
  if (name == "xen" && f->xen_dom0) note = "xen: the hypervisor of this dom0";
  if (known == kCpuidVendors.end()) note = "an unknown vendor: vm-other";
  out->push_back(fmt::format("CPUID: hypervisor bit set, leaf 0x40000000 vendor {} ({})", quote_value(e.cpuid->vendor),
                             note));
  if (!(name == "xen" && f->xen_dom0)) f->cpuid = std::move(name);
}

void probe_sys_hypervisor(const VirtEvidence& e, VmFindings* f, std::vector<std::string>* out) {
  if (!e.sys_hypervisor_type) return;
  f->something_read = true;
  const std::string_view type = trimmed(*e.sys_hypervisor_type);
  if (type.empty()) return;
  f->sys_hypervisor = type == "xen" ? "xen" : std::string(kOther);
  out->push_back(fmt::format("/sys/hypervisor/type {} ({})", quote_value(type), *f->sys_hypervisor));
}

void probe_device_tree(const VirtEvidence& e, VmFindings* f, std::vector<std::string>* out) {
  if (e.device_tree_compatible || e.device_tree_hypervisor_compatible) f->something_read = true;
  if (e.device_tree_hypervisor_compatible) {
    const std::string_view hv = trimmed(*e.device_tree_hypervisor_compatible);
    f->device_tree = hv == "linux,kvm"         ? "kvm"
                     : contains(hv, "xen")     ? "xen"
                     : contains(hv, "vmware")  ? "vmware"
                                               : std::string(kOther);
    out->push_back(fmt::format("device tree hypervisor/compatible {} ({})", dt_list(hv), *f->device_tree));
  } else if (e.device_tree_powervm) {
    f->device_tree = "powervm";
    out->push_back("device tree has ibm,partition-name and hmc-managed? (powervm)");
  } else if (e.device_tree_fw_cfg) {
    f->device_tree = "qemu";
    out->push_back("device tree has a fw-cfg node (qemu)");
  } else if (e.device_tree_compatible && contains(*e.device_tree_compatible, "qemu,pseries")) {
    f->device_tree = "qemu";
    out->push_back(fmt::format("device tree compatible {} (qemu)", dt_list(*e.device_tree_compatible)));
  } else if (e.device_tree_compatible && contains(*e.device_tree_compatible, "linux,dummy-virt")) {
    f->device_tree = std::string(kOther);  // Firecracker's and QEMU's arm64 "virt" boards without a hypervisor node
    out->push_back(fmt::format("device tree compatible {} (vm-other)", dt_list(*e.device_tree_compatible)));
  } else if (e.device_tree_compatible) {
    out->push_back(fmt::format("device tree compatible {}: no VM sign", dt_list(*e.device_tree_compatible)));
  }
}

void probe_s390(const VirtEvidence& e, VmFindings* f, std::vector<std::string>* out) {
  if (trimmed(e.s390_sysinfo).empty()) return;
  f->something_read = true;
  for_each_line(e.s390_sysinfo, [&](std::string_view line) {
    if (!line.starts_with("VM00 Control Program")) return true;
    f->s390 = contains(line, "z/VM") ? "zvm" : "kvm";
    out->push_back(fmt::format("/proc/sysinfo {} ({})", quote_value(line), *f->s390));
    return false;
  });
}

// The decision, in systemd-detect-virt's order.
std::string decide_vm(const VmFindings& f) {
  const auto at_once = [](const std::string& name) {
    return name == kNone ||
           std::find(kDmiDecidesAtOnce.begin(), kDmiDecidesAtOnce.end(), name) != kDmiDecidesAtOnce.end();
  };
  if (f.dmi && at_once(*f.dmi)) return *f.dmi;
  if (f.uml) return "uml";
  if (f.xen_guest) return "xen";
  if (f.cpuid && *f.cpuid != "microsoft" && *f.cpuid != kOther) return *f.cpuid;
  if (f.xen_dom0) return std::string(kNone);
  for (const auto* found : {&f.dmi, &f.sys_hypervisor, &f.device_tree, &f.s390, &f.cpuid}) {
    if (*found) return **found;
  }
  if (f.weak_hint) return std::string(kOther);
  return f.something_read ? std::string(kNone) : "unknown";
}

std::string classify_vm(const VirtEvidence& e, std::vector<std::string>* out) {
  VmFindings f;
  f.dmi = probe_dmi(e, out);
  f.something_read = f.dmi.has_value() || e.smbios_entry0_raw.has_value() ||
                     !(trimmed(e.dmi_product_name).empty() && trimmed(e.dmi_sys_vendor).empty() &&
                       trimmed(e.dmi_board_vendor).empty() && trimmed(e.dmi_bios_vendor).empty() &&
                       trimmed(e.dmi_product_version).empty());
  if (trimmed(e.cpuinfo_vendor_id) == "User Mode Linux") {
    out->push_back("/proc/cpuinfo vendor_id 'User Mode Linux' (uml)");
    f.uml = true;
  }
  probe_xen(e, &f, out);
  probe_cpuid(e, &f, out);
  probe_sys_hypervisor(e, &f, out);
  probe_device_tree(e, &f, out);
  probe_s390(e, &f, out);
  if (contains(e.kernel_cmdline, "virtio_mmio.device=")) {
    out->push_back("kernel command line declares virtio_mmio.device= devices (a microVM such as Firecracker)");
    f.weak_hint = true;
  }
  std::string hypervisor = decide_vm(f);
  if (hypervisor == "unknown") out->push_back("nothing readable shows a host or a VM: no CPUID, DMI or device tree");
  return hypervisor;
}

}  // namespace

Placement classify_placement(const VirtEvidence& evidence) {
  Placement placement;
  placement.hypervisor = classify_vm(evidence, &placement.evidence);
  placement.container = classify_container(evidence, &placement.evidence);
  placement.role = placement.hypervisor == kNone        ? Role::kHost
                   : placement.hypervisor == "unknown" ? Role::kUnknown
                                                       : Role::kGuest;
  return placement;
}

}  // namespace bench
