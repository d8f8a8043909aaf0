#pragma once
// IoEngine: how a job's requests reach the kernel, and the one interface for it. The workload phase owns the
// loop (keeps iodepth requests in flight, times each from submit() to its completion in reap(), stops at size
// or runtime); an engine only moves requests. One engine for each of fio's engine names that bench++ runs
// (result/engine_kind.h), each making the system calls fio's engine of that name makes:
//   io_uring (engine/uring_engine.h); libaio (engine/libaio_engine.h); posixaio (engine/posix_aio_engine.h);
//   psync, sync, vsync, pvsync, pvsync2 and falloc, inline one request at a time, and psync_threads, pread/pwrite
//   on depth threads where io_uring is refused (engine/sync_engine.h); mmap (engine/mmap_engine.h); null
//   (engine/null_engine.h); filecreate, filestat and filedelete (engine/file_call_engine.h).
//
// Results are the kernel's own: a completion's `result` is what read(2)/write(2)/fsync(2) returned, bytes moved
// or -errno. A short read or write (fewer bytes than asked, 0 at end of file) is reported as such and never
// retried by the engine; I/O errors (-EIO, -ENOSPC, -EBADF, ...) are results, not exceptions. Exceptions are
// for the engine itself failing (std::system_error "cannot <verb> <what>", e.g. the ring refusing a submit)
// and for broken REQUIRES (std::invalid_argument).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "result/engine_kind.h"
#include "result/stat_call.h"
#include "result/uring_options.h"

namespace bench {


// kTrim discards the range: fio's trims, which every engine makes as fio 3.33 does, synchronously, with the
// BLKDISCARD ioctl (on a regular file that is -ENOTTY, as in fio), but falloc, which punches a hole.
enum class IoOp { kRead, kWrite, kFsync, kFdatasync, kTrim };

struct IoRequest {
  IoOp op = IoOp::kRead;
  std::uint32_t file_index = 0;    // into EngineSetup::fds
  std::uint64_t offset = 0;        // bytes; ignored by kFsync and kFdatasync
  std::uint32_t length = 0;        // bytes, <= EngineSetup::buffer_bytes for reads and writes; ignored by syncs
  std::uint32_t buffer_index = 0;  // slot of EngineSetup::buffers read into or written from (reads and writes)
  std::uint64_t tag = 0;           // the caller's, handed back in the completion
};

struct IoCompletion {
  std::uint64_t tag = 0;
  std::int64_t result = 0;  // bytes moved (0 for a sync), or -errno
};

// How requests are grouped into system calls, with fio's meanings and defaults: the job loop hands requests
// to the engine and reaps by these rules (engine/refill_policy.h), and the engines that hold requests follow them.
struct AioBatching {
  // Requests held before a submit of all held (fio's iodepth_batch_submit: io_submit for libaio, io_uring_enter
  // for io_uring); 0 or above depth: depth. A reap submits what is held.
  std::uint32_t submit = 1;
  // Completions a reap waits for, when it waits at all (fio's iodepth_batch_complete_min; at most the requests
  // in flight); 0: io_getevents polls without blocking until the caller's minimum has come.
  std::uint32_t complete_min = 1;
  // Completions one io_getevents takes at most (fio's iodepth_batch_complete_max); below complete_min (its
  // default 0 too): complete_min, as fio.
  std::uint32_t complete_max = 0;
};

// What the exec engine runs and how it ends it (engine/exec_engine.h).
struct ExecRun {
  std::vector<std::string> argv;  // the program and its arguments (result/exec_command.h exec_argv); empty: none
  // From the job's first request (the program's start): past it, each poll sends SIGTERM and waits `grace`.
  std::chrono::nanoseconds runtime{0};
  std::chrono::seconds grace{1};
  // std_redirect=1: the files the program's stdout and stderr go to (created, or emptied); empty: the job's own.
  std::string stdout_path;
  std::string stderr_path;
  bool exclusive_output = false;  // bench++'s file rules: a file already there is never overwritten (the job fails)
  bool remove_output = false;     // removed when the engine ends (bench++'s file rules, unless unlink=0)
};

// What an engine works on; the caller owns the descriptors and the memory and keeps them open and alive (and
// the buffers unused by anything else while a request is in flight) until the engine is destroyed.
struct EngineSetup {
  std::uint32_t depth = 1;   // requests in flight at most; 1..kMaxIoDepth
  std::span<const int> fds;  // the job's open files, named by IoRequest::file_index; at least one
  // buffers.size() / buffer_bytes slots of buffer_bytes each (normally depth slots), named by
  // IoRequest::buffer_index. With O_DIRECT the caller aligns them (AlignedBuffer); the engines check 512-byte
  // alignment of the base and the slot size when any fd has O_DIRECT.
  std::span<std::byte> buffers;
  std::uint32_t buffer_bytes = 0;  // > 0, and buffers.size() a multiple of it

