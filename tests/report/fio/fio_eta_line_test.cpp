// fio's ETA line (report/fio/fio_eta_line.h) against fio 3.33's rules (eta.c): the state letters and their
// condensed runs, the time left's shape, num2str's units for the rates, the share done, when a line is due, the
// padding and the eta-newline. Every time is handed in: no clock.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "report/fio/fio_eta_line.h"

namespace bench {
namespace {

using namespace std::chrono_literals;
using State = FioEtaJob::State;

constexpr std::uint64_t kMiB = 1024 * 1024;

// A randread job of 64 MiB, time_based with runtime=3 (the line's first example in fio's output).
FioEtaJob timed_randread() {
  WorkloadSpec spec;
  spec.pattern = IoPattern::kRandRead;
  spec.size_bytes = 64 * kMiB;
  spec.runtime = 3s;
  spec.time_based = true;
  return fio_eta_job(spec);
}

TEST_CASE("fio ETA line: each running job's letter is fio's check_str_update's") {
  CHECK(fio_running_letter(IoPattern::kRandRead, 50) == 'r');
  CHECK(fio_running_letter(IoPattern::kRead, 50) == 'R');
  CHECK(fio_running_letter(IoPattern::kRandWrite, 50) == 'w');
  CHECK(fio_running_letter(IoPattern::kWrite, 50) == 'W');
  CHECK(fio_running_letter(IoPattern::kRandRw, 70) == 'm');
  CHECK(fio_running_letter(IoPattern::kReadWrite, 70) == 'M');
  CHECK(fio_running_letter(IoPattern::kRandRw, 100) == 'r');  // rwmixread=100: reads alone
  CHECK(fio_running_letter(IoPattern::kReadWrite, 0) == 'W');
  CHECK(fio_running_letter(IoPattern::kRandTrim, 50) == 'd');
  CHECK(fio_running_letter(IoPattern::kTrim, 50) == 'D');
  CHECK(fio_running_letter(IoPattern::kTrimWrite, 50) == 'W');  // fio's td_write
}

TEST_CASE("fio ETA line: a job's open files (f=): filename='s names, else nrfiles, openfiles= at most") {
  WorkloadSpec spec;
  CHECK(fio_eta_job(spec).files == 1);
  spec.nrfiles = 4;
  CHECK(fio_eta_job(spec).files == 4);
  spec.open_files = 2;
  CHECK(fio_eta_job(spec).files == 2);
  spec.open_files = 0;
  spec.filename = "a:b:c";
  CHECK(fio_eta_job(spec).files == 3);
}

TEST_CASE("fio ETA line: the jobs' letters condensed into runs, as update_condensed_str") {
  CHECK(fio_condensed_states("r") == "r(1)");
  CHECK(fio_condensed_states("rr_") == "r(2),_(1)");
  CHECK(fio_condensed_states("_mPPP") == "_(1),m(1),P(3)");
  CHECK(fio_condensed_states("") == "");
}

TEST_CASE("fio ETA line: the time left as eta_to_str: minutes and seconds always, hours and days when there") {
  CHECK(fio_eta_text(0) == "00m:00s");
  CHECK(fio_eta_text(6) == "00m:06s");
  CHECK(fio_eta_text(61) == "01m:01s");
  CHECK(fio_eta_text(3600) == "01h:00m:00s");
  CHECK(fio_eta_text(86401) == "01d:00h:00m:01s");
}

TEST_CASE("fio ETA line: rates from KiB/s and IOPS with num2str's four digits") {
  CHECK(fio_eta_rate_text(31948) == "31.2MiB/s");
  CHECK(fio_eta_rate_text(40000) == "39.1MiB/s");
  CHECK(fio_eta_rate_text(1000) == "1000KiB/s");
  CHECK(fio_eta_rate_text(0) == "0KiB/s");
  CHECK(fio_eta_rate_text(2 * 1024 * 1024) == "2048MiB/s");
  CHECK(fio_eta_iops_text(7982) == "7982");
  CHECK(fio_eta_iops_text(11700) == "11.7k");
  CHECK(fio_eta_iops_text(0) == "0");
}

TEST_CASE("fio ETA line: a job's time left (thread_eta): by bytes, by runtime, whichever is nearer") {
  FioEtaJob job = timed_randread();
  job.state = State::kRunning;
  job.running_for = 2000ms;
  job.bytes = {80 * kMiB, 0, 0};  // more than its size: time_based, so its time decides
  CHECK(fio_job_eta_seconds(job) == 1);
  job.running_for = 5000ms;  // past its runtime: fio's clamp no longer applies
  CHECK(fio_job_eta_seconds(job) == 0);

  WorkloadSpec sized;
  sized.pattern = IoPattern::kWrite;
  sized.size_bytes = 100 * kMiB;
  FioEtaJob write = fio_eta_job(sized);
  write.state = State::kRunning;
  write.running_for = 4000ms;
  write.bytes = {0, 25 * kMiB, 0};  // a quarter in 4 s: 12 s to go
  CHECK(fio_job_eta_seconds(write) == 12);
  sized.verify.method = VerifyMethod::kCrc32c;  // verify's read-back doubles what it does
  CHECK(fio_eta_job(sized).bytes_total == 200 * kMiB);

  FioEtaJob waiting = timed_randread();  // not started: its whole runtime
  CHECK(fio_job_eta_seconds(waiting) == 3);
  waiting.state = State::kDone;
  CHECK(fio_job_eta_seconds(waiting) == 0);
}

TEST_CASE("fio ETA line: no ETA for the first 3 s, then the share done, the rates since the last line, the eta") {
  FioEtaDisplay display(1000ms, 0ms);
  std::vector<FioEtaJob> jobs = {timed_randread()};
  jobs[0].state = State::kRunning;
  CHECK_FALSE(display.update(jobs, 250ms));  // not within 95 % of the interval
  jobs[0].bytes = {10 * kMiB, 0, 0};
  jobs[0].requests = {2560, 0, 0};
  jobs[0].running_for = 1000ms;
  CHECK(display.update(jobs, 1000ms) == "Jobs: 1 (f=1)\r");
  jobs[0].running_for = 2000ms;
  CHECK(display.update(jobs, 2000ms) == "Jobs: 1 (f=1)\r");  // 2 s: still no share done nor rates
  CHECK(display.update(jobs, 3000ms)->starts_with("Jobs: 1 (f=1): [r(1)]["));
}

TEST_CASE("fio ETA line: the full line of one job, as fio prints it") {
  FioEtaDisplay display(1000ms, 0ms);
  std::vector<FioEtaJob> jobs = {timed_randread()};
  jobs[0].state = State::kRunning;
  jobs[0].bytes = {10 * kMiB, 0, 0};
  jobs[0].requests = {2560, 0, 0};
  REQUIRE(display.update(jobs, 1000ms));
  jobs[0].bytes = {10 * kMiB + 81920000, 0, 0};  // 40000 KiB/s over the 2 s since
  jobs[0].requests = {2560 + 20000, 0, 0};        // 10000 IOPS
  jobs[0].running_for = 2000ms;
  const std::string full = "Jobs: 1 (f=1): [r(1)][75.0%][r=39.1MiB/s][r=10.0k IOPS][eta 00m:01s]";
  CHECK(display.update(jobs, 3000ms) == full + "\r");
  // Nothing done since: no rates, and the shorter line padded to the last one's length.
  jobs[0].running_for = 3000ms;
  const std::string bare = "Jobs: 1 (f=1): [r(1)][100.0%][eta 00m:00s]";
  CHECK(display.update(jobs, 4000ms) == bare + std::string(full.size() - bare.size(), ' ') + "\r");
}

TEST_CASE("fio ETA line: several jobs: ended, running a mix, waiting behind a stonewall") {
  WorkloadSpec mixed;
  mixed.pattern = IoPattern::kRandRw;
  mixed.read_percent = 70;
  mixed.size_bytes = 64 * kMiB;
  mixed.runtime = 4s;
  mixed.time_based = true;
  FioEtaJob done = timed_randread();
  done.state = State::kDone;
  done.bytes = {64 * kMiB, 0, 0};
  FioEtaJob running = fio_eta_job(mixed);
  running.state = State::kRunning;
  running.running_for = 2000ms;
  FioEtaJob later = timed_randread();  // waits behind a stonewall: its 3 s add to the eta
  later.stonewall = true;
  FioEtaDisplay display(1000ms, 0ms);
  std::vector<FioEtaJob> jobs = {done, running, later};
  REQUIRE(display.update(jobs, 4000ms));  // the rates' window starts here
  jobs[1].bytes = {7 * kMiB, 3 * kMiB, 0};
  jobs[1].requests = {1792, 768, 0};
  jobs[1].running_for = 3000ms;
  // eta: the mix's 1 s left, plus the waiting job's 3 s; 5 s elapsed of 5 + 4.
  CHECK(display.update(jobs, 5000ms) ==
        "Jobs: 1 (f=1): [_(1),m(1),P(1)][55.6%][r=7168KiB/s,w=3072KiB/s][r=1792,w=768 IOPS][eta 00m:04s]\r");
}

TEST_CASE("fio ETA line: -.-% before any time left is known, nothing once no job runs or waits") {
  WorkloadSpec unsized;  // an existing file's size, taken as it is: no total
  unsized.pattern = IoPattern::kRead;
  FioEtaJob job = fio_eta_job(unsized);
  job.state = State::kRunning;
  FioEtaDisplay display(1000ms, 0ms);
  CHECK(display.update(std::vector<FioEtaJob>{job}, 3000ms) == "Jobs: 1 (f=1): [R(1)][-.-%][eta 00m:00s]\r");
  job.state = State::kDone;
  CHECK_FALSE(display.update(std::vector<FioEtaJob>{job}, 4000ms));
}

TEST_CASE("fio ETA line: --eta-newline puts a new line before the first line after its time has passed") {
  FioEtaDisplay display(1000ms, 1000ms);
  std::vector<FioEtaJob> jobs = {timed_randread()};
  jobs[0].state = State::kRunning;
  CHECK(display.update(jobs, 1000ms) == "Jobs: 1 (f=1)\r");  // the newline clock starts here
  CHECK(display.update(jobs, 2000ms) == "Jobs: 1 (f=1)\r");  // 1 s since: not more than --eta-newline
  CHECK(display.update(jobs, 3100ms)->starts_with("Jobs: 1"));  // 2.1 s since: the next one starts a line
  CHECK(display.update(jobs, 4100ms)->starts_with("\nJobs: 1 (f=1): [r(1)]"));
}

TEST_CASE("fio ETA line: rate limits after the job count, as fio's m_rate-t_rate") {
  FioEtaJob job = timed_randread();
  job.state = State::kRunning;
  job.rate_bytes = {1024 * 1024, 0, 0};
  FioEtaDisplay display(1000ms, 0ms);
  CHECK(display.update(std::vector<FioEtaJob>{job}, 1000ms) == "Jobs: 1 (f=1), 0B/s-1024KiB/s\r");
  job.rate_bytes = {0, 0, 0};
  job.rate_iops = {500, 0, 0};
  job.rate_iops_min = {100, 0, 0};
  CHECK(display.update(std::vector<FioEtaJob>{job}, 2000ms) == "Jobs: 1 (f=1), 100-500 IOPS\r");
}

}  // namespace
}  // namespace bench
