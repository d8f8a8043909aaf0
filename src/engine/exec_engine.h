#pragma once
// exec, as fio 3.33's exec engine (FIO_SYNCIO | FIO_DISKLESSIO | FIO_NOIO): no request reaches the kernel and no
// file is touched (result/engine_kind.h EngineFiles::kNoData). The job's first request starts the program
// (EngineSetup::exec: its argv, looked up in PATH), its stdout and stderr to their files with std_redirect=1; each
// later request is a 50 ms wait on it (fio's usleep of the thinktime its init sets), after which, once the
// runtime has passed since the start, the program gets SIGTERM and the request waits grace_time more. Every
// request completes with 0 bytes; the job thinks 50 ms after each (phases/workload/job_pacing.h). The program's
// own end ends nothing: the job runs to its runtime. The engine's end sends SIGKILL (fio's cleanup) and reaps it.
// A program that cannot be started fails the job (fio's forked child goes on as a second fio instead, and hangs).
#include <chrono>
#include <memory>

#include "engine/io_engine.h"

namespace bench {

// Throws as make_io_engine() documents (engine/checked_setup.h check_engine_setup_without_files); the first
// request throws std::system_error when an output file cannot be made or the program cannot be started.
std::unique_ptr<IoEngine> make_exec_engine(EngineKind kind, const EngineSetup& setup);

// fio's exec poll: how long each request after the first waits on the program, and the job's thinktime after each.
inline constexpr std::chrono::milliseconds kExecPoll{50};

}  // namespace bench
