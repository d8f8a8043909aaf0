#include "report/fio/fio_eta_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "report/fio/fio_number_text.h"
#include "text/split.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

constexpr std::array<char, 3> kDirectionLetters = {'r', 'w', 't'};

// Whole seconds, rounded up, as fio's `(mtime + 999) / 1000`.
std::uint64_t seconds_up(milliseconds time) {
  return static_cast<std::uint64_t>(std::max<milliseconds::rep>(time.count(), 0) + 999) / 1000;
}

std::uint64_t whole_seconds(std::chrono::nanoseconds time) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::seconds>(time).count());
}

// A job that waits: fio can only guess, the whole runtime if it has one, else its size at its rate.
std::uint64_t pending_eta_seconds(const FioEtaJob& job) {
  const std::uint64_t by_time =
      job.runtime_seconds != 0 ? job.runtime_seconds + job.start_delay_seconds + job.ramp_seconds : 0;
  std::uint64_t rate = 0;
  for (const std::uint64_t each : job.rate_bytes) rate += each;
  const std::uint64_t by_rate = rate != 0 ? job.bytes_total / rate + job.start_delay_seconds : 0;
  if (by_rate != 0 && by_time != 0) return std::min(by_rate, by_time);
  return by_rate != 0 ? by_rate : by_time;
}

// The running job's: from its share done (bytes, or time for a time_based one), never past its runtime.
std::uint64_t running_eta_seconds(const FioEtaJob& job) {
  const std::uint64_t elapsed = seconds_up(job.running_for);
  const std::uint64_t timeout = job.runtime_seconds;
  std::uint64_t done = 0;
  for (const std::uint64_t each : job.bytes) done += each;
  double share = job.bytes_total != 0 ? std::min(1.0, static_cast<double>(done) / static_cast<double>(job.bytes_total)) : 0.0;
  if (job.time_based) {
    share = timeout != 0 ? std::min(share, static_cast<double>(elapsed) / static_cast<double>(timeout)) : 0.0;
  }
  std::uint64_t eta = share == 0.0 ? timeout
                                   : static_cast<std::uint64_t>(static_cast<double>(elapsed) * (1.0 / share)) - elapsed;
  // fio's clamp compares with an unsigned timeout - elapsed: past the runtime it never applies.
  if (timeout != 0 && elapsed <= timeout && eta > timeout - elapsed) eta = timeout - elapsed;
  return eta;
}

// What the ETA line sums over the run's jobs (eta.c calc_thread_status).
struct EtaTotals {
  unsigned running = 0;
  unsigned pending = 0;
  unsigned files = 0;  // the running jobs' open files
  std::string letters;  // each job's state letter, in order
  std::array<std::uint64_t, 3> bytes{};  // completed by the jobs that started
  std::array<std::uint64_t, 3> requests{};
  std::array<std::uint64_t, 3> rate_min{};  // the running jobs' rate limits
  std::array<std::uint64_t, 3> rate_max{};
  std::array<std::uint64_t, 3> iops_min{};
  std::array<std::uint64_t, 3> iops_max{};
  std::uint64_t longest_eta = 0;          // the longest time left of a job not waiting behind a stonewall
  std::uint64_t eta_after_stonewall = 0;  // the waiting jobs' behind one, summed
};

char state_letter(const FioEtaJob& job) {
  switch (job.state) {
    case FioEtaJob::State::kRunning: return job.running_letter;
    case FioEtaJob::State::kPending: return 'P';
    case FioEtaJob::State::kDone: return '_';
    case FioEtaJob::State::kFailed: return 'X';
  }
  return 'X';
}

EtaTotals eta_totals(std::span<const FioEtaJob> jobs) {
  using State = FioEtaJob::State;
  EtaTotals totals;
  for (const FioEtaJob& job : jobs) {
    if (job.state == State::kRunning) {
      ++totals.running;
      totals.files += job.files;
      for (std::size_t d = 0; d < 3; ++d) {
        totals.rate_min[d] += job.rate_min_bytes[d];
        totals.rate_max[d] += job.rate_bytes[d];
        totals.iops_min[d] += job.rate_iops_min[d];
        totals.iops_max[d] += job.rate_iops[d];
      }
    }
    if (job.state == State::kPending) ++totals.pending;
    totals.letters += state_letter(job);
    if (job.state != State::kPending) {
      for (std::size_t d = 0; d < 3; ++d) {
        totals.bytes[d] += job.bytes[d];
        totals.requests[d] += job.requests[d];
      }
    }
    const std::uint64_t eta = fio_job_eta_seconds(job);
    if (job.state == State::kPending && job.stonewall) {
      totals.eta_after_stonewall += eta;
    } else {
      totals.longest_eta = std::max(totals.longest_eta, eta);
    }
  }
  return totals;
}

