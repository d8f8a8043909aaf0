#pragma once
// fio's per-job summary lines of its normal output, for the scripts that grep them, written after bench++'s own
// table when --output-format=normal is asked for: for each fio job its header line, a line per direction
// ("  read: IOPS=3220, BW=12.6MiB/s (13.2MB/s)(1984KiB/154msec)") with its clat and lat lines, and each group's
// "Run status group" lines, and fio's "Disk stats (read/write):" block where the run read them (disk_util), with
// fio's number formatting (4 significant figures, IEC and SI units). What fio prints beyond them (percentiles, CPU,
// depths) is bench++'s table's. Pure.
#include <cstdint>
#include <string>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

std::string format_fio_summary_lines(const RunResult& run);

// --output-format=normal: after each finished run bench++'s text of it (report/text/run_text.h) and fio's summary
// lines, and at the end what the text has after the runs; `with_text` false (-q): the summary lines alone.
class FioNormalWriter final : public ResultWriter {
 public:
  FioNormalWriter(std::uint32_t repeats, bool with_text) : repeats_(repeats), with_text_(with_text) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  std::uint32_t repeats_;
  bool with_text_;
};

// fio's num2str: `value` with at most `digits` digits (the point counted), scaled by 1000 (SI) or 1024 (IEC)
// with the prefix and `unit` after it: fio_number_text(2031616, 4, true, "B") is "1984KiB".
std::string fio_number_text(std::uint64_t value, unsigned digits, bool iec, const char* unit);

}  // namespace bench
