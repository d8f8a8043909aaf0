#pragma once
// fio 3.33's steady-state detection (ss=, ss_dur=, ss_ramp=; fio's HOWTO "Steady state"): what a workload asks
// for, and what a job (or, under group_reporting, its group) found. Plain data: the detection is
// measure/steady_state_detector.h, the job's hook phases/workload/job_steady_state.h.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct FioSteadyStateSpec {
  enum class Measure { kIops, kBandwidth };
  Measure measure = Measure::kIops;  // ss=iops... or ss=bw...
  bool slope = true;                 // ..._slope: the least-squares slope; else the largest deviation from the mean
  bool percent = true;               // the limit given with %: of the window's mean; else requests/s or bytes/s
  double limit = 0.01;               // fio's default ss=iops_slope:0.01%
  std::uint32_t duration_s = 0;      // ss_dur=: the window, in whole seconds (fio truncates); 0: no detection
  std::chrono::microseconds ramp{0};  // ss_ramp=: no samples until this (and one more second) has passed

  bool enabled() const { return duration_s != 0; }
  friend bool operator==(const FioSteadyStateSpec&, const FioSteadyStateSpec&) = default;
};

// The criterion and limit as a result file records them: "iops:10%", "bw_slope:1048576" (the limit the shortest
// text that reads back to it); and read back, false (spec unchanged) for anything else.
std::string steady_state_criterion_text(const FioSteadyStateSpec& spec);
bool read_steady_state_criterion(std::string_view text, FioSteadyStateSpec& spec);

// What the detection found, as fio's thread_stat keeps it for its JSON `steadystate` object and its normal
// output's "steadystate" line.
struct FioSteadyStateResult {
  FioSteadyStateSpec spec;
  bool attained = false;
  // When it was attained: since the job's measured start (after ramp_time); nullopt when it was not.
  std::optional<std::chrono::nanoseconds> attained_after;
  double criterion = 0;      // the last one computed: the slope or the deviation, in percent of the mean with %
  double max_deviation = 0;  // the last window's largest deviation from its mean (0 for a slope criterion)
  double slope = 0;          // the last window's slope (0 for a deviation criterion)
  // The window's samples, oldest first as fio's JSON lists them (duration_s each, 0 where none was taken).
  std::vector<std::uint64_t> iops;
  std::vector<std::uint64_t> bw;  // bytes per second

  // fio's means of the window (steadystate_iops_mean, _bw_mean): the integer mean over duration_s samples.
  std::uint64_t iops_mean() const { return mean_of(iops); }
  std::uint64_t bw_mean() const { return mean_of(bw); }
  friend bool operator==(const FioSteadyStateResult&, const FioSteadyStateResult&) = default;

 private:
  static std::uint64_t mean_of(const std::vector<std::uint64_t>& samples) {
    std::uint64_t sum = 0;
    for (const std::uint64_t sample : samples) sum += sample;
    return samples.empty() ? 0 : sum / samples.size();
  }
};

}  // namespace bench
