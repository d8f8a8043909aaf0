#pragma once
// fio 3.33's ETA line (eta.c: calc_thread_status, thread_eta, display_thread_status), e.g.
//   "Jobs: 1 (f=1): [r(1)][45.5%][r=123MiB/s][r=31.5k IOPS][eta 00m:06s]"
// the jobs running and their open files, each job's state letter (condensed: "_(1),m(1)"), the share of the run
// done, the rates since the last line (KiB/s by fio's num2str, IOPS), and the time left. fio writes it to
// standard output about every --eta-interval, ending in "\r" (redrawn in place), with a "\n" before the next one
// once --eta-newline has passed. Pure: the caller hands every time in, so it is tested without a clock.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "result/workload_spec.h"

namespace bench {

// One job as the ETA line sees it.
struct FioEtaJob {
  enum class State { kPending, kRunning, kDone, kFailed };
  State state = State::kPending;
  char running_letter = 'r';  // fio_running_letter(): its letter while it runs
  unsigned files = 1;         // the files it holds open while it runs (the "f=" count)
  std::array<std::uint64_t, 3> bytes{};     // completed so far: read, write, trim
  std::array<std::uint64_t, 3> requests{};  // the same in requests
  std::chrono::milliseconds running_for{0};  // since it started (fio's td->epoch)
  // What fio's thread_eta reads of its options:
  std::uint64_t bytes_total = 0;      // fio's total_io_size: io_size= or size= times loops=, verify's read-back added
  std::uint64_t runtime_seconds = 0;  // runtime= (fio's timeout), 0: none
  bool time_based = false;
  std::uint64_t start_delay_seconds = 0;
  std::uint64_t ramp_seconds = 0;
  bool stonewall = false;                     // a pending job behind a stonewall: its time adds to the ETA
  std::array<std::uint64_t, 3> rate_bytes{};  // rate= (its limits: "Jobs: 1 (f=1), 0-1024KiB/s")
  std::array<std::uint64_t, 3> rate_min_bytes{};
  std::array<std::uint64_t, 3> rate_iops{};
  std::array<std::uint64_t, 3> rate_iops_min{};
};

// The job of `spec` as it waits to start (its letter, files and thread_eta inputs); the caller sets its state,
// counts and time as it runs.
FioEtaJob fio_eta_job(const WorkloadSpec& spec);

// fio's letter for a running job (eta.c check_str_update): r/R read, w/W write, m/M mixed (random/sequential),
// d/D trim; a mix whose rwmixread is 100 or 0 is r/R or w/W.
char fio_running_letter(IoPattern pattern, std::uint32_t read_percent);

// "r(2),_(1)": each run of equal letters as the letter and its count (eta.c update_condensed_str).
std::string fio_condensed_states(std::string_view letters);

// "05m:03s", "01h:00m:00s", "01d:00h:00m:01s" (eta.c eta_to_str).
std::string fio_eta_text(std::uint64_t seconds);

// A job's time left in whole seconds (eta.c thread_eta; 0 for one that ended).
std::uint64_t fio_job_eta_seconds(const FioEtaJob& job);

// "123MiB/s" for a rate in KiB/s, "31.5k" for IOPS: fio's num2str as the ETA line calls it.
std::string fio_eta_rate_text(std::uint64_t kib_per_second);
std::string fio_eta_iops_text(std::uint64_t iops);

// The ETA lines of one run, as fio's helper thread writes them: update() is called often (every 250 ms, fio's
// DISK_UTIL_MSEC); it says a line only once `interval` has nearly passed since the last (fio's 95 % slack).
class FioEtaDisplay {
 public:
  // `interval`: --eta-interval (fio's default 1 s); `newline_every`: --eta-newline (0: never).
  FioEtaDisplay(std::chrono::milliseconds interval, std::chrono::milliseconds newline_every);

  // The text to write now for `jobs` (every job of the run, in fio's order), `since_start` after the run began (fio's
  // genesis), or nullopt when it is not time yet or no job runs or waits. The text ends in "\r"; it begins with "\n"
  // when the eta-newline time passed after the last one. A line shorter than the last is padded to its length.
  std::optional<std::string> update(std::span<const FioEtaJob> jobs, std::chrono::milliseconds since_start);

 private:
  std::chrono::milliseconds interval_;
  std::chrono::milliseconds newline_every_;
  std::chrono::milliseconds shown_at_{0};     // fio's disp_prev_time (the start while nothing was done)
  std::array<std::uint64_t, 3> shown_bytes_{};     // fio's disp_io_bytes
  std::array<std::uint64_t, 3> shown_requests_{};  // fio's disp_io_iops
  std::optional<std::chrono::milliseconds> newline_from_;  // fio's disp_eta_new_line
  bool newline_pending_ = false;
  bool eta_good_ = false;
  std::size_t last_length_ = 0;
};

}  // namespace bench
