// fill_device=1 (fill_fs) beside fio 3.33: sequential writes to a new file until its filesystem is full, on a
// fresh 32 MiB tmpfs for each tool. fio takes ENOSPC as the job's end (backend.c: the error cleared, the job
// terminated): the same bytes written (a short write's none, as fio's), the same file left, error 0, exit 0; and
// size= caps the filling, as fio's. bench++ job's file rules too: everything it made removed, no error.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A tmpfs of 32 MiB mounted on `dir` while it lives.
class SmallFilesystem {
 public:
  explicit SmallFilesystem(fs::path dir) : dir_(std::move(dir)) {
    fs::create_directories(dir_);
    mounted_ = test::run_program({"mount", "-t", "tmpfs", "-o", "size=32M", "tmpfs", dir_.string()}).exit_code == 0;
  }
  ~SmallFilesystem() {
    if (mounted_) test::run_program({"umount", "-l", dir_.string()});
  }
  SmallFilesystem(const SmallFilesystem&) = delete;
  SmallFilesystem& operator=(const SmallFilesystem&) = delete;
  bool mounted() const { return mounted_; }
  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
  bool mounted_ = false;
};

struct FillRun {
  test::CommandOutput result;
  nlohmann::json job;
  std::vector<std::string> left;  // what the filesystem holds after the run
};

// fio (`tool` "fio"), the persona ("persona") or bench++ job ("job") writing with `options` on a fresh tmpfs; the
// report outside it.
FillRun fill(const std::string& tool, const fs::path& top, const std::vector<std::string>& options) {
  const SmallFilesystem small(top / tool);
  REQUIRE(small.mounted());
  const fs::path report = top / (tool + ".json");
  std::vector<std::string> argv;
  if (tool == "job") {
    argv = {BENCH_BINARY, "job", "-q", "-d", small.dir().string()};
  } else {
    argv = tool == "fio" ? std::vector<std::string>{"fio"} : std::vector<std::string>{BENCH_BINARY, "fio"};
    argv.push_back("--directory=" + small.dir().string());
  }
  argv.insert(argv.end(), {"--name=fill", "--rw=write", "--output-format=json", "--output=" + report.string()});
  argv.insert(argv.end(), options.begin(), options.end());
  FillRun run;
  run.result = test::run_program(argv);
  run.left = test::list_tree(small.dir());
  if (fs::exists(report) && fs::file_size(report) > 0) run.job = nlohmann::json::parse(test::read_file(report)).at("jobs").at(0);
  return run;
}

TEST_CASE("fio fill_device peer: writes until the filesystem is full, then ends without an error, as fio") {
  if (!test::fio_available()) return;
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  const test::TempDir top;
  for (const std::string bs : {"64k", "60k"}) {  // 60k: the last write is short
    CAPTURE(bs);
    const std::vector<std::string> options = {"--bs=" + bs, "--fill_device=1"};
    const FillRun fio = fill("fio", top.path(), options);
    const FillRun persona = fill("persona", top.path(), options);
    const FillRun job = fill("job", top.path(), options);
    REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
    REQUIRE_MESSAGE(persona.result.exit_code == 0, persona.result.err);
    REQUIRE_MESSAGE(job.result.exit_code == 0, job.result.err);
    const auto fio_bytes = fio.job.at("write").at("io_bytes").get<std::int64_t>();
    CHECK(fio_bytes > 30 << 20);
    const std::int64_t block = std::stoll(bs) << 10;
    for (const FillRun* ours : {&persona, &job}) {
      CHECK(ours->job.at("error") == 0);
      const auto bytes = ours->job.at("write").at("io_bytes").get<std::int64_t>();
      CAPTURE(bytes);
      CAPTURE(fio_bytes);
      CHECK(bytes <= fio_bytes + 2 * block);
      CHECK(bytes >= fio_bytes - 2 * block);
    }
    CHECK(fio.job.at("error") == 0);
    // fio's rules: its file stays, full; bench++'s: nothing left.
    CHECK(persona.left == fio.left);
    CHECK(persona.left == std::vector<std::string>{"fill.0.0"});
    CHECK(job.left.empty());
  }
}

TEST_CASE("fio fill_device peer: size= caps the filling, as fio") {
  if (!test::fio_available()) return;
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  const test::TempDir top;
  const std::vector<std::string> options = {"--bs=64k", "--fill_device=1", "--size=4m"};
  const FillRun fio = fill("fio", top.path(), options);
  const FillRun persona = fill("persona", top.path(), options);
  REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
  REQUIRE_MESSAGE(persona.result.exit_code == 0, persona.result.err);
  CHECK(fio.job.at("write").at("io_bytes") == 4 << 20);
  CHECK(persona.job.at("write").at("io_bytes") == 4 << 20);
  CHECK(persona.job.at("error") == 0);
}

TEST_CASE("fio fill_device peer: bench++ refuses it with reads or random writes") {
  const test::CommandOutput refused =
      test::run_bench({"job", "--name=x", "--rw=randwrite", "--fill_device=1", "--output=/dev/null"});
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "fill_device=1 other than with rw=write"));
}

}  // namespace
}  // namespace bench
