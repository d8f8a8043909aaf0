// fio's statistics and logs (FioOptionGroup::kStatistics; result/workload_spec.h, report/fio/fio_log.h): what
// fio's formats report and the logs a job writes. They change what is written, never what is measured: bench++
// measures every latency whatever they say.
#include "cli/fio_option_rules.h"

#include <fmt/format.h>

#include <time.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kStatistics = FioOptionGroup::kStatistics;

// A write_*_log's prefix: given bare (the value "1" apply_fio_option hands a bare flag), the workload's name ("").
std::string log_prefix(std::string_view text) { return text == "1" ? std::string() : std::string(text); }

// percentile_list=P1:P2...: at most 20 percentiles from 0 to 100, sorted, ending at a 0 as fio's list does.
void set_percentile_list(WorkloadSpec& spec, std::string_view text, unsigned) {
  std::vector<double> list;
  for (const std::string_view piece : split(text, ':')) {
    const double percent = read_number<double>(piece).value_or(-1.0);
    if (!(percent >= 0 && percent <= 100)) {
      fail(fmt::format("'{}' is not a percentile from 0 to 100 (percentile_list=99:99.9)", piece));
    }
    list.push_back(percent);
  }
  if (list.size() > 20) fail("at most 20 percentiles, as fio");
  list.erase(std::find(list.begin(), list.end(), 0.0), list.end());  // fio's list ends at a 0
  std::sort(list.begin(), list.end());                              // and is sorted
  spec.latency_output.percentile_list = std::move(list);
}

// fio's gtod_reduce=1 (its str_gtod_reduce_cb): disable_lat, disable_clat and disable_slat, and no percentiles, so
// fio's formats write its zeros for every latency; 0 leaves them as they are. bench++ reads the clock once per
// batch anyway and measures every latency (its own outputs keep them).
void set_gtod_reduce(WorkloadSpec& spec, std::string_view text, unsigned) {
  spec.gtod_reduce = boolean(text);
  if (!spec.gtod_reduce) return;
  LatencyOutput& shown = spec.latency_output;
  shown.disable_lat = shown.disable_clat = shown.disable_slat = true;
  shown.clat_percentiles = shown.lat_percentiles = shown.slat_percentiles = false;
}

std::chrono::milliseconds average_window(std::string_view text) {
  return std::chrono::milliseconds(whole_number32(text, 1, 86'400'000));
}

// log_alternate_epoch_clock_id=N: a clock this kernel's clock_gettime reads (fio takes any number and logs what an
// unknown clock leaves; bench++ refuses it).
std::uint32_t epoch_clock(std::string_view text) {
  const std::uint32_t clock = whole_number32(text, 0, 63);
  timespec resolution{};
  if (::clock_getres(static_cast<clockid_t>(clock), &resolution) != 0) {
    fail(fmt::format("{} is not a clock this system's clock_gettime reads (0: CLOCK_REALTIME)", clock));
  }
  return clock;
}

// Why the options of fio's logs and report are not recorded with the workload: they change what is written, never
// what is measured.
constexpr FioOptionRecord kLogFile = not_recorded("which of fio's log files the run writes: files of their own");
constexpr FioOptionRecord kLogLayout = not_recorded("how fio's log files lay out their entries");
constexpr FioOptionRecord kFioReportOnly =
    not_recorded("what fio's formats print of the latencies; bench++ measures every latency whatever it says");

