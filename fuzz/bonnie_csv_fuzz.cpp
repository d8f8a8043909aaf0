// libFuzzer target: the bonnie++ CSV line reader `bench++ compare` uses (report/bonnie/bonnie_csv_reader.h). Any
// text must give runs or std::runtime_error.
#include <stdexcept>

#include "fuzz_input.h"
#include "report/bonnie/bonnie_csv_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::read_bonnie_csv(bench::fuzz::as_text(data, size), "fuzz.csv");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
