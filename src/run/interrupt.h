#pragma once
// Turns SIGINT, SIGTERM, SIGHUP and SIGPIPE into a flag that phases poll (PhaseContext::check_interrupt),
// so a stop unwinds normally and every destructor (the scratch directory's above all) runs. A second
// signal does not cut the cleanup short. bonnie++ ignores SIGHUP; we treat it as a stop, so a closed
// terminal does not leave a huge file behind.
#include <atomic>
#include <vector>

namespace bench {

// The first stop signal received, or 0.
const std::atomic<int>& interrupt_signal();

// Every stop signal received so far, in order, the first 16 of them (the first is interrupt_signal()'s).
std::vector<int> stop_signals_received();

// Installs the handlers, and ignores SIGXFSZ (idempotent).
void install_interrupt_handlers();

// Whether a run that reports a stopped run (RunSetup::reports_stopped_run: fio's persona) still reports its jobs
// after `signal_number`: SIGINT and SIGTERM, the signals fio 3.33 catches (backend.c set_sig_handlers: its sig_int
// stops the jobs and fio writes their results). After any other (SIGHUP, SIGPIPE, which fio does not catch) the
// run stops without results, as bench++'s always does.
bool reports_run_after(int signal_number);

}  // namespace bench
