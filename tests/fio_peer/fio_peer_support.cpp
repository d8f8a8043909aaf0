#include "fio_peer/fio_peer_support.h"

#include <chrono>

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "sanitizers.h"
#include "test_support.h"

namespace bench::test {
namespace fs = std::filesystem;

std::uint64_t PeerRun::bytes(bool write) const {
  std::uint64_t total = 0;
  for (const PeerRequest& request : requests) total += request.write == write && request.transfer() ? request.length : 0;
  return total;
}

std::uint64_t PeerRun::count(bool write) const {
  std::uint64_t total = 0;
  for (const PeerRequest& request : requests) total += request.write == write && request.transfer() ? 1 : 0;
  return total;
}

std::vector<std::uint64_t> PeerRun::offsets(bool write) const {
  std::vector<std::uint64_t> out;
  for (const PeerRequest& request : requests) {
    if (request.write == write && request.transfer()) out.push_back(request.offset);
  }
  return out;
}

std::map<std::uint64_t, std::uint64_t> PeerRun::hits(bool write, std::uint64_t block_bytes) const {
  std::map<std::uint64_t, std::uint64_t> out;
  for (const PeerRequest& request : requests) {
    if (request.write == write && request.transfer()) ++out[request.offset / block_bytes];
  }
  return out;
}

bool peers_available() {
  return !skip_unless(tool_installed("strace"), Need::kTool, "strace is not installed (Debian strace)") &&
         !skip_unless(tool_installed("fio"), Need::kTool, "fio is not installed (Debian fio)");
}

namespace {

// The two comma-separated numbers just before `end` in a strace line ("..., 4096, 8192) = ..." with `end` at the
// ')'), and where the first of them starts (at its ", ").
struct TwoNumbers {
  std::uint64_t first = 0;
  std::uint64_t second = 0;
  std::size_t first_comma = 0;
};
TwoNumbers two_numbers_before(const std::string& line, std::size_t end) {
  const std::size_t second_comma = line.rfind(", ", end - 1);
  const std::size_t first_comma = line.rfind(", ", second_comma - 1);
  return {std::stoull(line.substr(first_comma + 2, second_comma - first_comma - 2)),
          std::stoull(line.substr(second_comma + 2, end - second_comma - 2)), first_comma};
}

// "fallocate(3</path/data>, FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE, 8192, 4096) = 0": mode, offset, length.
std::optional<PeerRequest> fallocate_of(const std::string& line) {
  const std::size_t path_end = line.find(">, ");
  const std::size_t close = line.rfind(") = ");
  if (path_end == std::string::npos || close == std::string::npos) return std::nullopt;
  const TwoNumbers numbers = two_numbers_before(line, close);
  PeerRequest request;
  request.fallocate_mode = line.substr(path_end + 3, numbers.first_comma - path_end - 3);
  request.offset = numbers.first;
  request.length = numbers.second;
  return request;
}

// "fadvise64(3</path/data>, 0, 65536, POSIX_FADV_DONTNEED) = 0": the advice, offset and length.
std::optional<PeerRequest> advice_of(const std::string& line) {
  const std::size_t advice = line.rfind(", POSIX_FADV_");
  const std::size_t close = line.rfind(") = ");
  if (!line.starts_with("fadvise64(") || advice == std::string::npos || close == std::string::npos || close < advice) {
    return std::nullopt;
  }
  const TwoNumbers numbers = two_numbers_before(line, advice);
  PeerRequest request;
  request.advice = line.substr(advice + 2, close - advice - 2);
  request.drops_cache = request.advice == "POSIX_FADV_DONTNEED";
  request.offset = numbers.first;
  request.length = numbers.second;
  return request;
}

// "pread64(3</path/data>, ""..., 4096, 8192) = 4096": the call, and its last two arguments. strace's -s 0 prints
// the buffers as "". "fdatasync(3</path/data>) = 0": a sync of the file.
std::optional<PeerRequest> request_of(const std::string& line) {
  if (line.starts_with("fallocate(")) return fallocate_of(line);
  if (line.starts_with("fadvise64(")) return advice_of(line);
  if (line.starts_with("fsync(") || line.starts_with("fdatasync(")) {
    PeerRequest sync;
    sync.syncs = true;
    return sync;
  }
  const bool read = line.starts_with("pread64(");
  const bool write = line.starts_with("pwrite64(");
  if (!read && !write) return std::nullopt;
  const std::size_t close = line.rfind(") = ");
  if (close == std::string::npos) return std::nullopt;
  const TwoNumbers numbers = two_numbers_before(line, close);  // pread64's length, then offset
  PeerRequest request;
  request.write = write;
  request.offset = numbers.second;
  request.length = numbers.first;
  return request;
}

// A removal that succeeded: 'unlink("/d/f") = 0', 'unlinkat(AT_FDCWD</cwd>, "f", 0) = 0' or 'unlinkat(3</d>, "f",
// 0) = 0' (strace -y), with the path it removed (made absolute by the directory strace shows).
std::optional<std::pair<std::string, PeerRequest>> unlink_of(const std::string& line) {
  const bool at = line.starts_with("unlinkat(");
  if (!at && !line.starts_with("unlink(")) return std::nullopt;
  if (!line.ends_with("= 0")) return std::nullopt;
  const std::size_t open = line.find('"');
  const std::size_t close = line.find('"', open + 1);
  if (open == std::string::npos || close == std::string::npos) return std::nullopt;
  fs::path path = line.substr(open + 1, close - open - 1);
  if (at && path.is_relative()) {
    const std::size_t dir_open = line.find('<');
    const std::size_t dir_close = line.find(">, ", dir_open);
    if (dir_open == std::string::npos || dir_close == std::string::npos) return std::nullopt;
    path = fs::path(line.substr(dir_open + 1, dir_close - dir_open - 1)) / path;
  }
  PeerRequest removal;
  removal.unlink = true;
  return std::pair{fs::weakly_canonical(path).string(), removal};
}

void write_file(const fs::path& path, std::uint64_t bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string block(4096, 'p');
  for (std::uint64_t done = 0; done < bytes; done += block.size()) {
    out.write(block.data(), static_cast<std::streamsize>(std::min<std::uint64_t>(block.size(), bytes - done)));
  }
}

// The path strace -y shows for the call's file descriptor: "pread64(3</path/data>, ..." or "fsync(3</path/data>)
// = 0" gives /path/data.
std::string path_of(const std::string& line) {
  const std::size_t open = line.find('<');
  std::size_t close = line.find(">, ", open);
  if (close == std::string::npos) close = line.find(">) ", open);
  if (open == std::string::npos || close == std::string::npos) return {};
  return line.substr(open + 1, close - open - 1);
}

// Runs `tool_argv` under strace: each pread64/pwrite64 with the path of its file, in order; the run's exit code,
// stderr and time go to `out`.
std::vector<std::pair<std::string, PeerRequest>> traced_calls(const std::vector<std::string>& tool_argv,
                                                              PeerRun& out,
                                                              PeerCalls which = PeerCalls::kReadsWrites) {
  const TempDir logs;
  const std::string traced = which == PeerCalls::kWithFallocate ? "trace=pread64,pwrite64,fallocate"
                             : which == PeerCalls::kWithUnlink   ? "trace=pread64,pwrite64,unlink,unlinkat"
                             : which == PeerCalls::kWithCacheDrops ? "trace=pread64,pwrite64,fadvise64"
                             : which == PeerCalls::kWithSyncs      ? "trace=pread64,pwrite64,fsync,fdatasync"
                                                                 : "trace=pread64,pwrite64";
  std::vector<std::string> argv = {"strace", "-f", "-qq", "-y", "-s", "0", "-e", traced,
                                   "-o", (logs.path() / "s").string()};
#if defined(BENCH_TESTS_UNDER_ASAN)
  argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
#endif
  argv.insert(argv.end(), tool_argv.begin(), tool_argv.end());
  const auto started = std::chrono::steady_clock::now();
  const CommandOutput run = run_program(argv);
  out.elapsed = std::chrono::steady_clock::now() - started;
  out.exit_code = run.exit_code;
  out.err = run.err;
  std::vector<std::pair<std::string, PeerRequest>> calls;
  // A call another thread's interrupted is split: "TID pread64(3</path>,  <unfinished ...>" (or after its last
  // argument), later "TID <... pread64 resumed>""..., 4096, 8192) = 4096" (or ")    = 4096"); the first half is
  // kept per thread until its second comes.
  std::map<std::string, std::string> unfinished;
  for (std::string line : lines_of(read_file(logs.path() / "s"))) {
    // strace -f starts a line with the thread's id and spaces once a process has more than one thread.
    std::string thread;
    const std::size_t digits_end = line.find_first_not_of("0123456789");
    if (digits_end != 0 && digits_end != std::string::npos && line[digits_end] == ' ') {
      thread = line.substr(0, digits_end);
      line = line.substr(line.find_first_not_of(' ', digits_end));
    }
    if (line.ends_with("<unfinished ...>")) {
      unfinished[thread] = line.substr(0, line.find(" <unfinished"));
      continue;
    }
    if (line.starts_with("<... ")) {
      const std::size_t resumed = line.find(" resumed>");
      const auto first_half = unfinished.find(thread);
      if (resumed == std::string::npos || first_half == unfinished.end()) continue;
      std::string rest = line.substr(resumed + 9);
      if (rest.starts_with(")")) {  // split after the arguments: ")     = 4096"
        rest = ") " + rest.substr(rest.find('='));
      } else {
        rest = " " + rest;
      }
      line = first_half->second + rest;
      unfinished.erase(first_half);
    }
    if (auto removal = unlink_of(line)) {
      calls.push_back(std::move(*removal));
    } else if (std::optional<PeerRequest> request = request_of(line)) {
      calls.emplace_back(path_of(line), *request);
    }
  }
  return calls;
}

}  // namespace

PeerRun traced_requests(const std::vector<std::string>& tool_argv, const fs::path& data, PeerCalls calls) {
  PeerRun out;
  const std::string path = fs::canonical(data).string();
  for (auto& [file, request] : traced_calls(tool_argv, out, calls)) {
    if (file == path) out.requests.push_back(request);
  }
  return out;
}

PeerPair run_both_tools(const fs::path& dir, const std::vector<std::string>& options, std::uint64_t file_bytes,
                        PeerCalls calls) {
  const fs::path data = dir / "data";
  const std::vector<std::string> job = {"--name=peer", "--filename=" + data.string()};
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.string(), "--allow-overwrite", data.string()};
  bench.insert(bench.end(), job.begin(), job.end());
  bench.insert(bench.end(), options.begin(), options.end());
  // verify_state_save=0: fio would otherwise leave its verify state file in the current directory.
  std::vector<std::string> fio = {"fio", "--output=/dev/null", "--verify_state_save=0"};
  fio.insert(fio.end(), job.begin(), job.end());
  fio.insert(fio.end(), options.begin(), options.end());
  PeerPair pair;
  write_file(data, file_bytes);
  pair.bench = traced_requests(bench, data, calls);
  write_file(data, file_bytes);
  pair.fio = traced_requests(fio, data, calls);
  INFO("bench++: " << pair.bench.err);
  INFO("fio: " << pair.fio.err);
  CHECK(pair.bench.exit_code == 0);
  CHECK(pair.fio.exit_code == 0);
  return pair;
}

