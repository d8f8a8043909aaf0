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
// 4096B-4096B, ioengine=libaio, iodepth=32" per workload ("..." after it when numjobs > 1), the version line
// (bench++'s, fio_version_text) and "Starting 4 processes" (threads with thread=1).
std::string format_fio_normal_header(const RunInfo& info);

// fio's lines of the files the run's jobs laid out (RunResult::files_laid_out), a line per job that laid out any, as
// filesetup.c's setup_files prints them after "Starting": "NAME: Laying out IO file (1 file / 64MiB)", "NAME: Laying
// out IO files (2 files / total 128MiB)" (the bytes in whole MiB, rounded down).
std::string format_fio_laid_out_lines(const RunResult& run);

// fio's report of one run: a blank line, each job's block (dated with the run's start, in UTC as the JSON's
// "time"; `pid` the process that ran it), each group's "Run status group" lines and the disk stats.
std::string format_fio_normal_stats(const RunResult& run, int pid);

// --output-format=normal: the header before the first run, and after each finished run the lines of the files it
// laid out, fio's line of the signal that stopped it if one did (report/fio/fio_stop_line.h), and its report; with
// `with_text` (bench++ job without -q) bench++'s own text of each run (report/text/run_text.h) before it, and
// at the end what that text has after the runs.
class FioNormalWriter final : public ResultWriter {
 public:
  FioNormalWriter(std::uint32_t repeats, bool with_text) : repeats_(repeats), with_text_(with_text) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  std::uint32_t repeats_;
  bool with_text_;
};

}  // namespace bench
