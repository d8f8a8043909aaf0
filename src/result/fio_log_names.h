#pragma once
// The names of the log files a workload asks fio's log options for (write_bw_log, write_lat_log, write_iops_log,
// per_job_logs, write_hist_log), as fio 3.33 names them: PREFIX_bw.J.log, PREFIX_lat.J.log, PREFIX_slat.J.log and
// PREFIX_clat.J.log (each but those disable_lat, disable_slat, disable_clat leave out, as fio), PREFIX_iops.J.log,
// PREFIX_clat_hist.J.log,
// J fio's number of the job (its thread_number: the jobs of the whole run counted from 1, the workloads' in their
// order, each workload's numjobs in turn; so two workloads with one prefix write two files), no ".J" with
// per_job_logs=0 (one file per workload, whose name two workloads with one prefix share: app/output_files.h refuses
// that); PREFIX the option's value, or the workload's name when given bare. A prefix with a directory puts the log there; a relative name is relative to the current directory (not
// -d), as fio's. app/fio_logs.h checks where they go before a run, fio's log writer (report/fio/fio_log.h) fills
// them. Pure.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "result/workload_spec.h"

namespace bench {

// What a log holds: fio's bw, lat, slat, clat, iops, or clat_hist (write_hist_log: completion latency histograms).
enum class FioLogKind { kBandwidth, kLatency, kSubmissionLatency, kCompletionLatency, kIops, kCompletionHistogram };

struct FioLogName {
  std::string path;   // as fio names it
  FioLogKind kind;
  std::uint32_t job;  // the job's index (from 0) whose requests it logs; 0 with per_job_logs=0 (every job's)
  std::string option;  // the option that asks for it (write_bw_log, ...), for messages
};

// Every log of workload `index` of a run's `workloads`, job by job (one with per_job_logs=0), each job's in this
// order: bw, lat, slat, clat, iops, clat_hist.
std::vector<FioLogName> fio_log_names(std::span<const WorkloadSpec> workloads, std::size_t index);

}  // namespace bench
