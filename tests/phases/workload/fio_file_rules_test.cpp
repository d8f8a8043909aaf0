// fio 3.33's file rules (FileRules::kFio, fio's persona: phases/workload/workload_files.h), planned and carried out
// by WorkloadFiles on real files, each beside bench++'s own rules where they differ. What fio itself does with the
// same files (strace of fio 3.33: filesetup.c's extend_file, close_and_free_files) is checked end to end in
// tests/app/fio_persona_files_test.cpp.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "phases/workload/target_rules.h"
#include "phases/workload/workload_files.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kKiB = 1024;

// Workload "t" (its own file: t.0.0), bs=4k (WorkloadSpec's default).
WorkloadSpec spec_of(IoPattern pattern, std::uint64_t size) {
  WorkloadSpec spec;
  spec.name = "t";
  spec.pattern = pattern;
  spec.size_bytes = size;
  return spec;
}

// A file of `bytes` bytes of 'x' (data bench++'s layout never writes).
void write_file(const fs::path& path, std::uint64_t bytes) {
  std::ofstream out(path, std::ios::binary);
  out << std::string(bytes, 'x');
}

std::string first_bytes(const fs::path& path, std::size_t count) {
  std::ifstream in(path, std::ios::binary);
  std::string text(count, '\0');
  in.read(text.data(), static_cast<std::streamsize>(count));
  return text;
}

struct stat stat_of(const fs::path& path) {
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  return info;
}

TEST_CASE("fio file rules: a job's own files are NAME.JOB.FILE in directory= itself, kept after the run") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kWrite, 64 * kKiB);
  spec.jobs = 2;
  std::vector<WorkloadSpec> workloads{spec};
  settle_file_rules(FileRules::kFio, workloads);  // fio's default unlink=0
  spec = workloads[0];
  CHECK_FALSE(spec.unlink);
  {
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(spec, {});
    REQUIRE(targets.size() == 2);
    CHECK_FALSE(targets[0].is_private);
    CHECK(targets[0].path == dir.path() / "t.0.0");
    CHECK(targets[1].path == dir.path() / "t.1.0");
    files.prepare(spec, targets);
  }  // the run ends
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"t.0.0", "t.1.0"});
  CHECK((stat_of(dir.path() / "t.0.0").st_mode & 0777) == (0644 & ~[] {
          const mode_t mask = ::umask(0);
          ::umask(mask);
          return mask;
        }()));  // as fio's open(..., 0644)
}

