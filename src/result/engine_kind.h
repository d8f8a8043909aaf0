#pragma once
// How requests reach the kernel (engine/io_engine.h): bench++'s I/O engines, one row each, in the model of fio's
// engines (each an ioengine_ops of its name and flags). Every fact of an engine is in its row, and everything
// else is derived from the rows: the EngineKind values, the keyword every workload result names it by
// (result/result_keywords.h), the fio name ioengine= takes (engine_for_fio_name) and the list of names a refusal
// gives, whether it makes one request at a time, how io_submit_mode=offload runs it (phases/engine_choice), the
// engine options fio takes with it (cli/fio_workload_checks), and the maker of its class (engine/io_engine.cpp's
// make_io_engine, which alone expands the last column: result/ names the makers, never calls them).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bench {

// How io_submit_mode=offload runs an engine's requests (fio's workers, iodepth of them, each queueing one
// request on the job's engine).
enum class OffloadRule {
  kFioRefuses,     // fio refuses the engine with offload (io_uring)
  kNotInBench,     // fio runs it, bench++ does not
  kSameEngine,     // an asynchronous engine: its submit never waits, so the job's thread keeps the same requests
  kDepthThreads,   // psync: the blocking calls on iodepth threads (psync_threads), as many as fio's workers
};

// Engine options fio takes only with some engines (fio fails the others with EOPNOTSUPP).
enum EngineOptions : unsigned {
  kNoEngineOptions = 0,
  kRingOptions = 1,  // io_uring's own: registerfiles, fixedbufs, sqthread_poll, sqthread_poll_cpu, nonvectored
  kHipriOption = 2,  // hipri (io_uring: IORING_SETUP_IOPOLL; pvsync2: RWF_HIPRI)
  kCpuOptions = 4,   // cpuio's own: cpuload (which it needs), cpuchunks, cpumode
  kStatOption = 8,   // filestat's own: stat_type
  kExecOptions = 16,  // exec's own: program (which it needs), arguments, grace_time, std_redirect
};

// What an engine does with a job's files (fio's ioengine flags and the engine's open_file).
enum class EngineFiles {
  kRequests,  // made and laid out as the workload's rules say, opened, and the requests go to them
  kNone,      // neither made, laid out nor opened (fio's FIO_DISKLESSIO with FIO_FAKEIO: the null engine)
  // The engine's own call on each file, by its path, is the work, and its requests complete at once (fio's
  // FIO_FAKEIO | FIO_NOSTATS metadata engines, whose open_file is that call: engine/file_call_engine.h):
  kCreates,   // neither made, laid out nor opened: the call creates each (filecreate, fio's FIO_DISKLESSIO)
  kNames,     // made and laid out as kRequests', never opened: the call takes each by its path (filestat, filedelete)
  // Neither made, laid out nor opened, and the requests carry no data: each a read of 0 bytes at offset 0, that
  // only counts (fio's FIO_DISKLESSIO with FIO_NOIO: cpuio, exec), so no size ends the job, only its runtime.
  kNoData,
};

