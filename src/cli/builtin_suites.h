#pragma once
// The named suites of `bench++ suite NAME`: fio job files shipped in suites/ (so that `fio suites/NAME.fio` runs
// the very same jobs) and built into bench++ from there (cmake/builtin_suites.cpp.in).
#include <span>
#include <string_view>

namespace bench {

struct BuiltinSuite {
  std::string_view name;  // "tart"
  std::string_view text;  // the job file
};

// In the order of suites/ as CMake lists them (tart, openstack, cdm).
std::span<const BuiltinSuite> builtin_suites();

}  // namespace bench
