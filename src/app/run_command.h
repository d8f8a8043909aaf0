#pragma once
// The run commands (the bonnie-style benchmark, bench++ job, bench++ suite) after their front end: one command.
// On every rank of the job it belongs to (alone without MPI): find out where the run runs, agree with the other
// ranks on what planning needs (rank 0's seed and free space, whether io_uring runs everywhere), make the plan
// (plan/plan.h), then either print it (--dry-run) or run it (run/runner.h) with rank 0's outputs
// (app/run_outputs.h). The same steps and checks for --dry-run as for the run, so it cannot say yes where the
// run then says no.
#include <cstddef>

#include "cli/config.h"

namespace bench {

// main's exit status for a run whose jobs all ran but one or more failed (fio's: 1, as any runtime failure).
inline constexpr int kExitJobFailed = 1;
// fio's persona exits with the number of failed jobs, as fio does, up to this.
inline constexpr int kExitMostJobsFailed = 255;
// fio 3.33's status once a signal stopped its jobs (backend.c sig_int), with or without their results.
inline constexpr int kExitFioStopped = 128;

// The status of a run that ended with `failed_jobs` failed jobs, `stopped`: a signal stopped its jobs and the run
// was reported (RunSetup::reports_stopped_run, fio's persona). bench++: 0, else kExitJobFailed. fio's persona: the
// failed jobs' number, as fio; once stopped, kExitFioStopped plus that number (fio sets 128 on the signal and adds
// one per job that failed), both up to kExitMostJobsFailed.
int run_exit_status(Persona persona, std::size_t failed_jobs, bool stopped);

// Returns run_exit_status's (0 when the run or the dry run succeeded; the other jobs
// and the later groups ran, every job is reported, each failed one named on stderr); throws UsageError, InterruptedError or other exceptions
// (main maps them).
int run_command(const Config& config);

}  // namespace bench
