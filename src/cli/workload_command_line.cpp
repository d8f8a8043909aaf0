#include "cli/workload_command_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>

#include "cli/builtin_suites.h"
#include "cli/fio_job_file.h"
#include "cli/fio_option_help.h"
#include "cli/fio_persona.h"
#include "cli/bonnie_command_line.h"
#include "cli/shared_options.h"
#include "cli/tags.h"
#include "cli/workload_words.h"
#include "result/errors.h"
#include "result/job_file_names.h"
#include "result/size_arithmetic.h"
#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// --scale's bounds: below a millionth a second of runtime is a microsecond, above a thousand sizes leave
// petabytes.
constexpr double kSmallestScale = 1e-6;
constexpr double kLargestScale = 1000;

// The longest runtime + ramp_time bench++ times: a century, far inside the clock's 292 years of nanoseconds.
constexpr std::chrono::hours kLongestRun(24 * 36500);

// Throws UsageError when the workload's ramp and measured window together pass kLongestRun.
void check_run_time(const WorkloadSpec& spec) {
  const auto longest = std::chrono::duration_cast<std::chrono::nanoseconds>(kLongestRun);
  if (spec.runtime > longest || spec.ramp_time > longest || spec.runtime + spec.ramp_time > longest) {
    throw UsageError(fmt::format("workload '{}': runtime= plus ramp_time= is longer than bench++ times "
                                 "(36500 days)",
                                 spec.name));
  }
}

WorkloadScale scale_of(const std::string& text) {
  if (text == "small") return {1.0, true};
  const double factor = read_number<double>(text).value_or(0.0);
  if (!(factor >= kSmallestScale) || !(factor <= kLargestScale)) {
    throw UsageError(fmt::format("invalid --scale value '{}': a factor from {} to {} (e.g. 0.1), or small", text,
                                 kSmallestScale, kLargestScale));
  }
  return {factor, false};
}

// A workload's size or time scaled by --scale FACTOR, or a UsageError naming --scale when the product does not fit.
std::uint64_t scaled(std::uint64_t value, double factor, const WorkloadSpec& spec, std::string_view what,
                     std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) {
  const CheckedSize product = checked_scale(value, factor);
  if (!product || *product > limit) {
    throw UsageError(fmt::format("invalid --scale value '{}': workload '{}': {}={} x {} does not fit", factor,
                                 spec.name, what, value, factor));
  }
  return *product;
}

std::chrono::nanoseconds scaled_time(std::chrono::nanoseconds time, double factor, const WorkloadSpec& spec,
                                     std::string_view what) {
  constexpr auto kLongest = static_cast<std::uint64_t>(std::numeric_limits<std::chrono::nanoseconds::rep>::max());
  const auto nanoseconds = static_cast<std::uint64_t>(time.count());  // never negative: parse_fio_time
  return std::chrono::nanoseconds(static_cast<std::int64_t>(scaled(nanoseconds, factor, spec, what, kLongest)));
}

const BuiltinSuite& find_suite(const std::string& name) {
  const auto suites = builtin_suites();
  const auto found = std::find_if(suites.begin(), suites.end(), [&](const BuiltinSuite& s) { return s.name == name; });
  if (found != suites.end()) return *found;
  std::string names;
  for (const BuiltinSuite& suite : suites) names += (names.empty() ? "" : ", ") + std::string(suite.name);
  throw UsageError(fmt::format("unknown suite '{}': bench++ has {}", name, names));
}