// The rates since the last line shown: KiB/s and IOPS per direction.
struct WindowRates {
  std::array<std::uint64_t, 3> kib_per_second{};
  std::array<std::uint64_t, 3> iops{};
};

WindowRates window_rates(const EtaTotals& totals, const std::array<std::uint64_t, 3>& shown_bytes,
                         const std::array<std::uint64_t, 3>& shown_requests, milliseconds since_shown) {
  WindowRates rates;
  const auto window = static_cast<std::uint64_t>(since_shown.count());
  if (window == 0) return rates;
  for (std::size_t d = 0; d < 3; ++d) {
    rates.kib_per_second[d] = (1000 * (totals.bytes[d] - shown_bytes[d]) / window) / 1024;
    rates.iops[d] = (totals.requests[d] - shown_requests[d]) * 1000 / window;
  }
  return rates;
}

std::uint64_t sum_of(const std::array<std::uint64_t, 3>& each) { return each[0] + each[1] + each[2]; }

// ", 0-1024KiB/s" or ", 0-500 IOPS": the running jobs' rate limits, if any.
std::string limits_text(const EtaTotals& totals) {
  if (sum_of(totals.rate_min) != 0 || sum_of(totals.rate_max) != 0) {
    return fmt::format(", {}-{}", fio_number_text(sum_of(totals.rate_min), 4, true, "B/s"),
                       fio_number_text(sum_of(totals.rate_max), 4, true, "B/s"));
  }
  if (sum_of(totals.iops_min) != 0 || sum_of(totals.iops_max) != 0) {
    return fmt::format(", {}-{} IOPS", sum_of(totals.iops_min), sum_of(totals.iops_max));
  }
  return "";
}

// The share of the run done, `elapsed` seconds in with `eta` left.
double share_done(std::uint64_t elapsed, std::uint64_t eta) {
  return elapsed != 0 ? static_cast<double>(elapsed) / static_cast<double>(elapsed + eta) : 0.0;
}

// ": [r(1)][45.5%][r=123MiB/s][r=31.5k IOPS][eta 00m:06s]": the states, the share done ("-.-%" until fio trusts
// its ETA), the rates of the directions that moved and the time left.
std::string progress_text(std::string_view letters, std::optional<double> share, const WindowRates& rates,
                          std::uint64_t eta) {
  const std::string percent = share ? fmt::format("{:3.1f}%", *share * 100.0) : "-.-%";
  std::string text = fmt::format(": [{}][{}]", fio_condensed_states(letters), percent);
  std::string bandwidths;
  std::string counts;
  for (std::size_t d = 0; d < 3; ++d) {
    if (rates.kib_per_second[d] == 0 && rates.iops[d] == 0) continue;
    bandwidths += fmt::format("{}{}={}", bandwidths.empty() ? "" : ",", kDirectionLetters[d],
                              fio_eta_rate_text(rates.kib_per_second[d]));
    counts += fmt::format("{}{}={}", counts.empty() ? "" : ",", kDirectionLetters[d], fio_eta_iops_text(rates.iops[d]));
  }
  if (!bandwidths.empty()) text += fmt::format("[{}][{} IOPS]", bandwidths, counts);
  return text + fmt::format("[eta {}]", fio_eta_text(eta));
}

}  // namespace

char fio_running_letter(IoPattern pattern, std::uint32_t read_percent) {
  const bool random = is_random(pattern);
  const bool reads = reads_data(pattern);
  const bool writes = writes_data(pattern) && !trims_data(pattern);
  char letter = 'd';  // trims (trimwrite too counts as writing, as fio's td_write)
  if (reads && writes) {
    letter = read_percent == 100 ? 'r' : read_percent == 0 ? 'w' : 'm';
  } else if (reads) {
    letter = 'r';
  } else if (writes_data(pattern)) {
    letter = 'w';
  }
  return random ? letter : static_cast<char>(letter - 'a' + 'A');
}

