// fio's job control options (FioOptionGroup::kJobControl; result/workload_spec.h's block of the same name):
// when jobs start and stop together, how they are grouped, which CPUs and priorities they run with.
#include "cli/fio_option_rules.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>

#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "result/result_keywords.h"
#include "text/split.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kJobControl = FioOptionGroup::kJobControl;

// fio's cpus_allowed=: CPU numbers and ranges, "0-3,6" (ascending, each at most 1023, the kernel's CPU_SETSIZE).
void set_cpus_allowed(WorkloadSpec& spec, std::string_view text, unsigned) {
  constexpr std::uint64_t kLargestCpu = 1023;
  spec.cpus_allowed.clear();
  for (const std::string_view item : split(text, ',')) {
    const std::size_t dash = item.find('-');
    const std::uint64_t first = whole_number(item.substr(0, dash), 0, kLargestCpu);
    const std::uint64_t last = dash == std::string_view::npos ? first : whole_number(item.substr(dash + 1), 0, kLargestCpu);
    if (last < first) fail(fmt::format("the range {} runs backwards", item));
    for (std::uint64_t cpu = first; cpu <= last; ++cpu) spec.cpus_allowed.push_back(static_cast<std::uint32_t>(cpu));
  }
}

void set_rate_min(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.rate_min_bytes = per_direction_values(text, [kb_base](std::string_view v) { return fio_size_of(v, kb_base); });
}

void set_rate_iops_min(WorkloadSpec& spec, std::string_view text, unsigned) {
  spec.rate_iops_min = per_direction_values(text, [](std::string_view v) { return whole_number(v, 0, 0xffffffffu); });
}

// fio's nice=0 is nice(0), which changes nothing; bench++ sets a given nice value and leaves the thread's alone
// when none is given.
constexpr FioOptionDefault kNiceDefault = FioOptionDefault::not_given(
    "0", "unset, the jobs keep bench++'s own nice value, as fio's nice(0) does; a given value is set (setpriority)");

// fio's ss=CRITERION:LIMIT (options.c str_steadystate_cb): iops, iops_slope, bw or bw_slope, then the limit: a
// number with % (of the window's mean), else a number of requests per second (iops), or bytes per second with
// fio's size suffixes (bw).
void set_steady_state(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::size_t colon = text.find(':');
  const std::string_view criterion = text.substr(0, colon);
  if (criterion != "iops" && criterion != "iops_slope" && criterion != "bw" && criterion != "bw_slope") {
    fail("the criterion must be iops, iops_slope, bw or bw_slope");
  }
  if (colon == std::string_view::npos || colon + 1 == text.size()) {
    fail("steadystate threshold must be specified in addition to criterion");
  }
  FioSteadyStateSpec& ss = spec.steady_state;
  ss.measure = criterion.starts_with("iops") ? FioSteadyStateSpec::Measure::kIops : FioSteadyStateSpec::Measure::kBandwidth;
  ss.slope = criterion.ends_with("_slope");
  std::string_view limit = text.substr(colon + 1);
  ss.percent = limit.find('%') != std::string_view::npos;
  if (ss.percent) limit = limit.substr(0, limit.find('%'));
  while (!limit.empty() && limit.back() == ' ') limit.remove_suffix(1);
  if (!ss.percent && ss.measure == FioSteadyStateSpec::Measure::kBandwidth) {
    ss.limit = static_cast<double>(fio_size_of(limit, kb_base));
    return;
  }
  double value = 0;
  const auto [end, error] = std::from_chars(limit.data(), limit.data() + limit.size(), value);
  if (error != std::errc() || end != limit.data() + limit.size() || !std::isfinite(value)) {
    fail(ss.percent ? "could not parse steadystate threshold percentage" : "steadystate IOPS threshold is not a number");
  }
  ss.limit = value;
}

