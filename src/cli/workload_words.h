#pragma once
// The first two steps of reading a `bench++ job` or `bench++ suite` command line (cli/workload_command_line.h):
// fio's switches that concern the whole command line are taken out, then the other words are sorted into
// bench++'s own options (with their values), fio's options and the words without "--" (job files, or the suite's
// name). Pure: nothing is applied or checked beyond the words' shape.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/shared_options.h"

namespace bench {

// Whether `word` is fio's --name (as "--name" or "--name=NAME"), which starts a job of the command line.
bool names_fio_job(std::string_view word);

// fio's switches of the whole command line, and the words left for the later steps.
struct FioSwitches {
  std::vector<std::string> args;      // the other words, fio's single-dash spellings as its double-dash ones
  bool read_only = false;             // fio's --readonly: every workload only reads
  bool parse_only = false;            // fio's --parse-only
  std::vector<std::string> sections;  // fio's --section=NAME (repeatable), in the order given
};

// Takes --readonly, --parse-only and --section NAME|=NAME out of `words` (fio spells each with one dash or two),
// and rewrites fio's single-dash options as --name (see the .cpp: bench++'s own letters stay as they are).
// Throws UsageError for a --section without a value, with an empty one, or naming [global].
FioSwitches take_fio_switches(const std::vector<std::string>& words);

// One of the options of these command lines that are bench++'s and not fio's: the shared ones
// (cli/shared_options.h) and the two of job and suite alone.
struct OwnOption {
  const SharedOption* shared = nullptr;  // a shared option, or
  std::string_view name;                 // "allow-overwrite" or "scale" (static: the option tables' names)
  bool takes_value() const { return shared == nullptr || shared->takes_value(); }
};

// One of bench++'s options as given, with its value ("" for one that takes none).
struct OwnValue {
  OwnOption option;
  std::string value;
  std::size_t fio_words_before = 0;  // how many of WorkloadWords::fio_words came before it
};

// The words after take_fio_switches, sorted.
struct WorkloadWords {
  bool help = false;                     // -h/--help was met: the words after it were not read
  std::vector<OwnValue> own;             // bench++'s options, in the order given
  std::vector<std::string> fio_words;    // fio's options, each followed by its value when that was the next word
  std::vector<std::string> positionals;  // the words without "--": job files, or the suite's name
};

// Sorts `args`: a word that names one of bench++'s options takes its value after '=', attached to a letter
// (-dDIR) or as the next word; every other word starting with "--" is fio's, and takes the next word as its value
// when fio's option needs one and none follows '='. Before any --name, --directory is bench++'s -d; after one it
// is fio's directory= of that job. Stops at -h/--help. Throws UsageError for an option of bench++'s that needs a
// value at the end of the words.
WorkloadWords sort_workload_words(const std::vector<std::string>& args);

}  // namespace bench
