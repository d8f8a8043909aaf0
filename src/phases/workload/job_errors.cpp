#include "phases/workload/job_errors.h"

#include <cerrno>

namespace bench {

bool JobErrorPolicy::request_failed(IoOp op, int error, const std::string& what) {
  const std::size_t direction = op == IoOp::kRead ? 0 : op == IoOp::kWrite ? 1 : op == IoOp::kTrim ? 2 : 3;
  if (direction < errors_.failed_requests.size()) ++errors_.failed_requests[direction];
  return judged(error_class(op == IoOp::kRead, error), error, what);
}

bool JobErrorPolicy::verify_failed(const std::string& what) { return judged(ErrorClass::kVerify, EILSEQ, what); }

bool JobErrorPolicy::judged(ErrorClass kind, int error, const std::string& what) {
  const ErrorVerdict verdict = judge_error(tolerance_, kind, error);
  if (verdict == ErrorVerdict::kStop) return false;
  // fio's update_error_count: a tolerated error, or the one that stops a job whose kind continues.
  if (++errors_.total == 1) {
    errors_.first = error;
    errors_.first_message = what;
  }
  if (verdict != ErrorVerdict::kContinue) return false;  // the job's failure, told as every failure is
  if (tolerance_.dump && errors_.told.size() < JobErrors::kMaxToldErrors) errors_.told.push_back(what);
  return true;
}

}  // namespace bench
