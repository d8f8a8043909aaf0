// Job files from storage projects' repositories (tests/published/projects/*.fio: ZFS's performance CI, SPDK's vhost
// tests, Longhorn's kbench, StorPool's fio suite, xfstests), each citing its source and its scaling, run as their
// harnesses run them: fio's command on the job file, here fio's persona (`bench++ fio`), in a directory of its own,
// with the environment the harness sets (a job file's ${NAME}; {DIR} the directory) and, for a job that reads what
// another makes ("; prepared-by: FILE"), that one first in the same directory. Each runs with exit 0 and writes
// fio's JSON shape, every job doing I/O, but those listed below, which bench++ still refuses, each with its exact
// refusal (the test fails when a refusal changes or a job starts to run, so that it moves out of the list).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "published/fio_json_shape.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kProjects = fs::path(BENCH_SOURCE_DIR) / "tests" / "published" / "projects";

// The jobs bench++ refuses, each with its refusal (the job file's name and line, then what is refused), which the
// persona writes after "fio: " and the file's path, with fio's exit status for a bad job file, 1.
const std::map<std::string, std::string, std::less<>> kRefused = {
    {"spdk-default_integrity",
     "spdk-default_integrity.fio:20: workload 'nvme-host': verify= with requests of varying sizes (bs=R,W, bsrange=, "
     "bssplit=, blockalign=) and verify_backlog= is not supported by bench++"},
    {"xfstests-generic-299",
     "xfstests-generic-299.fio:27: workload 'aio-dio-verifier': verify= with a mixed rw=rw/randrw is not supported by "
     "bench++ (verify a write job, then a read job)"},
};

struct ProjectJob {
  std::string name;         // the file's stem
  std::string source;       // "; source:"
  std::string environment;  // "; environment:" NAME=VALUE words, {DIR} for the directory
  std::string prepared_by;  // "; prepared-by:" the job file run first, or empty
};

// What follows `marker` at the start of `line`, or "".
std::string after(std::string_view line, std::string_view marker) {
  if (!line.starts_with(marker)) return {};
  std::string_view rest = line.substr(marker.size());
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return std::string(rest);
}

std::vector<ProjectJob> project_jobs() {
  std::vector<ProjectJob> out;
  for (const fs::directory_entry& entry : fs::directory_iterator(kProjects)) {
    if (entry.path().extension() != ".fio") continue;
    ProjectJob job{entry.path().stem().string(), {}, {}, {}};
    for_each_line(test::read_file(entry.path()), [&](std::string_view line) {
      if (job.source.empty()) job.source = after(line, "; source:");
      if (job.environment.empty()) job.environment = after(line, "; environment:");
      if (job.prepared_by.empty()) job.prepared_by = after(line, "; prepared-by:");
    });
    out.push_back(job);
  }
  std::sort(out.begin(), out.end(), [](const ProjectJob& a, const ProjectJob& b) { return a.name < b.name; });
  return out;
}

// `bench++ fio` on `job_file` in `dir` (its working directory too), with `job`'s environment, fio's JSON to `report`.
test::CommandOutput run_persona(const ProjectJob& job, const fs::path& dir, const std::string& job_file,
                                const fs::path& report) {
  std::vector<std::string> args = {"env", "-C", dir.string()};
  for (std::string_view word : split(job.environment, ' ')) {
    std::string setting(word);
    if (const auto at = setting.find("{DIR}"); at != std::string::npos) setting.replace(at, 5, dir.string());
    if (!setting.empty()) args.push_back(setting);
  }
  args.insert(args.end(), {BENCH_BINARY, "fio", "--output-format=json", "--output=" + report.string(),
                           (kProjects / job_file).string()});
  return test::run_program(args);
}

}  // namespace

TEST_CASE("published projects: each storage project's job file runs as its harness runs it, or is listed refused") {
  const std::vector<ProjectJob> jobs = project_jobs();
  CHECK(jobs.size() >= 8);
  for (const auto& refused : kRefused) {  // not a structured binding: CHECK_MESSAGE (clang 14)
    const std::string& name = refused.first;
    CHECK_MESSAGE(std::any_of(jobs.begin(), jobs.end(), [&](const ProjectJob& job) { return job.name == name; }), name);
  }
  std::size_t ran = 0;
  for (const ProjectJob& job : jobs) {
    CAPTURE(job.name);
    REQUIRE_FALSE(job.source.empty());  // every job cites where it was published
    const test::TempDir dir;
    const fs::path report = dir.path() / "out.json";
    if (!job.prepared_by.empty()) {
      const test::CommandOutput prepared = run_persona(job, dir.path(), job.prepared_by, dir.path() / "prepared.json");
      REQUIRE_MESSAGE(prepared.exit_code == 0, prepared.err);
    }
    const test::CommandOutput result = run_persona(job, dir.path(), job.name + ".fio", report);
    INFO(result.err);
    if (const auto refused = kRefused.find(job.name); refused != kRefused.end()) {
      CHECK(result.exit_code == 1);
      CHECK(test::contains(result.err, "fio: "));
      CHECK(test::contains(result.err, refused->second));
      continue;
    }
    ++ran;
    CHECK(result.exit_code == 0);
    REQUIRE(fs::exists(report));
    const nlohmann::json parsed = nlohmann::json::parse(test::read_file(report));
    for (const std::string key : {"fio version", "timestamp", "timestamp_ms", "time", "jobs"}) {
      CHECK_MESSAGE(parsed.contains(key), key);
    }
    CHECK(!parsed.at("jobs").empty());
    for (const nlohmann::json& each : parsed.at("jobs")) {
      CAPTURE(each.value("jobname", ""));
      CHECK(each.at("error") == 0);
      CHECK(test::missing_keys(each) == std::vector<std::string>{});
      const std::uint64_t bytes = each.at("read").at("io_bytes").get<std::uint64_t>() +
                                  each.at("write").at("io_bytes").get<std::uint64_t>();
      CHECK(bytes > 0);  // every job did I/O
    }
  }
  MESSAGE("storage projects' job files: " << ran << " run, " << kRefused.size() << " refused");
}

}  // namespace bench
