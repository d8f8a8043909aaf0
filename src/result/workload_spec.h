#pragma once
// One workload of `bench++ job` or `bench++ suite`: what fio calls a job (a job file's section, or a --name on the
// command line), with fio's meanings. Plain values; produced by cli/fio_options.h and cli/fio_job_file.h, run by
// the workload phase, recorded in every output.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "result/block_sizes.h"
#include "result/data_options.h"
#include "result/engine_kind.h"
#include "result/error_tolerance.h"
#include "result/exec_command.h"
#include "result/fio_steady_state.h"
#include "result/offset_spec.h"
#include "result/stat_call.h"
#include "result/uring_options.h"

namespace bench {

// fio's rw=: the direction of the requests and how their offsets advance.
enum class IoPattern {
  kRead,       // read: sequential reads
  kWrite,      // write: sequential writes
  kRandRead,   // randread
  kRandWrite,  // randwrite
  kReadWrite,  // rw, readwrite: sequential, mixed by read_percent
  kRandRw,     // randrw: random, mixed by read_percent
  // fio's trims (engine/io_engine.h IoOp::kTrim): BLKDISCARD, or a punched hole with ioengine=falloc.
  kTrim,           // trim: sequential trims
  kRandTrim,       // randtrim: random trims
  kTrimWrite,      // trimwrite: each block trimmed, then written (the write takes the trim's offset and length)
  kRandTrimWrite,  // randtrimwrite: the same at random offsets
};

inline bool is_random(IoPattern p) {
  return p == IoPattern::kRandRead || p == IoPattern::kRandWrite || p == IoPattern::kRandRw ||
         p == IoPattern::kRandTrim || p == IoPattern::kRandTrimWrite;
}
inline bool reads_data(IoPattern p) {
  return p == IoPattern::kRead || p == IoPattern::kRandRead || p == IoPattern::kReadWrite || p == IoPattern::kRandRw;
}
inline bool writes_data(IoPattern p) {
  return p == IoPattern::kWrite || p == IoPattern::kRandWrite || p == IoPattern::kReadWrite ||
         p == IoPattern::kRandRw || p == IoPattern::kTrimWrite || p == IoPattern::kRandTrimWrite;
}
inline bool trims_data(IoPattern p) {
  return p == IoPattern::kTrim || p == IoPattern::kRandTrim || p == IoPattern::kTrimWrite ||
         p == IoPattern::kRandTrimWrite;
}
// Whether the workload changes what its files hold (writes or trims them).
inline bool changes_data(IoPattern p) { return writes_data(p) || trims_data(p); }

// fio's options of what its latency statistics show (WorkloadSpec::latency_output), with fio's defaults.
struct LatencyOutput {
  std::optional<std::vector<double>> percentile_list;  // percent, sorted (empty: none); nullopt: fio's default
  bool clat_percentiles = true;
  bool lat_percentiles = false;
  bool slat_percentiles = false;
  bool disable_lat = false;
  bool disable_clat = false;
  bool disable_slat = false;
};

// fio's options of how its log files lay out their entries and when their times count from (WorkloadSpec::fio_log;
// report/fio/fio_log.h), with fio's defaults; and its histogram log (write_hist_log=, log_hist_msec=,
// log_hist_coarseness=).
struct FioLogLayout {
  bool offset = false;        // log_offset=1: each entry's offset (bytes) after its block size
  bool priority = false;      // log_prio=1: the priority column is the request's ioprio value (0x%04x), not RT-or-not
  bool max_value = false;     // log_max_value=1: a window's largest value rather than its mean
  // log_unix_epoch=1 or log_alternate_epoch=1: times count from clock_gettime(epoch_clock)'s epoch, not from the
  // job's start (its reading in ms as the measurement begins, added to each entry's time, as fio's).
  bool unix_epoch = false;
  bool alternate_epoch = false;
  bool counts_from_epoch() const { return unix_epoch || alternate_epoch; }
  std::uint32_t epoch_clock = 0;       // log_alternate_epoch_clock_id= (0: CLOCK_REALTIME)
  std::uint32_t entries = 1024;        // log_entries=: the samples' room made before the timed work
  std::optional<std::string> hist_log;  // write_hist_log=PREFIX ("": the workload's name)
  std::uint32_t hist_msec = 0;          // log_hist_msec= (0: the histogram log stays empty, as fio's)
  std::uint32_t hist_coarseness = 0;    // log_hist_coarseness= (0..6): each step halves the log's buckets
};

// nrfiles= and openfiles= at most (each file of a job is a descriptor while it runs).
inline constexpr std::uint32_t kMaxFilesPerJob = 1u << 20;

// fio's thinktime_blocks_type= words: what thinktime_blocks counts, completed requests or issued ones.
inline constexpr std::array<std::string_view, 2> kThinktimeBlocksTypes = {"complete", "issue"};

// fio's file_service_type=: which of a job's files the next request goes to.
enum class FileServiceKind {
  kRoundRobin,  // roundrobin (fio's default): each file in turn, file_service_turn requests each
  kSequential,  // sequential: a file until it is done, then the next
  kRandom,      // random: a file drawn uniformly, file_service_turn requests each
  // zipf, pareto, normal (fio's gauss too): a file drawn from the distribution (file_service_parameter and
  // file_service_center), a request each; a file whose region is covered starts over instead of being done.
  kZipf,
  kPareto,
  kNormal,
};

// fio's exit_what=: which jobs a job's end stops under exitall (or exitall_on_error, when it fails).
enum class ExitScope {
  kGroup,      // group (fio's default): the jobs of its fio group
  kStonewall,  // stonewall: every job running now (bench++: its run group); the later groups run
  kAll,        // all: every job, and the later groups do not run
};

// fio's fadvise_hint=: what posix_fadvise declares of each file the job opens for its requests.
enum class FadviseHint {
  kNone,        // 0: nothing
  kByPattern,   // 1 (fio's default): random for a random job (POSIX_FADV_RANDOM), else sequential
  kRandom,      // random
  kSequential,  // sequential
};

// fio's fallocate=: how a file bench++ creates is given its blocks before it is laid out (fio 3.33's default:
// native, fallocate(2) with mode 0 and posix_fallocate's fallback for a filesystem without it).
enum class FallocateMode {
  kNone,      // none, 0: no preallocation
  kNative,    // native: fallocate(2), mode 0; a filesystem without it gets no preallocation (as fio)
  kPosix,     // posix, 1: posix_fallocate(3)
  kKeep,      // keep: fallocate(2) with FALLOC_FL_KEEP_SIZE (blocks without the size)
  kTruncate,  // truncate: ftruncate(2) to the size (a sparse file)
};

// offset=, offset_increment=, size=, io_size= and zoneskip= given as a number of zones (fio's Nz), as written;
// settle_workload turns each into bytes (N x zonesize), as fio 3.33 does for zonemode=strided.
struct ZoneCounts {
  std::optional<std::uint64_t> offset;
  std::optional<std::uint64_t> offset_increment;
  std::optional<std::uint64_t> size;
  std::optional<std::uint64_t> io_size;
  std::optional<std::uint64_t> skip;
};

struct WorkloadSpec {
  std::string name;  // --name, or the job file's section: names the workload's results
  IoPattern pattern = IoPattern::kRead;
  std::uint32_t block_bytes = 4096;  // bs; with block_sizes varying, the largest request (a buffer's size)
  BlockSizes block_sizes;            // bs=R,W, bsrange=, bssplit=, blockalign= (result/block_sizes.h)
  // size: bytes each job works on (fio's size is per job); 0 with size_percent, or for an existing --filename
  // whose size is taken as it is.
  std::uint64_t size_bytes = 0;
  std::optional<std::uint32_t> size_percent;  // size=N%: that share of an existing file or device
  // offset= (fileoffset=): where job 0's region starts in its file, in bytes or N% of the file's size when the job
  // starts (0 for a file bench++ creates); offset_increment= (bytes or N%) moves each further job of numjobs on by
  // that much (fio's subjob number times it). A start with a percent in it is aligned up to offset_align= (0: bs),
  // as fio aligns it; one in bytes is used as written. phases/workload/workload_files.h fio_start_offset computes it.
  std::uint64_t offset_bytes = 0;
  std::optional<std::uint32_t> offset_percent;
  std::uint64_t offset_increment_bytes = 0;
  std::optional<std::uint32_t> offset_increment_percent;
  std::uint64_t offset_align = 0;
  // file_append=1: each job's region starts at its file's size as the job is set up (an existing regular file's, 0
  // for one made), instead of at offset=; devices keep offset=. fio's get_start_offset.
  bool file_append = false;
  std::uint32_t jobs = 1;     // numjobs: independent copies of the workload, run at once
  std::uint32_t iodepth = 1;  // requests in flight per job (only with an asynchronous engine, as in fio)
  std::chrono::nanoseconds runtime{0};    // 0: no time limit (stop when size is done)
  bool time_based = false;                // loop over size until runtime ends
  std::chrono::nanoseconds ramp_time{0};  // run this long, unmeasured, before measuring
  bool direct = false;                    // O_DIRECT
  std::uint32_t read_percent = 50;        // rwmixread (rwmixwrite = 100 - it), for rw and randrw
  std::uint32_t fsync_every = 0;          // fsync after every N writes; 0: never
  std::uint32_t fdatasync_every = 0;      // fdatasync after every N writes; 0: never
  bool end_fsync = false;                 // fsync when the writes are done (timed, as in fio)
  bool group_reporting = false;           // numjobs > 1: one result for all jobs (else one per job too)
  FioSteadyStateSpec steady_state;        // ss=, ss_dur=, ss_ramp=: stop once steady (result/fio_steady_state.h)
  std::string filename;                   // a file or device to use, or several (a:b, as written; text/split.h
                                          // split_fio_names); empty: files of bench++'s own, nrfiles per job
  std::string directory;                  // where those files go (filename is relative to it); a:b: several
  std::string fio_engine = "psync";       // ioengine= as written (fio's default: psync)
  EngineKind engine = EngineKind::kPsync;  // what runs it: engine_for_fio_name(fio_engine)
  bool unlink = true;                     // remove the files bench++ created when done (fio's default: keep)
  // unlink= was written: fio's persona (FileRules::kFio) keeps the files unless it says unlink=1, as fio's default
  // unlink=0 does (phases/workload/target_rules.h settle_file_rules).
  bool unlink_written = false;
  // unlink_each_loop: before each loop after the first (loops=, io_size= passes), the job's regular files are
  // removed and its next loop's open makes them anew, empty (phases/workload/workload_files.h WorkloadFiles::recreate).
  bool unlink_each_loop = false;
  bool invalidate = true;                 // drop the file's page cache before the workload
  bool stonewall = false;                 // start only after every earlier workload ended
  // wait_for=: the name of the earlier workload this one starts after; bench++ runs it only where that is a
  // stonewall's wait (cli/fio_job_file.h check_wait_for), and it starts a run group as a stonewall does, not a
  // reporting group (fio's groupid stays).
  std::string wait_for;
  std::optional<std::uint32_t> seed;      // randseed: the seed of this workload's offsets and data
  bool randrepeat = true;                 // without randseed: the same offsets every run (as fio), else the run's seed
  std::string description;                // description=: free text, kept with the results
  // Where random requests go (engine/random_offsets.h draws them as fio does):
  bool random_map = true;                 // norandommap=1 turns it off: blocks may repeat within a pass
  RandomGenerator random_generator = RandomGenerator::kTausworthe;  // random_generator=
  DistributionSpec random_distribution;   // random_distribution= (default random: uniform)
  std::string random_distribution_text = "random";  // as written, for the records (not read back into the spec)
  std::array<std::uint32_t, kFioDirections> percentage_random{100, 100, 100};  // read, write, trim
  // rw=<mode>:<nr>, fio's offset modifier: a sequential job's request starts sequential_skip bytes (negative:
  // backwards) after where the direction's last one ended (fio's ddir_seq_add; the first starts at 0); a random
  // job draws a random offset for its first request and then every random_run-th (fio's ddir_seq_nr; 0: only
  // the sequencer), the others placed by rw_sequencer=.
  std::int64_t sequential_skip = 0;
  std::uint32_t random_run = 1;
  RwSequencer rw_sequencer = RwSequencer::kSequential;
  // Lets write requests reach an existing file or a block device bench++ did not create; set only by
  // --allow-overwrite=PATH naming this workload's filename.
  bool overwrite_allowed = false;
  // fio's allow_mounted_write=1: under fio's file rules (FileRules::kFio), a workload that writes may write a block
  // device that is mounted; without it fio refuses (phases/workload/target_rules.h mounted_device_refusal).
  bool allow_mounted_write = false;
  // fio's logs (report/fio/fio_log.h): write_bw_log=, write_lat_log=, write_iops_log= name a log's prefix (empty
  // when given bare: the workload's name); log_avg_msec= averages each log over windows of that many ms (0: an
  // entry per request); per_job_logs=0 puts every job's entries in one file. Recording them costs memory per request
  // (or per window), so only a workload that asks for a log records its requests (JobMeasurement::samples).
  std::optional<std::string> bw_log;
  std::optional<std::string> lat_log;
  std::optional<std::string> iops_log;
  std::uint32_t log_avg_msec = 0;
  bool per_job_logs = true;
  FioLogLayout fio_log;
  bool writes_logs() const { return bw_log || lat_log || iops_log || fio_log.hist_log; }
  // What fio's formats write of the latency statistics (report/fio/): fio's percentile_list (empty: fio's default
  // list), clat_percentiles, lat_percentiles, slat_percentiles and disable_lat/clat/slat, which bench++ honours in
  // what it writes only (it measures every latency whatever they say).
  LatencyOutput latency_output;
  // fio's data: verify= with its companions, and the write buffers' contents (result/data_options.h;
  // data/ makes the bytes, phases/workload/workload_data.h uses them).
  VerifyOptions verify;
  BufferOptions buffers;
  // continue_on_error=, ignore_error=, error_dump=: the errors a job goes on after (result/error_tolerance.h).
  ErrorTolerance errors;
  // Batching, rates, loops, start delay and timing (cli/fio_options.cpp, their block), as fio 3.33 runs them:
  // iodepth_batch_submit, iodepth_batch_complete_min, iodepth_batch_complete_max (engine/io_engine.h's
  // AioBatching; the job loop refills by them, engine/refill_policy.h, and libaio, io_uring and posixaio honour
  // them; 0 for submit: the job's iodepth).
  std::uint32_t batch_submit = 1;
  std::uint32_t batch_complete_min = 1;
  std::uint32_t batch_complete_max = 0;
  // fio's latency profile (io_u.c lat_target_*; phases/workload/job_depth_target.h): with latency_target= (0: none)
  // the job searches for the highest depth up to iodepth at which latency_percentile= % of the requests of each
  // latency_window= take at most the target, then runs one more window at it and ends (latency_run=1: keeps
  // adjusting until its runtime or size ends). iodepth_low= (0: iodepth): once the queue is full, it drains to
  // this many before it is filled again. max_latency= per direction (0: none): a request that takes longer fails
  // the job (ETIMEDOUT, as fio).
  std::chrono::nanoseconds latency_target{0};
  std::chrono::nanoseconds latency_window{0};
  double latency_percentile = 100.0;
  bool latency_run = false;
  std::uint32_t iodepth_low = 0;
  std::array<std::uint64_t, kFioDirections> max_latency_us{0, 0, 0};
  // rate= and rate_iops=, per direction (read, write, trim; 0: no limit): each job issues at most that many bytes
  // or requests a second, spaced as fio spaces them (rate_process: linear, or poisson's random gaps; a trimwrite
  // job is paced by its write rate alone, as fio: phases/workload/job_rate.h).
  std::array<std::uint64_t, kFioDirections> rate_bytes{0, 0, 0};
  std::array<std::uint64_t, kFioDirections> rate_iops{0, 0, 0};
  bool rate_poisson = false;
  bool rate_limited() const {
    for (std::size_t d = 0; d < kFioDirections; ++d) {
      if (rate_bytes[d] != 0 || rate_iops[d] != 0) return true;
    }
    return false;
  }
  std::uint32_t loops = 1;                  // loops=: passes over size (without time_based)
  std::chrono::nanoseconds start_delay{0};  // startdelay=: each job waits this long after the start
  // fio's thinktime family (backend.c handle_thinktime): after a request, once thinktime_blocks= requests completed
  // (or were issued, thinktime_blocks_type=issue) since the last stall, or thinktime_iotime= has passed since it,
  // the job waits for what is in flight, then stalls thinktime=, spinning the first thinktime_spin= of it; 0: no stall.
  std::chrono::nanoseconds thinktime{0};
  std::chrono::nanoseconds thinktime_spin{0};
  std::optional<std::uint32_t> thinktime_blocks;  // not given: 1 (with thinktime_iotime, no count at all)
  bool thinktime_blocks_issue = false;            // thinktime_blocks_type=: kThinktimeBlocksTypes[0] or [1]
  std::chrono::nanoseconds thinktime_iotime{0};   // 0: stalls by the count alone
  bool read_only = false;                   // readonly=1: a workload that writes is refused
  bool gtod_reduce = false;                 // gtod_reduce=1: fio's formats leave latencies out
  int sync_open_flag = 0;                   // sync=1|sync: O_SYNC, sync=dsync: O_DSYNC, on the job's open
  bool overwrite = false;                   // overwrite=1: a writing workload's new file is laid out with data first
  bool create_only = false;                 // create_only=1: the files are made and laid out; no request is made
  std::uint64_t file_size = 0;              // filesize=: the file's size (0: not given); size= defaults to it
  std::vector<std::uint32_t> cpus_allowed;  // cpus_allowed=: the CPUs each job's thread may run on (empty: any)
  std::uint64_t number_ios = 0;             // number_ios=: a pass ends after this many requests (0: no cap)
  std::uint64_t io_size = 0;                // io_size= (io_limit=): bytes of I/O over the size= region (0: size)
  bool fsync_on_close = false;              // fsync_on_close=1: each job fsyncs its file when done (untimed)
  // fio's zonemode=strided with zonesize=, zonerange= (0: zonesize) and zoneskip= (engine/strided_offsets.h): a
  // sequential job transfers zone_size bytes in a zone of zone_range bytes, then moves zone_range + zone_skip on,
  // back to the region's start past its end. zone_strided false: zonemode=none (the sizes 0).
  bool zone_strided = false;
  std::uint64_t zone_size = 0;
  std::uint64_t zone_range = 0;
  std::uint64_t zone_skip = 0;
  ZoneCounts zone_counts;
  bool pre_read = false;     // pre_read=1: each job reads its files' regions into the page cache before it starts
  // Whether unlink_each_loop may act: the job may make more than one pass (loops=, or io_size= beyond size= or
  // beyond a size known only from an existing file), each but the last followed by the files' removal. A
  // time_based job loops within its one pass, as fio's does.
  bool unlinks_between_loops() const {
    return unlink_each_loop && !time_based && (loops > 1 || (io_size != 0 && io_size > size_bytes));
  }
  // io_submit_mode=offload: fio's workers submit the requests, iodepth of them (phases/workload/engine_choice.h: psync's
  // requests on psync_threads; libaio's and posixaio's from the job's thread, which never waits to submit).
  bool submit_offload = false;
  // files (nrfiles, filesize=lo-hi, file_service_type, openfiles; filename=a:b and directory=a:b are read from
  // filename and directory): each job's files and which one each request goes to, as fio 3.33 picks them
  // (phases/workload/job_files.h).
  std::uint32_t nrfiles = 1;                // nrfiles= (nr_files=): files per job without filename=
  std::uint64_t file_size_high = 0;         // filesize=lo-hi: the range's top (0: one size, file_size)
  FileServiceKind file_service = FileServiceKind::kRoundRobin;  // file_service_type=
  std::uint32_t file_service_turn = 1;      // its ":N": requests to a file before the next is picked
  double file_service_parameter = 0;        // zipf:T, pareto:T, normal:T (theta 1.1, h 0.2, dev 0 if not given)
  std::optional<double> file_service_center;  // their ":C", 0..1 (none: fio's own, random for zipf and pareto)
  std::uint32_t open_files = 0;             // openfiles=: files in service at once (0: all of them)
  // Job control (cli/fio_options.cpp's block "job control", fio 3.33's meanings):
  bool new_group = false;  // new_group: fio's reporting group (groupid) starts anew here, as at a stonewall
  // exitall: when any job ends, the other jobs of its fio group stop as at the end of their runtime (fio's rule:
  // once one workload of the run has exitall, every job's end does it; see fio_group_ids).
  bool exitall = false;
  ExitScope exit_what = ExitScope::kGroup;  // exit_what=: which jobs this job's end stops (exitall's scope)
  // exitall_on_error: when this job fails, the jobs of exit_what stop (bench++ stops every job of the run on any
  // job's failure anyway: the run fails; see man/bench++.1).
  bool exitall_on_error = false;
  // rate_min=, rate_iops_min= per direction (read, write, trim; 0: none): from 2 s after a job's start, each
  // second's bytes (requests) of a direction that has done any must reach it, or the job fails (phases/workload/job_rate.h).
  std::array<std::uint64_t, kFioDirections> rate_min_bytes{0, 0, 0};
  std::array<std::uint64_t, kFioDirections> rate_iops_min{0, 0, 0};
  std::chrono::milliseconds rate_cycle{1000};  // rate_cycle= (ratecycle=): the window of those checks
  // rate_ignore_thinktime=1: a thinktime stall counts as time spent at rate= (no catch-up after it, as fio).
  bool rate_ignore_thinktime = false;
  // fio's flow (flow.c): the jobs of one flow_id keep their requests in the ratio of their weights, each holding
  // back (flow_sleep= each time, waiting for its requests in flight first) while ahead of its share
  // (phases/workload/job_flow.h). The weight as fio holds it: unsigned, a negative one 2^32 minus its size; 0: none.
  std::uint32_t flow_weight = 0;
  std::uint32_t flow_id = 0;  // fio's int, held as its bits: a negative id names the same flow as in fio
  std::chrono::microseconds flow_sleep{0};
  std::optional<std::int32_t> nice;           // nice= (-20..19): the job thread's nice value
  std::optional<std::uint32_t> ioprio;        // prio= (0..7): the job thread's I/O priority (ioprio_set)
  std::optional<std::uint32_t> ioprio_class;  // prioclass= (0..3; 0 with a prio: best effort, as fio)
  // fio's ioprio_value of prio= and prioclass=, in the kernel's encoding (linux/ioprio.h: the class above bit 13,
  // the level below; a prio without a class is best effort); 0 when neither is given (fio's td->ioprio).
  std::uint16_t ioprio_value() const {
    if (!ioprio && !ioprio_class) return 0;
    const std::uint32_t io_class = ioprio_class.value_or(0) == 0 ? 2 : *ioprio_class;
    return static_cast<std::uint16_t>((io_class << 13) | ioprio.value_or(0));
  }
  // How a file bench++ creates is made (phases/workload/workload_files.h): fallocate=, create_on_open=1 (the file is
  // created by the job's open for its requests, neither allocated nor laid out before).
  FallocateMode fallocate = FallocateMode::kNative;
  bool create_on_open = false;
  // fio's names and creation of a job's own files (result/job_file_names.h): filename_format= ($jobname, $jobnum,
  // $filenum, $clientuid; empty: fio's "$jobname.$jobnum.$filenum"); create_fsync=0: no fsync after a file's layout;
  // allow_file_create=0: a file that does not exist is refused, not made.
  std::string filename_format;
  bool create_fsync = true;
  bool allow_file_create = true;
  // fio's thread: every job a thread of bench++. Without it a posixaio job runs in a process of its own, as fio's
  // jobs are processes (glibc's POSIX AIO is per process: phases/workload/job_process.h); the other engines' jobs are
  // threads either way.
  bool thread = false;
  // fio's fadvise_hint: the access pattern each file is declared to have when the job opens it
  // (phases/workload/workload_files.h): by the job's pattern (1, fio's default), none (0), random or sequential.
  FadviseHint fadvise_hint = FadviseHint::kByPattern;
  // fio's output statistics: disk_util (platform/disk_stats.h): the block devices' statistics over the run, written in fio's
  // formats; bwavgtime= and iopsavgtime=: the windows of fio's bandwidth and IOPS samples (report/fio/fio_jobs.h).
  bool disk_util = true;
  std::chrono::milliseconds bw_avg_time{500};
  std::chrono::milliseconds iops_avg_time{500};
  // io_uring's own options (result/uring_options.h), and hipri: IORING_SETUP_IOPOLL on io_uring, RWF_HIPRI on
  // pvsync2, as fio's engines of those names take it.
  UringOptions uring;
  bool hipri = false;
  // cpuio's own options (engine/cpu_engine.h): cpuload= (1..100, 0: not given, which cpuio refuses), cpuchunks= (the
  // microseconds each request burns), cpumode=qsort (else noop).
  std::uint32_t cpu_load = 0;
  std::uint32_t cpu_chunk_us = 50000;
  bool cpu_qsort = false;
  // filestat's own option (engine/file_call_engine.h): the call it makes on each file (fio's stat_type=).
  StatCall stat_type = StatCall::kStat;
  // exec's own options (result/exec_command.h, engine/exec_engine.h): program=, arguments=, grace_time=,
  // std_redirect=.
  ExecOptions exec;
  // fill_device=1 (fill_fs): a job that writes goes on until its filesystem is full; ENOSPC (or EDQUOT) ends it
  // without an error, as fio 3.33's; size= (none: no limit) only caps it. Its new files are neither allocated nor
  // laid out (fio skips both).
  bool fill_device = false;
  // The options as fio echoes them, fio's name (an alias as the option it names) and the value as written (empty for
  // a bare flag), in order: the [global] ones (or those before the first --name, the command line's --directory
  // among them) and the workload's own (a job file's [section] name not among them, as fio). Kept for fio's JSON
  // ("global options", "job options", report/fio/); cli/fio_job_file.h records them. They change nothing of what
  // runs.
  std::vector<std::pair<std::string, std::string>> given_global_options;
  std::vector<std::pair<std::string, std::string>> given_job_options;
};

// Whether a workload's jobs change what their files hold: they write or trim, unless verify_only=1 turns the writes
// into their read-back alone (fio's verify_only: what an earlier run wrote is read and checked, nothing is written).
inline bool changes_files(const WorkloadSpec& spec) {
  return changes_data(spec.pattern) && !(spec.verify.verify_only && writes_data(spec.pattern));
}

// fio's groupid of each workload, in order: one more at each workload after the first with stonewall or
// new_group (fio's add_job). The reports number their groups so, and exitall stops the jobs of one.
inline std::vector<std::uint32_t> fio_group_ids(const std::vector<WorkloadSpec>& workloads) {
  std::vector<std::uint32_t> ids;
  std::uint32_t id = 0;
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    if (w > 0 && (workloads[w].stonewall || workloads[w].new_group)) ++id;
    ids.push_back(id);
  }
  return ids;
}

}  // namespace bench
