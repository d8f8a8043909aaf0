#pragma once
// Hand-built RunResults shared by the bonnie table and CSV golden tests. Each sample's golden outputs are
// tests/fixtures/bonnie/<name>.txt (table) and <name>.csv (CSV line); the inputs are chosen so that every
// rate and %CPU lies clearly between two integers (no result depends on floating-point rounding).
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench::test {

struct BonnieSample {
  std::string name;  // fixture base name
  RunResult run;
};

// full, too_fast, files_only, io_only, no_per_char, hard_links, symlinks, dirs_chunks, long_name, seekers.
std::vector<BonnieSample> bonnie_samples();
// One sample by name; throws std::out_of_range if there is none.
RunResult bonnie_sample(const std::string& name);

}  // namespace bench::test
