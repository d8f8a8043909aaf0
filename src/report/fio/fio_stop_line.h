#pragma once
// fio 3.33's line when a signal stops its jobs (backend.c sig_int): "\nfio: terminating on signal N\n" on its
// output (standard output, or --output's file), never on standard error, in every output format, before the
// results of what ran, which it still writes. fio prints it when the signal comes, so after the normal format's
// header (printed before the jobs run) and before everything else.
#include <string>

#include "report/result_writer.h"

namespace bench {

// The line for `signal_number`; "" for 0 (the run went to its end).
std::string format_fio_stop_line(int signal_number);

// The line of each finished run a signal stopped (RunResult::stop_signal), and one for each stop signal after it
// (RunResult::later_stop_signals: fio says each, and goes on stopping), on fio's output, before the run's
// results in every format (and after the normal format's start, which is written as the jobs start:
// report/fio/fio_normal.h format_fio_normal_start).
class FioStopLineWriter final : public ResultWriter {
 public:
  std::string render(const ResultsSoFar& results) const override;
};

}  // namespace bench
