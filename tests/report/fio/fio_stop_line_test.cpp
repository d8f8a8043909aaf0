#include "report/fio/fio_stop_line.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <csignal>
#include <string>
#include <vector>

#include "report/fio/fio_normal.h"

namespace bench {
namespace {

TEST_CASE("fio's stop line: fio 3.33's text, none for a run that went to its end") {
  CHECK(format_fio_stop_line(SIGINT) == "\nfio: terminating on signal 2\n");
  CHECK(format_fio_stop_line(SIGTERM) == "\nfio: terminating on signal 15\n");
  CHECK(format_fio_stop_line(0).empty());
}

TEST_CASE("fio's stop line is written once, by its own writer, after the normal start and before every format") {
  std::vector<RunResult> runs(1);
  runs[0].stop_signal = SIGTERM;
  const std::vector<std::string> kept;
  const ResultsSoFar under_way{runs, 0, false, kept};
  const ResultsSoFar finished{runs, 1, false, kept};
  CHECK(FioStopLineWriter().render(under_way).empty());  // said with the run's results
  CHECK(FioStopLineWriter().render(finished) == "\nfio: terminating on signal 15\n");
  // The normal format's start (header, "Laying out") is written as the jobs start, its report after the line.
  const std::string header = format_fio_normal_header(runs[0].info);
  CHECK(format_fio_normal_start(runs[0]) == header);
  const std::string stats = format_fio_normal_stats(runs[0], static_cast<int>(::getpid()));
  CHECK(FioNormalWriter(1, false, true).render(finished) == stats);
  CHECK(FioNormalWriter(1, false).render(finished) == header + stats);
  // A signal after the first: its own line after the first's, as fio's sig_int says each.
  runs[0].later_stop_signals = {SIGINT};
  CHECK(FioStopLineWriter().render(finished) ==
        "\nfio: terminating on signal 15\n\nfio: terminating on signal 2\n");
  runs[0].later_stop_signals.clear();
  runs[0].stop_signal = 0;
  CHECK(FioStopLineWriter().render(finished).empty());
}

}  // namespace
}  // namespace bench
