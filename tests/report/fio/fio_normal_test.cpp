// fio's normal output (report/fio/fio_normal*.h) on hand-built figures: fio 3.33's unit rule, the percentile
// block, the latency distribution lines, the header and a job's block, each against the text fio's printf
// formats give (stat.c, init.c, backend.c). tests/report/fio/fio_normal_fio_test.cpp sets the whole output
// beside fio's own.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "measure/latency_histogram.h"
#include "report/fio/fio_jobs.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_normal_job.h"
#include "report/fio/fio_normal_latency.h"
#include "report/fio/fio_test_parts.h"
#include "test_support.h"

namespace bench {
namespace {

std::string unit_of(std::uint64_t min_ns, std::uint64_t max_ns, double stddev_ns) {
  return fio_latency_unit(min_ns, max_ns, stddev_ns).name;
}

FioLatency latency_of(const std::vector<std::uint64_t>& values_ns) {
  LatencyHistogram histogram;
  for (const std::uint64_t ns : values_ns) histogram.record(ns);
  return FioLatency{*histogram.summary(), histogram.buckets(), 0};
}

std::size_t lines_starting(const std::string& text, const std::string& start) {
  std::size_t count = 0;
  for (const std::string& line : test::lines_of(text)) count += line.rfind(start, 0) == 0 ? 1 : 0;
  return count;
}

}  // namespace

TEST_CASE("fio normal: a latency line's unit is fio's (min, max and stdev over the bounds), msec tried first") {
  CHECK(unit_of(2000, 100'000, 1001) == std::string("nsec"));  // min must be over 2 us
  CHECK(unit_of(2001, 99'999, 1001) == std::string("nsec"));   // max over 99.999 us
  CHECK(unit_of(2001, 100'000, 1000) == std::string("nsec"));  // stdev over 1 us
  CHECK(unit_of(2001, 100'000, 1001) == std::string("usec"));
  CHECK(unit_of(2'000'001, 100'000'000, 1'000'001) == std::string("msec"));
  CHECK(unit_of(2'000'001, 100'000'000, 1'000'000) == std::string("usec"));  // not msec: the usec bounds hold
  CHECK(unit_of(2'000'000, 100'000'000, 5'000'000) == std::string("usec"));
  CHECK(unit_of(1231, 20'597'311, 256'006) == std::string("nsec"));  // a fast minimum keeps nsec
}

TEST_CASE("fio normal: a latency line as fio's display_lat prints it, min and max as num2str's 6 digits") {
  FioLatency clat{LatencySummary{2048, 199'400, 5'683'900, 698'430.0}, {}, 920'370.0};
  CHECK(fio_latency_line("clat", clat) == "    clat (usec): min=199, max=5683, avg=698.43, stdev=920.37\n");
  FioLatency lat{LatencySummary{104409, 1271, 20'597'311, 8243.13}, {}, 258'437.13};
  CHECK(fio_latency_line(" lat", lat) == "     lat (nsec): min=1271, max=20597k, avg=8243.13, stdev=258437.13\n");
  FioLatency small{LatencySummary{5, 100, 100, 100.0}, {}, 0.0};  // %5.02f pads
  CHECK(fio_latency_line("slat", small) == "    slat (nsec): min=100, max=100, avg=100.00, stdev= 0.00\n");
  FioLatency slow{LatencySummary{9, 3'000'000, 150'000'000, 40'500'000.0}, {}, 2'500'000.0};
  CHECK(fio_latency_line("sync", slow) == "    sync (msec): min=3, max=150, avg=40.50, stdev= 2.50\n");
}

TEST_CASE("fio normal: the percentile block, four to a line of fio's 80 columns at width 5") {
  std::vector<std::uint64_t> values;
  for (std::uint64_t ns = 1; ns <= 100; ++ns) values.push_back(ns);  // exact buckets below 128 ns
  const FioLatency latency = latency_of(values);
  CHECK(fio_percentiles_block("clat", latency.buckets, 100, fio_default_percentiles()) ==
        "    clat percentiles (nsec):\n"
        "     |  1.00th=[    1],  5.00th=[    5], 10.00th=[   10], 20.00th=[   20],\n"
        "     | 30.00th=[   30], 40.00th=[   40], 50.00th=[   50], 60.00th=[   60],\n"
        "     | 70.00th=[   70], 80.00th=[   80], 90.00th=[   90], 95.00th=[   95],\n"
        "     | 99.00th=[   99], 99.50th=[  100], 99.90th=[  100], 99.95th=[  100],\n"
        "     | 99.99th=[  100]\n");
  CHECK(fio_percentiles_block("clat", latency.buckets, 100, {}).empty());  // percentile_list=0: none
  CHECK(fio_percentiles_block("clat", {}, 0, fio_default_percentiles()).empty());
}

TEST_CASE("fio normal: the percentile block scales to usec or msec by its own values, rounding up") {
  std::vector<std::uint64_t> values(50, 3000);
  values.insert(values.end(), 50, 200'000);
  const FioLatency usec = latency_of(values);
  const std::uint64_t low = fio_percentile_ns(usec.buckets, 100, 50), high = fio_percentile_ns(usec.buckets, 100, 99);
  CHECK(fio_percentiles_block("lat", usec.buckets, 100, {50, 99}) ==
        fmt::format("    lat percentiles (usec):\n     | 50.00th=[{:5}], 99.00th=[{:5}]\n", (low + 999) / 1000,
                    (high + 999) / 1000));
  const FioLatency msec = latency_of({3'000'000, 150'000'000});
  CHECK(test::contains(fio_percentiles_block("sync", msec.buckets, 2, {50, 100}), "    sync percentiles (msec):\n"));
  // A minimum under 2 us keeps nsec: the largest value's 8 digits widen the field, three to a line.
  const std::string wide = fio_percentiles_block("clat", latency_of({1500, 14'000'000}).buckets, 2,
                                                 fio_default_percentiles());
  CHECK(test::contains(wide, "    clat percentiles (nsec):\n     |  1.00th=[    "));
  CHECK(lines_starting(wide, "     |") == 6);  // 17 values, 3 a line
  CHECK(test::count_of(wide, "th=[") == 17);
}

TEST_CASE("fio normal: the latency distribution lines, the ranges with a share, five to a line") {
  FioLatencyShares shares;
  shares.us = {0, 10, 20, 0, 5, 5, 50, 1, 1, 1};
  shares.ms = {0.01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6.99};
  CHECK(fio_latency_share_lines(shares) ==
        "  lat (usec)   : 4=10.00%, 10=20.00%, 50=5.00%, 100=5.00%, 250=50.00%\n"
        "  lat (usec)   : 500=1.00%, 750=1.00%, 1000=1.00%\n"
        "  lat (msec)   : 2=0.01%, >=2000=6.99%\n");
  CHECK(fio_latency_share_lines(FioLatencyShares{}).empty());
}

TEST_CASE("fio normal: the header, a job line per workload, the version and what starts") {
  RunInfo info;
  info.version = "0.1.0";
  WorkloadSpec random;
  random.name = "rr";
  random.pattern = IoPattern::kRandRw;
  random.fio_engine = "libaio";
  random.iodepth = 32;
  random.jobs = 4;
  for (DirectionBlockSizes& sizes : random.block_sizes.direction) sizes.bs = 4096;
  random.block_sizes.direction[1].range_min = 4096;  // bsrange for writes
  random.block_sizes.direction[1].range_max = 65536;
  WorkloadSpec sequential;
  sequential.name = "seq";
  sequential.pattern = IoPattern::kWrite;
  sequential.block_bytes = 1 << 20;  // sizes not settled: bs
  sequential.stonewall = true;
  info.setup.workloads = {random, sequential};
  CHECK(format_fio_normal_header(info) ==
        "rr: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-64.0KiB, (T) 4096B-4096B, ioengine=libaio, iodepth=32\n"
        "...\n"
        "seq: (g=1): rw=write, bs=(R) 1024KiB-1024KiB, (W) 1024KiB-1024KiB, (T) 1024KiB-1024KiB, ioengine=psync, "
        "iodepth=1\n"
        "fio-3.33-bench++-0.1.0\n"
        "Starting 5 processes\n");
  info.setup.workloads[0].thread = true;
  CHECK(test::contains(format_fio_normal_header(info), "\nStarting 4 threads and 1 process\n"));
  info.setup.workloads = {sequential};
  CHECK(test::contains(format_fio_normal_header(info), "\nStarting 1 process\n"));
  // exec (as cpuio, fio's FIO_NOIO): no job line, "..." for clones still, and each job's exec lines after
  // "Starting".
  WorkloadSpec exec;
  exec.name = "mon";
  exec.engine = EngineKind::kExec;
  exec.fio_engine = "exec";
  exec.jobs = 2;
  exec.runtime = std::chrono::seconds(5);
  exec.exec.program = "/bin/sleep";
  exec.exec.arguments = "%r";
  exec.exec.std_redirect = false;
  info.setup.workloads = {exec};
  CHECK(format_fio_normal_header(info) ==
        "...\nfio-3.33-bench++-0.1.0\nStarting 2 processes\n"
        "mon : program=/bin/sleep, arguments=%r\nmon : Running /bin/sleep 5\n"
        "mon : program=/bin/sleep, arguments=%r\nmon : Running /bin/sleep 5\n");
}

TEST_CASE("fio normal: a job's block in fio's order, with its bw and iops sample lines") {
  WorkloadSpec spec;
  spec.name = "logged";
  spec.pattern = IoPattern::kRandWrite;
  spec.description = "random writes";
  FioJob job;
  job.name = spec.name;
  job.spec = job.last_spec = &spec;
  FioDirectionResult& write = job.directions[static_cast<std::size_t>(FioDdir::kWrite)];
  write.io_bytes = 427'659'264;
  write.total_ios = 104'409;
  write.runtime_ms = 1202;
  const FioLatency latency = latency_of({2000, 2000, 3000, 41'000});
  write.latency = latency.summary;
  write.buckets = latency.buckets;
  write.bandwidth_samples = FioSampleStats{281'631, 429'520, 353'549.64, 49'849.21, 11, 0};
  write.iops_samples = FioSampleStats{70'407, 107'380, 88'387.27, 12'462.50, 11, 0};
  const FioDirectionResult& syncs = job.at(FioDdir::kSync);
  CHECK(syncs.total_ios == 0);
  const std::string block = fio_job_block(job, {job}, FioJobStamp{20588, "Mon Dec  7 11:16:15 2026"});
  const std::vector<std::string> expected_in_order = {
      "logged: (groupid=0, jobs=1): err= 0: pid=20588: Mon Dec  7 11:16:15 2026\n",
      "  Description  : [random writes]\n",
      "  write: IOPS=86.9k, BW=339MiB/s (356MB/s)(408MiB/1202msec); 0 zone resets\n",
      "    clat (nsec): min=2000, ",
      "     lat (nsec): min=2000, ",
      "    clat percentiles (nsec):\n",
      "   bw (  KiB/s): min=281631, max=429520, per=100.00%, avg=353549.64, stdev=49849.21, samples=11\n",
      "   iops        : min=70407, max=107380, avg=88387.27, stdev=12462.50, samples=11\n",
      "  lat (usec)   : ",
      "  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n",
      "  IO depths    : ",
      "     issued rwts: total=0,104409,0,0 short=0,0,0,0 dropped=0,0,0,0\n",
      "     latency   : target=0, window=0, percentile=100.00%, depth=1\n"};
  std::size_t at = 0;
  for (const std::string& part : expected_in_order) {
    const std::size_t found = block.find(part, at);
    CHECK_MESSAGE(found != std::string::npos, part << " after " << at << " in\n" << block);
    if (found != std::string::npos) at = found + part.size();
  }
  CHECK(!test::contains(block, "slat"));        // a synchronous engine's: no slat, as fio
  CHECK(!test::contains(block, "  read:"));     // a direction without bytes has no lines
  CHECK(!test::contains(block, "fsync/fdatasync"));  // nor syncs without any

  write.bandwidth_samples = FioSampleStats{2'000'000, 2'400'000, 2'200'000.0, 1024.0, 3, 0};  // over 1 GiB/s
  CHECK(test::contains(fio_job_block(job, {job}, FioJobStamp{}),
                       "   bw (  MiB/s): min= 1953, max= 2343, per=100.00%, avg=2148.44, stdev= 1.00, samples=3\n"));
  FioJob idle;
  idle.name = "made";
  idle.spec = idle.last_spec = &spec;
  CHECK(fio_job_block(idle, {idle}, FioJobStamp{}).empty());  // create_only: fio prints no block
}

TEST_CASE("fio normal: the sync block and a failed job's line, as fio prints them") {
  WorkloadSpec spec;
  spec.name = "first";
  FioJob job;
  job.name = spec.name;
  job.spec = job.last_spec = &spec;
  job.failure = JobFailure{5, "Input/output error"};
  FioDirectionResult& write = job.directions[static_cast<std::size_t>(FioDdir::kWrite)];
  write.io_bytes = 4096 * 8;
  write.total_ios = 8;
  write.runtime_ms = 10;
  const FioLatency writes = latency_of(std::vector<std::uint64_t>(8, 3000));
  write.latency = writes.summary;
  write.buckets = writes.buckets;
  FioDirectionResult& sync = job.directions[static_cast<std::size_t>(FioDdir::kSync)];
  sync.total_ios = 1;
  const FioLatency syncs = latency_of({250'000});
  sync.latency = syncs.summary;
  sync.buckets = syncs.buckets;
  const std::string block = fio_job_block(job, {job}, FioJobStamp{42, "Mon Dec  7 11:16:13 2026"});
  CHECK(block.rfind("first: (groupid=0, jobs=1): err= 5 (Input/output error): pid=42: Mon Dec  7 11:16:13 2026\n", 0) == 0);
  CHECK(test::contains(block, "  fsync/fdatasync/sync_file_range:\n    sync (nsec): min=250"));
  CHECK(test::contains(block, "    sync percentiles (usec):\n     |  1.00th=[  "));
  CHECK(block.find("  lat (usec)   : 4=100.00%\n") < block.find("  fsync/fdatasync/sync_file_range:"));
  CHECK(block.find("  fsync/fdatasync/sync_file_range:") < block.find("  cpu          :"));
}

TEST_CASE("fio normal: a direction's runtime rounds up to whole ms as fio's, so a run under 1 ms keeps its lines") {
  RunResult run;
  run.info.started_utc = "2026-12-07T11:26:19Z";
  WorkloadSpec spec;
  spec.name = "quick";
  spec.pattern = IoPattern::kWrite;
  run.info.setup.workloads = {spec};
  PhaseResult part;
  part.operations = 16;
  part.bytes = 16 * 65536;
  part.elapsed = std::chrono::microseconds(400);
  const FioLatency latency = latency_of(std::vector<std::uint64_t>(16, 12'000));
  part.latency = latency.summary;
  part.latency_histogram = latency.buckets;
  WorkloadPart workload;
  workload.workload = spec.name;
  workload.direction = IoDirection::kWrite;
  part.workload = workload;
  run.phases = {part};
  CHECK(fio_jobs(run).at(0).at(FioDdir::kWrite).runtime_ms == 1);
  const std::string text = format_fio_normal_stats(run, 1);
  CHECK(test::contains(text, "\nquick: (groupid=0, jobs=1): err= 0: pid=1: Mon Dec  7 11:26:19 2026\n"
                             "  write: IOPS=16.0k, BW=1000MiB/s (1049MB/s)(1024KiB/1msec); 0 zone resets\n"));
  CHECK(test::contains(text, "  WRITE: bw=1000MiB/s (1049MB/s), 1000MiB/s-1000MiB/s (1049MB/s-1049MB/s), io=1024KiB "
                             "(1049kB), run=1-1msec\n"));
}

TEST_CASE("fio normal: the files laid out, fio's line per job after \"Starting\", its plurals and whole MiB") {
  RunResult run;
  run.info.started_utc = "2026-12-07T11:26:19Z";
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = IoPattern::kWrite;
  run.info.setup.workloads = {spec};
  // filesetup.c setup_files: "%s: Laying out IO file%s (%u file%s / %s%lluMiB)", the MiB rounded down.
  run.files_laid_out = {{"w", 2, 4 << 20}, {"r", 1, 3 << 20}, {"mixed", 1, 512 << 10}};
  CHECK(format_fio_laid_out_lines(run) ==
        "w: Laying out IO files (2 files / total 4MiB)\n"
        "r: Laying out IO file (1 file / 3MiB)\n"
        "mixed: Laying out IO file (1 file / 0MiB)\n");
  // The writer puts them after the header's "Starting" line, before the report; none for files reused.
  const std::vector<RunResult> runs = {run};
  const std::vector<std::string> kept;
  const std::string text = FioNormalWriter(1, false).render(ResultsSoFar{runs, 1, true, kept});
  CHECK(test::contains(text, "\nStarting 1 process\nw: Laying out IO files (2 files / total 4MiB)\n"
                             "r: Laying out IO file (1 file / 3MiB)\nmixed: Laying out IO file (1 file / 0MiB)\n\n"));
  run.files_laid_out.clear();
  CHECK(format_fio_laid_out_lines(run).empty());
}

TEST_CASE("fio normal: group_reporting over several sections of one group is one entry, as fio's") {
  // fio 3.33 (stat.c __show_run_stats): a job with group_reporting joins the entry before it in its group; the
  // entry has the first job's name and description, jobs= all of them, each direction summed, and the last job's
  // iodepth as its latency depth.
  RunResult run;
  run.info.started_utc = "2026-12-07T11:26:19Z";
  WorkloadSpec first;
  first.name = "first";
  first.description = "first section";
  first.pattern = IoPattern::kRandRead;
  first.jobs = 2;
  first.iodepth = 4;
  first.group_reporting = true;
  WorkloadSpec second;
  second.name = "second";
  second.description = "the second";
  second.pattern = IoPattern::kWrite;
  second.iodepth = 8;
  second.group_reporting = true;
  WorkloadSpec third = second;  // after a stonewall: an entry of its own
  third.description.clear();
  third.name = "third";
  third.stonewall = true;
  run.info.setup.workloads = {first, second, third};
  using std::chrono::milliseconds;
  PhaseResult reads = test::fio_test_part("first", IoDirection::kRead, 100, 4096, std::vector<std::uint64_t>(100, 2000),
                                          milliseconds(10));
  reads.cpu_breakdown = CpuBreakdown{milliseconds(1), milliseconds(2), 10, 0, 3};
  PhaseResult writes = test::fio_test_part("second", IoDirection::kWrite, 50, 65536,
                                           std::vector<std::uint64_t>(50, 8000), milliseconds(20));
  writes.cpu_breakdown = CpuBreakdown{milliseconds(1), milliseconds(1), 5, 0, 2};
  PhaseResult more_reads = test::fio_test_part("second", IoDirection::kRead, 100, 4096,
                                               std::vector<std::uint64_t>(100, 4000), milliseconds(5));
  PhaseResult later = test::fio_test_part("third", IoDirection::kWrite, 10, 65536,
                                          std::vector<std::uint64_t>(10, 8000), milliseconds(20));
  run.phases = {reads, writes, more_reads, later};
  const std::vector<FioJob> jobs = fio_jobs(run);
  REQUIRE(jobs.size() == 2);
  const FioJob& entry = jobs[0];
  CHECK(entry.name == "first");
  CHECK(entry.members == 3);
  CHECK(entry.last_spec->name == "second");
  const FioDirectionResult& read = entry.at(FioDdir::kRead);
  CHECK(read.total_ios == 200);
  CHECK(read.io_bytes == 200 * 4096);
  CHECK(read.runtime_ms == 10);  // the longer
  REQUIRE(read.latency.has_value());
  CHECK(read.latency->count == 200);
  CHECK(read.latency->mean_ns == doctest::Approx(3000).epsilon(0.01));
  CHECK(read.latency->min_ns < 2100);
  CHECK(read.latency->max_ns > 3900);
  CHECK(entry.at(FioDdir::kWrite).total_ios == 50);
  REQUIRE(entry.cpu.has_value());
  CHECK(entry.cpu->context_switches == 15);
  CHECK(entry.cpu->minor_faults == 5);
  CHECK(jobs[1].name == "third");
  CHECK(jobs[1].members == 1);
  const std::string text = format_fio_normal_stats(run, 1);
  CHECK(test::contains(text, "\nfirst: (groupid=0, jobs=3): err= 0: pid=1: Mon Dec  7 11:26:19 2026\n"
                             "  Description  : [first section]\n  read: IOPS="));
  CHECK_FALSE(test::contains(text, "second: (groupid"));
  CHECK_FALSE(test::contains(text, "[the second]"));
  CHECK(test::contains(text, "     issued rwts: total=200,50,0,0 "));
  CHECK(test::contains(text, "percentile=100.00%, depth=8\nthird: (groupid=1, jobs=1)"));
  // Without group_reporting on the later section, each section is its own entry.
  run.info.setup.workloads[1].group_reporting = false;
  CHECK(fio_jobs(run).size() == 3);
}

}  // namespace bench
