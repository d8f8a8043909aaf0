#include "report/text/progress_line.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

using std::chrono::seconds;

TEST_CASE("the progress line shows test, percent, rate in the test's unit and time left") {
  CHECK(format_progress_line(PhaseId::kBlockWrite, 0, 1000, seconds(0), 8192) ==
        "Writing intelligently               0%");
  // 256 of 1024 8-KiB blocks in 1 s: 2 MiB/s, 3 s left.
  CHECK(format_progress_line(PhaseId::kBlockWrite, 256, 1024, seconds(1), 8192) ==
        "Writing intelligently              25%       2.0 MiB/s  0:03 left");
  CHECK(format_progress_line(PhaseId::kRandomSeeks, 4096, 8192, seconds(2), 8192) ==
        "Seeking randomly                   50%    2048 seeks/s  0:02 left");
  CHECK(format_progress_line(PhaseId::kSeqCreate, 1000, 16384, seconds(10), 0) ==
        "Create files in sequential order    6%     100 files/s  2:34 left");
  CHECK(format_progress_line(PhaseId::kFsyncLatency, 50, 50, seconds(1), 0) ==
        "Writing with fdatasync            100%      50 syncs/s");
  // More done than expected (a readdir step counted twice) is shown as 100 %.
  CHECK(format_progress_line(PhaseId::kSeqStat, 12, 10, seconds(1), 0).find("100%") != std::string::npos);
}

}  // namespace
}  // namespace bench
