#pragma once
// fio 3.33's latency lines of its normal output (stat.c display_lat, show_clat_percentiles, show_latencies), as
// pure functions of the figures the JSON writes too (report/fio/fio_jobs.h). Pure.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/fio/fio_jobs.h"

namespace bench {

// The unit fio gives a latency line (its nsec_to_msec and nsec_to_usec, tried in that order): msec when
// min > 2 ms, max > 99.999999 ms and stdev > 1 ms; else usec when min > 2 us, max > 99.999 us and stdev > 1 us;
// else nsec. The figures in ns.
struct FioTimeUnit {
  const char* name;  // "nsec", "usec", "msec"
  std::uint64_t ns;  // 1, 1000, 1000000
};
FioTimeUnit fio_latency_unit(std::uint64_t min_ns, std::uint64_t max_ns, double stddev_ns);

// One of fio's latency lines: "    clat (usec): min=199, max=5683, avg=698.43, stdev=920.37\n" (label " lat"
// for lat; min and max in whole units with 6 digits at most, as num2str: "20597k").
std::string fio_latency_line(std::string_view label, const FioLatency& latency);

// fio's percentile block of `buckets` holding `count` samples: "    clat percentiles (usec):\n     |  1.00th=[
// 363], ...", its unit by fio's rule for percentiles (from the smallest and largest value shown; values rounded
// up to it), 2 decimals, as many per line as fit in 80 columns. "" without percents or samples.
std::string fio_percentiles_block(std::string_view label, const HistogramBuckets& buckets, std::uint64_t count,
                                  const std::vector<double>& percents);

// fio's latency distribution lines ("  lat (usec)   : 250=0.10%, 500=81.15%, ...\n"): each range with a share,
// five to a line, nsec then usec then msec.
std::string fio_latency_share_lines(const FioLatencyShares& shares);

}  // namespace bench
