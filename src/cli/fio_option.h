#pragma once
// One fio option as a command line or a job file gives it, before any rule reads it, and the row that declares an
// option: the vocabulary of the workload options (cli/fio_options.h) and of fio's run options
// (cli/fio_run_options.h) alike.
#include <array>
#include <optional>
#include <string>
#include <string_view>

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
enum class FioOptionGroup { kJob, kFiles, kData, kJobControl, kStatistics, kIoUring, kCpuio, kFilestat, kExec, kRun, kOutput };

// An option's default: fio's, as fio 3.33 writes it (options.c's def: "4096", "read"; empty when fio has none),
// and how bench++'s relates to it. A string is a default bench++ shares with fio ("4096"); {} is none at all.
class FioOptionDefault {
 public:
  enum class Bench {
    kFio,       // bench++'s default is fio's
    kOwn,       // bench++ has a default of its own (bench()), deliberately: why()
    kNotGiven,  // bench++ leaves the option unset, a state of its own told apart from any given value (a
                // workload's records show it; fio too tells a given option from its default); why(): what runs then
  };
  constexpr FioOptionDefault() = default;
  constexpr FioOptionDefault(const char* fio) : fio_(fio) {}  // NOLINT(google-explicit-constructor): a row's "4096"

  // bench++'s `bench` instead of fio's `fio`, for the reason `why`.
  static consteval FioOptionDefault own(std::string_view fio, std::string_view bench, std::string_view why) {
    if (bench.empty() || bench == fio || why.empty()) throw "an own default differs from fio's and says why";
    return FioOptionDefault(fio, Bench::kOwn, bench, why);
  }
  // Unset by default instead of fio's `fio`; `why` says what runs then.
  static consteval FioOptionDefault not_given(std::string_view fio, std::string_view why) {
    if (fio.empty() || why.empty()) throw "an option unset by default names fio's default and says why";
    return FioOptionDefault(fio, Bench::kNotGiven, {}, why);
  }

  constexpr std::string_view fio() const { return fio_; }
  constexpr Bench bench_kind() const { return bench_kind_; }
  // bench++'s default as the option writes it: fio's, its own, or empty (kNotGiven, or none).
  constexpr std::string_view bench() const { return bench_kind_ == Bench::kFio ? fio_ : bench_; }
  constexpr std::string_view why() const { return why_; }  // empty for kFio

 private:
  constexpr FioOptionDefault(std::string_view fio, Bench kind, std::string_view bench, std::string_view why)
      : fio_(fio), bench_kind_(kind), bench_(bench), why_(why) {}
  std::string_view fio_;
  Bench bench_kind_ = Bench::kFio;
  std::string_view bench_;
  std::string_view why_;
};

// Where a workload option's value is recorded: the JSON keys of the workload fields that hold what it sets
// (result/workload_fields.h, space-separated: "size_bytes size_percent"), or why no field does. It has no default
// constructor, so a row cannot leave it out; recorded_in() and not_recorded() make one.
class FioOptionRecord {
 public:
  constexpr bool recorded() const { return !field_keys_.empty(); }
  constexpr std::string_view field_keys() const { return field_keys_; }  // empty when not recorded
  constexpr std::string_view reason() const { return reason_; }          // empty when recorded

 private:
  constexpr FioOptionRecord(std::string_view field_keys, std::string_view reason)
      : field_keys_(field_keys), reason_(reason) {}
  friend consteval FioOptionRecord recorded_in(std::string_view field_keys);
  friend consteval FioOptionRecord not_recorded(std::string_view reason);
  std::string_view field_keys_;
  std::string_view reason_;
};

consteval FioOptionRecord recorded_in(std::string_view field_keys) {
  if (field_keys.empty()) throw "a recorded option names the fields that record it";
  return FioOptionRecord(field_keys, {});
}
consteval FioOptionRecord not_recorded(std::string_view reason) {
  if (reason.empty()) throw "an option no field records says why";
  return FioOptionRecord({}, reason);
}

// One fio option as bench++ declares it, once: everything else (lookup, `bench++ job --help`, the tests that hold
// docs/fio-options.md, the man page and the records to it) comes from these rows.
struct FioOptionRow {
  std::string_view name;                    // fio's name (fio 3.33's options.c)
  std::array<std::string_view, 2> aliases;  // fio's other spellings, which run as the name does (empty: none)
  FioArgument argument;
  FioOptionGroup group;
  std::string_view value_name;  // how the value is written in --help ("SIZE", "MODE[:N]"); empty for a flag
  std::string_view help;        // one line for --help: what the option does in bench++ (its default is added)
  FioOptionDefault defaults;  // fio's and bench++'s; {}: neither has one
  FioOptionRecord record;     // where it is recorded; the run options' (cli/fio_run_options.cpp) share one reason
};

}  // namespace bench
