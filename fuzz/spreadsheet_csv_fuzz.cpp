// libFuzzer target: the spreadsheet CSV reader `bench++ compare` uses (report/csv/spreadsheet_csv.h). Any text
// must give runs or std::runtime_error ("<name>:<line>: ...").
#include <stdexcept>

#include "fuzz_input.h"
#include "report/csv/spreadsheet_csv.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::read_spreadsheet_csv(bench::fuzz::as_text(data, size), "fuzz.csv");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