// Marks the workloads whose filename= is an --allow-overwrite path (with several names, a:b, when every one of them
// that exists is: the others bench++ creates); each path must name one of a workload's files or an output (which
// may then go onto a device: app/output_files.h).
void apply_allow_overwrite(std::vector<WorkloadSpec>& specs, const std::vector<std::string>& paths,
                           const fs::path& default_directory, const Config& config) {
  std::vector<fs::path> allowed;
  for (const std::string& path : paths) {
    // (fs::absolute throws std::filesystem_error for an empty path: a usage error, not a failure of the machine.)
    if (path.empty()) throw UsageError("--allow-overwrite needs a path: an empty one names no file");
    allowed.push_back(fs::absolute(path).lexically_normal());
  }
  std::vector<bool> named(paths.size(), false);
  for (WorkloadSpec& spec : specs) {
    if (spec.filename.empty()) continue;
    const std::string first_directory = directory_of_job(spec, 0);  // filename= is in directory='s first
    const fs::path directory = first_directory.empty() ? default_directory : fs::path(first_directory);
    bool every_name = true;  // each existing file is named by a path (the others bench++ creates)
    bool any_name = false;
    for (const std::string& name : split_fio_names(spec.filename)) {
      const fs::path target =
          fs::absolute(fs::path(name).is_absolute() ? fs::path(name) : directory / name).lexically_normal();
      const auto found = std::find(allowed.begin(), allowed.end(), target);
      if (found == allowed.end()) {
        std::error_code error;
        if (fs::exists(target, error)) every_name = false;  // a file of someone's that no path names
        continue;
      }
      named[static_cast<std::size_t>(found - allowed.begin())] = true;
      any_name = true;
    }
    if (any_name && every_name) spec.overwrite_allowed = true;
  }
  std::vector<fs::path> outputs;
  for (const auto& [name, path] : config.result_files) {
    if (path != "-") outputs.push_back(fs::absolute(path).lexically_normal());
  }
  if (config.fio_output.output_path) outputs.push_back(fs::absolute(*config.fio_output.output_path).lexically_normal());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (named[i] || std::find(outputs.begin(), outputs.end(), allowed[i]) != outputs.end()) continue;
    throw UsageError(fmt::format("--allow-overwrite {} names no workload's filename= and no output", paths[i]));
  }
}

// fio's output and bench++'s own result files cannot share standard output.
void check_fio_output(const Config& config) {
  const FioOutputRequest& fio = config.fio_output;
  if (!fio.any() || fio.output_path) return;
  for (const auto& [name, path] : config.result_files) {
    if (path == "-") {
      throw UsageError(fmt::format("fio's --output-format and --{} - both write to standard output: give one of them "
                                   "a file (--output FILE, or --{} FILE)",
                                   name, name));
    }
  }
}

// fio's persona writes fio's normal output when no format is asked for (fio 3.33's default), unless one of
// bench++'s result files takes standard output (--json -), which is then the one output there.
void choose_fio_default_output(Config& config) {
  if (config.fio_output.any()) return;
  for (const auto& [name, path] : config.result_files) {
    if (path == "-") return;
  }
  config.fio_output.formats = {"normal"};
}

// bench++'s own options once applied: the shared ones are in the Config, these two wait for the workloads.
struct OwnSettings {
  WorkloadScale scale;                       // --scale's, the last one given
  std::vector<std::string> allow_overwrite;  // --allow-overwrite's paths, in the order given
};

// Applies the shared options to `config` (each once, unless repeatable) and checks them together
// (check_shared_options); returns the options of job and suite alone. Throws UsageError.
OwnSettings apply_own_options(const std::vector<OwnValue>& own, Config& config) {
  OwnSettings settings;
  std::vector<const SharedOption*> given;
  for (const OwnValue& value : own) {
    if (const SharedOption* shared = value.option.shared) {
      if (!shared->repeatable && std::find(given.begin(), given.end(), shared) != given.end()) {
        throw UsageError(fmt::format("option {} was given more than once", shared_option_display_name(*shared)));
      }
      given.push_back(shared);
      apply_shared_option(*shared, value.value, config);
    } else if (value.option.name == "allow-overwrite") {
      settings.allow_overwrite.push_back(value.value);
    } else if (value.option.name == "scale") {
      settings.scale = scale_of(value.value);
    }
  }
  check_shared_options(config);
  return settings;
}

// bench++ suite NAME: exactly one word without "--", and of fio's options only those of its output (a suite's
// workloads are its own). Throws UsageError naming the first word out of place.
void check_suite_words(const WorkloadWords& words) {
  const std::vector<std::string>& positionals = words.positionals;
  if (positionals.empty()) throw UsageError("bench++ suite needs one suite name (tart, openstack or cdm)");
  if (positionals.size() > 1) {
    throw UsageError(fmt::format("unexpected word '{}' after the suite name '{}': bench++ suite runs one suite",
                                 positionals[1], positionals[0]));
  }
  for (const std::string& word : words.fio_words) {
    if (word.rfind("--", 0) != 0) continue;  // an option's value (--output r)
    const std::string name = word.substr(2, word.find('=') == std::string::npos ? word.npos : word.find('=') - 2);
    if (!is_fio_run_option(name)) {
      throw UsageError(fmt::format("bench++ suite takes bench++'s options and fio's output options only, not "
                                   "fio's job options ({})",
                                   word));
    }
  }
}

