// fio's command-line features about job files (issue 26): --section=NAME, `include FILE` lines, --parse-only;
// read as fio 3.33 reads them.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <string>

#include "cli/fio_job_file.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

// An include reader over a map of path -> text (no such path: nullopt), counting the reads.
struct FakeFiles {
  std::map<std::string, std::string> files;
  std::vector<std::string> read;
  IncludeReader reader() {
    return [this](const std::string& path) -> std::optional<std::string> {
      read.push_back(path);
      const auto found = files.find(path);
      if (found == files.end()) return std::nullopt;
      return found->second;
    };
  }
};

std::vector<std::string> names_of(const std::vector<WorkloadSpec>& specs) {
  std::vector<std::string> names;
  for (const WorkloadSpec& spec : specs) names.push_back(spec.name);
  return names;
}

TEST_CASE("fio job file: --section picks the sections that run; [global] is always read") {
  const std::string text = "[global]\nsize=1m\n[a]\nrw=read\n[b]\nrw=write\nthinktime=3\n[global]\nbs=8k\n[c]\nrw=randread\n";
  const std::vector<std::string> only_c{"c"};
  JobFileReading reading;
  reading.sections = only_c;
  const std::vector<WorkloadSpec> specs = read_fio_job_file(text, "s.fio", reading);
  REQUIRE(names_of(specs) == std::vector<std::string>{"c"});
  CHECK(specs[0].size_bytes == 1u << 20);  // both [global]s read
  CHECK(specs[0].block_bytes == 8192);
  // b is left out unread, as fio: its thinktime (not run by bench++) is not an error.
  const std::vector<std::string> a_and_c{"c", "a"};
  reading.sections = a_and_c;
  CHECK(names_of(read_fio_job_file(text, "s.fio", reading)) == std::vector<std::string>{"a", "c"});
  const std::vector<std::string> none{"zz"};
  reading.sections = none;
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file(text, "s.fio", reading); }) ==
        "s.fio: no workload: --section=zz names no section of it");
  // Every section without --section, and b's thinktime refused then.
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file(text, "s.fio"); }) ==
        "s.fio:7: fio option 'thinktime' is not supported by bench++ (see bench++(1), WORKLOADS)");
}

TEST_CASE("fio command line: --section picks among the --name jobs, as fio 3.33") {
  const std::vector<std::string> words{"--size=1m", "--name=a", "--rw=read", "--name=b", "--rw=write"};
  const std::vector<std::string> only_b{"b"};
  const FioJobs jobs = read_fio_command_line(words, only_b);
  REQUIRE(names_of(jobs.workloads) == std::vector<std::string>{"b"});
  CHECK(jobs.workloads[0].pattern == IoPattern::kWrite);
  CHECK(jobs.workloads[0].size_bytes == 1u << 20);
  const std::vector<std::string> missing{"x"};
  CHECK(test::error_of<UsageError>([&] { read_fio_command_line(words, missing); }) ==
        "the command line: no workload: --section=x names no section of it");
}

TEST_CASE("fio job file: include lines add the included file's options to the including section") {
  FakeFiles disk;
  disk.files["jobs/common.inc"] = "bs=16k\ninclude deeper.inc  ; a comment\n";
  disk.files["jobs/deeper.inc"] = "# nested\nrw=randwrite\n";
  JobFileReading reading;
  reading.read_include = disk.reader();
  const std::vector<WorkloadSpec> specs =
      read_fio_job_file("[global]\nsize=2m\ninclude common.inc\n[a]\nbs=4k\n[b]\ninclude common.inc\n", "jobs/main.fio",
                        reading);
  REQUIRE(specs.size() == 2);
  CHECK(specs[0].block_bytes == 4096);  // after the [global]'s include: a's own bs= wins
  CHECK(specs[0].pattern == IoPattern::kRandWrite);
  CHECK(specs[1].block_bytes == 16384);
  CHECK(specs[1].size_bytes == 2u << 20);
  // Tried as written first (fio 3.33's access()), then beside the including file.
  CHECK(disk.read.front() == "common.inc");
  CHECK(disk.read.at(1) == "jobs/common.inc");
  // An absolute name is tried once.
  disk.files["/abs/x.inc"] = "rw=read\n";
  disk.read.clear();
  CHECK(read_fio_job_file("[a]\nsize=1m\ninclude /abs/x.inc\n", "jobs/main.fio", reading)[0].pattern == IoPattern::kRead);
  CHECK(disk.read == std::vector<std::string>{"/abs/x.inc"});
}

