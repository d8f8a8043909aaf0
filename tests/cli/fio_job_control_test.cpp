// fio's command-line features about job files: --section=NAME, `include FILE` lines, --parse-only;
// read as fio 3.33 reads them.
#include <doctest/doctest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "cli/fio_job_file.h"
#include "cli/fio_workload_support.h"
#include "result/workload_fields.h"
#include "result/errors.h"
#include "fio_workload_support.h"
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

TEST_CASE("fio job file: --section picks the sections that run, and [global] is always read") {
  const std::string text = "[global]\nsize=1m\n[a]\nrw=read\n[b]\nrw=write\nno_such_option=3\n[global]\nbs=8k\n[c]\nrw=randread\n";
  const std::vector<std::string> only_c{"c"};
  JobFileReading reading;
  reading.sections = only_c;
  const std::vector<WorkloadSpec> specs = read_fio_job_file(text, "s.fio", reading);
  REQUIRE(names_of(specs) == std::vector<std::string>{"c"});
  CHECK(specs[0].size_bytes == 1u << 20);  // both [global]s read
  CHECK(specs[0].block_bytes == 8192);
  // b is left out unread, as fio: its option no fio has (no_such_option) is not an error.
  const std::vector<std::string> a_and_c{"c", "a"};
  reading.sections = a_and_c;
  CHECK(names_of(read_fio_job_file(text, "s.fio", reading)) == std::vector<std::string>{"a", "c"});
  const std::vector<std::string> none{"zz"};
  reading.sections = none;
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file(text, "s.fio", reading); }) ==
        "s.fio: no workload: --section=zz names no section of it");
  // Every section without --section, and b's no_such_option refused then.
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file(text, "s.fio"); }) ==
        "s.fio:7: unknown fio option 'no_such_option' (did you mean 'description'?) (see --cmdhelp)");
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

