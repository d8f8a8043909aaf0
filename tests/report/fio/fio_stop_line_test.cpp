#include "report/fio/fio_stop_line.h"

#include <doctest/doctest.h>

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

TEST_CASE("fio's stop line is written once: by its own writer, or after the normal header when normal is asked") {
  std::vector<RunResult> runs(1);
  runs[0].stop_signal = SIGTERM;
  const std::vector<std::string> kept;
  const ResultsSoFar under_way{runs, 0, false, kept};
  const ResultsSoFar finished{runs, 1, false, kept};
  CHECK(FioStopLineWriter(false).render(under_way).empty());  // said with the run's results
  CHECK(FioStopLineWriter(false).render(finished) == "\nfio: terminating on signal 15\n");
  CHECK(FioStopLineWriter(true).render(finished).empty());
  const std::string normal = FioNormalWriter(1, false).render(finished);
  const std::string header = format_fio_normal_header(runs[0].info);
  CHECK(normal.starts_with(header + "\nfio: terminating on signal 15\n\n"));
  runs[0].stop_signal = 0;
  CHECK(FioStopLineWriter(false).render(finished).empty());
  CHECK(FioNormalWriter(1, false).render(finished).find("terminating") == std::string::npos);
}

}  // namespace
}  // namespace bench
