#pragma once
// What the MPI tests share: whether mpirun is here, and how they start it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.h"

namespace bench::test {

// False, and a skip (test_support.h), when mpirun is not installed.
inline bool mpirun_usable() {
  return !skip_unless(tool_installed("mpirun"), Need::kTool, "mpirun is not installed (Debian openmpi-bin)");
}

// Open MPI's mpirun for `ranks` ranks, as root, without the single-copy mechanism of its shared memory
// (CMA needs ptrace rights that containers may not give).
inline std::vector<std::string> mpirun_command(int ranks) {
  return {"mpirun", "--allow-run-as-root", "--mca", "btl_vader_single_copy_mechanism", "none",
          "-np", std::to_string(ranks)};
}

}  // namespace bench::test
