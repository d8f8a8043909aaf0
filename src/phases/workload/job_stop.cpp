#include "phases/workload/job_stop.h"

#include <fmt/format.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <utility>

#include "phases/workload/workload_data.h"
#include "platform/resource_limits.h"

namespace bench {

JobStopRules::JobStopRules(const WorkloadSpec& spec, std::uint64_t job_bytes, bool pass_ends_at_size,
                           Signals signals, int& stop_signal)
    : name_(spec.name),
      pass_bytes_(0),
      io_bytes_(0),
      ios_(0),
      loops_(spec.loops),
      time_based_(spec.time_based),
      trims_then_writes_(trims_data(spec.pattern) && writes_data(spec.pattern)),
      pass_ends_at_size_(pass_ends_at_size),
      runtime_(spec.runtime),
      signals_(signals),
      stop_signal_(stop_signal),
      floor_(spec) {
  pass_bytes_ = per_byte(job_bytes);
  io_bytes_ = per_byte(spec.io_size);
  ios_ = per_byte(spec.number_ios);
}

void JobStopRules::begin(Clock::time_point start, Clock::time_point measure_start) {
  start_ = start;
  measure_start_ = measure_start;
  deadline_ = runtime_.count() > 0 ? measure_start + runtime_ : Clock::time_point::max();
}

bool JobStopRules::next_pass(std::uint32_t passes_done) {
  issued_before_pass_ += issued_bytes_;
  bool io_left = io_bytes_ != 0 && issued_before_pass_ < io_bytes_;
  // io_size= with loops= (fio's keep_running): each loop issues io_size=, over as many passes as that takes.
  if (io_bytes_ != 0 && !io_left && loops_done_ + 1 < loops_) {
    ++loops_done_;
    issued_before_pass_ = 0;
    io_left = true;
  }
  if (!pass_done_ || stopping() || (!io_left && passes_done >= loops_)) return false;
  issued_bytes_ = 0;
  issued_requests_ = 0;
  ramp_requests_ = 0;
  pass_done_ = false;
  return true;
}

void JobStopRules::check_floor(Clock::time_point now) {
  if (stopping() || now < measure_start_) return;
  if (const std::optional<std::string> failure = floor_.check(now - start_)) {
    rate_failure_ = fmt::format("workload '{}': {}", name_, *failure);
    stop(Cause::kRateFloor);
  }
}

void JobStopRules::fail_request(IoOp op, std::int64_t result, std::uint32_t length, const std::string& file,
                                std::uint64_t offset) {
  stop(Cause::kError);
  if (error_) return;
  const char* verb = op == IoOp::kWrite ? "write" : op == IoOp::kRead ? "read" : op == IoOp::kTrim ? "trim" : "sync";
  if (result < 0) {
    // A write past the file size limit (a file growing by its writes) is named with the limit, as every write's.
    const int error = static_cast<int>(-result);
    const std::string where = fmt::format("{} at offset {}", file, offset);
    error_ = std::system_error(error, std::generic_category(),
                               op == IoOp::kWrite ? write_failure_text(error, where)
                                                  : fmt::format("cannot {} {}", verb, where));
  } else if (op == IoOp::kWrite && read_resource_limits().file_size_bytes == offset + static_cast<std::uint64_t>(result)) {
    // A write cut short at the file size limit: the rest would fail with EFBIG (as fio's resubmitted rest does).
    const std::string where = fmt::format("{} at offset {}", file, offset);
    error_ = std::system_error(EFBIG, std::generic_category(), write_failure_text(EFBIG, where));
  } else {
    error_ = std::system_error(EIO, std::generic_category(),
                               fmt::format("cannot {} {} at offset {}: {} of {} bytes", verb, file, offset, result,
                                           length));
  }
}

void JobStopRules::fail_verify(std::string failure) {
  if (verify_failure_) return;
  verify_failure_ = std::move(failure);
  stop(Cause::kVerify);
}

void JobStopRules::throw_failure() const {
  if (error_) throw *error_;
  if (verify_failure_) throw VerifyError(*verify_failure_);
  if (rate_failure_) throw std::runtime_error(*rate_failure_);
}

}  // namespace bench
