#pragma once
// fio's log files (write_bw_log, write_lat_log, write_iops_log, log_avg_msec, per_job_logs) of one run, in fio
// 3.33's format: a line per entry, "time (ms), value, direction (0 read, 1 write), block size (bytes), priority"
// (priority always 0). Without log_avg_msec an entry per request: its latency (ns) in the lat and clat logs, its
// bytes over its latency in the bw log (fio's per-request value, bytes per ms), 1 in the iops log; with
// log_avg_msec=N an entry per N ms window and direction with requests: the mean latency, KiB/s and IOPS over the
// window, at the window's end (block size 0, as fio). Names as fio's: PREFIX_bw.J.log,
// PREFIX_lat.J.log and PREFIX_clat.J.log (the same values: each request's lat; its clat is not kept per request),
// PREFIX_iops.J.log, J the job from 1; without the .J with per_job_logs=0. No slat log: submission latency is not
// measured apart. Pure.
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

struct FioLogFile {
  std::string name;  // relative, as fio names it: written in the current directory
  std::string text;
};

std::vector<FioLogFile> fio_log_files(const RunResult& run);

}  // namespace bench
