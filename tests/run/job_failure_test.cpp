#include "run/job_failure.h"

#include <doctest/doctest.h>

#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>

#include "phases/workload/workload_data.h"
#include "result/errors.h"

namespace bench {

TEST_CASE("job failure: a job's own failure with fio's error number, and none for what ends the run") {
  const auto of = [](auto thrown) { return job_failure_of(std::make_exception_ptr(thrown)); };
  const std::optional<JobFailure> nospace =
      of(std::system_error(ENOSPC, std::generic_category(), "cannot write f at offset 0"));
  REQUIRE(nospace);
  CHECK(nospace->error == ENOSPC);
  CHECK(nospace->message == std::string("cannot write f at offset 0: ") + std::strerror(ENOSPC));
  const std::optional<JobFailure> verify = of(VerifyError("verify: bad magic at offset 0"));
  REQUIRE(verify);
  CHECK(verify->error == EILSEQ);  // fio's for a verify mismatch
  CHECK(verify->message == "verify: bad magic at offset 0");
  const std::optional<JobFailure> rate = of(std::runtime_error("workload 'w': rate_min=1048576B/s not met"));
  REQUIRE(rate);
  CHECK(rate->error == EIO);  // fio's check_min_rate
  CHECK_FALSE(of(InterruptedError(2)));
  CHECK_FALSE(of(UsageError("bad")));
  CHECK_FALSE(of(std::logic_error("a defect")));
  CHECK_FALSE(of(std::bad_alloc()));
}

}  // namespace bench