TEST_CASE("fio file rules: bench++'s own rules keep the private directory and remove it all") {
  test::TempDir dir;
  const WorkloadSpec spec = spec_of(IoPattern::kWrite, 64 * kKiB);
  std::vector<WorkloadSpec> workloads{spec};
  settle_file_rules(FileRules::kBench, workloads);
  CHECK(workloads[0].unlink);  // bench++'s default
  {
    WorkloadFiles files(dir.path());
    std::vector<JobTarget> targets = files.plan(spec, {});
    CHECK(targets[0].is_private);
    files.prepare(spec, targets);
    CHECK(targets[0].path.parent_path().filename().string().starts_with("bench++-job."));
  }
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("fio file rules: unlink= as written wins over fio's default") {
  WorkloadSpec written = spec_of(IoPattern::kWrite, 64 * kKiB);
  written.unlink_written = true;  // unlink=1
  WorkloadSpec kept = written;
  kept.unlink = false;  // unlink=0
  std::vector<WorkloadSpec> workloads{written, kept, spec_of(IoPattern::kRead, 64 * kKiB)};
  settle_file_rules(FileRules::kFio, workloads);
  CHECK(workloads[0].unlink);
  CHECK_FALSE(workloads[1].unlink);
  CHECK_FALSE(workloads[2].unlink);
}

TEST_CASE("fio file rules: an existing file that holds the region is used as it is, for reads and writes") {
  for (const IoPattern pattern : {IoPattern::kRead, IoPattern::kWrite}) {
    CAPTURE(static_cast<int>(pattern));
    test::TempDir dir;
    const fs::path path = dir.path() / "t.0.0";
    write_file(path, 128 * kKiB);  // larger than size=: fio uses it without a layout
    const struct stat before = stat_of(path);
    WorkloadSpec spec = spec_of(pattern, 64 * kKiB);
    spec.unlink = false;
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(spec, {});
    REQUIRE(targets.size() == 1);
    CHECK(targets[0].exists);
    CHECK(targets[0].region_bytes == 64 * kKiB);
    files.prepare(spec, targets);
    const struct stat after = stat_of(path);
    CHECK(after.st_ino == before.st_ino);
    CHECK(after.st_size == 128 * kKiB);
    CHECK(first_bytes(path, 8) == "xxxxxxxx");  // not laid out again
    files.remove_created();
    CHECK(fs::exists(path));
  }
}

TEST_CASE("fio file rules: a file too small is made anew, laid out for reads, allocated for writes") {
  for (const IoPattern pattern : {IoPattern::kRead, IoPattern::kWrite}) {
    CAPTURE(static_cast<int>(pattern));
    test::TempDir dir;
    const fs::path path = dir.path() / "t.0.0";
    write_file(path, 16 * kKiB);
    WorkloadSpec spec = spec_of(pattern, 64 * kKiB);
    spec.unlink = false;
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(spec, {});
    CHECK_FALSE(targets[0].exists);
    files.prepare(spec, targets);
    CHECK(stat_of(path).st_size == 64 * kKiB);
    CHECK(first_bytes(path, 8) != "xxxxxxxx");  // removed and made again, as fio's extend_file
    if (pattern == IoPattern::kRead) CHECK(first_bytes(path, 4096) != std::string(4096, '\0'));
    files.remove_created();
    CHECK(fs::exists(path));  // unlink=0
  }
}

TEST_CASE("fio file rules: filename= names a file written as given, and unlink=1 removes it") {
  test::TempDir dir;
  const fs::path path = dir.path() / "fio.data";
  write_file(path, 64 * kKiB);
  WorkloadSpec spec = spec_of(IoPattern::kWrite, 64 * kKiB);
  spec.filename = path.string();
  // bench++'s rules refuse it without --allow-overwrite.
  CHECK(test::contains(test::error_of<UsageError>([&] { WorkloadFiles(dir.path()).plan(spec, {}); }), "--allow-overwrite"));
  spec.unlink_written = true;  // unlink=1
  WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
  std::vector<JobTarget> targets = files.plan(spec, {});
  CHECK(targets[0].exists);
  files.prepare(spec, targets);
  CHECK(fs::exists(path));
  files.remove_created();
  CHECK_FALSE(fs::exists(path));  // fio's close_and_free_files removes every regular file of the job
}

TEST_CASE("fio file rules: a new filename= may be outside directory=, a missing directory is still refused") {
  test::TempDir dir;
  test::TempDir elsewhere;
  WorkloadSpec spec = spec_of(IoPattern::kWrite, 64 * kKiB);
  spec.filename = (elsewhere.path() / "new").string();
  CHECK(test::contains(test::error_of<UsageError>([&] { WorkloadFiles(dir.path()).plan(spec, {}); }), "only inside"));
  WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
  CHECK_NOTHROW(files.plan(spec, {}));
  spec.filename = (elsewhere.path() / "no-such" / "new").string();
  CHECK(test::contains(test::error_of<UsageError>([&] { files.plan(spec, {}); }), "does not exist"));
}

TEST_CASE("fio file rules: create_only=1 on an empty file lays it out (KDiskMark's prepare)") {
  test::TempDir dir;
  const fs::path path = dir.path() / "kdiskmark-XXXXXX.tmp";
  write_file(path, 0);  // KDiskMark's QTemporaryFile, empty
  WorkloadSpec spec = spec_of(IoPattern::kRead, 256 * kKiB);  // fio's default rw=read
  spec.filename = path.string();
  spec.create_only = true;
  CHECK(test::contains(test::error_of<UsageError>([&] { WorkloadFiles(dir.path()).plan(spec, {}); }), "does not extend"));
  std::vector<WorkloadSpec> workloads{spec};
  settle_file_rules(FileRules::kFio, workloads);
  WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
  std::vector<JobTarget> targets = files.plan(workloads[0], {});
  CHECK_FALSE(targets[0].exists);
  files.prepare(workloads[0], targets);
  CHECK(fs::file_size(path) == 256 * kKiB);
  files.remove_created();
  CHECK(fs::file_size(path) == 256 * kKiB);  // kept for the tests that follow
}

TEST_CASE("fio file rules: what each job laid out, as fio's setup_files counts it for its \"Laying out\" line") {
  test::TempDir dir;
  // Job 0 of "t" makes t.0.0 and t.0.1 (nrfiles=2, 64 KiB each); job 1 its own two: a record per job.
  WorkloadSpec spec = spec_of(IoPattern::kRead, 128 * kKiB);
  spec.jobs = 2;
  spec.nrfiles = 2;
  spec.unlink = false;  // fio's default (settle_file_rules): kept for the next run
  {
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(spec, {});
    files.prepare(spec, targets_of_job(targets, spec, 0));
    files.prepare(spec, targets_of_job(targets, spec, 1));
    CHECK(files.take_laid_out() ==
          std::vector<FilesLaidOut>{{"t", 2, 128 * kKiB}, {"t", 2, 128 * kKiB}});
    CHECK(files.take_laid_out().empty());  // taken
  }
  {  // the next run finds them large enough: nothing laid out, no line (fio reuses them silently)
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(spec, {});
    files.prepare(spec, targets);
    CHECK(files.take_laid_out().empty());
  }
  {  // a file one job makes and a later one needs longer (offset_increment=) is laid out again, by that job
    WorkloadSpec shared = spec_of(IoPattern::kRead, 64 * kKiB);
    shared.name = "s";
    shared.filename = "shared";
    shared.jobs = 2;
    shared.offset_increment_bytes = 32 * kKiB;
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(shared, {});
    files.prepare(shared, targets_of_job(targets, shared, 0));
    files.prepare(shared, targets_of_job(targets, shared, 1));
    CHECK(files.take_laid_out() == std::vector<FilesLaidOut>{{"s", 1, 64 * kKiB}, {"s", 1, 96 * kKiB}});
  }
  {  // create_on_open=1: the job's open makes the file, nothing laid out
    WorkloadSpec opened = spec_of(IoPattern::kWrite, 64 * kKiB);
    opened.name = "o";
    opened.create_on_open = true;
    WorkloadFiles files(dir.path(), std::nullopt, FileRules::kFio);
    std::vector<JobTarget> targets = files.plan(opened, {});
    files.prepare(opened, targets);
    CHECK(files.take_laid_out().empty());
  }
}

}  // namespace
}  // namespace bench
