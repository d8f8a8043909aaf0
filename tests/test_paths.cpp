// The one file compiled with the build's paths (tests/CMakeLists.txt); its macros are renamed here so that the
// header's macros can keep the tests' spelling.
#include <string>

namespace bench::test {
std::string bench_binary() { return BENCH_PATH_BINARY; }
std::string source_directory() { return BENCH_PATH_SOURCE_DIR; }
std::string build_directory() { return BENCH_PATH_BUILD_DIR; }
std::string fixture_directory() { return BENCH_PATH_FIXTURE_DIR; }
}  // namespace bench::test
