// fio's command line as `bench++ job` takes it: single-dash options (-name=x, as fio accepts them) beside
// bench++'s own letters, and every option bench++ does not run named in one message.
#include <doctest/doctest.h>

#include <string>

#include "cli/workload_command_line.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("fio command line: single-dash options read as fio reads them, bench++'s letters stay its own") {
  const test::TempDir dir;
  const test::CommandOutput plan = test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "-name=one",
                                                    "-rw=randread", "-bs", "8k", "-size=1m", "-direct=0", "-q"});
  INFO(plan.err);
  REQUIRE(plan.exit_code == 0);
  CHECK(test::contains(plan.out, "one"));
  CHECK(test::contains(plan.out, "randread"));
  const test::CommandOutput refused =
      test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "-name=x", "-size=1m", "-no_such_option=2", "-verify_state_load=2"});
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err,
                       "unknown fio option 'no_such_option' (did you mean 'description'?); fio option 'verify_state_load' is not "
                       "supported by bench++ (see --cmdhelp)"));
}

}  // namespace
}  // namespace bench

namespace bench {

// A fuzz finding (fuzz/corpus/job_options/suite_output_value): a value word shorter than "--" after a suite's
// output option was cut as if it were an option ("basic_string::substr" instead of a run).
TEST_CASE("fio command line: bench++ job answers --cmdhelp and --enghelp from its tables, as fio's persona") {
  for (const std::string word : {"--cmdhelp", "--cmdhelp=all", "--cmdhelp=bs", "-cmdhelp=rw", "--enghelp",
                                 "--enghelp=io_uring", "--cmdhelp=no_such_option"}) {
    INFO(word);
    const test::CommandOutput job = test::run_bench({"job", "--name=x", word});
    const test::CommandOutput persona = test::run_bench({"fio", word});
    CHECK(job.exit_code == 0);
    CHECK(job.out == persona.out);
    CHECK(job.err == persona.err);
  }
  CHECK(test::contains(test::run_bench({"job", "--cmdhelp"}).out, "iodepth"));
  CHECK(test::contains(test::run_bench({"job", "--cmdhelp=bs"}).out, "alias: blocksize"));
  CHECK(test::contains(test::run_bench({"job", "--enghelp"}).out, "\tlibaio\n"));
  const test::CommandOutput unknown = test::run_bench({"job", "--enghelp=windowsaio"});
  CHECK(unknown.exit_code == 2);
  CHECK(test::contains(unknown.err, "windowsaio"));
}

TEST_CASE("fio command line: bench++ suite takes --output's value as a value, however short") {
  const ParsedCommandLine parsed = parse_workload_command_line(
      WorkloadCommand::kSuite, {"tart", "--output", "r"}, test::fixed_system_facts(),
      [](const std::string& name) -> std::string { throw UsageError("no job file " + name); });
  CHECK(parsed.config.fio_output.output_path == "r");
  CHECK(test::error_of<UsageError>([] {
          parse_workload_command_line(WorkloadCommand::kSuite, {"tart", "--bs=4k"}, test::fixed_system_facts(),
                                      [](const std::string&) { return std::string(); });
        }) == "bench++ suite takes bench++'s options and fio's output options only, not fio's job options (--bs=4k)");
}

}  // namespace bench
