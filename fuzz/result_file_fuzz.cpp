// libFuzzer target: what `bench++ compare` does with the text of a result file (report/result_file.h): detect
// the format (spreadsheet CSV, JSON, bonnie++ CSV) and read it. Any text must give runs or
// std::runtime_error.
#include <stdexcept>

#include "report/result_file.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::parse_result_text(bench::fuzz::as_text(data, size), "fuzz");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