constexpr std::array kRules = {
    FioOptionRule{{"group_reporting", {}, kFlag, kStatistics, "", "report the workload's jobs as one",
                   {}, recorded_in("group_reporting")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.group_reporting = boolean(v); }},
    FioOptionRule{{"write_bw_log", {}, kFlag, kStatistics, "PREFIX", "fio's bandwidth log, PREFIX_bw.J.log",
                   {}, kLogFile},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.bw_log = log_prefix(v); }},
    FioOptionRule{{"write_lat_log", {}, kFlag, kStatistics, "PREFIX", "fio's latency logs, PREFIX_lat, _slat, _clat",
                   {}, kLogFile},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.lat_log = log_prefix(v); }},
    FioOptionRule{{"write_iops_log", {}, kFlag, kStatistics, "PREFIX", "fio's IOPS log, PREFIX_iops.J.log",
                   {}, kLogFile},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.iops_log = log_prefix(v); }},
    FioOptionRule{{"log_avg_msec", {}, kRequired, kStatistics, "MS",
                   "average the logs over windows of MS (0: each request)", "0", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.log_avg_msec = whole_number32(v, 0, 86'400'000);
                  }},
    FioOptionRule{{"write_hist_log", {}, kFlag, kStatistics, "PREFIX",
                   "fio's completion latency histogram log, PREFIX_clat_hist.J.log (entries with log_hist_msec)", {},
                   kLogFile},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.hist_log = log_prefix(v); }},
    FioOptionRule{{"log_hist_msec", {}, kRequired, kStatistics, "MS",
                   "a histogram log entry every MS per direction (0: none)", "0", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.fio_log.hist_msec = whole_number32(v, 0, 86'400'000);
                  }},
    FioOptionRule{{"log_hist_coarseness", {}, kRequired, kStatistics, "0..6",
                   "each step halves the histogram log's 1856 buckets, adding neighbours", "0", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.fio_log.hist_coarseness = whole_number32(v, 0, 6);
                  }},
    FioOptionRule{{"log_offset", {}, kFlag, kStatistics, "", "the logs write each request's offset (bytes)", "0",
                   kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.offset = boolean(v); }},
    FioOptionRule{{"log_prio", {}, kFlag, kStatistics, "",
                   "the logs write each request's I/O priority value (else 1 for the realtime class, 0 for others)",
                   "0", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.priority = boolean(v); }},
    FioOptionRule{{"log_max_value", {}, kFlag, kStatistics, "", "log_avg_msec's windows log their largest value",
                   "0", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.max_value = boolean(v); }},
    FioOptionRule{{"log_unix_epoch", {}, kFlag, kStatistics, "",
                   "the logs' times in ms since the epoch of log_alternate_epoch_clock_id's clock", {}, kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.unix_epoch = boolean(v); }},
    FioOptionRule{{"log_alternate_epoch", {}, kFlag, kStatistics, "",
                   "the logs' times in ms since the epoch of log_alternate_epoch_clock_id's clock", {}, kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.alternate_epoch = boolean(v); }},
    FioOptionRule{{"log_alternate_epoch_clock_id", {}, kRequired, kStatistics, "N",
                   "the clock_gettime clock whose epoch the logs' times count from (0: CLOCK_REALTIME)", {},
                   kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fio_log.epoch_clock = epoch_clock(v); }},
    FioOptionRule{{"log_entries", {}, kRequired, kStatistics, "N",
                   "room for N log entries made before the timed work (1024 to 1048576)", "1024", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.fio_log.entries = whole_number32(v, 1024, 1024 * 1024);
                  }},
    // fio's log_compression=N compresses its logs in memory in chunks of N bytes, the files written the same.
    FioOptionRule{{"log_compression", {}, kRequired, kStatistics, "BYTES",
                   "accepted: the logs are written the same; bench++ keeps its samples uncompressed in memory", {},
                   not_recorded("changes nothing bench++ writes: fio's memory only")},
                  [](WorkloadSpec&, std::string_view v, unsigned kb_base) {
                    const std::uint64_t bytes = fio_size_of(v, kb_base);
                    if (bytes < 1024 || bytes > 512ull << 20) fail("must be from 1024 bytes to 512 MiB");
                  }},
    // fio's log_store_compressed=1 writes NAME.fz: zlib streams of its in-memory sample structs (read back by
    // fio --inflate-log), a layout of fio's build rather than a format.
    FioOptionRule{{"log_store_compressed", {}, kFlag, kStatistics, "0",
                   "0 runs; 1 (fio's .fz files of its in-memory samples) is refused", {},
                   not_recorded("0 changes nothing")},
                  [](WorkloadSpec&, std::string_view v, unsigned) {
                    if (boolean(v)) {
                      fail("1: fio's .fz logs hold zlib streams of fio's in-memory sample structs (read by fio "
                           "--inflate-log); bench++ writes its logs as text");
                    }
                  }},
    FioOptionRule{{"per_job_logs", {}, kRequired, kStatistics, "0|1", "a log file per job (0: one for all)",
                   "1", kLogLayout},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.per_job_logs = boolean(v); }},
    FioOptionRule{{"percentile_list", {}, kRequired, kStatistics, "P1:P2...", "the percentiles fio's formats write",
                   "1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99", kFioReportOnly},
                  set_percentile_list},
    FioOptionRule{{"clat_percentiles", {}, kFlag, kStatistics, "",
                   "fio's formats write completion latency percentiles", "1", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.latency_output.clat_percentiles = boolean(v);
                  }},
    FioOptionRule{{"lat_percentiles", {}, kFlag, kStatistics, "", "fio's formats write total latency percentiles",
                   "0", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.lat_percentiles = boolean(v); }},
    FioOptionRule{{"slat_percentiles", {}, kFlag, kStatistics, "",
                   "fio's formats write submission latency percentiles", "0", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.latency_output.slat_percentiles = boolean(v);
                  }},
    FioOptionRule{{"disable_lat", {}, kFlag, kStatistics, "", "fio's formats leave the total latency out",
                   "0", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_lat = boolean(v); }},
    FioOptionRule{{"disable_clat", {}, kFlag, kStatistics, "", "fio's formats leave the completion latency out",
                   "0", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_clat = boolean(v); }},
    FioOptionRule{{"disable_slat", {}, kFlag, kStatistics, "", "fio's formats leave the submission latency out",
                   "0", kFioReportOnly},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_slat = boolean(v); }},
    FioOptionRule{{"gtod_reduce", {}, kFlag, kStatistics, "",
                   "fio's formats leave every latency out (disable_lat, _clat, _slat)", "0", kFioReportOnly},
                  set_gtod_reduce},
    FioOptionRule{{"disable_bw_measurement", {}, kFlag, kStatistics, "", "accepted: fio's bandwidth logging",
                   "0", not_recorded("changes nothing bench++ does")},
                  [](WorkloadSpec&, std::string_view v, unsigned) { boolean(v); }},
    // fio 3.33's clocksource= takes gettimeofday, clock_gettime or cpu (its default is picked by the machine: cpu
    // where the TSC is reliable); bench++ reads std::chrono::steady_clock, clock_gettime(CLOCK_MONOTONIC), whatever
    // the value.
    FioOptionRule{{"clocksource", {}, kRequired, kStatistics, "gettimeofday|clock_gettime|cpu",
                   "accepted: bench++ times with clock_gettime(CLOCK_MONOTONIC) whichever is named", {},
                   not_recorded("changes nothing bench++ does: it reads one clock")},
                  [](WorkloadSpec&, std::string_view v, unsigned) {
                    if (v != "gettimeofday" && v != "clock_gettime" && v != "cpu") {
                      fail("must be gettimeofday, clock_gettime or cpu");
                    }
                  }},
    // fio's unit_base=: 0 (auto, bytes), 8 (bytes) or 1 (bits), the unit of the bandwidths in its normal output
    // only (its JSON and terse stay in KiB/s); bench++ writes bytes, so bits are refused.
    FioOptionRule{{"unit_base", {}, kRequired, kStatistics, "0|8",
                   "the unit of fio's normal output's bandwidths: bytes (0, auto, or 8); 1 (bits) is refused",
                   {}, not_recorded("how fio's normal output writes bandwidths: bytes, whichever is given")},
                  [](WorkloadSpec&, std::string_view v, unsigned) {
                    if (v == "1") fail("bits (unit_base=1) in fio's normal output: bench++ writes bytes");
                    if (v != "0" && v != "8") fail("must be 0, 8 or 1");
                  }},
    FioOptionRule{{"disk_util", {}, kRequired, kStatistics, "0|1",
                   "the devices' statistics in fio's output", "1", recorded_in("disk_util")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.disk_util = boolean(v); }},
    FioOptionRule{{"bwavgtime", {}, kRequired, kStatistics, "MS",
                   "the window of fio's bandwidth samples", "500", recorded_in("bwavgtime_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.bw_avg_time = average_window(v); }},
    FioOptionRule{{"iopsavgtime", {}, kRequired, kStatistics, "MS", "the window of fio's IOPS samples",
                   "500", recorded_in("iopsavgtime_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.iops_avg_time = average_window(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_statistics_rules() { return kRules; }

}  // namespace bench
