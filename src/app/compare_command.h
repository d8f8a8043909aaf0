#pragma once
// `bench++ compare BASE [OTHER...]`: read result files, compare them (compare/comparison.h) and write the
// table, CSV, JSON and HTML the options ask for.
#include <string>
#include <vector>

namespace bench {

// `args` are the words after "compare". Returns 0 when done. Throws UsageError for bad options (exit 2) and
// std::runtime_error naming the file and line for a file that cannot be read or is not valid (exit 1).
int run_compare_command(const std::vector<std::string>& args);

}  // namespace bench
