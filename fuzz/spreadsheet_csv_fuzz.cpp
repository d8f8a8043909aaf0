// libFuzzer target: the spreadsheet CSV readers `bench++ compare` uses (report/csv/spreadsheet_csv.h), the whole
// text's and the streamed one's. Any text must give runs or std::runtime_error ("<name>:<line>: ..."); and the
// two agree: where both read the text they give as many runs, and the streamed one refuses a text the whole
// one reads only for a run whose rows do not follow each other.
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

#include "fuzz_input.h"
#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  std::optional<std::size_t> whole_runs;
  try {
    whole_runs = bench::read_spreadsheet_csv(text, "fuzz.csv").size();
  } catch (const std::runtime_error&) {
  }
  std::optional<std::size_t> streamed_runs;
  std::string streamed_error;
  try {
    bench::CsvSplitter splitter(text, "fuzz.csv");
    std::size_t runs = 0;
    bench::stream_spreadsheet_csv([&] { return splitter.next(); }, "fuzz.csv",
                                  [](const bench::CsvRecord&, const bench::CsvRecord&) {},
                                  [&](bench::RunResult&&, const bench::UnrecordedFields&) { ++runs; });
    streamed_runs = runs;
  } catch (const std::runtime_error& error) {
    streamed_error = error.what();
  }
  if (streamed_runs && (!whole_runs || *whole_runs != *streamed_runs)) std::abort();
  if (whole_runs && !streamed_runs && streamed_error.find("after rows of another run") == std::string::npos) {
    std::abort();
  }
  return 0;
}
