#pragma once
// bonnie++'s CSV line, format "1.98" with 50 fields (shared/bonnie-reference.md §7), so that bon_csv2txt,
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
#include <cstddef>
#include <string>

#include "result/run_result.h"

namespace bench {

inline constexpr std::size_t kBonnieCsvFieldCount = 50;

// The "1.98" line for one run, ending with '\n'. Empty-field rules as bonnie++: no I/O tests ("-s 0")
// leaves fields 5-20 and 38-43 empty, no file tests ("-n 0") 21-37 and 44-49, and a phase absent from
// run.phases (e.g. per-char with -f) its rate, %CPU and latency fields. The fsync latency phase is not
// part of this line.
std::string format_bonnie_csv_line(const RunResult& run);

// The header line for "-x N" runs: the 50 field names (bonnie++'s, as in its man page), ending with '\n'.
// Unlike bonnie++ 2.00a's 48-name header it names fields 7 and 8 ("seeks", "seek_proc_count"); bonnie++'s
// names make "seeks" appear twice (fields 7 and 19).
std::string bonnie_csv_header();

}  // namespace bench
