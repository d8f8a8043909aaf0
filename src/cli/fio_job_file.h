#pragma once
// fio's two ways of describing workloads, read into WorkloadSpecs (cli/fio_options.h has the options): a command
// line (`fio --name=a --rw=randread ...`) and a job file (INI: `[global]` and one section per workload). Pure: the
// caller reads the file. Errors are bench::UsageError naming the option, and in a job file its line.
//
// As in fio: options before the first --name (or in a [global] section) apply to every workload after them, and a
// later [global] adds to the earlier ones; each --name or section starts a workload; `;` and `#` start comments,
// whole-line or after a value; a kb_base applies to the sizes written after it (a [global] one to the whole job). Workloads run at
// once unless one has stonewall, which waits for all before it. Unlike fio, two workloads may not share a name
// (their results are kept under it).
//
// Job options on a command line beside job files (`fio --runtime 30 file.fio`) are what fio 3.33 makes of them
// (init.c): they fill fio's defaults before the first job file is read, so they apply to every workload of the
// first file unless its [global] or a section sets the option again; fio resets its defaults before each later
// job file, so they do not reach a second one. A --name beside a job file is refused.
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/config.h"
#include "cli/fio_keywords.h"
#include "cli/fio_options.h"
#include "result/workload_spec.h"

namespace bench {

// What fio's words said: the workloads in order, and fio's own run option.
struct FioJobs {
  std::vector<WorkloadSpec> workloads;
  FioOutputRequest output;  // fio's run options: --output-format, --output, --minimal (cli/fio_run_options.h)
  // fio's deprecated options given (is_deprecated_fio_option), by name, once each time one is given, in order:
  // fio says "Option NAME is deprecated" for each.
  std::vector<std::string> deprecated_options;
};

// Reads fio options from a command line: words such as "--bs=4k", "--bs" "4k", "--time_based". `sections`: fio's
// --section=NAME, which also picks among the command line's --name jobs (fio 3.33); none given: all.
// REQUIRES: the words hold only fio's options (the caller takes its own options and job files out first).
FioJobs read_fio_command_line(std::span<const std::string> words, std::span<const std::string> sections = {});

// fio's run options alone (--output-format=json, --output FILE, ...), as beside a job file or a suite: the output
// they ask for. Throws UsageError for any other fio option (fio would ignore it; it belongs in the job file).
FioOutputRequest read_fio_run_options(std::span<const std::string> words);

// fio's words beside job files: the run options' output request into `output`, and the job options (in order,
// for read_fio_job_file's `command_line_defaults`). Throws UsageError for an option bench++ does not run and
// for --name (a workload of the command line beside a job file).
std::vector<FioOption> read_fio_options_beside_job_files(std::span<const std::string> words, FioOutputRequest& output);

// Throws UsageError when two workloads share a name (their results are kept under it), or when a wait_for= names
// no earlier workload, or waits otherwise than a stonewall would (bench++ runs only that).
void check_unique_workload_names(const std::vector<WorkloadSpec>& workloads);

// Reads a job file's text; `file_name` only names it in messages ("tart.fio:12: ...").
// A variable of the environment, or nullopt when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string&)>;
std::optional<std::string> process_environment(const std::string& name);  // getenv's

// The text of an included job file, or nullopt when no file has that path (any other failure to read it is the
// reader's UsageError). cli/ stays pure: the caller reads.
using IncludeReader = std::function<std::optional<std::string>(const std::string& path)>;

// The most bytes of job-file text one job file brings in, its included files with it (an include that repeats a
// file is counted each time, so that includes cannot multiply the text without bound).
inline constexpr std::size_t kJobFileBytes = 1 << 20;

// How a job file is read beyond its text.
struct JobFileReading {
  // Job options given on the command line (see above), applied before the file's own.
  std::span<const FioOption> command_line_defaults;
  // fio's --section=NAME (repeatable): only these sections run; [global] sections are always read; none given: all.
  std::span<const std::string> sections;
  // fio's `include FILE` lines: FILE's option lines belong to the section holding the line (an included file opens
  // no section: "[" in it is an error, as in fio). A relative FILE is tried as given, then beside the including
  // file (fio 3.33's order). A cycle, a missing file and more than kJobFileBytes in all are errors naming the file.
  // Empty: include lines are refused (a built-in suite's text is on no disk).
  IncludeReader read_include;
  // What fio's ${NAME} in an option line becomes (as fio: NAME's value, or nothing when NAME is not set;
  // sections' names are not expanded).
  EnvironmentLookup environment = process_environment;
  // What fio's $pagesize, $mb_memory and $ncpus in an option line become (cli/fio_keywords.h), after ${NAME}.
  FioKeywordValues keywords = machine_keyword_values();
  // Where the names of fio's deprecated options the file's read lines give are added, once per line, in order (as
  // FioJobs::deprecated_options); null: not kept.
  std::vector<std::string>* deprecated_options = nullptr;
};

// `command_line_defaults` and `environment` as in JobFileReading; include lines refused, every section read.
std::vector<WorkloadSpec> read_fio_job_file(std::string_view text, std::string_view file_name,
                                            std::span<const FioOption> command_line_defaults = {},
                                            const EnvironmentLookup& environment = process_environment);
std::vector<WorkloadSpec> read_fio_job_file(std::string_view text, std::string_view file_name,
                                            const JobFileReading& reading);

// The workload that `global_options` and then `job_options` describe, applied in order; checked
// (check_workload). Shared by both readers.
WorkloadSpec build_workload(std::span<const FioOption> global_options, std::span<const FioOption> job_options);

// A workload's spec from the options fio recorded in its JSON ("global options", then "job options"), for
// `bench++ compare`: each option bench++ knows is applied as in a job file; one it does not know, or whose value
// it refuses, is left out (the run is fio's, not to be checked). The spec is not checked (check_workload).
WorkloadSpec workload_of_recorded_options(std::span<const std::pair<std::string, std::string>> global_options,
                                          std::span<const std::pair<std::string, std::string>> job_options);

}  // namespace bench