constexpr std::array kRules = {
    // bench++ runs every job as a thread of one process, with or without fio's thread.
    FioOptionRule{{"thread", {}, kFlag, kJobControl, "",
                   "every job a thread (without it each job is a process of its own session, as fio's)", {}, recorded_in("thread")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.thread = boolean(v); }},
    // fio's threads= is its tiobench profile's thread count (profiles/tiobench.c), which fio takes in any job file
    // and which changes nothing without profile=tiobench: the jobs stay processes ("Starting 1 process").
    FioOptionRule{{"threads", {}, kRequired, kJobControl, "N",
                   "fio's tiobench profile's thread count: without that profile (bench++ runs none) it changes nothing",
                   {}, not_recorded("it changes nothing that runs: a setting of fio's tiobench profile")},
                  [](WorkloadSpec&, std::string_view v, unsigned) { static_cast<void>(whole_number(v, 0, 0xffffffffu)); }},
    FioOptionRule{{"wait_for", {}, kRequired, kJobControl, "NAME",
                   "start after the workload NAME (the one just before) has ended, as a stonewall would",
                   {}, not_recorded("when the workload starts, as stonewall: fio's JSON has it among the job's options")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    if (v.empty()) fail("needs the name of an earlier workload");
                    s.wait_for = std::string(v);
                  }},
    FioOptionRule{{"stonewall", {"wait_for_previous"}, kFlag, kJobControl, "",
                   "start after every workload before this one has ended", {}, recorded_in("stonewall")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.stonewall = boolean(v); }},
    FioOptionRule{{"new_group", {}, kFlag, kJobControl, "", "start a new fio group for reporting",
                   {}, recorded_in("new_group")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.new_group = boolean(v); }},
    FioOptionRule{{"exitall", {}, kFlag, kJobControl, "", "any job's end stops the others of its exit_what",
                   {}, recorded_in("exitall")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.exitall = boolean(v); }},
    FioOptionRule{{"exit_what", {}, kRequired, kJobControl, "group|stonewall|all", "which jobs exitall stops",
                   "group", recorded_in("exit_what")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    const std::optional<ExitScope> scope = enum_from_keyword<ExitScope>(v);
                    if (!scope) fail("must be group, stonewall or all");
                    s.exit_what = *scope;
                  }},
    FioOptionRule{{"exitall_on_error", {}, kFlag, kJobControl, "", "a failing job stops the jobs of its exit_what",
                   {}, recorded_in("exitall_on_error")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.exitall_on_error = boolean(v); }},
    FioOptionRule{{"rate_min", {"ratemin"}, kRequired, kJobControl, "R[,W[,T]]",
                   "fail the job when its bytes per second fall below this", {}, recorded_in("rate_min")},
                  set_rate_min},
    FioOptionRule{{"rate_iops_min", {}, kRequired, kJobControl, "R[,W[,T]]",
                   "fail the job when its requests per second fall below this", {}, recorded_in("rate_iops_min")},
                  set_rate_iops_min},
    FioOptionRule{{"rate_cycle", {"ratecycle"}, kRequired, kJobControl, "MSEC",
                   "the window of rate_min= and rate_iops_min=, in milliseconds", "1000", recorded_in("rate_cycle_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.rate_cycle = std::chrono::milliseconds(whole_number32(v, 0, 0xffffffffu));
                  }},
    FioOptionRule{{"rate_ignore_thinktime", {}, kFlag, kJobControl, "",
                   "a thinktime stall counts as time at rate=: no catch-up after it", {},
                   recorded_in("rate_ignore_thinktime")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.rate_ignore_thinktime = boolean(v); }},
    // fio keeps flow= in an unsigned int and checks only its maximum: a negative weight is taken, as 2^32 minus its
    // size (options.c, parse.c val_too_large).
    FioOptionRule{{"flow", {}, kRequired, kJobControl, "WEIGHT",
                   "the job's share of its flow_id's requests (at most 1000)", "0", recorded_in("flow")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.flow_weight = static_cast<std::uint32_t>(signed_number(v, INT32_MIN, 1000));
                  }},
    FioOptionRule{{"flow_id", {}, kRequired, kJobControl, "N", "the flow whose requests flow= shares", "0",
                   recorded_in("flow_id")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.flow_id = static_cast<std::uint32_t>(signed_number(v, INT32_MIN, INT32_MAX));
                  }},
    FioOptionRule{{"flow_sleep", {}, kRequired, kJobControl, "USEC",
                   "how long a job ahead of its flow share sleeps before it asks again", "0",
                   recorded_in("flow_sleep_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.flow_sleep = std::chrono::microseconds(whole_number32(v, 0, 0xffffffffu));
                  }},
    FioOptionRule{{"cpus_allowed", {}, kRequired, kJobControl, "LIST", "pin each job's thread to these CPUs (0-3,6)",
                   {}, recorded_in("cpus_allowed")},
                  set_cpus_allowed},
    FioOptionRule{{"nice", {}, kRequired, kJobControl, "N", "the jobs' nice value (-20 to 19)",
                   kNiceDefault, recorded_in("nice")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.nice = static_cast<std::int32_t>(signed_number(v, -20, 19));
                  }},
    FioOptionRule{{"prio", {}, kRequired, kJobControl, "N", "the jobs' I/O priority (0 to 7)", {}, recorded_in("prio")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.ioprio = whole_number32(v, 0, 7); }},
    FioOptionRule{{"prioclass", {}, kRequired, kJobControl, "C", "the jobs' I/O priority class (0 to 3)",
                   {}, recorded_in("prioclass")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.ioprio_class = whole_number32(v, 0, 3); }},
    // Steady state (fio's HOWTO "Steady state"): measure/steady_state_detector.h judges, the job stops when steady.
    FioOptionRule{{"steadystate", {"ss"}, kRequired, kJobControl, "iops|iops_slope|bw|bw_slope:LIMIT[%]",
                   "stop the job once its rate's deviation or slope over ss_dur stays under LIMIT",
                   "iops_slope:0.01%", recorded_in("steadystate")},
                  set_steady_state},
    FioOptionRule{{"steadystate_duration", {"ss_dur"}, kRequired, kJobControl, "TIME",
                   "the steady-state window, sampled once a second (0: no detection)", "0",
                   recorded_in("steadystate_duration_s")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    // fio keeps whole seconds: ss_dur=1500ms is 1 s, ss_dur=500ms turns detection off.
                    s.steady_state.duration_s = static_cast<std::uint32_t>(
                        std::min<std::int64_t>(std::chrono::duration_cast<std::chrono::seconds>(fio_time_of(v)).count(),
                                               0xffffffff));
                  }},
    FioOptionRule{{"steadystate_ramp_time", {"ss_ramp"}, kRequired, kJobControl, "TIME",
                   "run this long before taking steady-state samples", "0", recorded_in("steadystate_ramp_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.steady_state.ramp = std::chrono::duration_cast<std::chrono::microseconds>(fio_time_of(v));
                  }},
};

}  // namespace

std::span<const FioOptionRule> fio_job_control_rules() { return kRules; }

}  // namespace bench
