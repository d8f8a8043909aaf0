// Host or guest, hypervisor and container: fixture machines (tests/fixtures/virt/, see its README.md), single
// probes on hand-made evidence, and this machine.
#include "platform/virt_detect.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "result/result_keywords.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kVirtFixtures = fs::path(BENCH_FIXTURE_DIR) / "virt";

struct ExpectedPlacement {
  std::string role, hypervisor, container;
  std::vector<std::string> evidence;
};

// "key: value" lines; '#' lines are comments.
std::vector<std::pair<std::string, std::string>> key_values(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t colon = line.find(": ");
    REQUIRE_MESSAGE(colon != std::string::npos, line);
    pairs.emplace_back(line.substr(0, colon), line.substr(colon + 2));
  }
  return pairs;
}

ExpectedPlacement read_expected(const fs::path& dir) {
  ExpectedPlacement expected;
  for (const auto& [key, value] : key_values(test::read_file(dir / "case.txt"))) {
    if (key == "role") expected.role = value;
    if (key == "hypervisor") expected.hypervisor = value;
    if (key == "container") expected.container = value;
    if (key == "evidence") expected.evidence.push_back(value);
  }
  return expected;
}

// The fixture machine: its files, and CPUID from cpuid.txt when there is one.
VirtEvidence read_case(const fs::path& dir) {
  VirtEvidence evidence = read_virt_files(dir);
  if (fs::exists(dir / "cpuid.txt")) {
    CpuidEvidence cpuid;
    for (const auto& [key, value] : key_values(test::read_file(dir / "cpuid.txt"))) {
      if (key == "hypervisor_bit") cpuid.hypervisor_bit = value == "1";
      if (key == "vendor") cpuid.vendor = value + std::string(12 - std::min<std::size_t>(12, value.size()), '\0');
    }
    evidence.cpuid = cpuid;
  }
  return evidence;
}

std::string all_lines(const Placement& p) {
  std::string text;
  for (const auto& line : p.evidence) text += "  " + line + "\n";
  return text;
}

VirtEvidence x86_host() {
  VirtEvidence e;
  e.cpuid = CpuidEvidence{false, ""};
  return e;
}

VirtEvidence x86_guest(const std::string& vendor) {
  VirtEvidence e;
  e.cpuid = CpuidEvidence{true, vendor};
  return e;
}

// A raw SMBIOS type 0 entry (24-byte formatted area, then its strings) with the VM bit as given.
std::string smbios_bios_entry(bool vm_bit) {
  std::string raw(24, '\0');
  raw[0] = 0;     // type 0: BIOS information
  raw[1] = 24;    // formatted length
  raw[0x12] = 3;  // extension byte 1: ACPI, USB legacy
  raw[0x13] = static_cast<char>(vm_bit ? 0x1c : 0x0c);  // extension byte 2: bit 4 is "VM"
  return raw + "Amazon EC2\0" + std::string(1, '\0');
}

}  // namespace

TEST_CASE("virt detect: every fixture machine") {
  std::set<std::string> seen;
  for (const auto& entry : fs::directory_iterator(kVirtFixtures)) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    seen.insert(name);
    CAPTURE(name);
    const ExpectedPlacement expected = read_expected(entry.path());
    const Placement p = classify_placement(read_case(entry.path()));
    INFO("evidence:\n" << all_lines(p));
    CHECK(keyword(p.role) == expected.role);
    CHECK(p.hypervisor == expected.hypervisor);
    CHECK(p.container == expected.container);
    for (const auto& line : expected.evidence) {
      CHECK_MESSAGE(std::find(p.evidence.begin(), p.evidence.end(), line) != p.evidence.end(), line);
    }
  }
  for (const char* required :
       {"kvm", "qemu-tcg", "xen-pv", "xen-hvm", "xen-dom0", "vmware", "hyperv", "apple-vz", "ec2-nitro", "ec2-metal",
        "firecracker", "docker-bare-metal", "wsl2", "bare-metal", "nothing-readable"}) {
    CHECK_MESSAGE(seen.contains(required), "missing fixture " << required);
  }
}

