#include "cli/workload_command_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <optional>

#include "cli/builtin_suites.h"
#include "cli/fio_job_file.h"
#include "cli/fio_option_help.h"
#include "cli/bonnie_command_line.h"
#include "cli/shared_options.h"
#include "cli/tags.h"
#include "result/errors.h"
#include "result/job_file_names.h"
#include "result/size_arithmetic.h"
#include "text/split.h"
#include "text/number.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// The options of these command lines that are bench++'s and not fio's: the shared ones (cli/shared_options.h) and
// the two of job and suite alone.
struct OwnOption {
  const SharedOption* shared = nullptr;  // a shared option, or
  std::string_view name;                 // "allow-overwrite" or "scale"
  bool takes_value() const { return shared == nullptr || shared->takes_value(); }
};
constexpr std::array<std::string_view, 2> kWorkloadOnlyOptions = {"allow-overwrite", "scale"};

// One of bench++'s options as given, with its value.
struct OwnValue {
  OwnOption option;
  std::string value;
};

// The option `word` names ("--json", "--json=x", "-q", "-d", "-dDIR"), or nullopt when it is not one of ours.
std::optional<OwnOption> own_option(std::string_view word, std::optional<std::string>* inline_value) {
  if (word.size() >= 2 && word[0] == '-' && word[1] != '-') {
    const SharedOption* option = find_shared_letter(word[1]);
    if (option == nullptr) return std::nullopt;
    if (word.size() > 2) {
      if (!option->takes_value()) return std::nullopt;
      *inline_value = std::string(word.substr(2));
    }
    return OwnOption{option, option->name};
  }
  if (word.substr(0, 2) != "--") return std::nullopt;
  const std::string_view body = word.substr(2);
  const auto equals = body.find('=');
  const std::string_view name = body.substr(0, equals);
  OwnOption found;
  if (const SharedOption* option = find_shared_option(name)) {
    found = {option, option->name};
  } else if (std::find(kWorkloadOnlyOptions.begin(), kWorkloadOnlyOptions.end(), name) != kWorkloadOnlyOptions.end()) {
    found = {nullptr, name};
  } else {
    return std::nullopt;
  }
  if (equals != std::string_view::npos) *inline_value = std::string(body.substr(equals + 1));
  return found;
}