std::vector<std::uint64_t> check_same_offsets(const std::vector<std::string>& options, bool write,
                                              std::uint64_t expected_requests, std::uint64_t file_bytes) {
  const TempDir dir;
  const PeerPair pair = run_both_tools(dir.path(), options, file_bytes);
  CHECK(pair.fio.count(write) == expected_requests);  // the trace saw fio's requests
  CHECK(pair.bench.count(write) == pair.fio.count(write));
  CHECK(pair.bench.bytes(write) == pair.fio.bytes(write));
  CHECK(pair.bench.offsets(write) == pair.fio.offsets(write));
  return pair.fio.offsets(write);
}

namespace {

PeerFiles files_run(const std::vector<std::string>& argv, const fs::path& dir, PeerCalls calls) {
  PeerFiles out;
  PeerRun run;
  const std::string prefix = fs::canonical(dir).string() + "/";
  for (auto& [file, request] : traced_calls(argv, run, calls)) {
    if (!file.starts_with(prefix)) continue;
    out.by_file[fs::path(file).filename().string()].requests.push_back(request);
    out.order.push_back(fs::path(file).filename().string());
  }
  out.exit_code = run.exit_code;
  out.err = run.err;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) out.sizes[entry.path().filename().string()] = entry.file_size();
  }
  return out;
}

}  // namespace

PeerFilesPair run_both_on_new_files(const fs::path& dir, const std::vector<std::string>& options, PeerCalls calls) {
  const fs::path bench_dir = dir / "bench";
  const fs::path fio_dir = dir / "fio";
  fs::create_directories(bench_dir);
  fs::create_directories(fio_dir);
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", bench_dir.string(), "--unlink=0", "--name=peer"};
  bench.insert(bench.end(), options.begin(), options.end());
  std::vector<std::string> fio = {"fio", "--output=/dev/null", "--verify_state_save=0",
                                  "--directory=" + fio_dir.string(), "--name=peer"};
  fio.insert(fio.end(), options.begin(), options.end());
  PeerFilesPair pair{files_run(bench, bench_dir, calls), files_run(fio, fio_dir, calls)};
  INFO("bench++: " << pair.bench.err);
  INFO("fio: " << pair.fio.err);
  CHECK(pair.bench.exit_code == 0);
  CHECK(pair.fio.exit_code == 0);
  return pair;
}

}  // namespace bench::test
