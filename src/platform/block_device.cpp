#include "platform/block_device.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <fstream>

#include <fmt/format.h>

namespace bench {
namespace {

namespace fs = std::filesystem;

std::string first_line_of(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  const auto end = line.find_last_not_of(" \t\r");
  return end == std::string::npos ? std::string() : line.substr(0, end + 1);
}

// The driver's name from a device's "driver" link; empty when there is none.
std::string driver_of(const fs::path& device) {
  std::error_code error;
  const fs::path target = fs::read_symlink(device / "driver", error);
  return error ? std::string() : target.filename().string();
}

}  // namespace

std::optional<BlockDevice> describe_block_device(const fs::path& sys_root, dev_t device) {
  if (major(device) == 0) return std::nullopt;
  std::error_code error;
  fs::path node = fs::canonical(sys_root / "dev" / "block" / fmt::format("{}:{}", major(device), minor(device)), error);
  if (error) return std::nullopt;
  if (fs::exists(node / "partition", error)) node = node.parent_path();
  BlockDevice described;
  described.name = node.filename().string();
  const fs::path hardware = node / "device";
  if (fs::exists(hardware, error)) {
    described.driver = driver_of(hardware);
    if (described.driver.empty()) described.driver = driver_of(hardware / "device");  // NVMe: the controller's
    const std::string vendor = first_line_of(hardware / "vendor");
    const std::string model = first_line_of(hardware / "model");
    described.model = vendor.empty() || vendor.rfind("0x", 0) == 0 ? model : vendor + " " + model;
    if (model.empty()) described.model.clear();
  }
  return described;
}

namespace {

// The first line of the queue setting `name` of the disk of device `device` (a partition's disk); "" when sysfs
// has none.
std::string queue_setting(const fs::path& sys_root, dev_t device, const char* name) {
  if (major(device) == 0) return {};
  std::error_code error;
  fs::path node = fs::canonical(sys_root / "dev" / "block" / fmt::format("{}:{}", major(device), minor(device)), error);
  if (error) return {};
  if (fs::exists(node / "partition", error)) node = node.parent_path();
  return first_line_of(node / "queue" / name);
}

}  // namespace

std::optional<bool> device_polls(const fs::path& sys_root, dev_t device) {
  const std::string value = queue_setting(sys_root, device, "io_poll");
  if (value.empty()) return std::nullopt;
  return value != "0";
}

std::optional<bool> device_discards(const fs::path& sys_root, dev_t device) {
  const std::string value = queue_setting(sys_root, device, "discard_max_bytes");
  if (value.empty()) return std::nullopt;
  return value != "0";
}

std::optional<BlockDevice> block_device_of(const fs::path& directory) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0) return std::nullopt;
  return describe_block_device("/sys", info.st_dev);
}

}  // namespace bench
