// The plain build (no MPI) started by an MPI launcher refuses to run rather than let every copy run the whole
// benchmark alone on the same files (run/join_rank_group.cpp). Built only without BENCH_WITH_MPI: the MPI build
// joins the job instead (tests/mpi/).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "result/errors.h"
#include "run/rank_group.h"

namespace bench {
namespace {

TEST_CASE("plain build: started by mpirun, the run is refused naming the launcher's variable and the MPI build") {
  REQUIRE(std::getenv("OMPI_COMM_WORLD_SIZE") == nullptr);
  ::setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
  std::string message;
  try {
    join_rank_group();
  } catch (const UsageError& error) {
    message = error.what();
  }
  ::unsetenv("OMPI_COMM_WORLD_SIZE");
  CHECK(message.find("started by an MPI launcher (OMPI_COMM_WORLD_SIZE=2)") != std::string::npos);
  CHECK(message.find("-DBENCH_WITH_MPI=ON") != std::string::npos);
  CHECK(message.find('\n') == std::string::npos);
  // Without a launcher it runs alone.
  CHECK(join_rank_group()->size() == 1);
}

}  // namespace
}  // namespace bench
