#include "app/run_info.h"

#include "cli/tags.h"
#include "platform/system_info.h"

namespace bench {

RunInfo make_run_info(const Config& config, Placement placement) {
  const SystemDescription system = describe_system(config.directory);
  RunInfo info;
  info.label = config.label;
  info.version = BENCH_VERSION;
  info.host_name = system.host_name;
  info.kernel = system.kernel;
  info.filesystem = system.mount.filesystem;
  info.mount_options = system.mount.options;
  info.directory = std::filesystem::absolute(config.directory).lexically_normal().string();
  info.role = placement.role;
  info.hypervisor = placement.hypervisor;
  info.container = placement.container;
  info.placement_evidence = std::move(placement.evidence);
  if (system.cpus > 0) info.cpus = system.cpus;
  if (system.memory_bytes > 0) info.memory_bytes = system.memory_bytes;
  if (system.device) {
    info.device = system.device->name;
    info.device_driver = system.device->driver;
    info.device_model = system.device->model;
  }
  info.tags = join_tags(config.tags);
  return info;
}

}  // namespace bench