TEST_CASE("virt detect: the reader maps files to fields") {
  const VirtEvidence kvm = read_virt_files(kVirtFixtures / "kvm");
  CHECK(kvm.dmi_sys_vendor == "QEMU\n");
  CHECK(kvm.dmi_product_name == "Standard PC (Q35 + ICH9, 2009)\n");
  REQUIRE(kvm.cpuinfo_flags.has_value());
  CHECK(kvm.cpuinfo_flags->find("hypervisor") != std::string::npos);
  CHECK(kvm.cpuinfo_vendor_id == "GenuineIntel");
  CHECK(!kvm.cpuid.has_value());  // never read from files
  CHECK(!kvm.proc_xen_exists);
  CHECK(!kvm.dockerenv_exists);
  CHECK(!kvm.sys_hypervisor_type.has_value());

  const VirtEvidence xen = read_virt_files(kVirtFixtures / "xen-dom0");
  CHECK(xen.proc_xen_exists);
  CHECK(xen.xen_capabilities == "control_d\n");
  CHECK(xen.sys_hypervisor_type == std::optional<std::string>("xen\n"));

  const VirtEvidence arm = read_virt_files(kVirtFixtures / "qemu-arm64-fw-cfg");
  CHECK(arm.device_tree_fw_cfg);
  CHECK(arm.device_tree_compatible == std::optional<std::string>(std::string("linux,dummy-virt\0", 17)));
  CHECK(!arm.cpuinfo_flags.has_value());

  const VirtEvidence podman = read_virt_files(kVirtFixtures / "podman-in-kvm");
  CHECK(podman.containerenv_exists);
  CHECK(podman.pid1_container_env == std::optional<std::string>("podman"));

  const VirtEvidence none = read_virt_files(kVirtFixtures / "nothing-readable");
  CHECK(none.dmi_sys_vendor.empty());
  CHECK(!none.cpuinfo_flags.has_value());
  CHECK(!none.device_tree_compatible.has_value());
  CHECK(read_virt_files(kVirtFixtures / "no-such-case").kernel_cmdline.empty());
}

TEST_CASE("virt detect: the reader reads every file into its own field") {
  test::TempDir root;
  // Each file holds its own path, so a file read into the wrong field shows.
  const auto put = [&](const std::string& path) {
    fs::create_directories((root.path() / path).parent_path());
    std::ofstream(root.path() / path) << path;
  };
  const std::vector<std::string> files = {
      "sys/class/dmi/id/product_name", "sys/class/dmi/id/sys_vendor", "sys/class/dmi/id/board_vendor",
      "sys/class/dmi/id/bios_vendor", "sys/class/dmi/id/product_version", "sys/firmware/dmi/entries/0-0/raw",
      "sys/hypervisor/type", "sys/hypervisor/properties/features", "proc/xen/capabilities",
      "proc/device-tree/hypervisor/compatible", "proc/device-tree/compatible", "proc/sysinfo", "proc/cmdline",
      "proc/sys/kernel/osrelease", "run/host/container-manager", "run/systemd/container", "proc/1/cgroup"};
  for (const auto& path : files) put(path);
  const VirtEvidence e = read_virt_files(root.path());
  CHECK(e.dmi_product_name == files[0]);
  CHECK(e.dmi_sys_vendor == files[1]);
  CHECK(e.dmi_board_vendor == files[2]);
  CHECK(e.dmi_bios_vendor == files[3]);
  CHECK(e.dmi_product_version == files[4]);
  CHECK(e.smbios_entry0_raw == files[5]);
  CHECK(e.sys_hypervisor_type == files[6]);
  CHECK(e.sys_hypervisor_features == files[7]);
  CHECK(e.xen_capabilities == files[8]);
  CHECK(e.device_tree_hypervisor_compatible == files[9]);
  CHECK(e.device_tree_compatible == files[10]);
  CHECK(e.s390_sysinfo == files[11]);
  CHECK(e.kernel_cmdline == files[12]);
  CHECK(e.osrelease == files[13]);
  CHECK(e.host_container_manager == files[14]);
  CHECK(e.systemd_container == files[15]);
  CHECK(e.pid1_cgroup == files[16]);
  CHECK(e.proc_xen_exists);  // proc/xen is there (a directory)
  CHECK_FALSE(e.proc_vz_exists);
  CHECK_FALSE(e.proc_bc_exists);
  CHECK_FALSE(e.containerenv_exists);
  CHECK_FALSE(e.dockerenv_exists);
  // The marker paths, one at a time.
  put("proc/vz");
  CHECK(read_virt_files(root.path()).proc_vz_exists);
  CHECK_FALSE(read_virt_files(root.path()).proc_bc_exists);
  put("proc/bc");
  CHECK(read_virt_files(root.path()).proc_bc_exists);
  CHECK_FALSE(read_virt_files(root.path()).containerenv_exists);
  put("run/.containerenv");
  CHECK(read_virt_files(root.path()).containerenv_exists);
  CHECK_FALSE(read_virt_files(root.path()).dockerenv_exists);
  put(".dockerenv");
  CHECK(read_virt_files(root.path()).dockerenv_exists);
}