// The rows, one per engine, in EngineKind's order:
//   ROW(kind, keyword, fio_name, synchronous, offload, per_process, options, files, maker)
// kind: the EngineKind value; keyword: bench++'s name for it in every result (stable once released); fio_name:
// fio's ioengine= name, "" for bench++'s own; synchronous: one request at a time, as fio's FIO_SYNCIO engines
// (iodepth has no effect), else iodepth requests in flight; offload: OffloadRule; per_process: its state is per
// process (glibc's POSIX AIO), so a job without thread= runs in a process of its own, as fio's jobs are processes;
// options: EngineOptions; files: EngineFiles; maker: engine/io_engine.cpp's function that makes it,
// (EngineKind, const EngineSetup&).
#define BENCH_ENGINE_ROWS(ROW)                                                                                         \
  /* io_uring through liburing: iodepth requests in flight from one thread (engine/uring_engine.h) */                  \
  ROW(kIoUring, "io_uring", "io_uring", false, kFioRefuses, false, kRingOptions | kHipriOption, kRequests, engine_of<UringEngine>) \
  /* Linux native AIO through libaio: io_submit / io_getevents, fio's batching (engine/libaio_engine.h) */             \
  ROW(kLibaio, "libaio", "libaio", false, kSameEngine, false, kNoEngineOptions, kRequests, engine_of<LibaioEngine>)    \
  /* POSIX AIO: glibc's aio_read / aio_write / aio_fsync on its helper threads (engine/posix_aio_engine.h) */          \
  ROW(kPosixAio, "posixaio", "posixaio", false, kSameEngine, true, kNoEngineOptions, kRequests, engine_of<PosixAioEngine>) \
  /* pread / pwrite, one at a time: fio's default engine (engine/sync_engine.h, as the four after it) */               \
  ROW(kPsync, "psync", "psync", true, kDepthThreads, false, kNoEngineOptions, kRequests, make_sync_engine)             \
  /* read / write at the file position, lseek when the offset is not the position's */                                 \
  ROW(kSync, "sync", "sync", true, kNotInBench, false, kNoEngineOptions, kRequests, make_sync_engine)                  \
  /* lseek and readv / writev of one vector */                                                                         \
  ROW(kVsync, "vsync", "vsync", true, kNotInBench, false, kNoEngineOptions, kRequests, make_sync_engine)               \
  /* preadv / pwritev of one vector */                                                                                 \
  ROW(kPvsync, "pvsync", "pvsync", true, kNotInBench, false, kNoEngineOptions, kRequests, make_sync_engine)            \
  /* preadv2 / pwritev2 of one vector, RWF_HIPRI with hipri */                                                         \
  ROW(kPvsync2, "pvsync2", "pvsync2", true, kNotInBench, false, kHipriOption, kRequests, make_sync_engine)             \
  /* memcpy to and from a shared mapping of the file, msync for syncs (engine/mmap_engine.h) */                        \
  ROW(kMmap, "mmap", "mmap", true, kNotInBench, false, kNoEngineOptions, kRequests, mapped_engine)                     \
  /* fallocate in place of every request: no data moves (engine/sync_engine.h) */                                      \
  ROW(kFalloc, "falloc", "falloc", true, kNotInBench, false, kNoEngineOptions, kRequests, make_sync_engine)            \
  /* bench++'s own: pread / pwrite on iodepth threads, in io_uring's place where it is refused, and psync's with */    \
  /* offload (engine/sync_engine.h) */                                                                                 \
  ROW(kPsyncThreads, "psync_threads", "", false, kNotInBench, false, kNoEngineOptions, kRequests, make_sync_engine)    \
  /* no I/O: each request completes at once and no file is touched: the measurer's own cost (engine/null_engine.h) */  \
  ROW(kNull, "null", "null", false, kSameEngine, false, kNoEngineOptions, kNone, engine_of<NullEngine>)              \
  /* open(O_CREAT) and close of each file, once, as its first request's latency: no I/O (engine/file_call_engine.h) */ \
  ROW(kFileCreate, "filecreate", "filecreate", true, kNotInBench, false, kNoEngineOptions, kCreates, make_file_call_engine) \
  /* stat of each file, once, as its first request's latency: no I/O */                                                \
  ROW(kFileStat, "filestat", "filestat", true, kNotInBench, false, kStatOption, kNames, make_file_call_engine)      \
  /* unlink of each file, once, as its first request's latency: no I/O */                                              \
  ROW(kFileDelete, "filedelete", "filedelete", true, kNotInBench, false, kNoEngineOptions, kNames, make_file_call_engine) \
  /* ftruncate(2) of the file to each write's offset in place of the write (engine/ftruncate_engine.h) */               \
  ROW(kFtruncate, "ftruncate", "ftruncate", true, kNotInBench, false, kNoEngineOptions, kRequests, make_ftruncate_engine) \
  /* no I/O: each request burns cpuchunks of CPU, then the job thinks, for cpuload percent (engine/cpu_engine.h) */     \
  ROW(kCpuio, "cpuio", "cpuio", true, kNotInBench, false, kCpuOptions, kNoData, make_cpu_engine)                    \
  /* no I/O: runs program= once, each request a 50 ms wait on it, then the job thinks 50 ms (engine/exec_engine.h) */ \
  ROW(kExec, "exec", "exec", true, kNotInBench, false, kExecOptions, kNoData, make_exec_engine)

