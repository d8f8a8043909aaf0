// The container half of classify_placement (platform/virt_detect.h), in systemd-detect-virt's order: OpenVZ,
// WSL, what the container manager wrote down (/run/host/container-manager, /run/systemd/container, container=
// in PID 1's environment), then marker files (/run/.containerenv, /.dockerenv), then paths in /proc/1/cgroup.
#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

#include "platform/virt_detect.h"
#include "platform/virt_text.h"
#include "text/split.h"

namespace bench {
namespace {

using virt_text::contains;
using virt_text::contains_ignoring_case;
using virt_text::quote_value;
using virt_text::trimmed;

// Names a container manager may give itself (in container= or the files above); others are container-other.
constexpr std::array<std::string_view, 9> kKnownContainers = {
    "lxc", "lxc-libvirt", "systemd-nspawn", "docker", "podman", "rkt", "wsl", "proot", "pouch"};

std::string container_name(std::string_view said) {
  const std::string_view name = trimmed(said);
  if (name == "oci") return "container-other";  // the OCI runtime spec's generic value
  const auto known = std::find(kKnownContainers.begin(), kKnownContainers.end(), name);
  return known == kKnownContainers.end() ? "container-other" : std::string(name);
}

// A container manager's path in /proc/1/cgroup (cgroup v1, or v2 without a cgroup namespace).
std::optional<std::string> cgroup_container(std::string_view cgroup, std::string* line_out) {
  struct PathSign {
    std::string_view part;
    std::string_view container;
  };
  constexpr std::array<PathSign, 6> kSigns = {{{"/docker/", "docker"},
                                               {"/docker-", "docker"},
                                               {"/libpod-", "podman"},
                                               {"/lxc/", "lxc"},
                                               {"/lxc.payload", "lxc"},
                                               {"/kubepods", "container-other"}}};
  std::optional<std::string> found;
  for_each_line(cgroup, [&](std::string_view line) {
    for (const auto& sign : kSigns) {
      if (contains(line, sign.part)) {
        *line_out = std::string(line);
        found = std::string(sign.container);
        return false;
      }
    }
    return true;
  });
  return found;
}

}  // namespace

std::string classify_container(const VirtEvidence& e, std::vector<std::string>* out) {
  if (e.proc_vz_exists && !e.proc_bc_exists) {
    out->push_back("/proc/vz exists without /proc/bc (openvz)");
    return "openvz";
  }
  if (contains_ignoring_case(e.osrelease, "microsoft") || contains(e.osrelease, "WSL")) {
    out->push_back(fmt::format("/proc/sys/kernel/osrelease {} (wsl)", quote_value(e.osrelease)));
    return "wsl";
  }
  const std::array<std::pair<std::string_view, const std::optional<std::string>*>, 3> said = {{
      {"/run/host/container-manager", &e.host_container_manager},
      {"/run/systemd/container", &e.systemd_container},
      {"container= in /proc/1/environ:", &e.pid1_container_env},
  }};
  for (const auto& [source, value] : said) {
    if (!*value || trimmed(**value).empty()) continue;
    std::string name = container_name(**value);
    out->push_back(fmt::format("{} {} ({})", source, quote_value(**value), name));
    return name;
  }
  if (e.containerenv_exists) {
    out->push_back("/run/.containerenv exists (podman)");
    return "podman";
  }
  if (e.dockerenv_exists) {
    out->push_back("/.dockerenv exists (docker)");
    return "docker";
  }
  std::string line;
  if (auto name = cgroup_container(e.pid1_cgroup, &line)) {
    out->push_back(fmt::format("/proc/1/cgroup {} ({})", quote_value(line), *name));
    return *name;
  }
  out->push_back("no container marker");
  return "none";
}

}  // namespace bench
