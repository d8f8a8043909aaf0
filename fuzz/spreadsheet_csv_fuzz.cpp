// libFuzzer target: the spreadsheet CSV reader `bench++ compare` uses (report/csv/spreadsheet_csv.h), over any
// text record by record. Any text must give runs or std::runtime_error ("<name>:<line>: ...").
#include <stdexcept>

#include "fuzz_input.h"
#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  try {
    bench::CsvSplitter splitter(text, "fuzz.csv");
    bench::stream_spreadsheet_csv([&] { return splitter.next(); }, "fuzz.csv",
                                  [](const bench::CsvRecord&, const bench::CsvRecord&) {},
                                  [](bench::RunResult&&, const bench::UnrecordedFields&) {});
  } catch (const std::runtime_error&) {
  }
  return 0;
}