#define BENCH_ENGINE_KIND(kind, keyword, fio_name, synchronous, offload, per_process, options, files, maker) kind,
enum class EngineKind { BENCH_ENGINE_ROWS(BENCH_ENGINE_KIND) };
#undef BENCH_ENGINE_KIND

// An engine's row, as data.
struct EngineFacts {
  EngineKind kind;
  std::string_view keyword;
  std::string_view fio_name;  // "" for bench++'s own
  bool synchronous;
  OffloadRule offload;
  bool per_process;
  unsigned options;  // EngineOptions
  EngineFiles files;
};

#define BENCH_ENGINE_FACTS(kind, keyword, fio_name, synchronous, offload, per_process, options, files, maker) \
  EngineFacts{EngineKind::kind, keyword, fio_name, synchronous, OffloadRule::offload, per_process, options, \
             EngineFiles::files},
inline constexpr std::array kEngines = {BENCH_ENGINE_ROWS(BENCH_ENGINE_FACTS)};
#undef BENCH_ENGINE_FACTS

constexpr const EngineFacts& engine_facts(EngineKind kind) { return kEngines[static_cast<std::size_t>(kind)]; }

// The deepest queue an engine accepts: IORING_MAX_ENTRIES, the kernel's limit for a ring.
inline constexpr std::uint32_t kMaxIoDepth = 32768;

// The engine that runs fio's ioengine=`fio_name` (a row's fio name), or nullopt for a name bench++ does not run.
std::optional<EngineKind> engine_for_fio_name(std::string_view fio_name);

// The fio names of the engines whose row `include` accepts, in the rows' order, joined for a message with
// `last_joint` before the last: "libaio, posixaio or psync".
std::string fio_names_where(bool (*include)(const EngineFacts&), std::string_view last_joint);

// Whether `kind`'s jobs make and lay out their files (EngineFiles kRequests and kNames; fio's engines without
// FIO_DISKLESSIO, whose jobs show the files' disks' disk_util).
constexpr bool touches_files(EngineKind kind) {
  const EngineFiles files = engine_facts(kind).files;
  return files == EngineFiles::kRequests || files == EngineFiles::kNames;
}

// Whether `kind`'s jobs open their files for requests (EngineFiles::kRequests); the others' descriptors are -1.
constexpr bool opens_files(EngineKind kind) { return engine_facts(kind).files == EngineFiles::kRequests; }

// Whether `kind`'s engine makes one call on each file by its path (EngineFiles kCreates and kNames): fio's
// filecreate, filestat and filedelete, whose requests are no I/O, and whose call's time is a file's latency: fio
// records it as the job's clat alone (FIO_NOSTATS: no lat, no slat, no latency buckets).
constexpr bool calls_on_files(EngineKind kind) {
  const EngineFiles files = engine_facts(kind).files;
  return files == EngineFiles::kCreates || files == EngineFiles::kNames;
}

// Whether `kind`'s requests carry no data (EngineFiles::kNoData: cpuio's and exec's reads of 0 bytes).
constexpr bool moves_no_data(EngineKind kind) { return engine_facts(kind).files == EngineFiles::kNoData; }

// Whether `kind` makes one request at a time, as fio's synchronous engines do (their iodepth has no effect).
constexpr bool is_synchronous(EngineKind kind) { return engine_facts(kind).synchronous; }

}  // namespace bench
