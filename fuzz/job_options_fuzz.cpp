// libFuzzer target: the command lines of bench++ job and bench++ suite (cli/workload_command_line.h): bench++'s own options,
// fio's, job files and --scale, with the input cut into words at NUL bytes and newlines. A job file named on the
// line reads as the whole input, so the words double as its text. The parser is pure; it may only return or
// throw UsageError.
#include "cli/workload_command_line.h"
#include "fuzz_input.h"
#include "result/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(bench::fuzz::as_text(data, size));
  const std::vector<std::string> words = bench::fuzz::as_words(text);
  bench::SystemFacts facts;
  facts.ram_mib = 2048;
  facts.host_name = "fuzz";
  facts.random_seed = 1;
  const auto read_file = [&text](const std::string&) { return text; };
  for (const bench::WorkloadCommand command : {bench::WorkloadCommand::kJob, bench::WorkloadCommand::kSuite}) {
    try {
      (void)bench::parse_workload_command_line(command, words, facts, read_file);
    } catch (const bench::UsageError&) {
    }
  }
  return 0;
}
