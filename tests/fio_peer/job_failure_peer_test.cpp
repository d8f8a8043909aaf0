// A job that fails, beside a time-based one and before a later stonewall group, under bench++ and under
// fio 3.33 with --output-format=json: in both the failed job ends alone (the other runs its full time, the later
// group runs), both exit 1, and both JSON documents list every job, the failed one with fio's non-zero "error".
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

struct JobEntry {
  int error = -1;
  std::uint64_t runtime_ms = 0;  // job_runtime
  std::uint64_t io_bytes = 0;    // read and write
};

// The "jobs" of fio's JSON document in `out`: fio writes its job error line ("fio: pid=...") on stdout before the
// document, so it is read from the first line that opens an object.
std::map<std::string, JobEntry> jobs_of(const std::string& out) {
  const std::size_t start = out.rfind("\n{", out.find("\"jobs\"")) + 1;
  const nlohmann::json document = nlohmann::json::parse(out.substr(start));
  std::map<std::string, JobEntry> jobs;
  for (const nlohmann::json& job : document.at("jobs")) {
    jobs[job.at("jobname").get<std::string>()] =
        JobEntry{job.at("error").get<int>(), job.at("job_runtime").get<std::uint64_t>(),
                 job.at("read").at("io_bytes").get<std::uint64_t>() + job.at("write").at("io_bytes").get<std::uint64_t>()};
  }
  return jobs;
}

}  // namespace

TEST_CASE("fio peer: a failing job ends alone, the others and later groups run, its error in fio's JSON, exit 1") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(256 << 10, '\0');
  std::map<std::string, std::map<std::string, JobEntry>> jobs_by_tool;
  for (const std::string tool : {"fio", "bench"}) {
    CAPTURE(tool);
    const fs::path work = dir.path() / tool;
    fs::create_directory(work);
    const fs::path job = dir.path() / (tool + ".fio");
    std::ofstream(job) << fmt::format(
        "[bad]\nrw=read\nfilename={}\nsize=64k\nverify=crc32c\n"
        "[long]\nrw=write\nsize=1m\ntime_based\nruntime=2\nfilename={}\n"
        "[later]\nstonewall\nrw=write\nsize=64k\nfilename={}\n",
        zeros.string(), (work / "long").string(), (work / "later").string());
    const std::vector<std::string> command =
        tool == "fio" ? std::vector<std::string>{"fio", "--output-format=json", job.string()}
                      : std::vector<std::string>{BENCH_BINARY, "job", "-q", "-d", work.string(), "--output-format=json",
                                                 job.string()};
    const test::CommandOutput output = test::run_program(command);
    INFO("stderr:\n" << output.err);
    CHECK(output.exit_code == 1);
    jobs_by_tool[tool] = jobs_of(output.out);
  }
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& tool_jobs : jobs_by_tool) {
    const auto& tool = tool_jobs.first;
    const auto& jobs = tool_jobs.second;
    CAPTURE(tool);
    REQUIRE(jobs.contains("bad"));
    REQUIRE(jobs.contains("long"));
    REQUIRE(jobs.contains("later"));
    CHECK(jobs.at("bad").error == EILSEQ);  // fio's verify error, non-zero
    CHECK(jobs.at("long").error == 0);
    CHECK(jobs.at("long").runtime_ms >= 1990);  // its full runtime
    CHECK(jobs.at("later").error == 0);
    CHECK(jobs.at("later").io_bytes == 64u << 10);  // the later group ran
  }
}

}  // namespace bench
