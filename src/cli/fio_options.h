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

#include "result/workload_spec.h"

namespace bench {

// One option as written: its name (without dashes) and its value, absent for a bare flag (--time_based).
struct FioOption {
  std::string name;
  std::optional<std::string> value;
};

// How an option takes its value on a command line: fio's ordinary options need one ("--bs 4k" takes the next
// word); its flags (time_based, group_reporting, thread, stonewall) take one only as "--flag=1".
enum class FioArgument { kRequired, kFlag };

// The sections of `bench++ job --help` an option is listed in: a workload's options (fio's job options, by what
// they are about), then fio's own command line's (cli/fio_run_options.h), which bench++ suite takes too.
enum class FioOptionGroup { kJob, kFiles, kData, kJobControl, kStatistics, kIoUring, kRun, kOutput };

// One fio option as bench++ declares it, once: everything else (lookup, `bench++ job --help`, the tests that hold
// docs/fio-options.md and the man page to it) comes from these rows.
struct FioOptionRow {
  std::string_view name;                    // fio's name (fio 3.33's options.c)
  std::array<std::string_view, 2> aliases;  // fio's other spellings, which run as the name does (empty: none)
  FioArgument argument;
  FioOptionGroup group;
  std::string_view value_name;  // how the value is written in --help ("SIZE", "MODE[:N]"); empty for a flag
  std::string_view help;        // one line for --help: what the option does in bench++
};

// How `name` takes its value, or nullopt when bench++ does not know the option (a fio option it does not
// support, or no fio option at all).
std::optional<FioArgument> fio_option_argument(std::string_view name);

// The options of fio's own command line that are not about a job (--output-format); they are the caller's.
bool is_fio_run_option(std::string_view name);

// The rows of every workload option bench++ runs, by group (cli/fio_option_rows_*.cpp), each name once.
std::vector<FioOptionRow> fio_option_rows();

// Every workload option bench++ runs, fio's aliases included, in the rows' order (docs/fio-options.md lists
// them; a test keeps the two in step).
std::vector<std::string_view> fio_option_names();

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
// The largest bs bench++ accepts (one buffer per request in flight).
inline constexpr std::uint64_t kMaxBlockBytes = 64ull << 20;

}  // namespace bench
