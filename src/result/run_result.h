#pragma once
// Plain result structs: what a run measured. Produced by run/, read by report/ and compare/.
// Units are in the names: bytes, nanoseconds. No formatting here; writers decide how "no value" shows.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "result/disk_utilization.h"
#include "result/host_view.h"
#include "result/io_sample.h"
#include "result/phase_id.h"
#include "result/run_setup.h"
#include "result/workload_result.h"

namespace bench {

// Where a run ran (platform/virt_detect.h): on a host, in a guest VM, or nothing readable said.
enum class Role { kHost, kGuest, kUnknown };

// Summary of a latency histogram (measure/latency_histogram.h states the error bound of percentiles).
struct LatencySummary {
  std::uint64_t count = 0;
  std::uint64_t min_ns = 0;  // exact
  std::uint64_t max_ns = 0;  // exact
  double mean_ns = 0;        // exact (sum / count)
  std::uint64_t p50_ns = 0;
  std::uint64_t p90_ns = 0;
  std::uint64_t p99_ns = 0;
  std::uint64_t p999_ns = 0;
};

// A latency histogram's non-empty buckets (measure/latency_histogram.h's layout: exact below 128 ns, then 64 per
// power of two) with their counts, in bucket order: kept with the results so that runs, workers and ranks merge into
// true percentiles and a CDF can be drawn from them (report/html/latency_cdf_svg.h).
using HistogramBuckets = std::vector<std::pair<std::uint32_t, std::uint64_t>>;

// One rank's part of a phase in a run of several processes (MPI; result/rank_metrics.h derives the spread).
// start and end are offsets from the barrier all ranks left together before the phase, each read on the
// rank's own clock: clocks of different hosts are never compared, only these offsets.
struct RankPhaseResult {
  std::uint32_t rank = 0;
  std::string host;                   // the rank's host (MPI processor name)
  std::chrono::nanoseconds start{0};  // the rank's first worker start, after the barrier
  std::chrono::nanoseconds end{0};    // the rank's last worker end
  std::uint64_t operations = 0;
  std::uint64_t bytes = 0;
  std::chrono::nanoseconds cpu{0};  // user + system time of the rank's process over the phase
  std::uint32_t workers = 1;        // -c
  std::optional<LatencySummary> latency;
};

// CPU time apart, context switches and faults (fio's usr_cpu, sys_cpu, ctx, majf, minf), from getrusage at two
// readings: of the process over a group of tests, or of a job's thread over the job (PhaseResult::cpu_breakdown).
struct CpuBreakdown {
  std::chrono::nanoseconds user{0};
  std::chrono::nanoseconds system{0};
  std::uint64_t context_switches = 0;  // voluntary and involuntary
  std::uint64_t major_faults = 0;
  std::uint64_t minor_faults = 0;
};

// One test's result: one of bonnie++'s tests (or the fsync test), or a part of a workload (`workload` says which).
struct PhaseResult {
  // Which of bonnie++'s tests (kAllPhaseIds) this is, unless `workload` holds: a workload's part is named by its
  // WorkloadPart alone, and this is then not read. id() and test_id() (result/test_id.h) answer for either.
  PhaseId bonnie_test = PhaseId::kBlockWrite;
  std::uint64_t operations = 0;  // work units (bytes phases: system calls; seeks; files; syncs)
  std::uint64_t bytes = 0;       // bytes moved by the phase (0 for pure metadata work)
  std::chrono::nanoseconds elapsed{0};  // wall time: earliest worker start to latest worker end
  std::chrono::nanoseconds cpu{0};      // user + system time of the whole process over the phase
  std::optional<LatencySummary> latency;  // nullopt when the phase recorded no samples
  HistogramBuckets latency_histogram;     // what `latency` summarises; empty when not recorded (a CSV, a bonnie++ line)
  // A workload's on an engine that completes requests after its submit call returns (not is_synchronous): fio's
  // submission latency (slat: from the batch's start to the return of the call that submitted it) and completion
  // latency (clat: from there to the reaping), apart; `latency` is their sum, fio's lat. nullopt (and no buckets)
  // otherwise: a synchronous engine's request completes within its call, so fio records no slat and its clat is
  // the latency.
  std::optional<LatencySummary> submission_latency;
  HistogramBuckets submission_histogram;
  std::optional<LatencySummary> completion_latency;
  HistogramBuckets completion_histogram;
  std::uint32_t workers = 1;
  // The read tests (rewrite, per-char and block read, seeks; not under -D): the percent of the bytes they read
  // that was in the page cache as they began, over every worker and rank. Near 0 after a drop that took;
  // higher with --cache keep, or where the drop did not take (tmpfs, a file system that ignores it), and then
  // the rate is the cache's, not the disk's. nullopt when not measured.
  std::optional<double> cached_percent;
  // Several ranks (MPI): each rank's part, in rank order; the fields above are then the whole's (work, CPU
  // and workers summed, elapsed from the earliest start to the latest end, latency of the merged histograms).
  // Empty in a run of one process.
  std::vector<RankPhaseResult> ranks;
  // A workload's part: which workload and direction this is, and what ran it; nullopt for bonnie++'s tests. Its
  // presence is what makes the result a workload's (id() kWorkload).
  std::optional<WorkloadPart> workload;
  // A workload that writes fio's logs (WorkloadSpec::writes_logs), in its whole part (not a job's own): each
  // measured request of this direction, every job's, in completion order. Under MPI rank 0's own. Not kept in any
  // result file.
  std::vector<IoSample> samples;
  // With fio's log_unix_epoch or log_alternate_epoch (WorkloadSpec::fio_log): each job's (by IoSample::job) reading
  // of the epoch clock in ms as its measurement began, which its log entries' times add; empty otherwise.
  std::vector<std::uint64_t> log_epochs_ms;
  // What fio reports as the job's usr_cpu, sys_cpu, ctx, majf and minf: the part's jobs' own usage summed (each job's
  // thread's, from its measured window's start to its end: phases/phase.h JobMeasurement::own_usage), or, where a
  // job has none (a bonnie++ test), `cpu` apart, the process's over the group; nullopt under MPI (`cpu` is then
  // every rank's) and when read from a file.
  std::optional<CpuBreakdown> cpu_breakdown;

