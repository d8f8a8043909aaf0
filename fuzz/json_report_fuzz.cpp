// libFuzzer target: the JSON report reader `bench++ compare` uses (report/json/json_report.h). Any text must give
// runs or std::runtime_error; deep nesting is refused, not recursed into.
#include <stdexcept>

#include "fuzz_input.h"
#include "report/json/json_report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::read_json_report(bench::fuzz::as_text(data, size), "fuzz.json");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
