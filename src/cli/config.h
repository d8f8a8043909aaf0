#pragma once
// The validated configuration of one bench++ invocation. Plain data: produced by cli/bonnie_command_line.h, read by
// main and the runner. Nothing here depends on Boost.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "result/run_setup.h"

namespace bench {

// fio's output asked for with fio's run options (cli/fio_run_options.h): which of fio's formats, where
// (report/fio/ writes them). Nothing asked: bench++'s own table as always.
struct FioOutputRequest {
  bool normal = false;     // --output-format=normal: bench++'s table and fio's per-job summary lines
  bool json = false;       // json: fio's JSON document
  bool json_plus = false;  // json+: the same with the latency bins
  bool terse = false;      // terse, --minimal: fio's terse lines
  std::optional<std::string> output_path;  // --output FILE; nullopt: standard output
  unsigned terse_version = 3;              // --terse-version
  bool any() const { return normal || json || json_plus || terse; }
};

struct Config {
  RunSetup setup;  // what the run is asked to do: every option that changes what is measured
  // What only the command line needs:
  std::filesystem::path directory = ".";  // -d: bench++ creates its private directory inside it
  std::string machine_name;               // -m (default: the host name)
  std::string label;                      // --label (default: the machine name)
  bool dry_run = false;                   // bench++ job, suite --dry-run: check and describe, run nothing
  bool seed_given = false;                // -z was given (bench++ job: it decides offsets even with randrepeat=1)
  std::uint32_t repeats = 1;              // -x
  bool repeats_given = false;             // -x was given: CSV only, with a header line
  bool quiet = false;                     // -q
  std::optional<std::string> user;        // -u user (name or number)
  std::optional<std::string> group;       // -u :group or -g group
  std::optional<std::string> csv_path;    // --csv FILE ("-" is stdout): the spreadsheet CSV
  std::optional<std::string> json_path;   // --json FILE ("-" is stdout)
  std::optional<std::string> html_path;   // --html FILE (a file, not stdout): the run's report (report/html/run_html.h)
  FioOutputRequest fio_output;            // bench++ job and suite: fio's --output-format, --output, --minimal
  std::vector<std::string> tags;          // --tag KEY=VALUE (checked: cli/tags.h), recorded with the run
  std::vector<std::string> warnings;      // things main prints to stderr before running
};

// What the command line asks for.
// kParseOnly: fio's --parse-only, the command line read and checked, nothing run or printed.
enum class Action { kRun, kHelp, kVersion, kDetect, kParseOnly };

struct ParsedCommandLine {
  Action action = Action::kRun;
  Config config;
  std::string help_text;  // filled for kHelp
};

}  // namespace bench
