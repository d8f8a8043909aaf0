#pragma once
// fio's option vocabulary as `bench++ job` and `bench++ suite` read it: the options of one workload, with fio's
// names, aliases, value grammars and defaults (fio 3.33), whether they come from a command line
// (--bs=4k, --bs 4k) or a job file (bs=4k). Pure: no I/O. An option bench++ does not support is an error that
// names it; none is silently ignored.
//
// Sizes follow fio's kb_base (default 1024, fio's "compatibility mode"): k, kb and ki (any case) mean 1024 and m,
// g, t, p its powers, so 4k is 4096 and 4g 4 GiB; the IEC spellings KiB, MiB, ... mean powers of 1000 there, as in
// fio (4KiB is 4000 bytes). With kb_base=1000 it is the other way round: k and kB are 1000, KiB is 1024.
// Times are a number with us, ms, s, m (minutes), h or d (also usec, msec, sec, min, hour, day); seconds without.
//
// Every function throws bench::UsageError with one line naming the option, e.g.
//   fio option 'loops' is not supported by bench++ (see bench++(1), WORKLOADS)
//   invalid fio option bs='4x': unknown size suffix 'x'
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/fio_option.h"
#include "result/workload_spec.h"

namespace bench {

// How `name` takes its value, or nullopt when bench++ does not know the option (a fio option it does not
// support, or no fio option at all).
std::optional<FioArgument> fio_option_argument(std::string_view name);

// The options of fio's own command line that are not about a job (--output-format); they are the caller's.
bool is_fio_run_option(std::string_view name);

// Whether `name` is one of fio's deprecated options that fio 3.33 takes and ignores, saying "Option NAME is
// deprecated" each time one is given (cli/fio_option_rows_deprecated.cpp): bench++ ignores it too, and its front
// end warns as fio does.
bool is_deprecated_fio_option(std::string_view name);

// The option bench++ runs nearest to `name` when near enough by fio's own rule (parse.c: the smallest edit
// distance, when it is at most half the name's length), else empty.
std::string nearest_option_name(std::string_view name);

// One line naming every option of `names` (each as written, in the order met) that bench++ does not run: a name
// of fio 3.33's (cli/fio_option_names.h) or of fio's own command line is "not supported by bench++"; any other is
// unknown, with the nearest option bench++ runs suggested, e.g.
//   unknown fio option 'sizee' (did you mean 'size'?); fio option 'ss' is not supported by bench++ (see ...)
std::string not_run_options_message(const std::vector<std::string>& names);

// The rows of every workload option bench++ runs, by group (cli/fio_option_rows_*.cpp), each name once.
std::vector<FioOptionRow> fio_option_rows();

// Every workload option bench++ runs, fio's aliases included, in the rows' order (docs/fio-options.md lists
// them; a test keeps the two in step).
std::vector<std::string_view> fio_option_names();

// fio's own name of the option `name` names (its row's name for an alias: readwrite -> rw, timeout -> runtime), as
// fio echoes it in its JSON's "job options"; `name` itself when it is no alias (or no option bench++ knows).
std::string_view fio_option_canonical_name(std::string_view name);

// Applies one workload option to `spec`, in the order given; `kb_base` is the job's (see fio_kb_base).
// REQUIRES: !is_fio_run_option(option.name).
void apply_fio_option(WorkloadSpec& spec, const FioOption& option, unsigned kb_base);

// The kb_base an option sets (1000 or 1024), or nullopt when the option is not kb_base. As in fio, it applies to
// the sizes written after it; the caller passes it on to apply_fio_option.
std::optional<unsigned> fio_kb_base(const FioOption& option);

// What some options mean only together, once all are applied (fio's rules): filesize= gives size= when size= is
// not given or larger. build_workload calls it before check_workload.
void settle_workload(WorkloadSpec& spec);

// Checks a workload whose options are all applied (cli/fio_workload_checks.cpp): sizes, depths and times that fio would refuse or that
// cannot run (bs not a multiple of 512 with direct, iodepth above io_uring's limit, time_based without
// runtime, size and size=N% together, ...). The message names the workload.
void check_workload(const WorkloadSpec& spec);

// A size as fio reads it (see above); a plain number is bytes. Rejects fractions, signs, unknown suffixes and
// values that do not fit in 64 bits.
std::uint64_t parse_fio_size(std::string_view text, unsigned kb_base);
// A time as fio reads it (see above).
std::chrono::nanoseconds parse_fio_time(std::string_view text);

// The largest numjobs bench++ accepts (each job is a thread with its own file).
inline constexpr std::uint32_t kMaxJobs = 4096;

}  // namespace bench
