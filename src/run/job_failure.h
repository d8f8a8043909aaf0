#pragma once
// A workload job's failure as data (result/workload_result.h JobFailure): what its run() threw, when that is the
// job's own failure (fio's td_verror: an I/O error, a verify mismatch, rate_min not kept) rather than what ends the
// whole run. Pure.
#include <exception>
#include <optional>

#include "result/workload_result.h"

namespace bench {

// The failure `thrown` records, with fio's error number: a std::system_error's own (ENOSPC, EIO: a short transfer
// is EIO), EILSEQ for a verify mismatch (phases/workload/workload_data.h VerifyError), EIO for any other std::runtime_error
// (rate_min not kept: fio's check_min_rate gives EIO). nullopt for what ends the run instead: a stop signal
// (InterruptedError), bad input (UsageError), a defect (std::logic_error), no memory, anything else.
// REQUIRES: thrown != nullptr.
std::optional<JobFailure> job_failure_of(const std::exception_ptr& thrown);

}  // namespace bench
