// libFuzzer target: the size and spec parsers of the command line (cli/size_spec.h) on any text. They
// may only return or throw UsageError; anything else (another exception, a crash, UB) is a finding.
#include "cli/size_spec.h"
#include "fuzz_input.h"
#include "result/errors.h"

namespace {

template <typename F>
void parse_or_refuse(F parse) {
  try {
    parse();
  } catch (const bench::UsageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  using bench::SizeUnit;
  parse_or_refuse([&] { return bench::parse_size(text, SizeUnit::kBytes, "-x"); });
  parse_or_refuse([&] { return bench::parse_size(text, SizeUnit::kMiB, "-s"); });
  parse_or_refuse([&] { return bench::parse_count(text, "-n", 'm'); });
  parse_or_refuse([&] { return bench::parse_count(text, "-z"); });
  parse_or_refuse([&] { return bench::parse_io_spec(text); });
  parse_or_refuse([&] { return bench::parse_file_spec(text); });
  parse_or_refuse([&] { return bench::parse_sync_spec(text); });
  return 0;
}
