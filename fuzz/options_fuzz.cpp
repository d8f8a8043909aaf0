// libFuzzer target: the command lines of bench++ (cli/bonnie_command_line.h) and of bench++ compare
// (cli/compare_options.h), with the input cut into words at NUL bytes and newlines. Both parsers are
// pure; they may only return or throw UsageError.
#include "cli/compare_options.h"
#include "cli/bonnie_command_line.h"
#include "fuzz_input.h"
#include "result/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> words = bench::fuzz::as_words(bench::fuzz::as_text(data, size));
  bench::SystemFacts facts;
  facts.ram_mib = 2048;
  facts.host_name = "fuzz";
  facts.random_seed = 1;
  try {
    (void)bench::parse_command_line(words, facts);
  } catch (const bench::UsageError&) {
  }
  try {
    (void)bench::parse_compare_command_line(words);
  } catch (const bench::UsageError&) {
  }
  return 0;
}
