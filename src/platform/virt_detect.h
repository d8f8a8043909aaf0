#pragma once
// Where bench++ runs: on a host or in a guest VM, under which hypervisor, and in which container.
//
// Reading and deciding are separate. read_virt_evidence() collects raw texts from this machine (CPUID, /proc,
// /sys, marker files); classify_placement() decides from them alone, so the decision is tested on fixture trees
// (tests/fixtures/virt/). The probes and their order follow systemd-detect-virt's (its documented behaviour, in
// our own code):
//   VM:  DMI vendor strings (Oracle/VirtualBox, Xen, Amazon EC2, Parallels and Google decide at once; EC2 bare
//        metal by the SMBIOS "VM" bit or a product name ending in .metal), User Mode Linux, /proc/xen (not for a
//        Xen dom0), CPUID leaf 0x40000000 (a "Microsoft Hv" signature decides only at the end, as QEMU shows it
//        too), the other DMI vendors, /sys/hypervisor/type, the device tree, /proc/sysinfo (s390), then weak hints
//        (the cpuinfo 'hypervisor' flag without CPUID, virtio_mmio.device= on the kernel command line).
//   Container: OpenVZ, WSL (osrelease), /run/host/container-manager, /run/systemd/container, container= in PID 1's
//        environment, /run/.containerenv (podman), /.dockerenv (docker), container paths in /proc/1/cgroup.
// A container is not a VM: both are reported, separately. "unknown" is a valid role when nothing readable says
// either way.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "result/run_result.h"  // Role

namespace bench {

struct CpuidEvidence {
  bool hypervisor_bit = false;  // leaf 1, ECX bit 31
  std::string vendor;           // leaf 0x40000000 EBX, ECX, EDX: 12 raw bytes (NUL padded); empty when the bit is clear
};

// Raw texts as read from the machine. Texts are kept as read (trailing newlines included); absent or unreadable
// files give nullopt, "" or false.
struct VirtEvidence {
  std::optional<CpuidEvidence> cpuid;        // nullopt: not x86, or not read (fixtures)
  std::optional<std::string> cpuinfo_flags;  // value of the first "flags" line of /proc/cpuinfo (x86 only)
  std::string cpuinfo_vendor_id;             // value of the first "vendor_id" line of /proc/cpuinfo
  // /sys/class/dmi/id/{product_name,sys_vendor,board_vendor,bios_vendor,product_version}
  std::string dmi_product_name, dmi_sys_vendor, dmi_board_vendor, dmi_bios_vendor, dmi_product_version;
  std::optional<std::string> smbios_entry0_raw;        // /sys/firmware/dmi/entries/0-0/raw (binary; root only)
  std::optional<std::string> sys_hypervisor_type;      // /sys/hypervisor/type
  std::optional<std::string> sys_hypervisor_features;  // /sys/hypervisor/properties/features (hex)
  bool proc_xen_exists = false;                        // /proc/xen
  std::string xen_capabilities;                        // /proc/xen/capabilities
  std::optional<std::string> device_tree_hypervisor_compatible;  // /proc/device-tree/hypervisor/compatible
  std::optional<std::string> device_tree_compatible;  // /proc/device-tree/compatible (NUL-separated list)
  bool device_tree_fw_cfg = false;    // /proc/device-tree holds a node whose name contains "fw-cfg"
  bool device_tree_powervm = false;   // ibm,partition-name and hmc-managed? there, chosen/qemu,graphic-width not
  std::string s390_sysinfo;           // /proc/sysinfo
  std::string kernel_cmdline;         // /proc/cmdline
  std::string osrelease;              // /proc/sys/kernel/osrelease
  // Containers.
  bool proc_vz_exists = false, proc_bc_exists = false;  // /proc/vz, /proc/bc
  std::optional<std::string> host_container_manager;    // /run/host/container-manager
  std::optional<std::string> systemd_container;         // /run/systemd/container
  std::optional<std::string> pid1_container_env;       // value of container= in /proc/1/environ (root only)
  bool containerenv_exists = false;                     // /run/.containerenv
  bool dockerenv_exists = false;                        // /.dockerenv
  std::string pid1_cgroup;                              // /proc/1/cgroup
};

// What we conclude.
struct Placement {
  Role role = Role::kUnknown;
  std::string hypervisor;  // guest: "kvm", "qemu", "xen", "vmware", "microsoft", "oracle", "amazon", "apple",
                           // "google", "parallels", "bhyve", "bochs", "uml", "zvm", "powervm", "qnx", "acrn",
                           // "sre", "vm-other"; host: "none"; unknown role: "unknown"
  std::string container;   // "docker", "podman", "lxc", "lxc-libvirt", "systemd-nspawn", "openvz", "wsl", "rkt",
                           // "proot", "pouch", "container-other", "none"
  std::vector<std::string> evidence;  // one line per observation, e.g. "CPUID ... vendor 'KVMKVMKVM' (kvm)"
};

// Pure: decides from the evidence alone. Never throws (beyond std::bad_alloc).
Placement classify_placement(const VirtEvidence& evidence);

// Pure: the container part of classify_placement. Appends its observations to *evidence.
std::string classify_container(const VirtEvidence& evidence, std::vector<std::string>* evidence_lines);

// Reads the files of the evidence below `root` ("/" for this machine; a fixture tree in tests). Leaves cpuid
// unset. Never throws (beyond std::bad_alloc): what cannot be read stays empty.
VirtEvidence read_virt_files(const std::filesystem::path& root);

// CPUID leaves 1 and 0x40000000 on x86; nullopt elsewhere.
std::optional<CpuidEvidence> read_cpuid();

// This machine: read_virt_files("/") plus read_cpuid(). Never throws.
VirtEvidence read_virt_evidence();

}  // namespace bench
