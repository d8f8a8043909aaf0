#include "app/fio_eta_progress.h"

namespace bench {

bool fio_writes_eta(const FioOutputRequest& request, bool stdout_is_terminal) {
  if (request.eta == FioOutputRequest::Eta::kNever) return false;
  if (!request.has("normal") && !request.output_path) return false;
  return stdout_is_terminal || request.eta == FioOutputRequest::Eta::kAlways;
}

FioEtaProgress::FioEtaProgress(const Plan& plan, std::chrono::milliseconds interval,
                               std::chrono::milliseconds newline_every, Clock::time_point started)
    : interval_(interval), newline_every_(newline_every), display_(interval, newline_every), started_(started) {
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    std::vector<FioEtaJob> jobs;
    for (const PlannedTest& test : plan.groups[g]) {
      if (!test.workload) continue;
      FioEtaJob job = fio_eta_job(plan.workload(test));
      job.stonewall = g > 0;  // each group after the first waits behind a stonewall
      jobs.insert(jobs.end(), test.jobs, job);
    }
    groups_.push_back(std::move(jobs));
  }
  waiting_ = groups_;
}

void FioEtaProgress::run_started(Clock::time_point now) {
  groups_ = waiting_;
  display_ = FioEtaDisplay(interval_, newline_every_);
  started_ = now;
}

void FioEtaProgress::group_started(std::size_t index) {
  for (std::size_t g = 0; g < index && g < groups_.size(); ++g) {
    for (FioEtaJob& job : groups_[g]) {
      if (job.state != FioEtaJob::State::kFailed) job.state = FioEtaJob::State::kDone;
    }
  }
}

std::optional<std::string> FioEtaProgress::update(std::size_t index, const std::vector<JobProgress>& jobs,
                                                  std::chrono::nanoseconds elapsed, Clock::time_point now) {
  if (index >= groups_.size()) return std::nullopt;
  std::vector<FioEtaJob>& group = groups_[index];
  for (std::size_t j = 0; j < group.size() && j < jobs.size(); ++j) {
    FioEtaJob& job = group[j];
    job.state = !jobs[j].ended ? FioEtaJob::State::kRunning
                : jobs[j].failed ? FioEtaJob::State::kFailed
                                 : FioEtaJob::State::kDone;
    job.bytes = jobs[j].bytes;
    job.requests = jobs[j].requests;
    job.running_for = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed);
  }
  std::vector<FioEtaJob> all;
  for (const std::vector<FioEtaJob>& each : groups_) all.insert(all.end(), each.begin(), each.end());
  return display_.update(all, std::chrono::duration_cast<std::chrono::milliseconds>(now - started_));
}

}  // namespace bench
