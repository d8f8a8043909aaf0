#include "report/fio/fio_stop_line.h"

#include <fmt/format.h>

namespace bench {

std::string format_fio_stop_line(int signal_number) {
  return signal_number == 0 ? "" : fmt::format("\nfio: terminating on signal {}\n", signal_number);
}

std::string FioStopLineWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (std::size_t i = 0; i < results.finished; ++i) {
    text += format_fio_stop_line(results.runs[i].stop_signal);
    for (const int later : results.runs[i].later_stop_signals) text += format_fio_stop_line(later);
  }
  return text;
}

}  // namespace bench
