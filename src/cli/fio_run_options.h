#pragma once
// fio's run options: the options of fio's own command line that are about its output, not a job (fio 3.33's
// --output-format, --output, --minimal, --terse-version, --eta, --eta-newline, --eta-interval, --status-interval), as
// `bench++ job` and `bench++ suite` take them, and the rows that declare them with the run's own (--readonly, --section,
// --parse-only). Pure. Errors are bench::UsageError naming the option.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "cli/config.h"
#include "cli/fio_option.h"

namespace bench {

// The rows of fio's own command-line options bench++ takes: those about the whole run (FioOptionGroup::kRun:
// --readonly, --section, --parse-only, read by parse_workload_command_line before any other option) and those
// about its output (kOutput: the run options below).
std::span<const FioOptionRow> fio_run_option_rows();

// fio's --output-format names, as fio spells them: normal, json, json+, terse (app/output_table.cpp has a row each).
std::span<const std::string_view> fio_output_formats();

// How `name` takes its value when it is one of fio's output options (kOutput); nullopt when it is not one.
std::optional<FioArgument> fio_run_option_argument(std::string_view name);

// Applies one run option to `request` (--output-format=json,normal adds both; a later --output-format replaces an
// earlier one, as in fio; --minimal is --output-format=terse). REQUIRES: fio_run_option_argument(option.name).
// Throws UsageError for a value fio would refuse ("invalid fio option output-format='xml': ...").
void apply_fio_run_option(FioOutputRequest& request, const FioOption& option);

}  // namespace bench