  // fio's iodepth_batch_submit, iodepth_batch_complete_min and iodepth_batch_complete_max (their defaults),
  // which libaio and io_uring honour as fio's engines of those names do (io_uring holding the request that fills
  // the queue for the reap that follows); posixaio waits for complete_min completions too.
  AioBatching batching{};
  bool hipri = false;  // pvsync2: RWF_HIPRI on every read and write (fio's hipri, hipri_percentage=100); io_uring: IOPOLL
  UringOptions uring{};  // io_uring's own options (fio's registerfiles, fixedbufs, sqthread_poll, ...)
  // mmap: the bytes of each file the job works on, from offset 0, which the engine maps; 0: the file's size.
  std::uint64_t region_bytes = 0;
  // mmap: the job's offsets are random (fio's td_random), which the engine tells the kernel (madvise) as fio's
  // fadvise_hint=1 does; else sequential.
  bool random_offsets = false;
  // The files of `fds` by their paths, for the engines that call on files by name (result/engine_kind.h
  // calls_on_files: their fds are -1); empty for the others.
  std::span<const std::string> paths{};
  // cpuio: what each request burns: cpu_chunk_us of spinning on the clock (fio's cpumode=noop), or with cpu_qsort
  // fio's qsort pass over 256 Ki integers (cpumode=qsort).
  std::uint32_t cpu_chunk_us = 0;
  bool cpu_qsort = false;
  // filestat: the stat call it makes on each file (fio's stat_type=).
  StatCall stat_call = StatCall::kStat;
  // exec: what it runs and how it ends (engine/exec_engine.h); unused by the other engines.
  ExecRun exec{};
};

// One per job, used from one thread (io_uring's SINGLE_ISSUER: the thread that made it). Not thread-safe.
// Destruction waits for the requests still in flight, so their buffers stay valid until it returns.
class IoEngine {
 public:
  virtual ~IoEngine() = default;
  virtual EngineKind kind() const = 0;
  // Starts the requests, in order. The synchronous engines make them here, one after another; the others
  // may hold them until the next reap(), which a caller makes to learn of their completion anyway (io_uring
  // then submits and waits in one system call), and make trims (and libaio its syncs) here, synchronously, as
  // fio does. They count in in_flight() at once. REQUIRES: in_flight() + requests.size() <= depth, each
  // request's file_index, buffer_index and length within the setup (else std::invalid_argument, nothing
  // submitted).
  virtual void submit(std::span<const IoRequest> requests) = 0;
  // Waits until at least `min_completions` requests have completed, appends up to `max_completions`
  // completions to `out` (in completion order) and returns how many it appended; min 0 only looks (libaio
  // waits for up to AioBatching::complete_min when min is not 0). Every
  // submitted request is reaped exactly once. REQUIRES: min_completions <= max_completions and
  // min_completions <= in_flight().
  virtual std::size_t reap(std::size_t min_completions, std::size_t max_completions,
                           std::vector<IoCompletion>& out) = 0;
  // Requests submitted and not yet handed out by reap().
  virtual std::size_t in_flight() const = 0;
};

}  // namespace bench
