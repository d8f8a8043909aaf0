// libFuzzer target: fio's options on a command line (cli/fio_job_file.h, cli/fio_options.h), with the input cut
// into words at NUL bytes and newlines, and fio's size and time grammars on the whole text. All pure; they may
// only return or throw UsageError.
#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "fuzz_input.h"
#include "result/errors.h"

namespace {

template <typename F>
void parse_or_refuse(F parse) {
  try {
    (void)parse();
  } catch (const bench::UsageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  const std::vector<std::string> words = bench::fuzz::as_words(text);
  parse_or_refuse([&] { return bench::read_fio_command_line(words); });
  parse_or_refuse([&] { return bench::read_fio_run_options(words); });
  parse_or_refuse([&] { return bench::parse_fio_size(text, 1024); });
  parse_or_refuse([&] { return bench::parse_fio_size(text, 1000); });
  parse_or_refuse([&] { return bench::parse_fio_time(text); });
  return 0;
}
