#pragma once
// fio's log files (write_bw_log, write_lat_log, write_iops_log, log_avg_msec, per_job_logs) of one run, in fio 3.33's
// format: a line per entry, "time (ms), value, direction (0 read, 1 write), block size (bytes), priority" (priority
// always 0). Without log_avg_msec an entry per request: its latency (ns) in the lat, slat and clat logs, its bytes over
// its latency in the bw log (fio's per-request value, bytes per ms), 1 in the iops log; with log_avg_msec=N an entry
// per N ms window and direction with requests: the mean latency, KiB/s and IOPS over the window, at the window's end
// (block size 0, as fio), but none past the job's end: a latency log's last, part window at the job's end, a bw or iops
// log's left out (fio's rule). Names as fio's (result/fio_log_names.h): PREFIX_bw.J.log, PREFIX_lat.J.log (lat: from
// submission to completion), PREFIX_slat.J.log (slat, each entry at the request's issue, the submit call's return;
// empty on a synchronous engine, which measures no slat apart, as fio's), PREFIX_clat.J.log (clat: from the issue to
// the completion, lat - slat; lat itself on a synchronous engine), PREFIX_iops.J.log, J the job from 1; without the .J
// with per_job_logs=0. Pure.
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
