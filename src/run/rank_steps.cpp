#include "run/rank_steps.h"

#include "result/errors.h"

namespace bench {

std::exception_ptr interruption(const std::atomic<int>& interrupt) {
  const int signal_number = interrupt.load();
  return signal_number != 0 ? std::make_exception_ptr(InterruptedError(signal_number)) : nullptr;
}

void agree_after_step(RankGroup& group, std::exception_ptr failure, const std::atomic<int>& interrupt,
                      const std::function<void()>& remove_own_files) {
  if (std::exception_ptr stop = interruption(interrupt)) {
    if (!failure) failure = std::move(stop);
    remove_own_files();
  }
  group.agree(std::move(failure));
}

}  // namespace bench
