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

// kRun's are read by parse_workload_command_line (cli/workload_command_line.cpp) before any other option; kOutput's
// by apply_fio_run_option below.
constexpr std::array kRunOptions = {
    FioOptionRow{"readonly", {}, kFlag, kRun, "", "only reads: a workload that writes is refused"},
    FioOptionRow{"section", {}, kRequired, kRun, "NAME",
                 "run only this section of the first job file (repeatable; the --name jobs, on a command line)"},
    FioOptionRow{"parse-only", {}, kFlag, kRun, "", "read and check the workloads, run and print nothing"},
    FioOptionRow{"output-format", {}, kRequired, kOutput, "normal|json|json+|terse[,...]",
                 "fio's output, in these formats (a comma list); bench++'s --json, --csv and --html stay"},
    FioOptionRow{"output", {}, kRequired, kOutput, "FILE", "fio's output goes to FILE (alone: the normal format)"},
    FioOptionRow{"minimal", {}, kFlag, kOutput, "", "--output-format=terse"},
    FioOptionRow{"terse-version", {}, kRequired, kOutput, "2..5", "the terse format's version (default 3)"},
    FioOptionRow{"eta", {}, kRequired, kOutput, "always|never|auto", "accepted: bench++ prints its own progress"},
    FioOptionRow{"eta-newline", {}, kRequired, kOutput, "TIME", "accepted: bench++ prints its own progress"},
    FioOptionRow{"status-interval", {}, kRequired, kOutput, "TIME", "accepted: bench++ prints its own progress"},
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

// A time as fio's --eta-newline and --status-interval take it: a number with an optional unit.
void check_time(const FioOption& option) {
  const std::string_view text = value_of(option);
  try {
    (void)cli_value::fio_time_of(text);
  } catch (const ValueError&) {
    throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
  }
  if (text.empty()) throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
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
  } else {  // eta-newline, status-interval: accepted for fio's command lines; bench++ prints its own progress
    check_time(option);
  }
}

}  // namespace bench
