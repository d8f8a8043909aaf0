#include "report/text/progress_line.h"

#include <doctest/doctest.h>

#include <optional>
#include <vector>

namespace bench {
namespace {

using std::chrono::seconds;
using Steps = std::vector<std::optional<std::chrono::nanoseconds>>;

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

TEST_CASE("a suite's progress: step N of M, the share of the expected time done and the time left") {
  // Four steps a clock decides (10, 10, 20 and 20 s): in the third, 5 s in, 25 of 60 s are done.
  const Steps timed = {seconds(10), seconds(10), seconds(20), seconds(20)};
  CHECK(format_steps_progress("cdm", timed, 2, seconds(5), seconds(27)) == "cdm: step 3 of 4   41%  0:35 left");
  CHECK(format_steps_progress("cdm", timed, 0, seconds(0), seconds(0)) == "cdm: step 1 of 4    0%  1:00 left");
  // A step that runs past its expected time counts as its own time, no more: the share never runs ahead.
  CHECK(format_steps_progress("cdm", timed, 0, seconds(30), seconds(30)) == "cdm: step 1 of 4   16%  0:50 left");
  CHECK(format_steps_progress("cdm", timed, 3, seconds(20), seconds(70)) == "cdm: step 4 of 4  100%  0:00 left");
  // A step whose work decides its time: the share is the steps done, the time left the time per step so far
  // (here 2 steps took 30 s: 15 s a step, 2 to go) -- and none before a step has ended.
  const Steps untimed = {seconds(10), std::nullopt, seconds(10), seconds(10)};
  CHECK(format_steps_progress("tart", untimed, 2, seconds(4), seconds(34)) == "tart: step 3 of 4   50%  0:30 left");
  CHECK(format_steps_progress("tart", untimed, 0, seconds(4), seconds(4)) == "tart: step 1 of 4    0%");
  // Long runs: minutes beyond the hour as they are.
  const Steps long_steps = {seconds(3600), seconds(1200)};
  CHECK(format_steps_progress("openstack", long_steps, 0, seconds(0), seconds(0)) ==
        "openstack: step 1 of 2    0%  80:00 left");
  // A step index past the end (a caller's slip) is shown as the last step.
  CHECK(format_steps_progress("cdm", timed, 9, seconds(0), seconds(0)).starts_with("cdm: step 4 of 4"));
}

TEST_CASE("a live line is cut to the terminal's width so that redrawing it in place never wraps") {
  CHECK(fit_to_width("cdm: step 3 of 40  Jobs: 1", 10) == "cdm: step ");
  CHECK(fit_to_width("short", 80) == "short");
  CHECK(fit_to_width("width not known", 0) == "width not known");
}

}  // namespace
}  // namespace bench
