#pragma once
// A job's outcome as bytes, for a job that runs in a process of its own (phases/workload/job_process.h): what it measured
// (its whole JobMeasurement but `failure`, which the runner sets from what run() threw) and what it threw, as one
// message from the child to the parent. Both ends are the same binary on the same machine, so numbers travel in
// the machine's own byte order. Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "phases/phase.h"

namespace bench {

// What a job's run() threw, as the parent throws it again (rethrow_job_error): the kinds the runner tells apart
// (run/job_failure.h: a job's own failure, or what ends the run) and what each carries.
struct JobError {
  enum class Kind : std::uint8_t { kInterrupted, kUsage, kSystem, kVerify, kRuntime, kLogic, kOther };
  Kind kind = Kind::kOther;
  int value = 0;        // kInterrupted: the signal; kSystem: the error number (generic category)
  std::string message;  // what() of the exception; for kSystem without the ": strerror" std::system_error adds
};

// The error `thrown` is. REQUIRES: thrown != nullptr.
JobError job_error_of(const std::exception_ptr& thrown);
// Throws what `error` describes: InterruptedError, UsageError, std::system_error, VerifyError, std::runtime_error,
// std::logic_error, or (kOther) std::runtime_error.
[[noreturn]] void rethrow_job_error(const JobError& error);

// A finished job's outcome: its measurement (what it did before, when it failed) and the error it ended with.
struct JobOutcome {
  JobMeasurement measurement;
  std::optional<JobError> error;
};

std::string encode_job_outcome(const JobMeasurement& measurement, const std::optional<JobError>& error);
// Throws std::runtime_error ("a job's process sent a malformed result") for bytes that encode_job_outcome did not
// make whole (a child that died mid-way).
JobOutcome decode_job_outcome(std::string_view bytes);

}  // namespace bench
