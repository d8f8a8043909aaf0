// Requests a block device would refuse (a trim that is not whole logical blocks, an O_DIRECT read smaller than a
// 4096-byte sector) are refused when the run is planned, on a loop device: the run and --dry-run exit 2 with one
// line naming the workload, the device and the request, and the device is left as it was.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A loop device over a file of `bytes`, with `sector_bytes` logical blocks; detached on destruction. Empty
// `path()` when losetup cannot make one here.
class LoopDevice {
 public:
  LoopDevice(const fs::path& backing, std::uint64_t bytes, std::uint32_t sector_bytes) {
    std::ofstream(backing) << std::string(bytes, 'b');
    const test::CommandOutput attach = test::run_program(
        {"losetup", "-f", "--show", "--sector-size", std::to_string(sector_bytes), backing.string()});
    const std::string device = attach.out.substr(0, attach.out.find('\n'));
    if (attach.exit_code == 0 && device.starts_with("/dev/loop")) path_ = device;
  }
  ~LoopDevice() {
    if (!path_.empty()) test::run_program({"losetup", "-d", path_});
  }
  LoopDevice(const LoopDevice&) = delete;
  LoopDevice& operator=(const LoopDevice&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

bool loop_devices_work() { return test::running_as_root() && test::tool_installed("losetup"); }

// The run and --dry-run of `args` both exit 2 with the one line `expected` holds, leaving `dir` as it was.
void check_refused(const fs::path& dir, const std::vector<std::string>& args, const std::string& expected) {
  const std::vector<std::string> before = test::list_tree(dir);
  for (const bool dry_run : {true, false}) {
    CAPTURE(dry_run);
    const test::CommandOutput result = test::run_bench(dry_run ? test::with(args, {"--dry-run"}) : args);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    const std::vector<std::string> lines = test::lines_of(result.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].starts_with("bench++: workload 't': "));
    CHECK(test::contains(lines[0], expected));
    CHECK(test::list_tree(dir) == before);
  }
}

}  // namespace

TEST_CASE("job: trims and O_DIRECT requests a loop device would refuse are refused by the plan, --dry-run alike") {
  if (test::skip_unless(loop_devices_work(), test::Need::kRoot, "loop devices need root and losetup")) return;
  const test::TempDir dir;
  const fs::path backing = dir.path() / "backing";
  {
    const LoopDevice loop(backing, 4 << 20, 512);
    if (test::skip_unless(!loop.path().empty(), test::Need::kMachine, "losetup -f made no loop device here")) return;
    const std::string device = loop.path();
    const std::vector<std::string> job = {"job", "-q", "-d", dir.path().string(), "--allow-overwrite", device,
                                          "--name=t", "--filename=" + device, "--size=1m"};
    check_refused(dir.path(), test::with(job, {"--rw=trim", "--bs=1000"}),
                  "a trim of 1000 bytes (bs=) on block device '" + device + "' is not a whole number of its logical "
                  "blocks (512 bytes)");
    check_refused(dir.path(), test::with(job, {"--rw=randtrim", "--bs=4k", "--offset=1000"}),
                  "the region starting at offset 1000");
    check_refused(dir.path(), test::with(job, {"--rw=trimwrite", "--bs=1000"}), "a trim of 1000 bytes");
    // What the device takes runs, as before.
    const test::CommandOutput trims = test::run_bench(test::with(job, {"--rw=trim", "--bs=4k"}));
    INFO(trims.err);
    CHECK(trims.exit_code == 0);
  }
  CHECK(test::read_file(backing).substr(2 << 20) == std::string(2 << 20, 'b'));  // past the trims, as written
  {
    const LoopDevice loop(backing, 4 << 20, 4096);
    if (test::skip_unless(!loop.path().empty(), test::Need::kMachine,
                          "losetup --sector-size 4096 made no loop device here")) {
      return;
    }
    const std::string device = loop.path();
    const std::vector<std::string> job = {"job", "-q", "-d", dir.path().string(), "--allow-overwrite", device,
                                          "--name=t", "--filename=" + device, "--size=1m", "--direct=1"};
    check_refused(dir.path(), test::with(job, {"--rw=randread", "--bs=512"}),
                  "a read of 512 bytes (bs=) on '" + device + "' is not a multiple of its logical block size (4096 "
                  "bytes), which direct=1 (O_DIRECT) needs");
    check_refused(dir.path(), test::with(job, {"--rw=write", "--bs=2k"}), "a write of 2048 bytes");
    check_refused(dir.path(), test::with(job, {"--rw=trim", "--bs=512"}), "a trim of 512 bytes");
    const std::string written = test::read_file(backing);
    CHECK(written.substr(2 << 20) == std::string(2 << 20, 'b'));
    const test::CommandOutput reads = test::run_bench(test::with(job, {"--rw=randread", "--bs=4k"}));
    INFO(reads.err);
    CHECK(reads.exit_code == 0);
  }
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"backing"});
}

}  // namespace bench
