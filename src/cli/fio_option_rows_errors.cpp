// fio's error options (FioOptionGroup::kJobControl; result/error_tolerance.h): which of a job's errors it goes on
// after, as fio 3.33's continue_on_error=, ignore_error= and error_dump= say.
#include <fmt/format.h>

#include <array>
#include <stdexcept>

#include "cli/fio_option_rules.h"
#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "result/error_tolerance.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kJobControl = FioOptionGroup::kJobControl;

constexpr std::string_view kCountsShown =
    "which errors a job goes on after: what it met is in fio's formats (total_err, first_error, error) and its "
    "figures";

constexpr std::array kRules = {
    FioOptionRule{{"continue_on_error", {}, kRequired, kJobControl, "none|read|write|io|verify|all|0|1",
                   "go on after an EIO or EILSEQ (or ignore_error='s) of these kinds, counted", "none",
                   not_recorded(kCountsShown)},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    const std::optional<std::uint32_t> bits = continue_on_error_bits(v);
                    if (!bits) fail("fio's values are none, read, write, io, verify, all, 0 and 1");
                    s.errors.continue_on = *bits;
                  }},
    FioOptionRule{{"ignore_error", {}, kRequired, kJobControl, "ERR[:ERR...][,ERR...[,ERR...]]",
                   "the errors reads, writes and verify go on after (names like EIO, or numbers)", {},
                   not_recorded(kCountsShown)},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    try {
                      apply_ignore_error(s.errors, v);
                    } catch (const std::invalid_argument& error) {
                      fail(error.what());
                    }
                  }},
    FioOptionRule{{"error_dump", {}, kRequired, kJobControl, "0|1",
                   "tell each error on stderr, those the job goes on after too", "0",
                   not_recorded("what stderr tells of the errors; the results are the same")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.errors.dump = boolean(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_error_rules() { return kRules; }

}  // namespace bench
