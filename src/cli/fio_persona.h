#pragma once
// What fio's persona (cli/config.h's Persona::kFio: bench++ invoked as `fio`, or `bench++ fio`) answers without
// running a job, in fio 3.33's shapes (init.c's usage and parse_cmd_line, parse.c's show_cmd_help): --version,
// -h/--help, --cmdhelp[=OPTION] and --enghelp[=ENGINE], for the tools and scripts that call them. Pure.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/config.h"

namespace bench {

// The persona's --version line: this bench++'s fio version string (result/fio_release.h fio_version_string), the
// one its fio outputs carry too.
std::string fio_persona_version_line();

// fio's answer to one of the words above in `words` (fio's spellings: --version or -v, -h or --help,
// --cmdhelp[=OPTION], --enghelp[=ENGINE], each also with one dash), the first one met; nullopt when there is none
// (a job to run). kVersion: fio_persona_version_line(); kHelp: help_text on stdout and notice (when not empty) on
// stderr, exit 0, as fio answers --cmdhelp for an option it does not know. Throws UsageError for --enghelp of an
// engine bench++ does not run (fio: exit 1).
std::optional<ParsedCommandLine> fio_persona_answer(const std::vector<std::string>& words);

// The answer to --cmdhelp[=OPTION] or --enghelp[=ENGINE] in `words` (fio's spellings, as above), the first one
// met, from the option and engine tables of what bench++ runs; nullopt when there is none. `bench++ job` answers
// these two as the persona does.
std::optional<ParsedCommandLine> fio_option_help_answer(const std::vector<std::string>& words);

// fio's usage (its -h): the version line, "fio [options] [job options] <job file(s)>", then a line per option of
// fio's own command line the persona takes (fio's "  --name\t\thelp" lines), and where bench++ documents the rest.
std::string fio_persona_usage();

}  // namespace bench
