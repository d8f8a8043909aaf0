#pragma once
// The fio release whose command line, outputs and schema bench++ follows, and the one version string bench++
// writes wherever fio writes its own: fio has one (its FIO_VERSION, "fio-3.33", or "fio-3.33-12-gabc" for a build
// past the release) in --version, the normal output's header, the JSON's "fio version" and the terse lines' second
// field, and so does bench++ (cli/fio_persona's --version, report/fio's writers). Pure.
#include <string>
#include <string_view>

namespace bench {

inline constexpr std::string_view kFioRelease = "fio-3.33";

// "fio-3.33-bench++-VERSION": fio's release with bench++ and its version after a dash, the way fio names a build of
// its own past a release. One word that starts with "fio-3.33", so that what tools read of fio's version (a prefix
// "fio-", "fio-3" inside it, the part between "fio-" and the next "-", split("-")[1]) reads fio 3.33, and that says
// bench++ ran it.
inline std::string fio_version_string(std::string_view bench_version) {
  return std::string(kFioRelease) + "-bench++-" + std::string(bench_version);
}

}  // namespace bench