// bench++ suite: the built-in suite's workloads (of --section's sections, when given), its repeat unless -x gave
// one, and fio's output options into `config`. Throws UsageError.
void read_suite(const WorkloadWords& words, const std::vector<std::string>& sections, Config& config) {
  check_suite_words(words);
  config.fio_output = read_fio_run_options(words.fio_words);
  const BuiltinSuite& suite = find_suite(words.positionals.front());
  JobFileReading reading;
  reading.sections = sections;
  config.setup.workloads = read_fio_job_file(suite.text, std::string(suite.name) + ".fio", reading);
  config.setup.suite = suite.name;
  if (!config.repeats_given) config.repeats = suite_repeats(suite.text);
}

// fio's warning for each deprecated option given (`names`, as met), which the job runs without: in fio's persona
// fio's own line, on fio's output as fio writes it (config.fio_output_notes), else bench++'s (config.warnings: on
// stderr before the run).
void warn_deprecated(const std::vector<std::string>& names, Config& config) {
  for (const std::string& name : names) {
    if (config.persona == Persona::kFio) {
      config.fio_output_notes.push_back(fmt::format("Option {} is deprecated", name));
    } else {
      config.warnings.push_back(
          fmt::format("fio option '{}' is deprecated: fio 3.33 ignores it, and so does bench++", name));
    }
  }
}

// bench++ job with job files: each file's workloads in turn, their run times checked with the file named. fio's job
// options beside job files fill fio's defaults for the first file only (cli/fio_job_file.h); a --name beside a word
// without "--" more likely means a stray word than a job file, and is refused. The deprecated options met, by
// name, are added to `deprecated` (FioJobs::deprecated_options). Throws UsageError.
void read_job_files(const WorkloadWords& words, const std::vector<std::string>& sections,
                    const std::function<std::string(const std::string&)>& read_file,
                    const IncludeReader& read_include, Config& config, std::vector<std::string>& deprecated) {
  const std::vector<std::string>& files = words.positionals;
  for (const std::string& word : words.fio_words) {
    if (names_fio_job(word)) {
      throw UsageError(fmt::format("unexpected word '{}': a word without '--' names a job file, and a job file "
                                   "does not combine with a workload of the command line ({})",
                                   files.front(), word));
    }
  }
  const std::vector<FioOption> defaults = read_fio_options_beside_job_files(words.fio_words, config.fio_output);
  for (const FioOption& option : defaults) {  // read once, before the files (fio's warning comes first)
    if (is_deprecated_fio_option(option.name)) deprecated.push_back(option.name);
  }
  std::vector<WorkloadSpec>& specs = config.setup.workloads;
  for (const std::string& file : files) {
    const bool first = &file == &files.front();
    JobFileReading reading;  // fio 3.33: the command line's job options and --section reach the first file only
    reading.deprecated_options = &deprecated;
    if (first) reading.command_line_defaults = defaults;
    if (first) reading.sections = sections;
    if (read_include) {
      reading.read_include = [&](const std::string& path) {  // each include read is an input of the run
        std::optional<std::string> text = read_include(path);
        if (text) config.job_files.push_back(path);
        return text;
      };
    }
    std::vector<WorkloadSpec> from_file = read_fio_job_file(read_file(file), file, reading);
    config.job_files.push_back(file);
    for (const WorkloadSpec& spec : from_file) {  // (checked again once scaled; here the file is named)
      try {
        check_run_time(spec);
      } catch (const UsageError& error) {
        throw UsageError(fmt::format("{}: {}", file, error.what()));
      }
    }
    specs.insert(specs.end(), from_file.begin(), from_file.end());
  }
  check_unique_workload_names(specs);
}