TEST_CASE("virt detect: EC2 metal or VM by the SMBIOS VM bit") {
  VirtEvidence e = x86_guest("KVMKVMKVM");
  e.dmi_sys_vendor = "Amazon EC2\n";
  e.dmi_product_name = "c7g.large\n";
  e.smbios_entry0_raw = smbios_bios_entry(true);
  Placement p = classify_placement(e);
  CHECK(p.role == Role::kGuest);
  CHECK(p.hypervisor == "amazon");
  CHECK(std::count(p.evidence.begin(), p.evidence.end(), "SMBIOS BIOS characteristics: VM bit set") == 1);

  e = x86_host();
  e.dmi_sys_vendor = "Amazon EC2\n";
  e.dmi_product_name = "i4i.32xlarge\n";  // a bare-metal-capable type whose name does not say .metal
  e.smbios_entry0_raw = smbios_bios_entry(false);
  p = classify_placement(e);
  CHECK(p.role == Role::kHost);
  CHECK(p.hypervisor == "none");
  CHECK(std::count(p.evidence.begin(), p.evidence.end(), "EC2 bare-metal instance: the SMBIOS VM bit is clear") == 1);

  SUBCASE("the bit wins over the name") {
    e.dmi_product_name = "m5.metal\n";
    e.smbios_entry0_raw = smbios_bios_entry(true);
    CHECK(classify_placement(e).hypervisor == "amazon");
  }
  SUBCASE("an entry too short to hold extension byte 2 is ignored") {
    e.smbios_entry0_raw = smbios_bios_entry(true).substr(0, 0x13);
    CHECK(classify_placement(e).hypervisor == "amazon");  // no bit, and the name does not say .metal
    std::string short_length = smbios_bios_entry(true);
    short_length[1] = 0x12;  // SMBIOS 2.3: no extension byte 2
    e.smbios_entry0_raw = short_length;
    CHECK(classify_placement(e).hypervisor == "amazon");
  }
  SUBCASE("the VM bit alone, with no known vendor, makes a guest of vm-other") {
    VirtEvidence other;
    other.dmi_sys_vendor = "Example Cloud\n";
    other.smbios_entry0_raw = smbios_bios_entry(true);
    CHECK(classify_placement(other).hypervisor == "vm-other");
    other.smbios_entry0_raw = smbios_bios_entry(false);
    CHECK(classify_placement(other).role == Role::kHost);
  }
}

