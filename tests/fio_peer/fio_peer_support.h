#pragma once
// The same job under bench++ and under fio 3.33 (both installed: scripts/test.sh), and what each did to the
// job's file as strace saw it: every pread64 and pwrite64 on that file (psync, fio's default engine and
// bench++'s, makes one per request), with its offset and length. So the tests compare what was done, request
// by request if need be, without reading either tool's report.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bench::test {

struct PeerRequest {
  bool write = false;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  // A fallocate(2) call (traced with PeerCalls::kWithFallocate): its mode as strace prints it ("0",
  // "FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE"); empty for a pread64 or pwrite64.
  std::string fallocate_mode;
  // An unlink(2) or unlinkat(2) of the file that succeeded (traced with PeerCalls::kWithUnlink); no request.
  bool unlink = false;
  // A posix_fadvise of the file (traced with PeerCalls::kWithCacheDrops), over offset and length: its advice as
  // strace prints it ("POSIX_FADV_RANDOM"), and whether that is POSIX_FADV_DONTNEED (a drop of its cached pages);
  // no request.
  std::string advice;
  bool drops_cache = false;
  // An fsync(2) or fdatasync(2) of the file (traced with PeerCalls::kWithSyncs); no request.
  bool syncs = false;
  // A pread64 or pwrite64.
  bool transfer() const { return fallocate_mode.empty() && !unlink && advice.empty() && !syncs; }
};

// The calls traced: pread64 and pwrite64, or fallocate too (ioengine=falloc's requests), or the files' removals
// too (unlink_each_loop), or the drops of their cached pages too (fadvise64 with POSIX_FADV_DONTNEED), or their
// syncs too (fsync and fdatasync).
enum class PeerCalls { kReadsWrites, kWithFallocate, kWithUnlink, kWithCacheDrops, kWithSyncs };

// What one tool did to the job's file.
struct PeerRun {
  std::vector<PeerRequest> requests;  // in order, over all threads
  int exit_code = 0;
  std::string err;  // its stderr
  std::chrono::nanoseconds elapsed{0};  // the whole run under strace, start-up included
  // Of the pread64 (false) or pwrite64 (true) calls; fallocate's and unlinks are left out.
  std::uint64_t bytes(bool write) const;
  std::uint64_t count(bool write) const;
  // Requests per block of `block_bytes` (by offset / block_bytes), of one direction (fallocate's left out).
  std::map<std::uint64_t, std::uint64_t> hits(bool write, std::uint64_t block_bytes) const;
  // The offsets of the pread64 (false) or pwrite64 (true) calls, in order.
  std::vector<std::uint64_t> offsets(bool write) const;
};

// Whether strace and fio are there; when not, says the skip (kTool) and returns false.
bool peers_available();

// Runs `tool_argv` (bench++'s or fio's full command line) under strace, counting the calls on `data`.
PeerRun traced_requests(const std::vector<std::string>& tool_argv, const std::filesystem::path& data,
                        PeerCalls calls = PeerCalls::kReadsWrites);

// fio's options `options` (e.g. {"--rw=randread", "--bs=4k"}) run by both tools on `data`, a file both are
// given (made anew, 1 byte-pattern, `file_bytes` long, before each run): bench++ as `bench++ job -q -d DIR
// --allow-overwrite DATA --name=peer --filename=DATA OPTIONS`, fio as `fio --output=/dev/null --name=peer
// --filename=DATA OPTIONS`.
struct PeerPair {
  PeerRun bench;
  PeerRun fio;
};
PeerPair run_both_tools(const std::filesystem::path& dir, const std::vector<std::string>& options,
                        std::uint64_t file_bytes, PeerCalls calls = PeerCalls::kReadsWrites);

// run_both_tools in a directory of its own, checking that fio made `expected_requests` requests of `write` and
// bench++ the same ones (offsets and bytes) in the same order; returns fio's offsets.
std::vector<std::uint64_t> check_same_offsets(const std::vector<std::string>& options, bool write,
                                              std::uint64_t expected_requests, std::uint64_t file_bytes);

// What one tool did in a directory of its own: the files it left there (by name, the last component, with their
// sizes) and its requests per file.
struct PeerFiles {
  std::map<std::string, std::uint64_t> sizes;
  std::map<std::string, PeerRun> by_file;
  std::vector<std::string> order;  // the file (name) of each request, in order over all threads
  int exit_code = 0;
  std::string err;
};
struct PeerFilesPair {
  PeerFiles bench;
  PeerFiles fio;
};
// fio's options run by both tools on files each creates, in `dir`/bench and `dir`/fio: bench++ as `bench++ job -q
// -d DIR/bench --unlink=0 --name=peer OPTIONS` (its files inside its private directory there), fio as `fio
// --output=/dev/null --directory=DIR/fio --name=peer OPTIONS` (fio keeps its files).
PeerFilesPair run_both_on_new_files(const std::filesystem::path& dir, const std::vector<std::string>& options,
                                    PeerCalls calls = PeerCalls::kReadsWrites);

}  // namespace bench::test
