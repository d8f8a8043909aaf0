// verify_only=1 on a file an earlier verified run kept (unlink=0): the job only reads it back and checks it, so the
// never-destroy rule lets it run without --allow-overwrite, --dry-run says so too, and the file is left as it was.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

struct timespec modified_at(const fs::path& path) {
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  return info.st_mtim;
}

TEST_CASE("job: verify_only=1 reads back a file kept by an earlier verified run, with no --allow-overwrite") {
  const test::TempDir dir;
  const fs::path kept = dir.path() / "kept";
  const std::vector<std::string> job = {"job", "-q", "-d", dir.path().string(), "--name=w", "--rw=write",
                                        "--bs=4k", "--size=1m", "--filename=kept", "--verify=crc32c"};
  const test::CommandOutput write = test::run_bench(test::with(job, {"--unlink=0"}));
  INFO("write: " << write.err);
  REQUIRE(write.exit_code == 0);
  REQUIRE(fs::file_size(kept) == (1u << 20));
  const std::string written = test::read_file(kept);
  const struct timespec written_at = modified_at(kept);

  const std::vector<std::string> verify_only = test::with(job, {"--verify_only=1"});
  const test::CommandOutput dry = test::run_bench(test::with(verify_only, {"--dry-run"}));
  INFO("dry run: " << dry.err);
  CHECK(dry.exit_code == 0);
  const test::CommandOutput run = test::run_bench(test::with(verify_only, {"--json", "-"}));
  INFO("verify_only: " << run.err);
  CHECK(run.exit_code == 0);
  CHECK(test::read_file(kept) == written);
  const struct timespec after = modified_at(kept);
  CHECK((after.tv_sec == written_at.tv_sec && after.tv_nsec == written_at.tv_nsec));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"kept"});

  // It does read and check: a byte changed since is found, and the run fails naming the block.
  {
    std::fstream stream(kept, std::ios::in | std::ios::out | std::ios::binary);
    stream.seekp(5 * 4096 + 100);
    stream.put('\x5a');
  }
  const test::CommandOutput corrupted = test::run_bench(verify_only);
  INFO("corrupted: " << corrupted.err);
  CHECK(corrupted.exit_code == 1);
  CHECK(test::contains(corrupted.err, "bad block at offset 20480"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"kept"});

  // A job that does write to it is still refused, before anything runs.
  const test::CommandOutput rewrite = test::run_bench(job);
  CHECK(rewrite.exit_code == 2);
  CHECK(test::contains(rewrite.err, "it writes, and '" + kept.string() + "' exists"));
}

}  // namespace
}  // namespace bench