FioEtaJob fio_eta_job(const WorkloadSpec& spec) {
  FioEtaJob job;
  job.running_letter = fio_running_letter(spec.pattern, spec.read_percent);
  // Its files: filename='s names (a:b), else nrfiles; openfiles= at most at once.
  const auto files = spec.filename.empty() ? spec.nrfiles : static_cast<std::uint32_t>(split_fio_names(spec.filename).size());
  job.files = spec.open_files != 0 ? std::min(spec.open_files, files) : files;
  job.bytes_total = (spec.io_size != 0 ? spec.io_size : spec.size_bytes) * std::max<std::uint32_t>(spec.loops, 1);
  if (spec.verify.enabled() && writes_data(spec.pattern)) {  // the read-back: all the writes, or the mix's share
    const bool mixed = reads_data(spec.pattern);
    job.bytes_total += mixed ? job.bytes_total * (100 - spec.read_percent == 0 ? 50 : 100 - spec.read_percent) / 100
                             : job.bytes_total;
  }
  job.runtime_seconds = whole_seconds(spec.runtime);
  job.time_based = spec.time_based;
  job.start_delay_seconds = whole_seconds(spec.start_delay);
  job.ramp_seconds = whole_seconds(spec.ramp_time);
  for (std::size_t d = 0; d < 3; ++d) {
    job.rate_bytes[d] = spec.rate_bytes[d];
    job.rate_iops[d] = spec.rate_iops[d];
    job.rate_min_bytes[d] = spec.rate_min_bytes[d];
    job.rate_iops_min[d] = spec.rate_iops_min[d];
  }
  return job;
}

std::string fio_condensed_states(std::string_view letters) {
  std::string text;
  for (std::size_t i = 0; i < letters.size();) {
    std::size_t run = 1;
    while (i + run < letters.size() && letters[i + run] == letters[i]) ++run;
    text += fmt::format("{}{}({})", text.empty() ? "" : ",", letters[i], run);
    i += run;
  }
  return text;
}

std::string fio_eta_text(std::uint64_t seconds) {
  const std::uint64_t s = seconds % 60;
  const std::uint64_t m = seconds / 60 % 60;
  const std::uint64_t h = seconds / 3600 % 24;
  const std::uint64_t d = seconds / 86400;
  std::string text;
  if (d != 0) text += fmt::format("{:02}d:", d);
  if (h != 0 || d != 0) text += fmt::format("{:02}h:", h);
  return text + fmt::format("{:02}m:{:02}s", m, s);
}

std::uint64_t fio_job_eta_seconds(const FioEtaJob& job) {
  switch (job.state) {
    case FioEtaJob::State::kPending:
      return pending_eta_seconds(job);
    case FioEtaJob::State::kRunning:
      return running_eta_seconds(job);
    default:
      return 0;
  }
}

std::string fio_eta_rate_text(std::uint64_t kib_per_second) {
  // num2str(rate, 4, 1024, pow2, bytes per second): the figure starts at KiB.
  return kib_per_second == 0 ? "0KiB/s" : fio_number_text(kib_per_second * 1024, 4, true, "B/s");
}

std::string fio_eta_iops_text(std::uint64_t iops) { return fio_number_text(iops, 4, false, ""); }

FioEtaDisplay::FioEtaDisplay(milliseconds interval, milliseconds newline_every)
    : interval_(interval), newline_every_(newline_every) {}

std::optional<std::string> FioEtaDisplay::update(std::span<const FioEtaJob> jobs, milliseconds since_start) {
  const EtaTotals totals = eta_totals(jobs);
  std::uint64_t shown_sum = 0;
  for (const std::uint64_t each : shown_bytes_) shown_sum += each;
  if (shown_sum == 0) shown_at_ = milliseconds(0);
  const milliseconds since_shown = since_start - shown_at_;
  if (since_shown.count() * 100 <= interval_.count() * 95) return std::nullopt;
  const WindowRates rates = window_rates(totals, shown_bytes_, shown_requests_, since_shown);
  shown_bytes_ = totals.bytes;
  shown_requests_ = totals.requests;
  shown_at_ = since_start;
  if (totals.running == 0 && totals.pending == 0) return std::nullopt;

  std::string text;
  if (newline_pending_) {
    newline_pending_ = false;
    last_length_ = 0;
    text += "\n";
  }
  text += fmt::format("Jobs: {} (f={}){}", totals.running, totals.files, limits_text(totals));
  // fio leaves the ETA out for the first 3 s of a run.
  const std::uint64_t elapsed = seconds_up(since_start);
  if (elapsed >= 3 && totals.running != 0) {
    const std::uint64_t eta = totals.longest_eta + totals.eta_after_stonewall;
    eta_good_ = eta_good_ || eta != 0;
    text += progress_text(totals.letters, eta_good_ ? std::optional(share_done(elapsed, eta)) : std::nullopt, rates,
                          eta);
    const std::size_t length = text.size();  // fio pads to the last line's length, and remembers its own
    if (length < last_length_) text.append(last_length_ - length, ' ');
    last_length_ = length;
  }
  text += "\r";
  if (!newline_from_) {
    newline_from_ = since_start;
  } else if (newline_every_.count() != 0 && since_start - *newline_from_ > newline_every_) {
    newline_from_ = since_start;
    newline_pending_ = true;
  }
  return text;
}

}  // namespace bench
