// libFuzzer target: fio's JSON as `bench++ compare` reads it (report/fio/fio_json_reader.h), with the spec maker
// compare uses (cli/: fio's options read as bench++ reads them). Any text must give runs or std::runtime_error:
// deep nesting is refused, not recursed into, and a figure bench++ cannot hold (negative, over 2^64, a runtime over
// 2^63 ns, sums over jobs of one name) is refused naming its key, never wrapped or undefined.
#include <stdexcept>

#include "cli/fio_job_file.h"
#include "fuzz_input.h"
#include "report/fio/fio_json_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::read_fio_json(bench::fuzz::as_text(data, size), "fuzz.json", bench::workload_of_recorded_options);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
