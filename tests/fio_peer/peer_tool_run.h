#pragma once
// One tool's run of fio's options with one of fio's output formats, its files in a directory of its own: the
// tests that read a figure from each tool's report (fio's JSON or normal output) rather than from strace.
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench::test {

// bench++ (`ours`) as `bench++ job -q -d DIR/bench --output-format=FORMAT OPTIONS`, else fio as `fio
// --output-format=FORMAT --directory=DIR/fio OPTIONS`; the directory is made. Its output and status as they came.
CommandOutput run_tool_in_own_directory(bool ours, const std::filesystem::path& dir, const std::string& format,
                                        const std::vector<std::string>& options);

}  // namespace bench::test
