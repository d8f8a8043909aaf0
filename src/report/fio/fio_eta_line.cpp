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
  using State = FioEtaJob::State;
  const std::uint64_t elapsed = seconds_up(since_start);
  unsigned running = 0;
  unsigned pending = 0;
  unsigned files = 0;
  std::string letters;
  std::array<std::uint64_t, 3> bytes{};
  std::array<std::uint64_t, 3> requests{};
  std::array<std::uint64_t, 3> rate_min{};
  std::array<std::uint64_t, 3> rate_max{};
  std::array<std::uint64_t, 3> iops_min{};
  std::array<std::uint64_t, 3> iops_max{};
  std::uint64_t longest = 0;
  std::uint64_t after_stonewall = 0;
  for (const FioEtaJob& job : jobs) {
    if (job.state == State::kRunning) {
      ++running;
      files += job.files;
      for (std::size_t d = 0; d < 3; ++d) {
        rate_min[d] += job.rate_min_bytes[d];
        rate_max[d] += job.rate_bytes[d];
        iops_min[d] += job.rate_iops_min[d];
        iops_max[d] += job.rate_iops[d];
      }
    }
    if (job.state == State::kPending) ++pending;
    letters += job.state == State::kRunning   ? job.running_letter
               : job.state == State::kPending ? 'P'
               : job.state == State::kDone    ? '_'
                                              : 'X';
    if (job.state != State::kPending) {
      for (std::size_t d = 0; d < 3; ++d) {
        bytes[d] += job.bytes[d];
        requests[d] += job.requests[d];
      }
    }
    const std::uint64_t eta = fio_job_eta_seconds(job);
    if (job.state == State::kPending && job.stonewall) {
      after_stonewall += eta;
    } else {
      longest = std::max(longest, eta);
    }
  }
  // fio leaves the ETA out for the first 3 s of a run.
  const bool eta_known = elapsed >= 3;
  const std::uint64_t eta = longest + after_stonewall;

  std::uint64_t shown_sum = 0;
  for (const std::uint64_t each : shown_bytes_) shown_sum += each;
  if (shown_sum == 0) shown_at_ = milliseconds(0);
  const milliseconds since_shown = since_start - shown_at_;
  if (since_shown.count() * 100 <= interval_.count() * 95) return std::nullopt;
  std::array<std::uint64_t, 3> rate{};
  std::array<std::uint64_t, 3> iops{};
  const auto window = static_cast<std::uint64_t>(since_shown.count());
  for (std::size_t d = 0; d < 3; ++d) {
    rate[d] = window != 0 ? (1000 * (bytes[d] - shown_bytes_[d]) / window) / 1024 : 0;
    iops[d] = window != 0 ? (requests[d] - shown_requests_[d]) * 1000 / window : 0;
  }
  shown_bytes_ = bytes;
  shown_requests_ = requests;
  shown_at_ = since_start;
  if (running == 0 && pending == 0) return std::nullopt;

  std::string text;
  if (newline_pending_) {
    newline_pending_ = false;
    last_length_ = 0;
    text += "\n";
  }
  text += fmt::format("Jobs: {} (f={})", running, files);
  const auto sum = [](const std::array<std::uint64_t, 3>& each) { return each[0] + each[1] + each[2]; };
  if (sum(rate_min) != 0 || sum(rate_max) != 0) {
    text += fmt::format(", {}-{}", fio_number_text(sum(rate_min), 4, true, "B/s"),
                        fio_number_text(sum(rate_max), 4, true, "B/s"));
  } else if (sum(iops_min) != 0 || sum(iops_max) != 0) {
    text += fmt::format(", {}-{} IOPS", sum(iops_min), sum(iops_max));
  }
  if (eta_known && running != 0) {
    std::string percent = "-.-%";
    if (eta != 0 || eta_good_) {
      eta_good_ = true;
      const double share = elapsed != 0 ? static_cast<double>(elapsed) / static_cast<double>(elapsed + eta) : 0.0;
      percent = fmt::format("{:3.1f}%", share * 100.0);
    }
    text += fmt::format(": [{}][{}]", fio_condensed_states(letters), percent);
    std::string rates;
    std::string counts;
    for (std::size_t d = 0; d < 3; ++d) {
      if (rate[d] == 0 && iops[d] == 0) continue;
      rates += fmt::format("{}{}={}", rates.empty() ? "" : ",", kDirectionLetters[d], fio_eta_rate_text(rate[d]));
      counts += fmt::format("{}{}={}", counts.empty() ? "" : ",", kDirectionLetters[d], fio_eta_iops_text(iops[d]));
    }
    if (!rates.empty()) text += fmt::format("[{}][{} IOPS]", rates, counts);
    text += fmt::format("[eta {}]", fio_eta_text(eta));
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
