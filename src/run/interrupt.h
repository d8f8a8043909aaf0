#pragma once
// Turns SIGINT, SIGTERM, SIGHUP and SIGPIPE into a flag that phases poll (PhaseContext::check_interrupt),
// so a stop unwinds normally and every destructor (the scratch directory's above all) runs. A second
// signal does not cut the cleanup short. bonnie++ ignores SIGHUP; we treat it as a stop, so a closed
// terminal does not leave a huge file behind.
#include <atomic>

namespace bench {

// The first stop signal received, or 0.
const std::atomic<int>& interrupt_signal();

// Installs the handlers, and ignores SIGXFSZ (idempotent).
void install_interrupt_handlers();

}  // namespace bench
