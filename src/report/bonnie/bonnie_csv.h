#pragma once
// bonnie++'s CSV line, format "1.98" with 50 fields, as bonnie++ 2.00a writes it, so that bon_csv2txt,
// bon_csv2html and other readers of bonnie++ 2.00a lines accept bench++'s unchanged. Units: byte phases in
// KiB/s (K = 1024, truncated), seeks/s ("%.0f" from 1000, else "%.1f"), files/s (truncated), %CPU truncated;
// "+++++"/"+++" for a phase that ran under 0.5 s; latency fields are each phase's maximum ("36467us").
//
// Fixes over bonnie++ 2.00a (documented fields that 2.00a leaves empty or shifts):
//   6  io_chunk_size   the I/O chunk size ("8k"), always written when the I/O tests ran;
//   24 num_dirs        the directory count when above 1 (2.00a writes it into field 25);
//   25 file_chunk_size the file chunk size ("8k") when the files have content (max > 0); empty for empty
//                      files and links, whose tests never use it;
//   23 min_size        written as "0" rather than left empty when the files have content, so that
//                      bon_csv2txt's "num:max:min/dirs:chunk" stays unambiguous ("1:4096:0:8k", not "1:4096:8k");
//   1  bonnie_version  "bench++-<version>": neither bon_csv2txt nor bon_csv2html reads this field (both print
//                      a hard-coded "2.00a"), so it can say who wrote the line;
//   2  name            commas and line breaks are replaced by '_' so that the line keeps exactly 50 fields.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

// The 1.98 line's layout, which the writer and the reader (report/bonnie/bonnie_csv_reader.h) share.
inline constexpr std::string_view kBonnieCsvFormatTag = "1.98";
inline constexpr std::size_t kBonnieCsvFieldCount = 50;
// Where each group of fields starts (0-based): the -s spec (size, chunk, seeks, seekers), the I/O tests' rate and
// %CPU pairs, the -n spec (count, max, min, dirs, chunk), the file tests' pairs, then each group's latencies.
inline constexpr std::size_t kBonnieFileSizeField = 5;
inline constexpr std::size_t kBonnieIoRatesField = 9;
inline constexpr std::size_t kBonnieNumFilesField = 21;
inline constexpr std::size_t kBonnieFileRatesField = 26;
inline constexpr std::size_t kBonnieIoLatencyField = 38;
inline constexpr std::size_t kBonnieFileLatencyField = 44;
// The field names: bonnie++'s, as in its man page (bonnie_csv_header() below says how ours differ).
inline constexpr std::array<std::string_view, kBonnieCsvFieldCount> kBonnieCsvFieldNames = {
    "format_version",     "bonnie_version",    "name",            "concurrency",      "seed",
    "file_size",          "io_chunk_size",     "seeks",           "seek_proc_count",  "putc",
    "putc_cpu",           "put_block",         "put_block_cpu",   "rewrite",          "rewrite_cpu",
    "getc",               "getc_cpu",          "get_block",       "get_block_cpu",    "seeks",
    "seeks_cpu",          "num_files",         "max_size",        "min_size",         "num_dirs",
    "file_chunk_size",    "seq_create",        "seq_create_cpu",  "seq_stat",         "seq_stat_cpu",
    "seq_del",            "seq_del_cpu",       "ran_create",      "ran_create_cpu",   "ran_stat",
    "ran_stat_cpu",       "ran_del",           "ran_del_cpu",     "putc_latency",     "put_block_latency",
    "rewrite_latency",    "getc_latency",      "get_block_latency", "seeks_latency",  "seq_create_latency",
    "seq_stat_latency",   "seq_del_latency",   "ran_create_latency", "ran_stat_latency", "ran_del_latency",
};

// The "1.98" line for one run, ending with '\n'. Empty-field rules as bonnie++: no I/O tests ("-s 0")
// leaves fields 5-20 and 38-43 empty, no file tests ("-n 0") 21-37 and 44-49, and a phase absent from
// run.phases (e.g. per-char with -f) its rate, %CPU and latency fields. The fsync latency phase is not
// part of this line.
std::string format_bonnie_csv_line(const RunResult& run);

// The header line for "-x N" runs: the 50 field names (bonnie++'s, as in its man page), ending with '\n'.
// Unlike bonnie++ 2.00a's 48-name header it names fields 7 and 8 ("seeks", "seek_proc_count"); bonnie++'s
// names make "seeks" appear twice (fields 7 and 19).
std::string bonnie_csv_header();

// bonnie++'s line of each finished run, after the header line when `with_header` (-x, as bonnie++ -x writes it).
class BonnieCsvWriter final : public ResultWriter {
 public:
  explicit BonnieCsvWriter(bool with_header) : with_header_(with_header) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  bool with_header_;
};

}  // namespace bench
