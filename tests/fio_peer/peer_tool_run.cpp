#include "fio_peer/peer_tool_run.h"

namespace bench::test {

CommandOutput run_tool_in_own_directory(bool ours, const std::filesystem::path& dir, const std::string& format,
                                        const std::vector<std::string>& options) {
  const std::filesystem::path files = dir / (ours ? "bench" : "fio");
  std::filesystem::create_directories(files);
  std::vector<std::string> argv;
  if (ours) {
    argv = {bench_binary(), "job", "-q", "-d", files.string(), "--output-format=" + format};
  } else {
    argv = {"fio", "--output-format=" + format, "--directory=" + files.string()};
  }
  argv.insert(argv.end(), options.begin(), options.end());
  return run_program(argv);
}

}  // namespace bench::test
