#pragma once
// fio's log files (write_bw_log, write_lat_log, write_iops_log, write_hist_log, log_avg_msec, per_job_logs and the
// layout options of WorkloadSpec::fio_log) of one run, in fio 3.33's format: a line per entry, "time (ms), value,
// direction (0 read, 1 write, 2 trim), block size (bytes), [offset (bytes), with log_offset,] priority" (fio's
// iolog.c flush_samples: with log_prio the request's ioprio value as 0x%04x, else 1 for the realtime class and 0
// for any other). Times count from the job's measurement start, or with log_unix_epoch / log_alternate_epoch from
// the epoch of log_alternate_epoch_clock_id's clock (the job's reading as its measurement began, added).
// Without log_avg_msec an entry per request: its latency (ns) in the lat, slat and clat logs, its bytes over
// its latency in the bw log (fio's per-request value, bytes per ms), 1 in the iops log; with log_avg_msec=N an entry
// per N ms window and direction with requests: the mean latency (its largest with log_max_value), KiB/s and IOPS
// over the window, at the window's end (block size, offset and priority 0, as fio), but none past the job's end: a
// latency log's last, part window at the job's end, a bw or iops log's left out (fio's rule). Names as fio's
// (result/fio_log_names.h): PREFIX_bw.J.log, PREFIX_lat.J.log (lat: from submission to completion),
// PREFIX_slat.J.log (slat, each entry at the request's issue, the submit call's return; empty on a synchronous
// engine, which measures no slat apart, as fio's), PREFIX_clat.J.log (clat: from the issue to the completion, lat -
// slat; lat itself on a synchronous engine), PREFIX_iops.J.log, PREFIX_clat_hist.J.log (report/fio/fio_hist_log.h),
// J the job from 1; without the .J with per_job_logs=0. Pure.
#include <cstdint>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

struct FioLogFile {
  std::string name;  // relative, as fio names it: written in the current directory
  std::string text;
};

std::vector<FioLogFile> fio_log_files(const RunResult& run);

// One entry's line (fio's flush_samples), as `layout` asks for its offset and priority columns.
struct FioLogLine {
  std::uint64_t time_ms = 0;
  std::uint64_t value = 0;
  unsigned direction = 0;
  std::uint32_t block_size = 0;
  std::uint64_t offset = 0;
  std::uint16_t priority = 0;  // the kernel's ioprio value
};
std::string fio_log_line(const FioLogLine& line, const FioLogLayout& layout);

}  // namespace bench
