#include "run/job_failure.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "phases/workload/workload_data.h"
#include "result/errors.h"

namespace bench {

std::optional<JobFailure> job_failure_of(const std::exception_ptr& thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (const InterruptedError&) {
    return std::nullopt;
  } catch (const UsageError&) {
    return std::nullopt;
  } catch (const VerifyError& error) {
    return JobFailure{EILSEQ, error.what()};
  } catch (const std::system_error& error) {
    const int number = error.code().value();
    return JobFailure{number != 0 ? number : EIO, error.what()};
  } catch (const std::runtime_error& error) {
    return JobFailure{EIO, error.what()};
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace bench
