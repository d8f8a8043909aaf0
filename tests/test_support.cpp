#include "test_support.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace bench::test {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/bench-test.XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) throw std::system_error(errno, std::generic_category(), "mkdtemp");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

namespace {

void read_available(int fd, std::string& into, bool& open) {
  char buffer[65536];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n > 0) {
    into.append(buffer, static_cast<std::size_t>(n));
  } else if (n == 0 || errno != EINTR) {
    open = false;
  }
}

}  // namespace

CommandOutput run_program(const std::vector<std::string>& argv, const std::string& input) {
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe(in_pipe) != 0 || ::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0) throw std::runtime_error("pipe");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork");
  if (pid == 0) {
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  // Feed stdin fully first (inputs are small), then close it.
  std::size_t written = 0;
  while (written < input.size()) {
    const ssize_t n = ::write(in_pipe[1], input.data() + written, input.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::close(in_pipe[1]);
  CommandOutput result;
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    pollfd fds[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0}, {err_open ? err_pipe[0] : -1, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
    if (out_open && (fds[0].revents & (POLLIN | POLLHUP))) read_available(out_pipe[0], result.out, out_open);
    if (err_open && (fds[1].revents & (POLLIN | POLLHUP))) read_available(err_pipe[0], result.err, err_open);
  }
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

CommandOutput run_bench(const std::vector<std::string>& args) {
  std::vector<std::string> argv{BENCH_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv);
}

std::vector<std::string> list_tree(const std::filesystem::path& dir) {
  std::vector<std::string> entries;
  // A tree that changes while it is walked (a running bench++ makes and removes its plan's probes, its files) is
  // walked again; a directory that is not there still throws.
  for (int attempt = 0;; ++attempt) {
    try {
      entries.clear();
      for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        entries.push_back(entry.path().lexically_relative(dir).string());
      }
      break;
    } catch (const std::filesystem::filesystem_error& error) {
      if (attempt >= 100 || error.code() != std::errc::no_such_file_or_directory) throw;
    }
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string read_fixture(const std::string& name) { return read_file(std::filesystem::path(BENCH_FIXTURE_DIR) / name); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

void check_read_error(const std::function<void()>& read, const std::string& expected_start,
                      const std::string& expected_part, std::size_t max_size) {
  try {
    read();
    FAIL("no exception; expected " << expected_start << expected_part);
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    CHECK_MESSAGE(what.rfind(expected_start, 0) == 0, what);
    CHECK_MESSAGE(what.find(expected_part) != std::string::npos, what);
    CHECK(what.size() < max_size);
  }
}

}  // namespace bench::test
