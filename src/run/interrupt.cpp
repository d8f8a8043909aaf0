#include "run/interrupt.h"

#include <csignal>

namespace bench {
namespace {

std::atomic<int> g_interrupt_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free atomic");

extern "C" void record_stop_signal(int signal_number) {
  int expected = 0;
  g_interrupt_signal.compare_exchange_strong(expected, signal_number);
}

}  // namespace

const std::atomic<int>& interrupt_signal() { return g_interrupt_signal; }

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = record_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked pipe write returns, and we check the flag
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaction(signal_number, &action, nullptr);
  // A write past the file size limit (ulimit -f) then fails with EFBIG, which unwinds as any failed write and is
  // named (platform/posix_file.h), instead of killing the process with its files and temporaries left.
  std::signal(SIGXFSZ, SIG_IGN);
}

bool reports_run_after(int signal_number) { return signal_number == SIGINT || signal_number == SIGTERM; }

}  // namespace bench
