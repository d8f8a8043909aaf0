#include "cli/fio_run_options.h"

#include <fmt/format.h>

#include <array>
#include <charconv>

#include "cli/fio_values.h"
#include "result/errors.h"
#include "text/split.h"

namespace bench {
namespace {

struct RunOption {
  std::string_view name;
  FioArgument argument;
};
constexpr std::array<RunOption, 7> kRunOptions = {{
    {"output-format", FioArgument::kRequired},
    {"output", FioArgument::kRequired},
    {"minimal", FioArgument::kFlag},
    {"terse-version", FioArgument::kRequired},
    {"eta", FioArgument::kRequired},
    {"eta-newline", FioArgument::kRequired},
    {"status-interval", FioArgument::kRequired},
}};

UsageError invalid(const FioOption& option, std::string_view why) {
  return UsageError(fmt::format("invalid fio option {}='{}': {}", option.name, option.value.value_or(""), why));
}

std::string_view value_of(const FioOption& option) { return option.value ? std::string_view(*option.value) : ""; }

// --output-format=LIST: a comma-separated list of normal, json, json+ and terse (fio's names).
void apply_output_format(FioOutputRequest& request, const FioOption& option) {
  FioOutputRequest formats;
  formats.output_path = request.output_path;
  formats.terse_version = request.terse_version;
  if (value_of(option).empty()) throw invalid(option, "give normal, json, json+ or terse (a comma list)");
  for (const std::string_view format : split(value_of(option), ',')) {
    if (format == "normal") {
      formats.normal = true;
    } else if (format == "json") {
      formats.json = true;
    } else if (format == "json+") {
      formats.json_plus = true;
    } else if (format == "terse") {
      formats.terse = true;
    } else {
      throw invalid(option, fmt::format("'{}' is none of normal, json, json+ and terse", format));
    }
  }
  request = formats;
}

// A time as fio's --eta-newline and --status-interval take it: a number with an optional unit.
void check_time(const FioOption& option) {
  const std::string_view text = value_of(option);
  try {
    (void)cli_value::fio_time_of(text);
  } catch (const cli_value::ValueError&) {
    throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
  }
  if (text.empty()) throw invalid(option, "a time (e.g. 2, 500ms, 1m)");
}

}  // namespace

std::optional<FioArgument> fio_run_option_argument(std::string_view name) {
  for (const RunOption& option : kRunOptions) {
    if (option.name == name) return option.argument;
  }
  return std::nullopt;
}

void apply_fio_run_option(FioOutputRequest& request, const FioOption& option) {
  const std::string_view name = option.name;
  if (name == "output-format") {
    apply_output_format(request, option);
  } else if (name == "output") {
    if (value_of(option).empty()) throw invalid(option, "give the file fio's output goes to");
    request.output_path = std::string(value_of(option));
    // fio's default format is normal: --output alone writes it there (a later --output-format replaces it).
    if (!request.any()) request.normal = true;
  } else if (name == "minimal") {
    if (option.value && *option.value != "1") throw invalid(option, "--minimal takes no value");
    request = FioOutputRequest{.terse = true, .output_path = request.output_path,
                               .terse_version = request.terse_version};
  } else if (name == "terse-version") {
    const std::string_view text = value_of(option);
    unsigned version = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), version);
    if (error != std::errc() || end != text.data() + text.size() || version < 2 || version > 5) {
      throw invalid(option, "fio's terse versions are 2, 3, 4 and 5");
    }
    request.terse_version = version;
  } else if (name == "eta") {
    const std::string_view when = value_of(option);
    if (when != "always" && when != "never" && when != "auto") throw invalid(option, "always, never or auto");
  } else {  // eta-newline, status-interval: accepted for fio's command lines; bench++ prints its own progress
    check_time(option);
  }
}

}  // namespace bench