// The last step, once every workload is read: fio's output and bench++'s result files checked together,
// --readonly and --scale applied, each workload checked (fio_workload_checks) and its run time bounded,
// --allow-overwrite's paths matched to filename=, and --cache keep's workloads left uninvalidated.
// Throws UsageError.
void finish_workloads(bool read_only, const OwnSettings& settings, Config& config) {
  check_fio_output(config);
  std::vector<WorkloadSpec>& specs = config.setup.workloads;
  for (WorkloadSpec& spec : specs) spec.read_only = read_only;
  scale_workloads(specs, settings.scale);
  for (const WorkloadSpec& spec : specs) {
    check_workload(spec);
    check_run_time(spec);
  }
  apply_allow_overwrite(specs, settings.allow_overwrite, config.directory, config);
  config.allow_overwrite = settings.allow_overwrite;
  if (config.setup.cache == CacheMode::kKeep) {
    for (WorkloadSpec& spec : specs) spec.invalidate = false;
  }
}

// fio puts its command line's job options before the first --name (or beside a job file) in "global options", in
// the order given, --directory with them; bench++ takes that one as its own -d (the same directory), so it is
// added to what each workload records here, after the job options that came before it.
void record_command_line_directory(const WorkloadWords& words, std::vector<WorkloadSpec>& specs) {
  const auto directory = std::find_if(words.own.begin(), words.own.end(), [](const OwnValue& value) {
    return value.option.shared != nullptr && value.option.name == "directory";
  });
  if (directory == words.own.end()) return;
  std::size_t job_options_before = 0;  // fio's job options among the words before it (not values, nor run options)
  for (std::size_t i = 0; i < directory->fio_words_before; ++i) {
    const std::string& word = words.fio_words[i];
    if (names_fio_job(word)) break;  // a job's own options from here
    if (!word.starts_with("--")) continue;
    const std::string name = word.substr(2, word.find('=') == std::string::npos ? word.npos : word.find('=') - 2);
    if (!is_fio_run_option(name)) ++job_options_before;
  }
  for (WorkloadSpec& spec : specs) {
    auto& global = spec.given_global_options;
    const auto at = global.begin() + static_cast<std::ptrdiff_t>(std::min(job_options_before, global.size()));
    global.insert(at, {"directory", directory->value});
  }
}

}  // namespace

void scale_workloads(std::vector<WorkloadSpec>& specs, const WorkloadScale& scale) {
  using std::chrono::seconds;
  for (WorkloadSpec& spec : specs) {
    if (scale.small) {
      spec.size_bytes = std::min<std::uint64_t>(spec.size_bytes, 64ull << 20);
      if (spec.runtime.count() > 0) spec.runtime = std::min<std::chrono::nanoseconds>(spec.runtime, seconds(2));
      spec.ramp_time = std::min<std::chrono::nanoseconds>(spec.ramp_time, seconds(1));
    } else if (scale.factor != 1.0) {  // (1: no --scale; a size near 2^64 is not its business)
      const bool sized = spec.size_bytes != 0;
      spec.size_bytes = scaled(spec.size_bytes, scale.factor, spec, "size");
      if (sized && spec.size_bytes == 0) spec.size_bytes = spec.block_bytes;  // at least one block
      spec.runtime = scaled_time(spec.runtime, scale.factor, spec, "runtime (ns)");
      spec.ramp_time = scaled_time(spec.ramp_time, scale.factor, spec, "ramp_time (ns)");
      if (spec.time_based && spec.runtime.count() == 0) spec.runtime = std::chrono::milliseconds(1);
    }
    if (spec.size_bytes != 0) spec.size_bytes = std::max<std::uint64_t>(spec.size_bytes / spec.block_bytes, 1) * spec.block_bytes;
    if (spec.file_size != 0 && spec.file_size_high == 0 && files_per_job(spec) == 1) {
      spec.file_size = spec.size_bytes;  // filesize= (settled: the same as size) scales with it
    } else if (spec.file_size != 0 && !scale.small && scale.factor != 1.0) {  // several files, or a range: each bound
      for (std::uint64_t* bound : {&spec.file_size, &spec.file_size_high}) {
        if (*bound == 0) continue;
        *bound = std::max<std::uint64_t>(scaled(*bound, scale.factor, spec, "filesize") / spec.block_bytes, 1) *
                 spec.block_bytes;
      }
    }
  }
}

std::uint32_t suite_repeats(std::string_view text) {
  constexpr std::string_view kMarker = "; bench++-suite: repeat=";
  const auto at = text.find(kMarker);
  if (at == std::string_view::npos) return 1;
  const std::string_view rest = text.substr(at + kMarker.size());
  // The marker's number ends at the line's end or the next word; none, or one too large, is one run.
  const LeadingNumber<std::uint32_t> repeats = read_leading_number<std::uint32_t>(rest);
  return repeats.status == NumberStatus::kRead ? std::max<std::uint32_t>(repeats.value, 1) : 1;
}

