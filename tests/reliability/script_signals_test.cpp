// scripts/lib/signals.sh, which the guest scripts and scripts/mpi-hosts.sh use to pass Ctrl-C and SIGTERM on to
// the command they run: a stop that comes before the child is known still stops it.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("scripts/lib/signals.sh: a stop signal that came before run_child's child started stops it at once") {
  // Under `timeout`: a child left running (sleep 60) makes the script exit 124 after 20 s.
  const std::string script =
      ". \"$1\"; forward_stop_signals; kill -TERM $$; run_child sleep 60 || true; exit_if_stopped; exit 3";
  const auto start = std::chrono::steady_clock::now();
  const auto result = test::run_program({"timeout", "20", "bash", "-c", script, "bash",
                                         std::string(BENCH_SOURCE_DIR) + "/scripts/lib/signals.sh"});
  INFO(result.err);
  CHECK(result.exit_code == 143);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

}  // namespace
}  // namespace bench