TEST_CASE("virt detect: the order of the probes") {
  SUBCASE("VirtualBox with KVM paravirtualization: DMI names Oracle at once") {
    VirtEvidence e = x86_guest("KVMKVMKVM");
    e.dmi_product_name = "VirtualBox\n";
    e.dmi_sys_vendor = "innotek GmbH\n";
    CHECK(classify_placement(e).hypervisor == "oracle");
  }
  SUBCASE("an Oracle server is not VirtualBox") {
    VirtEvidence e = x86_host();
    e.dmi_product_name = "ORACLE SERVER X8-2\n";
    e.dmi_sys_vendor = "Oracle Corporation\n";
    CHECK(classify_placement(e).role == Role::kHost);
    e.dmi_product_name = "VirtualBox\n";  // VirtualBox without a paravirtualization interface: no CPUID bit
    CHECK(classify_placement(e).hypervisor == "oracle");
  }
  SUBCASE("Xen disguised as Hyper-V: DMI Xen decides") {
    VirtEvidence e = x86_guest("Microsoft Hv");
    e.dmi_sys_vendor = "Xen\n";
    CHECK(classify_placement(e).hypervisor == "xen");
  }
  SUBCASE("Hyper-V CPUID alone decides last") {
    CHECK(classify_placement(x86_guest("Microsoft Hv")).hypervisor == "microsoft");
  }
  SUBCASE("KVM with Hyper-V enlightenments shows its own vendor too") {
    CHECK(classify_placement(x86_guest("Linux KVM Hv")).hypervisor == "kvm");
  }
  SUBCASE("an unknown CPUID vendor lets DMI refine it, else vm-other") {
    VirtEvidence e = x86_guest(std::string("NewVisor\0\0\0\0", 12));
    CHECK(classify_placement(e).hypervisor == "vm-other");
    CHECK(classify_placement(e).role == Role::kGuest);
    e.dmi_sys_vendor = "QEMU\n";
    CHECK(classify_placement(e).hypervisor == "qemu");
  }
  SUBCASE("the bit set with an empty vendor leaf") {
    CHECK(classify_placement(x86_guest(std::string(12, '\0'))).hypervisor == "vm-other");
  }
  SUBCASE("bhyve's padded vendor") { CHECK(classify_placement(x86_guest("bhyve bhyve ")).hypervisor == "bhyve"); }
  SUBCASE("dom0 nested in KVM is a guest of KVM") {
    VirtEvidence e = x86_guest("KVMKVMKVM");
    e.proc_xen_exists = true;
    e.xen_capabilities = "control_d\n";
    CHECK(classify_placement(e).hypervisor == "kvm");
  }
  SUBCASE("dom0 known by XENFEAT_dom0 (bit 11) in /sys/hypervisor/properties/features") {
    VirtEvidence e = x86_host();
    e.proc_xen_exists = true;
    e.sys_hypervisor_type = "xen\n";
    e.sys_hypervisor_features = "00000d05\n";  // 0xd05 has bit 11
    CHECK(classify_placement(e).role == Role::kHost);
    e.sys_hypervisor_features = "00000505\n";
    CHECK(classify_placement(e).hypervisor == "xen");
    e.sys_hypervisor_features = "garbage";
    CHECK(classify_placement(e).hypervisor == "xen");
  }
  SUBCASE("User Mode Linux") {
    VirtEvidence e;
    e.cpuinfo_vendor_id = "User Mode Linux";
    CHECK(classify_placement(e).hypervisor == "uml");
  }
  SUBCASE("device tree hypervisor node, PowerVM") {
    VirtEvidence e;
    e.device_tree_hypervisor_compatible = std::string("linux,kvm\0", 10);
    CHECK(classify_placement(e).hypervisor == "kvm");
    e.device_tree_hypervisor_compatible = std::string("xen,xen-4.17\0xen,xen\0", 21);
    CHECK(classify_placement(e).hypervisor == "xen");
    e.device_tree_hypervisor_compatible.reset();
    e.device_tree_compatible = std::string("IBM,9009-42A\0", 13);
    CHECK(classify_placement(e).role == Role::kHost);
    e.device_tree_powervm = true;
    CHECK(classify_placement(e).hypervisor == "powervm");
  }
  SUBCASE("without CPUID: the cpuinfo flag is a weak hint, its absence a host") {
    VirtEvidence e;
    e.cpuinfo_flags = "fpu vme de hypervisor lahf_lm";
    CHECK(classify_placement(e).hypervisor == "vm-other");
    e.cpuinfo_flags = "fpu vme de hypervisors";
    CHECK(classify_placement(e).role == Role::kHost);
  }
  SUBCASE("s390 under KVM") {
    VirtEvidence e;
    e.s390_sysinfo = "VM00 Name:            LINUX1\nVM00 Control Program: KVM/Linux\n";
    CHECK(classify_placement(e).hypervisor == "kvm");
    e.s390_sysinfo = "Manufacturer: IBM\n";
    CHECK(classify_placement(e).role == Role::kHost);
  }
}

