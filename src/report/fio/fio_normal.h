#pragma once
// fio 3.33's normal output (--output-format=normal) of bench++'s results, line for line in fio's layout (stat.c
// __show_run_stats and show_thread_status_normal, init.c's job lines, backend.c's "Starting"): the header (a line
// per job, the version, "Starting N processes"), the files the jobs laid out (filesetup.c's "Laying out IO file"
// lines), then after each run a block per fio job (report/fio/
// fio_normal_job.h), a "Run status group N (all jobs):" block per group and fio's "Disk stats (read/write):" where
// the run read them (disk_util). The figures are those of fio's JSON (report/fio/fio_jobs.h); fio's number
// formatting (num2str: 4 significant figures, IEC and SI units). Pure but for the writer, which stamps the pid.
#include <cstdint>
#include <string>

#include "report/fio/fio_number_text.h"
#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

// fio's lines before its jobs run: "NAME: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T)
// 4096B-4096B, ioengine=libaio, iodepth=32" per workload (none for cpuio and exec, as fio's FIO_NOIO; "..." after
// it when numjobs > 1), the version line
// (bench++'s, fio_version_text), "Starting 4 processes" (threads with thread=1), then each exec job's lines
// (result/exec_command.h exec_info_lines).
std::string format_fio_normal_header(const RunInfo& info);

// fio's lines of the files the run's jobs laid out (RunResult::files_laid_out), a line per job that laid out any, as
// filesetup.c's setup_files prints them after "Starting": "NAME: Laying out IO file (1 file / 64MiB)", "NAME: Laying
// out IO files (2 files / total 128MiB)" (the bytes in whole MiB, rounded down).
std::string format_fio_laid_out_lines(const RunResult& run);

// fio's report of one run: a blank line, each job's block (dated with the run's start, in UTC as the JSON's
// "time"; `pid` the process that ran it), each group's "Run status group" lines and the disk stats.
std::string format_fio_normal_stats(const RunResult& run, int pid);

// What fio 3.33 writes of the normal format as the jobs start, before anything else of a run (its ETA lines, its
// --status-interval reports, a stop signal's line, its results): the header (the first run's), then the lines of
// the files `run_so_far` laid out so far. fio prints the job lines as it reads them (init.c add_job), the version
// when it has read them all, "Starting" and the "Laying out" lines as its backend starts (backend.c run_threads),
// all with log_info to its output (--output's file, else standard output), and only when the normal format is
// among --output-format's (terse or json alone print none of it).
std::string format_fio_normal_start(const RunResult& run_so_far);

// --output-format=normal: after each finished run its report; with `start_apart` false the run's start
// (format_fio_normal_start) before it, which the caller writes as the jobs start otherwise (fio's persona); with
// `with_text` (bench++ job without -q) bench++'s own text of each run (report/text/run_text.h) before it, and
// at the end what that text has after the runs.
class FioNormalWriter final : public ResultWriter {
 public:
  FioNormalWriter(std::uint32_t repeats, bool with_text, bool start_apart = false)
      : repeats_(repeats), with_text_(with_text), start_apart_(start_apart) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  std::uint32_t repeats_;
  bool with_text_;
  bool start_apart_;
};

}  // namespace bench
