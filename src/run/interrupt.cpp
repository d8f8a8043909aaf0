#include "run/interrupt.h"

#include <algorithm>
#include <array>
#include <csignal>

namespace bench {
namespace {

std::atomic<int> g_interrupt_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free atomic");
// Every signal in order (the first kRecorded), for fio's persona's line per signal.
constexpr unsigned kRecorded = 16;
std::array<std::atomic<int>, kRecorded> g_signals{};
std::atomic<unsigned> g_signal_count{0};
static_assert(std::atomic<unsigned>::is_always_lock_free, "the signal handler needs a lock-free atomic");

extern "C" void record_stop_signal(int signal_number) {
  int expected = 0;
  g_interrupt_signal.compare_exchange_strong(expected, signal_number);
  const unsigned index = g_signal_count.fetch_add(1);
  if (index < kRecorded) g_signals[index].store(signal_number);
}

}  // namespace

const std::atomic<int>& interrupt_signal() { return g_interrupt_signal; }

std::vector<int> stop_signals_received() {
  std::vector<int> signals;
  const unsigned count = std::min(g_signal_count.load(), kRecorded);
  for (unsigned i = 0; i < count; ++i) {
    // A handler that counted but has not stored yet leaves a 0: not yet received, as far as this call goes.
    if (const int signal_number = g_signals[i].load(); signal_number != 0) signals.push_back(signal_number);
  }
  return signals;
}

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
