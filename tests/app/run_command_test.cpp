#include "app/run_command.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

TEST_CASE("a run's exit status: bench++'s 0 or 1, fio's count of failed jobs, plus 128 once a signal stopped it") {
  CHECK(run_exit_status(Persona::kBench, 0, false) == 0);
  CHECK(run_exit_status(Persona::kBench, 3, false) == kExitJobFailed);
  CHECK(run_exit_status(Persona::kFio, 0, false) == 0);
  CHECK(run_exit_status(Persona::kFio, 3, false) == 3);
  CHECK(run_exit_status(Persona::kFio, 0, true) == 128);
  CHECK(run_exit_status(Persona::kFio, 2, true) == 130);
  CHECK(run_exit_status(Persona::kFio, 1000, true) == kExitMostJobsFailed);
  CHECK(run_exit_status(Persona::kFio, 1000, false) == kExitMostJobsFailed);
}

}  // namespace
}  // namespace bench
