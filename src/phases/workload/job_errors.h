#pragma once
// What a workload job does with a request that came back failed, and with a verify mismatch, as fio 3.33's
// continue_on_error= and ignore_error= say (result/error_tolerance.h judge_error): go on, counted in the job's
// JobErrors (fio's total_err_count and first_error), or stop (JobStopRules::fail_request, fail_verify). Every
// failed request is counted by its direction, as fio's total_ios counts what was issued. Pure.
#include <cstdint>
#include <string>

#include "engine/io_engine.h"
#include "result/error_tolerance.h"

namespace bench {

class JobErrorPolicy {
 public:
  JobErrorPolicy(const ErrorTolerance& tolerance, JobErrors& errors) : tolerance_(tolerance), errors_(errors) {}

  // The request `op` came back with the errno `error` (positive); `what` names it ("cannot write F at offset N").
  // True when the job goes on after it (counted); false when it stops the job (counted where its kind continues).
  bool request_failed(IoOp op, int error, const std::string& what);
  // A verify mismatch (fio's EILSEQ, a verify error), `what` its line: true when the job goes on after it.
  bool verify_failed(const std::string& what);
  // Whether the job goes on after any error: a request's failure is then judged before it stops the job.
  bool tolerates_any() const { return tolerance_.continue_on != 0; }

 private:
  bool judged(ErrorClass kind, int error, const std::string& what);

  const ErrorTolerance& tolerance_;
  JobErrors& errors_;
};

}  // namespace bench