// fio also takes its options with one dash (-name=x, -rw randread): such a word, whose name (up to '=') is a fio
// option of more than one letter, or any such name with '=', is read as --name=x (so that one bench++ does not
// run is refused by name). bench++'s own letters (-d DIR, -q, -dDIR) stay its own.
std::string fio_double_dash(const std::string& word) {
  if (word.size() < 3 || word[0] != '-' || word[1] == '-') return word;
  const std::size_t equals = word.find('=');
  const std::string name = word.substr(1, equals == std::string::npos ? std::string::npos : equals - 1);
  const bool word_like = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  if (name.size() < 2 || !word_like) return word;
  if (equals == std::string::npos && !fio_option_argument(name)) return word;
  return "-" + word;
}

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
// that exists is: the others bench++ creates); each path must name one of a workload's files.
void apply_allow_overwrite(std::vector<WorkloadSpec>& specs, const std::vector<std::string>& paths,
                           const fs::path& default_directory) {
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
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (!named[i]) throw UsageError(fmt::format("--allow-overwrite {} names no workload's filename=", paths[i]));
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
  std::vector<std::string> args;  // fio's single-dash spellings as its double-dash ones
  bool read_only = false;  // fio's --readonly: every workload only reads
  bool parse_only = false;  // fio's --parse-only
  std::vector<std::string> sections;  // fio's --section=NAME
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string word = fio_double_dash(words[i]);
    if (word == "-parse-only" || word == "-section") word = "-" + word;  // fio's one-dash spellings
    if (word == "--readonly" || word == "-readonly") {
      read_only = true;
    } else if (word == "--parse-only") {
      parse_only = true;
    } else if (word == "--section" || word.starts_with("--section=")) {
      if (word == "--section" && i + 1 == words.size()) throw UsageError("fio option '--section' needs a value");
      sections.push_back(word == "--section" ? words[++i] : word.substr(std::string_view("--section=").size()));
      if (sections.back().empty()) throw UsageError("invalid fio option section='': give a section's name");
      if (sections.back() == "global") {
        throw UsageError("invalid fio option section='global': [global] is always read; name a job's section (as fio)");
      }
    } else {
      args.push_back(word);
    }
  }
  ParsedCommandLine result;
  Config& config = result.config;
  std::vector<OwnValue> own;
  std::vector<std::string> fio_words, positionals;
  bool after_name = false;  // a fio --name was given: fio's job options now apply to that job
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::optional<std::string> inline_value;
    std::optional<OwnOption> option = own_option(args[i], &inline_value);
    if (args[i] == "--name" || args[i].rfind("--name=", 0) == 0) after_name = true;
    // Before any --name, fio's --directory is every job's: bench++'s -d says the same. After one it is that job's
    // directory=, as in fio.
    if (option && after_name && option->name == "directory" && args[i].rfind("--directory", 0) == 0) option.reset();
    if (!option) {
      if (args[i].substr(0, 2) != "--") {
        positionals.push_back(args[i]);
        continue;
      }
      fio_words.push_back(args[i]);  // with its value when it is the next word ("--bs 4k")
      const std::string name = args[i].substr(2);
      if (name.find('=') == std::string::npos && fio_option_argument(name) == FioArgument::kRequired &&
          i + 1 < args.size()) {
        fio_words.push_back(args[++i]);
      }
      continue;
    }
    if (option->name == "help") {
      result.action = Action::kHelp;
      result.help_text = workload_help_text(command);
      return result;
    }
    OwnValue value{*option, inline_value.value_or("")};
    if (option->takes_value() && !inline_value) {
      if (i + 1 == args.size()) throw UsageError(fmt::format("option --{} needs a value", option->name));
      value.value = args[++i];
    }
    own.push_back(std::move(value));
  }
  config.label = facts.host_name;
  config.setup.seed = facts.random_seed;
  WorkloadScale scale;
  std::vector<std::string> allow_overwrite;
  std::vector<const SharedOption*> given;
  for (const OwnValue& value : own) {
    if (const SharedOption* shared = value.option.shared) {
      if (!shared->repeatable && std::find(given.begin(), given.end(), shared) != given.end()) {
        throw UsageError(fmt::format("option {} was given more than once", shared_option_display_name(*shared)));
      }
      given.push_back(shared);
      apply_shared_option(*shared, value.value, config);
    } else if (value.option.name == "allow-overwrite") {
      allow_overwrite.push_back(value.value);
    } else if (value.option.name == "scale") {
      scale = scale_of(value.value);
    }
  }
  check_shared_options(config);
  std::vector<WorkloadSpec>& specs = config.setup.workloads;
  if (command == WorkloadCommand::kSuite) {
    if (positionals.empty()) throw UsageError("bench++ suite needs one suite name (tart, openstack or cdm)");
    if (positionals.size() > 1) {
      throw UsageError(fmt::format("unexpected word '{}' after the suite name '{}': bench++ suite runs one suite",
                                   positionals[1], positionals[0]));
    }
    for (const std::string& word : fio_words) {
      if (word.rfind("--", 0) != 0) continue;  // an option's value (--output r)
      const std::string name = word.substr(2, word.find('=') == std::string::npos ? word.npos : word.find('=') - 2);
      if (!is_fio_run_option(name)) {
        throw UsageError(fmt::format("bench++ suite takes bench++'s options and fio's output options only, not "
                                     "fio's job options ({})",
                                     word));
      }
    }
    config.fio_output = read_fio_run_options(fio_words);
    const BuiltinSuite& suite = find_suite(positionals.front());
    JobFileReading reading;
    reading.sections = sections;
    specs = read_fio_job_file(suite.text, std::string(suite.name) + ".fio", reading);
    config.setup.suite = suite.name;
    if (!config.repeats_given) config.repeats = suite_repeats(suite.text);
  } else {
    if (positionals.empty()) {
      FioJobs jobs = read_fio_command_line(fio_words, sections);
      specs = std::move(jobs.workloads);
      config.fio_output = jobs.output;
    } else {
      // fio's job options beside job files fill fio's defaults for the first file only (cli/fio_job_file.h); a
      // --name beside a word without "--" more likely means a stray word than a job file.
      for (const std::string& word : fio_words) {
        if (word == "--name" || word.rfind("--name=", 0) == 0) {
          throw UsageError(fmt::format("unexpected word '{}': a word without '--' names a job file, and a job file "
                                       "does not combine with a workload of the command line ({})",
                                       positionals.front(), word));
        }
      }
      const std::vector<FioOption> defaults = read_fio_options_beside_job_files(fio_words, config.fio_output);
      for (const std::string& file : positionals) {
        const bool first = &file == &positionals.front();
        JobFileReading reading;  // fio 3.33: the command line's job options and --section reach the first file only
        if (first) reading.command_line_defaults = defaults;
        if (first) reading.sections = sections;
        reading.read_include = read_include;
        std::vector<WorkloadSpec> from_file = read_fio_job_file(read_file(file), file, reading);
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
  }
  check_fio_output(config);
  for (WorkloadSpec& spec : specs) spec.read_only = read_only;
  scale_workloads(specs, scale);
  for (const WorkloadSpec& spec : specs) {
    check_workload(spec);
    check_run_time(spec);
  }
  apply_allow_overwrite(specs, allow_overwrite, config.directory);
  if (config.setup.cache == CacheMode::kKeep) {
    for (WorkloadSpec& spec : specs) spec.invalidate = false;
  }
  if (parse_only) result.action = Action::kParseOnly;
  return result;
}

std::string workload_help_text(WorkloadCommand command) {
  std::string suites;
  for (const BuiltinSuite& suite : builtin_suites()) suites += (suites.empty() ? "" : ", ") + std::string(suite.name);
  const std::string usage = command == WorkloadCommand::kJob
                                ? "usage: bench++ job [options] --name=NAME [fio options]... | JOBFILE.fio...\n"
                                  "Runs workloads given with fio's options or job files (see bench++(1), WORKLOADS).\n"
                                : fmt::format("usage: bench++ suite NAME [options]   (NAME: {})\n"
                                              "Runs a named suite of workloads (suites/NAME.fio; bench++(1), SUITES).\n",
                                              suites);
  return usage + "\n" + shared_options_help() + R"(
Options of bench++ job and suite:
      --allow-overwrite PATH
                        let writing workloads use PATH, an existing file or block device named by filename=
                        (without it bench++ only reads what it did not create)
      --scale FACTOR|small
                        multiply every size and time by FACTOR (0.000001 to 1000), or cap them (small: 64 MiB
                        per job, 2 s runs)
)" + fio_options_help() + R"(
Sizes follow fio's kb_base=1024 (4k = 4096, 4g = 4 GiB; 4KiB = 4000 as in fio); times are seconds unless
they say us, ms, s, m, h or d.
)";
}

}  // namespace bench