TEST_CASE("fio job file: include errors name the file: missing, a cycle, a section, a bad option, the size bound") {
  FakeFiles disk;
  disk.files["d/self.inc"] = "include self.inc\n";
  disk.files["d/one.inc"] = "include two.inc\n";
  disk.files["d/two.inc"] = "bs=4k\ninclude one.inc\n";
  disk.files["d/section.inc"] = "bs=4k\n[b]\n";
  disk.files["d/bad.inc"] = "\nbs=4x\n";
  JobFileReading reading;
  reading.read_include = disk.reader();
  const auto error = [&](const std::string& text) {
    return test::error_of<UsageError>([&] { read_fio_job_file(text, "d/main.fio", reading); });
  };
  CHECK(error("[a]\nsize=1m\ninclude gone.inc\n") == "d/main.fio:3: include gone.inc: no such file (nor d/gone.inc)");
  CHECK(error("[a]\nsize=1m\ninclude self.inc\n") ==
        "d/self.inc:1: include d/self.inc: a cycle (d/self.inc includes itself, through d/self.inc)");
  CHECK(error("[a]\nsize=1m\ninclude one.inc\n") ==
        "d/two.inc:2: include d/one.inc: a cycle (d/one.inc includes itself, through d/two.inc)");
  CHECK(error("[a]\nsize=1m\ninclude section.inc\n") ==
        "d/section.inc:2: an included file opens no [section] (as in fio): its options join the includer's");
  CHECK(error("[a]\nsize=1m\ninclude bad.inc\n") == "d/bad.inc:2: invalid fio option bs='4x': unknown size suffix 'x'");
  CHECK(error("include one.inc\n[a]\n") == "d/main.fio:1: an include before the first [section]");
  CHECK(error("[a]\ninclude\n").find("d/main.fio:2: ") == 0);  // "include" alone is an option name bench++ lacks
  // Includes that repeat a file cannot multiply the text past the job-file bound.
  disk.files["d/big.inc"] = std::string(kJobFileBytes / 4, '\n');
  disk.files["d/four.inc"] = "include big.inc\ninclude big.inc\ninclude big.inc\ninclude big.inc\n";
  CHECK(error("[a]\nsize=1m\ninclude four.inc\n") ==
        "d/four.inc:4: d/big.inc: the job file and its includes are larger than 1024 KiB, the most bench++ reads of a "
        "job file");
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

TEST_CASE("bench++ job: --section runs only that section; include reads the included file beside the job file") {
  const test::TempDir dir;
  const std::filesystem::path jobs = dir.path() / "jobs";
  std::filesystem::create_directory(jobs);
  write_text(jobs / "main.fio", "[global]\nsize=64k\ninclude common.inc\n[first]\nrw=read\n[second]\nrw=write\n");
  write_text(jobs / "common.inc", "bs=8k\n");
  const test::CommandOutput plan =
      test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "--section", "second", (jobs / "main.fio").string()});
  INFO(plan.err);
  REQUIRE(plan.exit_code == 0);
  CHECK(test::contains(plan.out, "second"));
  CHECK(!test::contains(plan.out, "first"));
  CHECK(test::contains(plan.out, "8 KiB"));  // the included bs=8k
  // A run of it: only second's file is made.
  const test::CommandOutput run = test::run_bench({"job", "-d", dir.path().string(), "-q", "-section=second",
                                                   "--output-format=json", (jobs / "main.fio").string()});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(test::contains(run.out, "\"jobname\": \"second\""));
  CHECK(!test::contains(run.out, "\"jobname\": \"first\""));
  const test::CommandOutput refused =
      test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "--section=global", (jobs / "main.fio").string()});
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "section='global'"));
}

TEST_CASE("bench++ job --parse-only: checks, prints nothing, runs nothing, exits 0; errors as a run's") {
  const test::TempDir dir;
  write_text(dir.path() / "ok.fio", "[a]\nsize=1m\nrw=write\n");
  write_text(dir.path() / "bad.fio", "[a]\nsize=1m\nbs=4x\n");
  const test::CommandOutput ok = test::run_bench({"job", "-d", dir.path().string(), "--parse-only", (dir.path() / "ok.fio").string()});
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.empty());
  CHECK(ok.err.empty());
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"bad.fio", "ok.fio"});  // nothing created
  const std::vector<std::string> bad_args{"job", "-d", dir.path().string(), (dir.path() / "bad.fio").string()};
  const test::CommandOutput bad_run = test::run_bench(bad_args);
  const test::CommandOutput bad_parse = test::run_bench(test::with(bad_args, {"--parse-only"}));
  CHECK(bad_parse.exit_code == 2);
  CHECK(bad_parse.exit_code == bad_run.exit_code);
  CHECK(bad_parse.err == bad_run.err);
  CHECK(test::contains(bad_parse.err, "bad.fio:3: invalid fio option bs='4x'"));
  const test::CommandOutput command_line =
      test::run_bench({"job", "-d", dir.path().string(), "-parse-only", "--name=x", "--size=1m", "--rw=read"});
  CHECK(command_line.exit_code == 0);
  CHECK(command_line.out.empty());
}

}  // namespace
}  // namespace bench