TEST_CASE("virt detect: containers") {
  VirtEvidence e = x86_host();
  CHECK(classify_placement(e).container == "none");
  SUBCASE("what the manager wrote down wins over marker files") {
    e.dockerenv_exists = true;
    e.systemd_container = "systemd-nspawn\n";
    CHECK(classify_placement(e).container == "systemd-nspawn");
    e.host_container_manager = "lxc\n";
    CHECK(classify_placement(e).container == "lxc");
  }
  SUBCASE("unknown or generic names are container-other") {
    e.pid1_container_env = "my-own-runtime";
    CHECK(classify_placement(e).container == "container-other");
    e.pid1_container_env = "oci";
    CHECK(classify_placement(e).container == "container-other");
    e.pid1_container_env = "";
    CHECK(classify_placement(e).container == "none");
  }
  SUBCASE("podman's file before docker's") {
    e.dockerenv_exists = true;
    e.containerenv_exists = true;
    CHECK(classify_placement(e).container == "podman");
  }
  SUBCASE("OpenVZ: /proc/vz inside, /proc/vz and /proc/bc on its host") {
    e.proc_vz_exists = true;
    CHECK(classify_placement(e).container == "openvz");
    e.proc_bc_exists = true;
    CHECK(classify_placement(e).container == "none");
  }
  SUBCASE("WSL 1 (no VM) and cgroup paths") {
    e.osrelease = "4.4.0-19041-Microsoft\n";
    const Placement p = classify_placement(e);
    CHECK(p.container == "wsl");
    CHECK(p.role == Role::kHost);
    e.osrelease = "6.1.0\n";
    e.pid1_cgroup = "11:devices:/docker/3f2a\n";
    CHECK(classify_placement(e).container == "docker");
    e.pid1_cgroup = "0::/kubepods.slice/kubepods-pod1.slice\n";
    CHECK(classify_placement(e).container == "container-other");
    e.pid1_cgroup = "0::/\n";
    CHECK(classify_placement(e).container == "none");
  }
  SUBCASE("a container on bare metal stays a host") {
    e.dockerenv_exists = true;
    const Placement p = classify_placement(e);
    CHECK(p.role == Role::kHost);
    CHECK(p.hypervisor == "none");
    CHECK(p.container == "docker");
  }
}

TEST_CASE("virt detect: evidence lines are single printable lines, values quoted and cut") {
  VirtEvidence e = x86_guest(std::string("ab\ncd\x01\0\0\0\0\0\0\0", 12));
  e.dmi_sys_vendor = std::string(500, 'x') + "\n";
  e.pid1_container_env = "evil\nline";
  const Placement p = classify_placement(e);
  REQUIRE(!p.evidence.empty());
  for (const auto& line : p.evidence) {
    CAPTURE(line);
    CHECK(line.size() < 200);
    CHECK(std::none_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }));
  }
  CHECK(std::find(p.evidence.begin(), p.evidence.end(),
                  "CPUID: hypervisor bit set, leaf 0x40000000 vendor 'ab?cd?' (an unknown vendor: vm-other)") !=
        p.evidence.end());
  CHECK(std::find(p.evidence.begin(), p.evidence.end(),
                  "DMI sys_vendor '" + std::string(80, 'x') + "...': no VM vendor") != p.evidence.end());
}

TEST_CASE("virt detect: this machine") {
  const VirtEvidence evidence = read_virt_evidence();
  const Placement p = classify_placement(evidence);
  MESSAGE("this machine: role " << keyword(p.role) << ", hypervisor " << p.hypervisor << ", container " << p.container
                                << "\n" << all_lines(p));
  CHECK((p.role == Role::kHost || p.role == Role::kGuest || p.role == Role::kUnknown));
  CHECK((p.role == Role::kHost) == (p.hypervisor == "none"));
  CHECK((p.role == Role::kUnknown) == (p.hypervisor == "unknown"));
  CHECK(!p.container.empty());
  CHECK(!p.evidence.empty());
#if defined(__x86_64__) || defined(__i386__)
  REQUIRE(evidence.cpuid.has_value());
  CHECK(p.role != Role::kUnknown);
  CHECK(evidence.cpuid->vendor.size() == (evidence.cpuid->hypervisor_bit ? 12U : 0U));
#endif
  // systemd-detect-virt, where installed, must agree on the names both know.
  if (test::skip_unless(test::tool_installed("systemd-detect-virt"), test::Need::kTool,
                        "the comparison with systemd-detect-virt: it is not installed (Debian systemd)")) {
    return;
  }
  const auto answer = [](const char* option) {
    std::string out = test::run_program({"systemd-detect-virt", option}).out;
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  };
  const std::string vm = answer("--vm");
  const std::string container = answer("--container");
  MESSAGE("systemd-detect-virt: --vm " << vm << ", --container " << container);
  const std::set<std::string> shared_vm_names = {"none", "kvm", "qemu", "xen", "vmware", "microsoft", "oracle",
                                                 "amazon", "apple", "google", "parallels", "bhyve", "bochs",
                                                 "uml", "zvm", "powervm", "qnx", "acrn", "sre", "vm-other"};
  if (shared_vm_names.contains(vm)) CHECK(p.hypervisor == vm);
  const std::set<std::string> shared_container_names = {"none", "docker", "podman", "lxc", "lxc-libvirt",
                                                        "systemd-nspawn", "openvz", "wsl", "rkt", "pouch"};
  if (shared_container_names.contains(container)) CHECK(p.container == container);
}

}  // namespace bench
