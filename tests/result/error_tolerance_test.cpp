// fio 3.33's continue_on_error= and ignore_error= (options.c str_ignore_error_cb, td_error.c td_non_fatal_error,
// backend.c break_on_this_error) as result/error_tolerance.h keeps and judges them.
#include "result/error_tolerance.h"

#include <doctest/doctest.h>

#include <cerrno>
#include <stdexcept>

namespace bench {
namespace {

ErrorTolerance ignoring(std::string_view value) {
  ErrorTolerance tolerance;
  apply_ignore_error(tolerance, value);
  return tolerance;
}

}  // namespace

TEST_CASE("error_tolerance: continue_on_error's words and numbers are fio's bits") {
  CHECK(continue_on_error_bits("none") == 0U);
  CHECK(continue_on_error_bits("0") == 0U);
  CHECK(continue_on_error_bits("read") == 1U);
  CHECK(continue_on_error_bits("write") == 2U);
  CHECK(continue_on_error_bits("io") == 3U);
  CHECK(continue_on_error_bits("verify") == 4U);
  CHECK(continue_on_error_bits("all") == 0xffffU);
  CHECK(continue_on_error_bits("1") == 0xffffU);
  CHECK_FALSE(continue_on_error_bits("2").has_value());
  CHECK_FALSE(continue_on_error_bits("ALL").has_value());
}

TEST_CASE("error_tolerance: ignore_error's lists per kind, by name or number, set their kind's bit") {
  const ErrorTolerance writes = ignoring(",EIO");  // xfstests generic/095's
  CHECK(writes.continue_on == 2U);
  CHECK_FALSE(writes.ignore[0].has_value());
  CHECK(writes.ignore[1] == std::vector<int>{EIO});
  CHECK_FALSE(writes.ignore[2].has_value());

  const ErrorTolerance all = ignoring("ENOSPC:5,-28:EFBIG,84");
  CHECK(all.continue_on == 7U);
  CHECK(all.ignore[0] == std::vector<int>{ENOSPC, EIO});
  CHECK(all.ignore[1] == std::vector<int>{ENOSPC, EFBIG});  // a '-' dropped, as fio
  CHECK(all.ignore[2] == std::vector<int>{84});

  CHECK(ignoring("EPERM").ignore[0] == std::vector<int>{EPERM});
  CHECK(ignoring("ERANGE").ignore[0] == std::vector<int>{ERANGE});
  CHECK(ignoring("EIO::ENOSPC").ignore[0] == std::vector<int>{EIO});  // a list ends at its first empty entry
  CHECK(ignoring(",,").continue_on == 0U);                             // empty lists leave fio's defaults
}

TEST_CASE("error_tolerance: ignore_error refuses what fio refuses, naming it") {
  ErrorTolerance tolerance;
  CHECK_THROWS_WITH_AS(apply_ignore_error(tolerance, "EILSEQ"), doctest::Contains("'EILSEQ'"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_ignore_error(tolerance, "eio"), doctest::Contains("'eio'"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_ignore_error(tolerance, ",0"), doctest::Contains("'0'"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_ignore_error(tolerance, "5x"), doctest::Contains("'5x'"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(apply_ignore_error(tolerance, "EIO,EIO,EIO,EIO"), doctest::Contains("three"),
                       std::invalid_argument);
}

TEST_CASE("error_tolerance: an error's kind is fio's: EILSEQ a verify error, else its direction's") {
  CHECK(error_class(true, EIO) == ErrorClass::kRead);
  CHECK(error_class(false, EIO) == ErrorClass::kWrite);
  CHECK(error_class(true, EILSEQ) == ErrorClass::kVerify);
  CHECK(error_class(false, EILSEQ) == ErrorClass::kVerify);
}

TEST_CASE("error_tolerance: the verdict on an error is fio's break_on_this_error's") {
  ErrorTolerance none;
  CHECK(judge_error(none, ErrorClass::kWrite, EIO) == ErrorVerdict::kStop);

  ErrorTolerance all;
  all.continue_on = *continue_on_error_bits("all");
  CHECK(judge_error(all, ErrorClass::kRead, EIO) == ErrorVerdict::kContinue);  // fio's default list: EIO, EILSEQ
  CHECK(judge_error(all, ErrorClass::kVerify, EILSEQ) == ErrorVerdict::kContinue);
  CHECK(judge_error(all, ErrorClass::kWrite, ENOSPC) == ErrorVerdict::kStopCounted);  // not listed: stops, counted

  ErrorTolerance reads;
  reads.continue_on = *continue_on_error_bits("read");
  CHECK(judge_error(reads, ErrorClass::kWrite, EIO) == ErrorVerdict::kStop);

  const ErrorTolerance nospace = ignoring(",ENOSPC");
  CHECK(judge_error(nospace, ErrorClass::kWrite, ENOSPC) == ErrorVerdict::kContinue);
  CHECK(judge_error(nospace, ErrorClass::kWrite, EIO) == ErrorVerdict::kStopCounted);  // the list replaces fio's
  CHECK(judge_error(nospace, ErrorClass::kRead, EIO) == ErrorVerdict::kStop);
}

TEST_CASE("error_tolerance: jobs' counts add as fio's group sums them") {
  JobErrors first{3, EIO, "cannot write a at offset 0: Input/output error", {0, 3, 0}, {}};
  const JobErrors second{2, ENOSPC, "cannot write b at offset 4096: No space left on device", {1, 1, 0}, {}};
  first.add(second);
  CHECK(first.total == 5);
  CHECK(first.first == ENOSPC);  // the later job's, as fio assigns each job's in turn
  CHECK(first.failed_requests == std::array<std::uint64_t, 3>{1, 4, 0});
  first.add(JobErrors{});
  CHECK(first.first == 0);
}

}  // namespace bench