  // The test's phase: kWorkload for a workload's part, else bonnie_test (result/test_id.h names either).
  PhaseId id() const { return workload ? PhaseId::kWorkload : bonnie_test; }
};

// What every output records of a run: its setup, and where and when it ran (result/run_fields.h lists the
// fields the outputs carry).
struct RunInfo {
  RunSetup setup;                  // what the run was asked to do
  std::string label;               // --label, else -m, else the host name: names the run in every output
  std::string version;             // bench++ version
  std::uint32_t ranks = 1;         // processes of the run (MPI ranks; 1 without MPI)
  std::vector<std::string> hosts;  // the ranks' distinct hosts, in rank order; empty when not recorded
  std::uint32_t run_index = 0;     // 0-based index within -x repeats
  std::string started_utc;        // ISO 8601, e.g. "2026-11-30T10:34:59Z"
  std::string host_name;
  std::string kernel;             // "Linux 6.1.0-13-amd64"
  std::string filesystem;         // type of -d's filesystem, e.g. "ext4"
  std::string mount_options;
  std::string directory;          // -d as given
  // Where the run ran (platform/virt_detect.h); role nullopt and the texts empty when not recorded (a bonnie++
  // line).
  std::optional<Role> role;
  std::string hypervisor;         // e.g. "kvm"; "none" on a host
  std::string container;          // e.g. "docker"; "none"
  std::vector<std::string> placement_evidence;  // one human line per observation
  // The machine and the disk under -d (platform/system_info.h, platform/block_device.h): a guest's vCPUs and
  // memory, and which virtual disk it ran on. nullopt or empty when not recorded (a bonnie++ line) or, for the
  // device, when -d is on no block device (tmpfs).
  std::optional<std::uint32_t> cpus;          // online CPUs
  std::optional<std::uint64_t> memory_bytes;  // physical memory
  std::string device;                         // the disk's kernel name: "vda", "nvme0n1"
  std::string device_driver;                  // "virtio_blk", "nvme", "sd"
  std::string device_model;                   // as the device reports it
  // --tag KEY=VALUE, in order, joined by "; " ("accel=kvm; drive=cache=none"): what the user (or
  // scripts/guest-run.sh: the accelerator, CPU model, -drive options) wants every output to carry.
  std::string tags;
  // The percent of all CPUs' time that other processes used during the run (platform/cpu_load.h: /proc/stat's busy
  // time less bench++'s own); nullopt when not recorded (an older result, several ranks, a run too short to tell).
  // result/busy_machine.h says when it is large enough for a note.
  std::optional<std::uint64_t> other_cpu_percent;
};

// All workers that ran at once: -c per rank times the ranks. bonnie++'s concurrency field and table ID show
// this, as the rates beside them are the whole's.
inline std::uint32_t concurrent_workers(const RunInfo& info) { return info.setup.concurrency * info.ranks; }

// What one job of a workload laid out before its group ran, as fio's setup_files counts it for its "NAME: Laying out
// IO file (1 file / 64MiB)" line: the regular files it made, or made anew, being not there or shorter than the
// job's region's end (not those create_on_open=1 leaves to the job's open), and the bytes they then held together
// (fio's sum of io_size + file_offset).
struct FilesLaidOut {
  std::string workload;  // WorkloadSpec::name
  std::uint32_t files = 0;
  std::uint64_t bytes = 0;
  friend bool operator==(const FilesLaidOut&, const FilesLaidOut&) = default;
};

struct RunResult {
  RunInfo info;
  std::vector<PhaseResult> phases;  // in the order run; a phase not run is absent
  // The block devices under the workloads' files (fio's disk_util), over the whole run; empty when no workload
  // asks for them (disk_util=0), they are on no block device (tmpfs, overlay) or sysfs cannot be read. Rank 0's.
  std::vector<DiskUtilization> disk_utilization;
  // Each job that laid out files, in the order the jobs were prepared (phases/workload/workload_files.h); rank 0's.
  // Not kept in the result files.
  std::vector<FilesLaidOut> files_laid_out;
  // The stop signal that ended the run's jobs early, the run still reported (RunSetup::reports_stopped_run); 0 for
  // a run that went to its end.
  int stop_signal = 0;
  // The stop signals of that kind that came after it while the run ended, in order: fio writes its line for each
  // (backend.c sig_int, called again for every one until fio is done).
  std::vector<int> later_stop_signals;
  // A guest's run: what the machine under it saw, window by window (result/host_view.h), attached to its result
  // by `bench++ host-view attach`; nullopt for any other run.
  std::optional<HostView> host_view;

  const PhaseResult* find(PhaseId id) const {
    for (const auto& p : phases) {
      if (p.id() == id) return &p;
    }
    return nullptr;
  }
};

}  // namespace bench
