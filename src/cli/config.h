#pragma once
// The validated configuration of one bench++ invocation. Plain data: produced by cli/bonnie_command_line.h, read by
// main and the runner. Nothing here depends on Boost.
#include <chrono>
#include <cstdint>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result/run_setup.h"

namespace bench {

// fio's output asked for with fio's run options (cli/fio_run_options.h): which of fio's formats, where
// (app/output_table.cpp's rows of fio's formats write them). Nothing asked: bench++'s own table as always.
struct FioOutputRequest {
  // --output-format's names (fio_output_formats(): normal, json, json+, terse; --minimal is terse), each once;
  // json+ is json with the latency bins, so it stands alone for both.
  std::vector<std::string> formats;
  std::optional<std::string> output_path;  // --output FILE; nullopt: standard output
  unsigned terse_version = 3;              // --terse-version
  // fio's ETA line (report/fio/fio_eta_line.h): --eta (auto: when standard output is a terminal), --eta-newline
  // (0: the line is redrawn in place), --eta-interval (fio's default 1 s); --status-interval (0: none).
  enum class Eta { kAuto, kAlways, kNever };
  Eta eta = Eta::kAuto;
  std::chrono::milliseconds eta_newline{0};
  std::chrono::milliseconds eta_interval{1000};
  std::chrono::milliseconds status_interval{0};
  bool any() const { return !formats.empty(); }
  bool has(std::string_view format) const {
    return std::find(formats.begin(), formats.end(), format) != formats.end();
  }
};

// Who bench++ is to its caller. kBench: bench++ itself (bonnie++'s command line, `bench++ job`, `suite`).
// kFio: fio, for the tools and scripts that run `fio` (bench++ invoked as `fio`, or `bench++ fio`): fio's command
// line as `bench++ job` takes it, with fio's defaults where bench++'s own differ (bench++(1), FIO PERSONA).
enum class Persona { kBench, kFio };

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
  // The result files asked for: the name of the shared option that asks (the rows of cli/shared_options.cpp marked
  // result_file: --json, --csv, --html), its FILE ("-": stdout). app/output_table.cpp has each one's writer.
  std::map<std::string, std::string, std::less<>> result_files;
  FioOutputRequest fio_output;            // bench++ job and suite: fio's --output-format, --output, --minimal
  std::vector<std::string> tags;          // --tag KEY=VALUE (checked: cli/tags.h), recorded with the run
  std::optional<std::string> window_command;  // --window-command CMD (plan/plan.h Plan::window_command)
  // The job files read and the files they include, as named (bench++ job): inputs no output may replace
  // (app/output_files.h).
  std::vector<std::string> job_files;
  // --allow-overwrite PATH (bench++ job and suite), as given: a workload's filename= it may write, or an output it
  // may write onto a device (app/output_files.h).
  std::vector<std::string> allow_overwrite;
  std::vector<std::string> warnings;      // things main prints to stderr before running
  // fio's persona: the lines fio writes on its output as it reads the job's options ("Option verifysort is
  // deprecated": parse.c's log_info), written first on fio's output (--output's file, else standard output).
  std::vector<std::string> fio_output_notes;
  Persona persona = Persona::kBench;

  // The FILE of the result file option `name` asks for, or nullopt.
  std::optional<std::string> result_file(std::string_view name) const {
    const auto found = result_files.find(name);
    return found == result_files.end() ? std::nullopt : std::optional<std::string>(found->second);
  }
};

// What the command line asks for.
// kParseOnly: fio's --parse-only, the command line read and checked, nothing run or printed.
enum class Action { kRun, kHelp, kVersion, kDetect, kParseOnly };

struct ParsedCommandLine {
  Action action = Action::kRun;
  Config config;
  std::string help_text;  // filled for kHelp
  std::string notice;     // kHelp: a line for stderr beside it (fio's persona: --cmdhelp of an unknown option)
};

}  // namespace bench
