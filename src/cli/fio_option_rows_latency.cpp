// fio's latency profile and queue refill options (fio 3.33's FIO_OPT_G_LATPROF group, and iodepth_low): how deep a
// job's queue goes and what latency fails it (phases/workload/job_depth_target.h runs them).
#include "cli/fio_option_rules.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <string>

#include "cli/fio_values.h"
#include "cli/value_error.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kJob = FioOptionGroup::kJob;

// fio's is_time values: a bare number is microseconds, else a number with fio's time suffixes.
std::chrono::nanoseconds time_in_us(std::string_view text) {
  const bool bare = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  return bare ? fio_time_of(std::string(text) + "us") : fio_time_of(text);
}

// latency_percentile=: a number from 0 to 100 (fio's minfp and maxfp).
void set_latency_percentile(WorkloadSpec& spec, std::string_view text, unsigned) {
  double percentile = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), percentile);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(percentile)) fail("not a number");
  if (percentile < 0 || percentile > 100) fail("must be from 0 to 100");
  spec.latency_percentile = percentile;
}

// max_latency=R[,W[,T]]: times per direction, in whole microseconds (fio's).
void set_max_latency(WorkloadSpec& spec, std::string_view text, unsigned) {
  spec.max_latency_us = per_direction_values(text, [](std::string_view v) {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(time_in_us(v)).count());
  });
}

constexpr std::array kRules = {
    FioOptionRule{{"iodepth_low", {}, kRequired, kJob, "N",
                   "once the queue is full, let it drain to N before filling it again (0: iodepth)", {},
                   recorded_in("iodepth_low")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.iodepth_low = whole_number32(v, 0, kMaxIoDepth); }},
    FioOptionRule{{"max_latency", {}, kRequired, kJob, "TIME[,TIME[,TIME]]",
                   "fail the job (ETIMEDOUT) when a request takes longer (bare: us)", {},
                   recorded_in("max_latency_us")},
                  set_max_latency},
    FioOptionRule{{"latency_target", {}, kRequired, kJob, "TIME",
                   "search the highest depth up to iodepth whose requests keep within this (bare: us)", {},
                   recorded_in("latency_target_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_target = time_in_us(v); }},
    FioOptionRule{{"latency_window", {}, kRequired, kJob, "TIME", "how long each depth is tried (bare: us)", {},
                   recorded_in("latency_window_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_window = time_in_us(v); }},
    FioOptionRule{{"latency_percentile", {}, kRequired, kJob, "PERCENT",
                   "the share of a window's requests that must keep within latency_target", "100",
                   recorded_in("latency_percentile")},
                  set_latency_percentile},
    FioOptionRule{{"latency_run", {}, kRequired, kJob, "0|1",
                   "keep adjusting the depth to the end instead of ending once it is found", "0",
                   recorded_in("latency_run")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_run = boolean(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_latency_rules() { return kRules; }

}  // namespace bench
