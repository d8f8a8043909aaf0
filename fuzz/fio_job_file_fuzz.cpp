// libFuzzer target: fio job files (cli/fio_job_file.h) on any text: sections, [global], comments, every fio
// option bench++ knows with any value, kb_base. The reader is pure; it may only return workloads, each
// checked, or throw UsageError.
#include "cli/fio_job_file.h"
#include "fuzz_input.h"
#include "result/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)bench::read_fio_job_file(bench::fuzz::as_text(data, size), "fuzz.fio");
  } catch (const bench::UsageError&) {
  }
  return 0;
}