TEST_CASE("bench++ job: --section runs only that section, and include reads the included file beside the job file") {
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

TEST_CASE("bench++ job --parse-only: checks, prints nothing, runs nothing, exits 0, and errors as a run's") {
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

using test::workload_of;  // fio_workload_support.h
std::string error_of(std::vector<std::string> words) { return test::workload_error_of(std::move(words)); }

TEST_CASE("fio: new_group, exitall, rate_min, rate_iops_min, nice, prio, prioclass read as fio 3.33 reads them") {
  CHECK(!workload_of({}).new_group);
  CHECK(workload_of({"--new_group"}).new_group);
  CHECK(!workload_of({"--new_group=0"}).new_group);
  CHECK(workload_of({"--exitall"}).exitall);
  using Values = std::array<std::uint64_t, kFioDirections>;
  CHECK(workload_of({"--rate_min=1m"}).rate_min_bytes == Values{1u << 20, 1u << 20, 1u << 20});
  CHECK(workload_of({"--ratemin=,2k"}).rate_min_bytes == Values{0, 2048, 2048});
  CHECK(workload_of({"--ratemin=,,2k"}).rate_min_bytes == Values{0, 0, 2048});
  CHECK(workload_of({"--rate_iops_min=10,20,30"}).rate_iops_min == Values{10, 20, 30});
  CHECK(workload_of({"--rate_iops_min=10,"}).rate_iops_min == Values{10, 0, 0});
  CHECK(workload_of({"--rate=2m", "--rate_min=1m"}).rate_min_bytes[0] == 1u << 20);
  CHECK(error_of({"--rate_min=1m", "--rate_iops_min=5"}) ==
        "workload 'x': rate_min= and rate_iops_min= are mutually exclusive (as in fio)");
  CHECK(error_of({"--rate=1m", "--rate_min=2m"}) ==
        "workload 'x': the minimum rate exceeds the rate of the reads (as fio refuses it)");
  CHECK(error_of({"--rate_iops=,5", "--rate_iops_min=,6"}) ==
        "workload 'x': the minimum rate exceeds the rate of the writes (as fio refuses it)");
  CHECK(error_of({"--rw=randtrim", "--rate_iops=,,5", "--rate_iops_min=,,6"}) ==
        "workload 'x': the minimum rate exceeds the rate of the trims (as fio refuses it)");
  CHECK(error_of({"--rate_iops_min=,,x"}) == "invalid fio option rate_iops_min=',,x': not a number");
  CHECK(error_of({"--rate_min=1x"}) == "invalid fio option rate_min='1x': unknown size suffix 'x'");
  CHECK(workload_of({"--nice=-20"}).nice == -20);
  CHECK(workload_of({"--nice=19"}).nice == 19);
  CHECK(!workload_of({}).nice);
  CHECK(error_of({"--nice=20"}) == "invalid fio option nice='20': must be between -20 and 19");
  CHECK(error_of({"--nice=-21"}) == "invalid fio option nice='-21': must be between -20 and 19");
  CHECK(error_of({"--nice=1.5"}) == "invalid fio option nice='1.5': must be a whole number");
  CHECK(workload_of({"--prio=7"}).ioprio == 7u);
  CHECK(workload_of({"--prioclass=3"}).ioprio_class == 3u);
  CHECK(error_of({"--prio=8"}) == "invalid fio option prio='8': must be between 0 and 7");
  CHECK(error_of({"--prioclass=4"}) == "invalid fio option prioclass='4': must be between 0 and 3");
}

TEST_CASE("fio: fallocate= and create_on_open= read as fio 3.33 reads them") {
  CHECK(workload_of({}).fallocate == FallocateMode::kNative);  // fio 3.33's default on Linux
  CHECK(workload_of({"--fallocate=none"}).fallocate == FallocateMode::kNone);
  CHECK(workload_of({"--fallocate=0"}).fallocate == FallocateMode::kNone);
  CHECK(workload_of({"--fallocate=posix"}).fallocate == FallocateMode::kPosix);
  CHECK(workload_of({"--fallocate=1"}).fallocate == FallocateMode::kPosix);
  CHECK(workload_of({"--fallocate=keep"}).fallocate == FallocateMode::kKeep);
  CHECK(workload_of({"--fallocate=truncate"}).fallocate == FallocateMode::kTruncate);
  CHECK(error_of({"--fallocate=2"}) ==
        "invalid fio option fallocate='2': fio's values are none (0), native, posix (1), keep and truncate");
  CHECK(workload_of({"--create_on_open=1"}).create_on_open);
  CHECK(error_of({"--create_on_open=yes"}) == "invalid fio option create_on_open='yes': must be 0 or 1");
}

TEST_CASE("fio: unlink_each_loop= reads as fio 3.33 reads it, and what bench++ refuses with it") {
  CHECK(!workload_of({}).unlink_each_loop);
  CHECK(workload_of({"--unlink_each_loop=1"}).unlink_each_loop);
  CHECK(error_of({"--unlink_each_loop=2"}) == "invalid fio option unlink_each_loop='2': must be 0 or 1");
  // Whether it acts at all: more than one pass, not time_based.
  CHECK(!workload_of({"--rw=write", "--unlink_each_loop=1"}).unlinks_between_loops());
  CHECK(workload_of({"--rw=write", "--unlink_each_loop=1", "--loops=2"}).unlinks_between_loops());
  CHECK(workload_of({"--rw=write", "--unlink_each_loop=1", "--io_size=3m"}).unlinks_between_loops());
  CHECK(!workload_of({"--rw=write", "--unlink_each_loop=1", "--io_size=512k"}).unlinks_between_loops());
  CHECK(!workload_of({"--rw=write", "--unlink_each_loop=1", "--loops=2", "--time_based", "--runtime=1"})
             .unlinks_between_loops());
  // A job that writes nothing: fio's second loop fails with ENOENT; with one loop nothing is removed.
  const std::string nothing_written =
      "workload 'x': unlink_each_loop with more than one loop (loops=, io_size=) on a job that writes nothing: its "
      "files are removed after the first loop and the next loop's open fails with ENOENT (as fio's does)";
  CHECK(error_of({"--rw=read", "--unlink_each_loop=1", "--loops=2"}) == nothing_written);
  CHECK(error_of({"--rw=randread", "--unlink_each_loop=1", "--io_size=2m"}) == nothing_written);
  CHECK(error_of({"--rw=trim", "--unlink_each_loop=1", "--loops=3"}) == nothing_written);
  CHECK(workload_of({"--rw=read", "--unlink_each_loop=1"}).unlink_each_loop);
  CHECK(workload_of({"--rw=randrw", "--unlink_each_loop=1", "--loops=2"}).unlinks_between_loops());
  CHECK(workload_of({"--rw=trimwrite", "--unlink_each_loop=1", "--loops=2"}).unlinks_between_loops());
  CHECK(test::contains(error_of({"--rw=write", "--ioengine=mmap", "--unlink_each_loop=1", "--loops=2"}),
                       "ioengine=mmap: the second loop's new, empty file cannot be written through its mapping"));
  CHECK(workload_of({"--rw=write", "--ioengine=mmap", "--unlink_each_loop=1"}).unlink_each_loop);
  for (const char* registering : {"--registerfiles=1", "--sqthread_poll=1"}) {
    CHECK(test::contains(
        error_of({"--rw=write", "--ioengine=io_uring", registering, "--unlink_each_loop=1", "--loops=2"}),
        "registerfiles (or sqthread_poll, which registers the files) is not supported by bench++"));
  }
  CHECK(workload_of({"--rw=write", "--ioengine=io_uring", "--unlink_each_loop=1", "--loops=2"}).unlinks_between_loops());
}

TEST_CASE("workload fields: rate_min and rate_iops_min read back R/W (results before trims had one) and R/W/T") {
  const WorkloadField* field = nullptr;
  for (const WorkloadField& each : workload_fields()) {
    if (each.csv_column == "workload_rate_iops_min") field = &each;
  }
  REQUIRE(field != nullptr);
  WorkloadSpec spec;
  spec.rate_iops_min = {1, 2, 3};
  CHECK(std::get<std::string>(*field->access.get(spec)) == "1/2/3");
  spec.rate_iops_min = {1, 2, 0};
  CHECK(std::get<std::string>(*field->access.get(spec)) == "1/2");
  WorkloadSpec back;
  back.rate_iops_min = {9, 9, 9};
  REQUIRE(field->access.set(back, std::string("4/5")));
  CHECK(back.rate_iops_min == std::array<std::uint64_t, kFioDirections>{4, 5, 0});
  REQUIRE(field->access.set(back, std::string("4/5/6")));
  CHECK(back.rate_iops_min == std::array<std::uint64_t, kFioDirections>{4, 5, 6});
  for (const char* bad : {"", "4", "4/", "4/5/", "4/5/6/7", "4/x", "4/5x", "/5"}) {
    INFO(bad);
    CHECK_FALSE(field->access.set(back, std::string(bad)));
  }
}

TEST_CASE("workload fields: the job-control options are recorded and read back") {
  WorkloadSpec spec = workload_of({"--new_group", "--exitall", "--rate_min=1m,2m,3m", "--nice=-3", "--prio=4",
                                   "--prioclass=2", "--fallocate=keep", "--create_on_open=1",
                                   "--unlink_each_loop=1"});
  WorkloadSpec back;
  for (const WorkloadField& field : workload_fields()) {
    const std::optional<FieldValue> value = field.access.get(spec);
    if (value) REQUIRE(field.access.set(back, *value));
  }
  CHECK(back.new_group);
  CHECK(back.exitall);
  CHECK(back.rate_min_bytes == spec.rate_min_bytes);
  CHECK(back.nice == -3);
  CHECK(back.ioprio == 4u);
  CHECK(back.ioprio_class == 2u);
  CHECK(back.fallocate == FallocateMode::kKeep);
  CHECK(back.create_on_open);
  CHECK(back.unlink_each_loop);
}

// The fio JSON document's "groupid" values of each job, in order.
std::vector<std::string> group_ids_of(const std::string& json) {
  std::vector<std::string> ids;
  for (std::size_t at = json.find("\"groupid\": "); at != std::string::npos; at = json.find("\"groupid\": ", at + 1)) {
    const std::size_t start = at + std::string_view("\"groupid\": ").size();
    ids.push_back(json.substr(start, json.find_first_of(",\n", start) - start));
  }
  return ids;
}

TEST_CASE("bench++ job: new_group starts fio's next groupid, as fio does (not on the first job)") {
  const test::TempDir dir;
  const test::CommandOutput run = test::run_bench(
      {"job", "-d", dir.path().string(), "-q", "--output-format=json", "--size=64k", "--name=a", "--new_group",
       "--rw=write", "--name=b", "--rw=write", "--name=c", "--new_group", "--rw=write", "--name=d", "--rw=write"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(group_ids_of(run.out) == std::vector<std::string>{"0", "0", "1", "1"});
}

// The fio JSON "job_runtime" (ms) of the job named `name`.
std::uint64_t job_runtime_of(const std::string& json, const std::string& name) {
  const std::size_t job = json.find("\"jobname\": \"" + name + "\"");
  REQUIRE(job != std::string::npos);
  const std::size_t at = json.find("\"job_runtime\": ", job);
  REQUIRE(at != std::string::npos);
  return std::stoull(json.substr(at + std::string_view("\"job_runtime\": ").size()));
}

TEST_CASE("fio: exit_what= and exitall_on_error read as fio 3.33 reads them") {
  const auto spec_of = [](std::vector<std::string> words) { return test::workload_of(std::move(words)); };
  CHECK(spec_of({}).exit_what == ExitScope::kGroup);
  CHECK_FALSE(spec_of({}).exitall_on_error);
  CHECK(spec_of({"--exit_what=stonewall"}).exit_what == ExitScope::kStonewall);
  CHECK(spec_of({"--exit_what=all"}).exit_what == ExitScope::kAll);
  CHECK(spec_of({"--exitall_on_error"}).exitall_on_error);
  CHECK(test::contains(test::workload_error_of({"--exit_what=some"}),
                       "exit_what='some': must be group, stonewall or all"));
}

TEST_CASE("fio: wait_for= runs where it is a stonewall's wait, and is refused elsewhere naming both workloads") {
  // fio's waitfor example: each workload waits for the one just before it, alone since the last wait.
  const std::string chain =
      "[global]\nsize=1m\n[writers]\nrw=write\n[readers]\nnew_group\nwait_for=writers\nrw=randread\n"
      "[writers2]\nwait_for=readers\nrw=randwrite\n";
  const std::vector<WorkloadSpec> specs = read_fio_job_file(chain, "w.fio");
  REQUIRE(specs.size() == 3);
  CHECK(specs[0].wait_for.empty());
  CHECK(specs[1].wait_for == "writers");
  CHECK(specs[2].wait_for == "readers");
  CHECK(fio_group_ids(specs) == std::vector<std::uint32_t>{0, 1, 1});  // no new reporting group of its own, as fio
  const auto error_of = [](const std::string& text) {
    return test::error_of<UsageError>([&] { read_fio_job_file(text, "w.fio"); });
  };
  // fio's own refusals: itself, a name no earlier job has (fio: "waitee job ... unknown").
  CHECK(error_of("[a]\nsize=1m\nwait_for=a\n") == "workload 'a': wait_for='a': a workload cannot wait for itself");
  CHECK(error_of("[a]\nsize=1m\n[b]\nsize=1m\nwait_for=c\n[c]\nsize=1m\n") ==
        "workload 'b': wait_for='c': no workload before it has that name");
  // Where fio's wait differs from a stonewall's, refused: another job runs beside the one waited for, the one
  // waited for is not the one just before, or the next job would start at once in fio.
  const std::string not_stonewall = "workload 'b': wait_for='a': bench++ runs wait_for only as a stonewall's wait";
  CHECK(test::contains(error_of("[a]\nsize=1m\n[x]\nsize=1m\n[b]\nsize=1m\nwait_for=a\n"), not_stonewall));
  CHECK(test::contains(error_of("[x]\nsize=1m\n[a]\nsize=1m\n[b]\nsize=1m\nwait_for=a\n"), not_stonewall));
  CHECK(test::contains(error_of("[a]\nsize=1m\n[b]\nsize=1m\nwait_for=a\n[c]\nsize=1m\n"), not_stonewall));
  CHECK(error_of("[a]\nsize=1m\n[b]\nsize=1m\nwait_for=a\n[c]\nsize=1m\nstonewall\n").empty());
  CHECK(test::contains(test::workload_error_of({"--wait_for="}), "wait_for='': needs the name of an earlier workload"));
}

TEST_CASE("fio: threads= (fio's tiobench profile's) is taken as fio takes it, and changes nothing") {
  // fio 3.33 with threads=1 still starts a process ("Starting 1 process"): only thread= makes threads.
  CHECK_FALSE(test::workload_of({"--threads=1"}).thread);
  CHECK(test::workload_of({"--threads=4"}).jobs == 1);
  CHECK(test::contains(test::workload_error_of({"--threads=many"}), "threads='many'"));
}

TEST_CASE("fio: clocksource= and unit_base= take fio 3.33's values, and unit_base=1 (bits) is refused") {
  for (const std::string clock : {"gettimeofday", "clock_gettime", "cpu"}) {
    CHECK(test::workload_error_of({"--clocksource=" + clock}).empty());
  }
  CHECK(test::contains(test::workload_error_of({"--clocksource=tsc"}),
                       "clocksource='tsc': must be gettimeofday, clock_gettime or cpu"));
  CHECK(test::workload_error_of({"--unit_base=0"}).empty());
  CHECK(test::workload_error_of({"--unit_base=8"}).empty());
  CHECK(test::contains(test::workload_error_of({"--unit_base=1"}), "unit_base='1': bits (unit_base=1)"));
  CHECK(test::contains(test::workload_error_of({"--unit_base=2"}), "unit_base='2': must be 0, 8 or 1"));
}

TEST_CASE("bench++ job: exitall stops the other jobs of the group when one ends, not those of the next group") {
  const test::TempDir dir;
  const std::vector<std::string> jobs = {"job", "-d", dir.path().string(), "-q", "--output-format=json",
                                         "--name=short", "--rw=write", "--size=256k",
                                         "--name=long", "--rw=write", "--size=1m", "--time_based", "--runtime=60",
                                         "--name=next", "--stonewall", "--rw=write", "--size=256k", "--rate=512k"};
  const test::CommandOutput run = test::run_bench(test::with(jobs, {"--exitall"}));  // (the last job's: any will do)
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(job_runtime_of(run.out, "long") < 30'000);  // stopped when short ended, not after its 60 s
  CHECK(job_runtime_of(run.out, "next") >= 400);    // the next group ran whole: 256 KiB at 512 KiB/s
}

TEST_CASE("bench++ job: a job under rate_min fails as fio's does (its message, exit status 1)") {
  const test::TempDir dir;
  const test::CommandOutput run =
      test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=slow", "--rw=write", "--size=1m",
                       "--time_based", "--runtime=20", "--rate_min=1t"});
  CHECK(run.exit_code == 1);
  CHECK(test::contains(run.err, "workload 'slow': rate_min=1099511627776B/s not met, got "));
  const test::CommandOutput iops =
      test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=few", "--rw=read", "--size=64k",
                       "--time_based", "--runtime=20", "--rate_iops=5", "--rate_iops_min=4,0"});
  CHECK(iops.exit_code == 0);  // 5 a second keeps above 4
}

TEST_CASE("bench++ job: nice=, prio= and prioclass= are set on the job's thread, and a value the kernel refuses is an error") {
  if (!test::tool_installed("strace")) {
    test::skip_unless(false, test::Need::kTool, "strace is not installed (Debian strace)");
    return;
  }
  const test::TempDir dir;
  const test::CommandOutput run = test::run_program(
      {"env", "ASAN_OPTIONS=detect_leaks=0",  // LeakSanitizer refuses to run under ptrace
       "strace", "-f", "-qq", "-e", "trace=setpriority,ioprio_set", BENCH_BINARY, "job", "-d", dir.path().string(),
       "-q", "--name=x", "--rw=write", "--size=64k", "--nice=5", "--prio=3", "--prioclass=3"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(test::count_of(run.err, ", 5) = 0") == 2);  // setpriority(PRIO_PROCESS, TID, 5): the check's and the job's
  CHECK(test::count_of(run.err, "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_IDLE, 3)) = 0") == 2);
  // Unprivileged (as root: setpriv drops to nobody first), a lower nice and the realtime class are refused before
  // anything is created.
  if (test::running_as_root() &&
      test::skip_unless(test::tool_installed("setpriv"), test::Need::kTool, "setpriv is not installed (Debian util-linux)")) {
    return;
  }
  std::filesystem::permissions(dir.path(), std::filesystem::perms::all);
  std::vector<std::string> args = {BENCH_BINARY, "job", "-d", dir.path().string(), "--name=x", "--rw=write", "--size=64k"};
  if (test::running_as_root()) args.insert(args.begin(), {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"});
  const test::CommandOutput nice = test::run_program(test::with(args, {"--nice=-5"}));
  CHECK(nice.exit_code == 2);
  CHECK(test::contains(nice.err, "workload 'x': cannot set nice=-5"));
  CHECK(test::contains(nice.err, "the kernel refuses it here"));
  const test::CommandOutput realtime = test::run_program(test::with(args, {"--prioclass=1"}));
  CHECK(realtime.exit_code == 2);
  CHECK(test::contains(realtime.err, "workload 'x': cannot set prio=0 prioclass=1"));
  CHECK(test::list_tree(dir.path()).empty());
}


TEST_CASE("bench++ job: create_on_open=1 leaves the new file to the job's open, and with reads it is refused") {
  const test::TempDir dir;
  const test::CommandOutput refused =
      test::run_bench({"job", "-d", dir.path().string(), "--name=r", "--rw=randread", "--size=64k", "--create_on_open=1"});
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "workload 'r': create_on_open=1 with reads: the new file would be empty"));
  CHECK(test::list_tree(dir.path()).empty());
  const test::CommandOutput run = test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=w", "--rw=write",
                                                   "--size=64k", "--create_on_open=1", "--unlink=0"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> files = test::list_tree(dir.path());
  REQUIRE(files.size() == 2);  // the private directory and w.0.0 in it
  CHECK(std::filesystem::file_size(dir.path() / files[1]) == 65536);
}

TEST_CASE("bench++ job: unlink_each_loop on a read job of several loops is refused, and nothing is created") {
  const test::TempDir dir;
  const test::CommandOutput refused = test::run_bench({"job", "-d", dir.path().string(), "--name=r", "--rw=read",
                                                       "--size=1m", "--bs=64k", "--loops=3", "--unlink_each_loop=1"});
  CHECK(refused.exit_code == 2);
  CHECK(test::lines_of(refused.err).size() == 1);
  CHECK(test::contains(refused.err, "workload 'r': unlink_each_loop with more than one loop"));
  CHECK(test::contains(refused.err, "fails with ENOENT"));
  CHECK(test::list_tree(dir.path()).empty());
  // A user's existing file, even with --allow-overwrite: bench++ does not remove what it did not create.
  const std::filesystem::path users = dir.path() / "users.dat";
  std::ofstream(users) << std::string(1 << 20, 'u');
  const test::CommandOutput theirs =
      test::run_bench({"job", "-d", dir.path().string(), "--allow-overwrite", users.string(), "--name=w",
                       "--rw=write", "--filename=" + users.string(), "--bs=64k", "--loops=2", "--unlink_each_loop=1"});
  CHECK(theirs.exit_code == 2);
  CHECK(test::contains(theirs.err, "unlink_each_loop would remove '" + users.string() +
                                       "' after the first loop, and bench++ only removes files it created"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"users.dat"});
  CHECK(test::read_file(users) == std::string(1 << 20, 'u'));
}

}  // namespace
}  // namespace bench
