#include "run/interrupt.h"

#include <doctest/doctest.h>

#include <csignal>

namespace bench {
namespace {

TEST_CASE("the run is still reported after the signals fio 3.33 catches, SIGINT and SIGTERM, alone") {
  CHECK(reports_run_after(SIGINT));
  CHECK(reports_run_after(SIGTERM));
  CHECK_FALSE(reports_run_after(SIGHUP));
  CHECK_FALSE(reports_run_after(SIGPIPE));
  CHECK_FALSE(reports_run_after(0));
}

}  // namespace
}  // namespace bench
