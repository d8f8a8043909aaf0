#pragma once
// fio 3.33's errors as data: which of a workload job's errors it goes on after (continue_on_error=, ignore_error=,
// td_error.c td_non_fatal_error and backend.c break_on_this_error), and what it counts of them (fio's
// total_err_count, first_error). Plain data and pure rules: cli/ fills the tolerance, phases/workload/ judges each
// failed request by it, report/fio/ writes the counts.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// fio's error_type_bit: what failed. A verify mismatch (EILSEQ) is a verify error whatever the direction; any other
// error a read's or, for every other direction (writes, trims, syncs), a write's.
enum class ErrorClass : std::uint8_t { kRead = 0, kWrite = 1, kVerify = 2 };
inline constexpr std::size_t kErrorClasses = 3;
ErrorClass error_class(bool read, int error);

struct ErrorTolerance {
  // continue_on_error=: a bit per ErrorClass the job may go on after (fio's none 0, read 1, write 2, io 3,
  // verify 4, all 0xffff); ignore_error= sets the bit of each class it lists errors for.
  std::uint32_t continue_on = 0;
  // ignore_error='s lists per class (read, write, verify); nullopt: fio's default, EIO and EILSEQ.
  std::array<std::optional<std::vector<int>>, kErrorClasses> ignore{};
  bool dump = false;  // error_dump=1: each error told on stderr, the ones the job goes on after too
  // fio's ts->continue_on_error: whether its outputs add the error count and the first error.
  bool counts_errors() const { return continue_on != 0; }
  bool operator==(const ErrorTolerance&) const = default;
};

// What the job does after a request failed with `error` (a positive errno) of class `kind`, as fio's
// break_on_this_error: go on (counted), stop counted (its class continues, but the error is not in its list), or
// stop uncounted (its class does not continue).
enum class ErrorVerdict { kContinue, kStopCounted, kStop };
ErrorVerdict judge_error(const ErrorTolerance& tolerance, ErrorClass kind, int error);

// continue_on_error='s words (none, read, write, io, verify, all, 0, 1) as its bits; nullopt for another word.
std::optional<std::uint32_t> continue_on_error_bits(std::string_view word);

// ignore_error='s value applied to `tolerance` as fio's str_ignore_error_cb: up to three ':'-lists (read, write,
// verify) cut at ',', each entry an errno's name among fio's (EPERM ... ERANGE) or its number (a '-' dropped); a
// non-empty list replaces that class's list and sets its continue bit, an empty one leaves both. Throws
// std::invalid_argument naming the entry or the fourth list.
void apply_ignore_error(ErrorTolerance& tolerance, std::string_view value);

// The errors a job went on after, and its requests that came back failed (fio counts those issued: total_ios).
struct JobErrors {
  std::uint64_t total = 0;  // fio's total_err_count: the errors counted (ErrorVerdict::kContinue, kStopCounted)
  int first = 0;            // fio's first_error: the first counted error's errno (0: none)
  std::string first_message;  // what failed first, one line (fio's verror of the job when it ran to its end)
  std::array<std::uint64_t, 3> failed_requests{};  // per direction (read, write, trim) that came back failed
  // error_dump=1: the line of each error the job went on after, in order (fio tells each on stderr as it comes;
  // bench++ after the run, from here), at most kMaxToldErrors of them.
  std::vector<std::string> told;
  static constexpr std::size_t kMaxToldErrors = 10000;
  // Another job's counts added, as fio's sum_thread_stats: the totals summed, the first error the later job's
  // (fio assigns each job's in turn, a job without errors its 0 too).
  void add(const JobErrors& other);
  bool operator==(const JobErrors&) const = default;
};

}  // namespace bench