ParsedCommandLine parse_workload_command_line(WorkloadCommand command, const std::vector<std::string>& words,
                                              const SystemFacts& facts,
                                              const std::function<std::string(const std::string&)>& read_file,
                                              const IncludeReader& read_include) {
  const Persona persona = command == WorkloadCommand::kFio ? Persona::kFio : Persona::kBench;
  if (persona == Persona::kFio) {
    if (std::optional<ParsedCommandLine> answer = fio_persona_answer(words)) {
      answer->config.persona = persona;
      return *answer;
    }
  } else if (command == WorkloadCommand::kJob) {
    if (std::optional<ParsedCommandLine> answer = fio_option_help_answer(words)) return *answer;
  }
  const FioSwitches switches = take_fio_switches(words);
  const WorkloadWords sorted = sort_workload_words(switches.args);
  ParsedCommandLine result;
  result.config.persona = persona;
  if (sorted.help) {
    result.action = Action::kHelp;
    result.help_text = workload_help_text(command);
    return result;
  }
  Config& config = result.config;
  config.label = facts.host_name;
  config.setup.seed = facts.random_seed;
  if (persona == Persona::kFio) config.setup.file_rules = FileRules::kFio;
  config.setup.reports_stopped_run = persona == Persona::kFio;
  const OwnSettings settings = apply_own_options(sorted.own, config);
  if (command == WorkloadCommand::kSuite) {
    read_suite(sorted, switches.sections, config);
  } else if (sorted.positionals.empty()) {
    FioJobs jobs = read_fio_command_line(sorted.fio_words, switches.sections);
    config.setup.workloads = std::move(jobs.workloads);
    config.fio_output = jobs.output;
    warn_deprecated(jobs.deprecated_options, config);
  } else {
    std::vector<std::string> deprecated;
    read_job_files(sorted, switches.sections, read_file, read_include, config, deprecated);
    warn_deprecated(deprecated, config);
  }
  if (persona == Persona::kFio) choose_fio_default_output(config);
  if (command != WorkloadCommand::kSuite) record_command_line_directory(sorted, config.setup.workloads);
  finish_workloads(switches.read_only, settings, config);
  if (switches.parse_only) result.action = Action::kParseOnly;
  return result;
}

std::string workload_help_text(WorkloadCommand command) {
  if (command == WorkloadCommand::kFio) return fio_persona_usage();
  std::string suites;
  for (const BuiltinSuite& suite : builtin_suites()) suites += (suites.empty() ? "" : ", ") + std::string(suite.name);
  const std::string usage = command == WorkloadCommand::kJob
                                ? "usage: bench++ job [options] --name=NAME [fio options]... | JOBFILE.fio...\n"
                                  "Runs workloads given with fio's options or job files (see bench++(1), WORKLOADS).\n"
                                  "It writes bench++'s table; fio's output: --output-format=normal, or `bench++ fio` "
                                  "(bench++(1), FIO PERSONA).\n"
                                : fmt::format("usage: bench++ suite NAME [options]   (NAME: {})\n"
                                              "Runs a named suite of workloads (suites/NAME.fio; bench++(1), SUITES).\n",
                                              suites);
  return usage + "\n" + shared_options_help() + R"(
Options of bench++ job and suite:
      --allow-overwrite PATH
                        let writing workloads use PATH, an existing file or block device named by filename=
                        (without it bench++ only reads what it did not create), or let an output (--json,
                        --csv, --html, --output) go onto PATH, a block device or another special file
      --scale FACTOR|small
                        multiply every size and time by FACTOR (0.000001 to 1000), or cap them (small: 64 MiB
                        per job, 2 s runs)
)" + (command == WorkloadCommand::kJob ? R"(      --cmdhelp[=OPTION]
                        the job options bench++ runs ("name: help"), or one option's help
      --enghelp[=ENGINE]
                        the engines bench++ runs (fio's names), or one engine's options
)" : "") + fio_options_help() + R"(
Sizes follow fio's kb_base=1024 (4k = 4096, 4g = 4 GiB; 4KiB = 4000 as in fio); times are seconds unless
they say us, ms, s, m, h or d.
)";
}

}  // namespace bench
