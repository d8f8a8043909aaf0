#include "cli/fio_run_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "cli/fio_values.h"
#include "result/errors.h"
#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

using enum FioArgument;
constexpr FioOptionGroup kRun = FioOptionGroup::kRun;
constexpr FioOptionGroup kOutput = FioOptionGroup::kOutput;

// A run option's row: none is a workload's setting, so none is recorded with a workload, for one reason.
constexpr FioOptionRow run_option(std::string_view name, FioArgument argument, FioOptionGroup group,
                                  std::string_view value_name, std::string_view help, FioOptionDefault defaults = {}) {
  return {name, {}, argument, group, value_name, help, defaults,
          not_recorded("a run option: which workloads run, what is refused and what is written, not a workload's "
                       "setting")};
}

// fio 3.33 writes its normal output unless asked for another; bench++ writes its own report and fio's formats only
// when asked.
constexpr FioOptionDefault kOutputFormatDefault = FioOptionDefault::not_given(
    "normal", "unset, bench++ writes its own report and none of fio's formats");

// kRun's are read by parse_workload_command_line (cli/workload_command_line.cpp) before any other option; kOutput's
// by apply_fio_run_option below. fio's defaults: fio 3.33's init.c.
constexpr std::array kRunOptions = {
    run_option("readonly", kFlag, kRun, "", "only reads: a workload that writes is refused"),
    run_option("section", kRequired, kRun, "NAME",
               "run only this section of the first job file (repeatable; the --name jobs, on a command line)"),
    run_option("parse-only", kFlag, kRun, "", "read and check the workloads, run and print nothing"),
    run_option("output-format", kRequired, kOutput, "normal|json|json+|terse[,...]",
               "fio's output, in these formats (a comma list); bench++'s --json, --csv and --html stay",
               kOutputFormatDefault),
    run_option("output", kRequired, kOutput, "FILE", "fio's output goes to FILE (alone: the normal format)"),
    run_option("minimal", kFlag, kOutput, "", "--output-format=terse"),
    run_option("terse-version", kRequired, kOutput, "2..5", "the terse format's version", "3"),
    run_option("eta", kRequired, kOutput, "always|never|auto",
               "fio's persona: fio's ETA line on stdout while jobs run (auto: when stdout is a terminal)",
               "auto"),
    run_option("eta-newline", kRequired, kOutput, "TIME", "end the ETA line with a new line every TIME"),
    run_option("eta-interval", kRequired, kOutput, "TIME", "write the ETA line every TIME (at least 250ms)", "1s"),
    run_option("status-interval", kRequired, kOutput, "TIME",
               "the results so far every TIME (at least 1s) in fio's formats asked, where they go"),
};

UsageError invalid(const FioOption& option, std::string_view why) {
  return UsageError(fmt::format("invalid fio option {}='{}': {}", option.name, option.value.value_or(""), why));
}

std::string_view value_of(const FioOption& option) { return option.value ? std::string_view(*option.value) : ""; }

constexpr auto kOutputFormats = std::to_array<std::string_view>({"normal", "json", "json+", "terse"});

// "normal, json, json+ or terse"
std::string formats_text(std::string_view last_word) {
  std::string text;
  for (std::size_t i = 0; i < kOutputFormats.size(); ++i) {
    if (i > 0) text += i + 1 == kOutputFormats.size() ? fmt::format(" {} ", last_word) : ", ";
    text += kOutputFormats[i];
  }
  return text;
}

// --output-format=LIST: a comma-separated list of fio's format names. json+ is json with the latency bins: one
// document for both.
void apply_output_format(FioOutputRequest& request, const FioOption& option) {
  if (value_of(option).empty()) throw invalid(option, fmt::format("give {} (a comma list)", formats_text("or")));
  std::vector<std::string> formats;
  for (const std::string_view format : split(value_of(option), ',')) {
    if (std::find(kOutputFormats.begin(), kOutputFormats.end(), format) == kOutputFormats.end()) {
      throw invalid(option, fmt::format("'{}' is none of {}", format, formats_text("and")));
    }
    if (std::find(formats.begin(), formats.end(), format) == formats.end()) formats.emplace_back(format);
  }
  if (std::find(formats.begin(), formats.end(), "json+") != formats.end()) std::erase(formats, "json");
  request.formats = std::move(formats);
}

// A time as fio's --eta-newline, --eta-interval and --status-interval take it: a number with an optional unit
// (seconds without), at least `least` (fio's own floors: init.c).
std::chrono::milliseconds time_of(const FioOption& option, std::chrono::milliseconds least) {
  const std::string_view text = value_of(option);
  std::chrono::nanoseconds time{0};
  try {
    time = cli_value::fio_time_of(text);
  } catch (const ValueError&) {
    throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
  }
  if (text.empty()) throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
  const auto whole = std::chrono::duration_cast<std::chrono::milliseconds>(time);
  if (whole < least) throw invalid(option, fmt::format("at least {}ms", least.count()));
  return whole;
}

}  // namespace

std::span<const std::string_view> fio_output_formats() { return kOutputFormats; }

std::optional<FioArgument> fio_run_option_argument(std::string_view name) {
  for (const FioOptionRow& option : kRunOptions) {
    if (option.group == FioOptionGroup::kOutput && option.name == name) return option.argument;
  }
  return std::nullopt;
}

std::span<const FioOptionRow> fio_run_option_rows() { return kRunOptions; }

void apply_fio_run_option(FioOutputRequest& request, const FioOption& option) {
  const std::string_view name = option.name;
  if (name == "output-format") {
    apply_output_format(request, option);
  } else if (name == "output") {
    if (value_of(option).empty()) throw invalid(option, "give the file fio's output goes to");
    request.output_path = std::string(value_of(option));
    // fio's default format is normal: --output alone writes it there (a later --output-format replaces it).
    if (!request.any()) request.formats = {"normal"};
  } else if (name == "minimal") {
    if (option.value && *option.value != "1") throw invalid(option, "--minimal takes no value");
    request.formats = {"terse"};
  } else if (name == "terse-version") {
    const std::string_view text = value_of(option);
    const unsigned version = read_number<unsigned>(text).value_or(0);
    if (version < 2 || version > 5) throw invalid(option, "fio's terse versions are 2, 3, 4 and 5");
    request.terse_version = version;
  } else if (name == "eta") {
    const std::string_view when = value_of(option);
    if (when != "always" && when != "never" && when != "auto") throw invalid(option, "always, never or auto");
    request.eta = when == "always" ? FioOutputRequest::Eta::kAlways
                  : when == "never" ? FioOutputRequest::Eta::kNever
                                    : FioOutputRequest::Eta::kAuto;
  } else if (name == "eta-newline") {
    request.eta_newline = time_of(option, std::chrono::milliseconds(1));
  } else if (name == "eta-interval") {
    request.eta_interval = time_of(option, std::chrono::milliseconds(250));  // fio's DISK_UTIL_MSEC
  } else {  // status-interval
    request.status_interval = time_of(option, std::chrono::milliseconds(1000));
  }
}

}  // namespace bench
