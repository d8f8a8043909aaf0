// Which MPI launcher started this process, read from its environment (run/rank_group.h mpi_launcher_variable):
// the rule both builds share, the MPI mode to join the job and the plain build to refuse it.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "run/rank_group.h"

namespace bench {
namespace {

// An environment of exactly `variables`.
auto environment_of(const std::map<std::string, std::string>& variables) {
  return [variables](const char* name) -> const char* {
    const auto found = variables.find(name);
    return found == variables.end() ? nullptr : found->second.c_str();
  };
}

TEST_CASE("mpi launcher: each launcher's variable is found and named with its value, none without one") {
  CHECK(mpi_launcher_variable(environment_of({})) == std::nullopt);
  CHECK(mpi_launcher_variable(environment_of({{"OMPI_COMM_WORLD_RANK_X", "1"}, {"PATH", "/bin"}})) == std::nullopt);
  CHECK(mpi_launcher_variable(environment_of({{"OMPI_COMM_WORLD_SIZE", "4"}})) == "OMPI_COMM_WORLD_SIZE=4");
  CHECK(mpi_launcher_variable(environment_of({{"PMI_SIZE", "2"}})) == "PMI_SIZE=2");
  CHECK(mpi_launcher_variable(environment_of({{"PMI_RANK", "0"}})) == "PMI_RANK=0");
  CHECK(mpi_launcher_variable(environment_of({{"PMIX_RANK", "3"}})) == "PMIX_RANK=3");
  // Open MPI sets PMIx's too: its own name comes first.
  CHECK(mpi_launcher_variable(environment_of({{"PMIX_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}})) ==
        "OMPI_COMM_WORLD_SIZE=2");
}

}  // namespace
}  // namespace bench
