#pragma once
// Reads bonnie++'s CSV lines, format "1.98" with 50 fields (report/bonnie/bonnie_csv.h has the layout): the lines bonnie++
// 1.98 to 2.00a print and the ones bench++ writes (report/bonnie/bonnie_csv.h), for `bench++ compare`.
//
// A line holds rates and %CPU, not the work done and the time it took, so each measured phase is rebuilt as
// if it had run for kBonnieLineElapsed (10 s, which keeps a seek rate's one decimal exact):
//   bytes      = KiB/s x 1024 x 10 (byte phases; operations = 0: the line does not say how many calls),
//   operations = rate x 10          (seeks and files; bytes = 0),
//   cpu        = %CPU / 100 x 10 s.
// So rate_per_second() and cpu_percent() give back the line's rate and %CPU; elapsed, operations and bytes
// mean nothing on their own. The latency field becomes a LatencySummary where only max_ns is meaningful
// (count, min, mean and the percentiles are 0): bonnie++ records nothing else.
// "+++++" (the phase ran under 0.5 s; bonnie++ prints no number) becomes a phase with zero elapsed time, zero
// work and zero cpu, so rate_per_second() and cpu_percent() are nullopt and too_fast() is true; its latency
// (bonnie++ still prints the max) is kept. A phase whose rate and %CPU fields are empty did not run and is
// absent from RunResult::phases.
//
// Run metadata: label and host_name = the name field, version = the bonnie_version field ("2.00a",
// "bench++-0.1.0"), concurrency, seed (0 when bonnie++ wrote a -Z file name there), the -s spec (file size,
// chunk size when given, else 8k; seeks; seekers) and the -n spec (count, max/min size or link/symlink, and
// the directory count from field 24 (bench++) or field 25 (bonnie++ 2.00a, which writes it there)).
// run_index counts the lines of the same name (-x repeats): 0, 1, 2...; started_utc is empty.
#include <atomic>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "result/run_result.h"

namespace bench {

inline constexpr std::chrono::seconds kBonnieLineElapsed{10};

// One RunResult per data line, in file order. Skipped: empty lines, lines starting with '#' (comments, as
// bonnie++'s man page allows), and header lines starting with "format_version," (bonnie++'s 48-name header
// and bench++'s 50-name one). Lines end in "\n" or "\r\n".
// Throws std::runtime_error("<source_name>:<line>: <what is wrong>") on: a text with no data line, a line that
// does not start with the format tag "1.98" (other tags and other formats, e.g. a spreadsheet CSV header,
// are named in the message), a line with other than 50 fields ("expected 50 fields, found 12"), a NUL byte, a
// rate, %CPU, latency, count or size field that does not hold what it must (the field's number and bonnie++
// name are given), and a phase with a rate but no %CPU or the other way round. Throws InterruptedError when
// `interrupt` (the run's flag, run/interrupt.h) is set while it reads (it looks at every line).
std::vector<RunResult> read_bonnie_csv(std::string_view text, const std::string& source_name,
                                       const std::atomic<int>* interrupt = nullptr);

}  // namespace bench
