#pragma once
// fio's completion latency histogram log (write_hist_log, log_hist_msec, log_hist_coarseness: fio 3.33's
// stat.c add_clat_sample and iolog.c flush_hist_samples), read by fio's fiologparser_hist.py. Per direction, fio
// starts a window at the direction's first completion; the first completion at least log_hist_msec after the
// window's start writes an entry, at its own time (ms since the job's measurement began), and the next window
// starts log_hist_msec after the last one (so no drift). An entry's line: "time, direction, block size (the
// completing request's), " then the counts of fio's 1856 clat buckets (FIO_IO_U_PLAT_NR: fio's plat index, which
// LatencyHistogram::bucket_index is, the last bucket taking every larger value) since the direction's previous
// entry, each 2^coarseness neighbours added into one. No entry for what completes after the last one, and none at
// all without log_hist_msec, as fio's. Pure.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "result/io_sample.h"

namespace bench {

inline constexpr std::uint32_t kFioHistogramBuckets = 29 * 64;  // fio's FIO_IO_U_PLAT_NR

// fio's hist_sum over the whole histogram: each run of 2^coarseness buckets added into one (1856 >> coarseness).
std::vector<std::uint64_t> coarsened_buckets(std::span<const std::uint64_t> buckets, unsigned coarseness);

// One line: "time, direction, block size, count, count, ...\n".
std::string fio_hist_log_line(std::uint64_t time_ms, unsigned direction, std::uint32_t block_size,
                              std::span<const std::uint64_t> counts);

// The log of one job's `samples` (completion order; IoSample::submission is their slat, so clat = latency -
// submission), every `window_ms`, coarsened by `coarseness`, each time plus `epoch_ms` (fio's alternate epoch).
// `counted`: whether fio's clat histogram counts at all (clat_percentiles; fio's log then holds zeros).
std::string fio_hist_log(std::span<const IoSample> samples, std::uint32_t window_ms, unsigned coarseness,
                         std::uint64_t epoch_ms, bool counted);

}  // namespace bench
