// The collision check of a run's files (app/output_files.h): pure, over identities made by hand; and run_files
// over a real plan's files.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/output_files.h"

namespace bench {
namespace {

FileIdentity at(const std::string& resolved, std::optional<std::pair<std::uint64_t, std::uint64_t>> inode = {},
                FileKind kind = FileKind::kNothing) {
  return FileIdentity{resolved, inode, kind};
}

RunFile output(const std::string& role, const std::string& path, FileIdentity identity) {
  return RunFile{role, path, true, std::move(identity)};
}
RunFile input(const std::string& role, const std::string& path, FileIdentity identity) {
  return RunFile{role, path, false, std::move(identity)};
}

TEST_CASE("output files: two outputs at one resolved path collide, and the message names both and the path") {
  const std::vector<RunFile> files = {output("--json", "F", at("/d/F")), output("fio's --output", "./F", at("/d/F"))};
  const auto collision = first_collision(files);
  REQUIRE(collision.has_value());
  CHECK(*collision == std::pair<std::size_t, std::size_t>(0, 1));
  CHECK(collision_message(files[0], files[1]) ==
        "--json 'F' and fio's --output './F' are the same file: each output needs a file of its own");
  CHECK(collision_message(files[0], output("--csv", "F", at("/d/F"))) ==
        "--json and --csv name the same file 'F': each output needs a file of its own");
}

TEST_CASE("output files: one inode under two paths is one file (a hard link, a link's target)") {
  const std::vector<RunFile> files = {input("the job file", "job.fio", at("/d/job.fio", std::pair(1u, 7u))),
                                      output("--json", "other", at("/d/other", std::pair(1u, 7u)))};
  REQUIRE(first_collision(files).has_value());
  CHECK(collision_message(files[0], files[1]) ==
        "the job file 'job.fio' and --json 'other' are the same file: an output may not replace what the run reads "
        "or writes");
  // The same inode number on another device is another file.
  const std::vector<RunFile> apart = {input("the job file", "job.fio", at("/d/job.fio", std::pair(1u, 7u))),
                                      output("--json", "other", at("/e/other", std::pair(2u, 7u)))};
  CHECK_FALSE(first_collision(apart).has_value());
}

TEST_CASE("output files: inputs may share a file, only a pair with an output collides, the first pair in order") {
  const std::vector<RunFile> files = {
      output("--csv", "r.csv", at("/d/r.csv")),
      input("the job file", "a.fio", at("/d/a.fio")),
      input("filename= of workload 'x'", "a.fio", at("/d/a.fio")),  // a job file read as data: no output involved
      output("write_bw_log of workload 'x'", "L_bw.1.log", at("/d/L_bw.1.log")),
      output("--json", "a.fio", at("/d/a.fio")),
      output("--html", "L_bw.1.log", at("/d/L_bw.1.log")),
  };
  const auto collision = first_collision(files);
  REQUIRE(collision.has_value());
  CHECK(*collision == std::pair<std::size_t, std::size_t>(1, 4));
  CHECK_FALSE(first_collision(std::vector<RunFile>(files.begin(), files.begin() + 4)).has_value());
}

TEST_CASE("output files: an output onto a block device or another special file needs --allow-overwrite") {
  const RunFile device = output("--json", "/dev/loop7", at("/dev/loop7", std::pair(5u, 9u), FileKind::kBlockDevice));
  CHECK(output_kind_refusal(device, false) ==
        "--json '/dev/loop7' is a block device: bench++ writes an output onto a device only when --allow-overwrite "
        "names it");
  CHECK_FALSE(output_kind_refusal(device, true).has_value());
  const RunFile special = output("--csv", "/dev/sg0", at("/dev/sg0", std::pair(5u, 10u), FileKind::kOtherDevice));
  CHECK(output_kind_refusal(special, false).value_or("").starts_with("--csv '/dev/sg0' is a special file"));
  for (const FileKind kind : {FileKind::kNothing, FileKind::kRegular, FileKind::kStream, FileKind::kDiscard}) {
    CHECK_FALSE(output_kind_refusal(output("--json", "x", at("/x", std::pair(1u, 1u), kind)), false).has_value());
  }
  // An input is no output: a job file on a device is read, and a workload's device is the workloads' rule.
  CHECK_FALSE(output_kind_refusal(input("the job file", "/dev/loop7", device.identity), false).has_value());
}

}  // namespace
}  // namespace bench
