#pragma once
// The command lines of `bench++ job` and `bench++ suite`, parsed into a validated Config whose setup holds the
// workloads (cli/fio_job_file.h reads fio's part). Pure: job files are read by the caller (`read_file`).
//
//   bench++ job [bench++ options] [fio options] [JOBFILE...]
//   bench++ suite NAME [bench++ options]          NAME: a built-in suite (cli/builtin_suites.h)
//
// bench++'s own options, with a value after "=" or as the next word: the shared ones (cli/shared_options.h: -d,
// -x, -q, -z, --label, --tag, --json, --csv, --html, --cache, --dry-run, -h), and --allow-overwrite PATH
// (repeatable: lets writing workloads use this existing file or device) and --scale FACTOR|small. On the command
// line, --directory is bench++'s -d (fio's directory= on a command line means the same: where the files go); in a
// job file, directory= is fio's. Everything else that starts with "--" is a fio option; a word that does not is a
// job file (job only). fio's --output-format=json is --json - (the report on stdout, the table on stderr).
// The words are taken apart first (cli/workload_words.h), then applied and read in the steps of the .cpp.
#include <functional>
#include <string>
#include <vector>

#include "cli/config.h"
#include "cli/fio_job_file.h"  // IncludeReader
#include "platform/system_info.h"  // SystemFacts

namespace bench {

// kFio: fio's persona (cli/config.h's Persona): `bench++ fio ARGS` or bench++ invoked as `fio`; its words are
// `bench++ job`'s.
enum class WorkloadCommand { kJob, kSuite, kFio };

// How --scale shrinks (or grows) a suite or job: every size (at least one block) and time multiplied by a factor,
// or "small": sizes capped at 64 MiB per job, runtimes at 2 s and ramps at 1 s.
struct WorkloadScale {
  double factor = 1.0;
  bool small = false;
};

// Applies the scale to the specs (pure).
void scale_workloads(std::vector<WorkloadSpec>& specs, const WorkloadScale& scale);

// The repeat a suite's text asks for in a "; bench++-suite: repeat=N" line; 1 without one.
std::uint32_t suite_repeats(std::string_view text);

// `args` are the words after "job" or "suite"; `facts` give the default label (the host name) and seed.
// `read_file` reads a job file (and throws what it throws); `read_include` a job file's `include FILE` (nullopt:
// no such file; empty: include lines are refused). Throws UsageError with one line naming what is wrong.
// -h/--help gives Action::kHelp with help_text filled; fio's --parse-only Action::kParseOnly (all checked).
// kFio: fio's --version, --help, --cmdhelp and --enghelp are answered first (cli/fio_persona.h), and without an
// --output-format fio's normal output is asked for, as fio's default.
// fio's --section=NAME (repeatable) picks the sections of the first job file, or of the suite, or the
// command line's --name jobs, that run (fio 3.33: later job files run whole).
ParsedCommandLine parse_workload_command_line(WorkloadCommand command, const std::vector<std::string>& args,
                                              const SystemFacts& facts,
                                              const std::function<std::string(const std::string&)>& read_file,
                                              const IncludeReader& read_include = {});

std::string workload_help_text(WorkloadCommand command);

}  // namespace bench
