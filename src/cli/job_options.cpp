#include "cli/job_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <optional>

#include "cli/builtin_suites.h"
#include "cli/fio_job_file.h"
#include "cli/options.h"
#include "cli/tags.h"
#include "result/errors.h"
#include "result/size_arithmetic.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// bench++'s own options on these command lines.
struct OwnOption {
  std::string_view name;  // long form without "--"
  char letter;            // short form, or 0
  bool takes_value;
};
constexpr std::array<OwnOption, 13> kOwnOptions = {{
    {"tag", 0, true},
    {"dry-run", 0, false},
    {"dir", 'd', true},
    {"json", 0, true},
    {"csv", 0, true},
    {"html", 0, true},
    {"label", 0, true},
    {"quiet", 'q', false},
    {"seed", 'z', true},
    {"repeats", 'x', true},
    {"allow-overwrite", 0, true},
    {"scale", 0, true},
    {"help", 'h', false},
}};

// One of bench++'s options as given, with its value.
struct OwnValue {
  const OwnOption* option = nullptr;
  std::string value;
};

// The option `word` names ("--json", "--json=x", "-q", "-d", "-dDIR"), or nullptr when it is not one of ours.
const OwnOption* own_option(std::string_view word, std::optional<std::string>* inline_value) {
  if (word.size() >= 2 && word[0] == '-' && word[1] != '-') {
    for (const OwnOption& option : kOwnOptions) {
      if (option.letter != 0 && word[1] == option.letter) {
        if (word.size() > 2) {
          if (!option.takes_value) return nullptr;
          *inline_value = std::string(word.substr(2));
        }
        return &option;
      }
    }
    return nullptr;
  }
  if (word.substr(0, 2) != "--") return nullptr;
  const std::string_view body = word.substr(2);
  const auto equals = body.find('=');
  const std::string_view name = body.substr(0, equals);
  for (const OwnOption& option : kOwnOptions) {
    if (option.name == name) {
      if (equals != std::string_view::npos) *inline_value = std::string(body.substr(equals + 1));
      return &option;
    }
  }
  return nullptr;
}

std::uint32_t whole_number(std::string_view option, const std::string& text, std::uint64_t min, std::uint64_t max) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw UsageError(fmt::format("invalid {} value '{}': a whole number from {} to {}", option, text, min, max));
  }
  return static_cast<std::uint32_t>(value);
}

WorkloadScale scale_of(const std::string& text) {
  if (text == "small") return {1.0, true};
  double factor = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), factor);
  if (error != std::errc() || end != text.data() + text.size() || !(factor > 0) || factor > 1000) {
    throw UsageError(fmt::format("invalid --scale value '{}': a factor above 0 (e.g. 0.1) or small", text));
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

// Marks the workloads whose filename= is an --allow-overwrite path; each path must name one.
void apply_allow_overwrite(std::vector<WorkloadSpec>& specs, const std::vector<std::string>& paths,
                           const fs::path& default_directory) {
  for (const std::string& path : paths) {
    // (fs::absolute throws std::filesystem_error for an empty path: a usage error, not a failure of the machine.)
    if (path.empty()) throw UsageError("--allow-overwrite needs a path: an empty one names no file");
    const fs::path allowed = fs::absolute(path).lexically_normal();
    bool named = false;
    for (WorkloadSpec& spec : specs) {
      if (spec.filename.empty()) continue;
      const fs::path directory = spec.directory.empty() ? default_directory : fs::path(spec.directory);
      const fs::path target = fs::absolute(fs::path(spec.filename).is_absolute() ? fs::path(spec.filename)
                                                                                 : directory / spec.filename)
                                  .lexically_normal();
      if (target == allowed) {
        spec.overwrite_allowed = true;
        named = true;
      }
    }
    if (!named) throw UsageError(fmt::format("--allow-overwrite {} names no workload's filename=", path));
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
    } else {
      spec.size_bytes = scaled(spec.size_bytes, scale.factor, spec, "size");
      spec.runtime = scaled_time(spec.runtime, scale.factor, spec, "runtime (ns)");
      spec.ramp_time = scaled_time(spec.ramp_time, scale.factor, spec, "ramp_time (ns)");
      if (spec.time_based && spec.runtime.count() == 0) spec.runtime = std::chrono::milliseconds(1);
    }
    if (spec.size_bytes != 0) spec.size_bytes = std::max<std::uint64_t>(spec.size_bytes / spec.block_bytes, 1) * spec.block_bytes;
  }
}

std::uint32_t suite_repeats(std::string_view text) {
  constexpr std::string_view kMarker = "; bench++-suite: repeat=";
  const auto at = text.find(kMarker);
  if (at == std::string_view::npos) return 1;
  const std::string_view rest = text.substr(at + kMarker.size());
  std::uint32_t repeats = 1;
  std::from_chars(rest.data(), rest.data() + rest.size(), repeats);
  return std::max<std::uint32_t>(repeats, 1);
}

ParsedCommandLine parse_workload_command_line(WorkloadCommand command, const std::vector<std::string>& args,
                                              const SystemFacts& facts,
                                              const std::function<std::string(const std::string&)>& read_file) {
  ParsedCommandLine result;
  Config& config = result.config;
  std::vector<OwnValue> own;
  std::vector<std::string> fio_words, positionals;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::optional<std::string> inline_value;
    const OwnOption* option = own_option(args[i], &inline_value);
    if (option == nullptr) {
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
    OwnValue value{option, inline_value.value_or("")};
    if (option->takes_value && !inline_value) {
      if (i + 1 == args.size()) throw UsageError(fmt::format("option --{} needs a value", option->name));
      value.value = args[++i];
    }
    own.push_back(std::move(value));
  }
  config.label = facts.host_name;
  config.setup.seed = facts.random_seed;
  WorkloadScale scale;
  std::vector<std::string> allow_overwrite;
  bool repeats_given = false;
  for (const OwnValue& value : own) {
    const std::string_view name = value.option->name;
    if (name == "dir") config.directory = value.value;
    if (name == "json") config.json_path = value.value;
    if (name == "csv") config.csv_path = value.value;
    if (name == "html") config.html_path = checked_html_path(value.value);
    if (name == "label") {
      if (value.value.empty()) throw UsageError("invalid --label value '': it must not be empty");
      config.label = value.value;
    }
    if (name == "quiet") config.quiet = true;
    if (name == "dry-run") config.dry_run = true;
    if (name == "tag") config.tags.push_back(checked_tag(value.value));
    if (name == "seed") {
      config.setup.seed = whole_number("-z", value.value, 0, 0xffffffffu);
      config.seed_given = true;
    }
    if (name == "repeats") {
      config.repeats = whole_number("-x", value.value, 1, 1000);
      repeats_given = true;
    }
    if (name == "allow-overwrite") allow_overwrite.push_back(value.value);
    if (name == "scale") scale = scale_of(value.value);
  }
  if (config.csv_path && config.json_path && *config.csv_path == "-" && *config.json_path == "-") {
    throw UsageError("--csv - and --json - cannot both write to stdout");
  }
  std::vector<WorkloadSpec>& specs = config.setup.workloads;
  if (command == WorkloadCommand::kSuite) {
    if (positionals.size() != 1) throw UsageError("bench++ suite needs one suite name (tart, openstack or cdm)");
    if (!fio_words.empty()) {
      throw UsageError(fmt::format("bench++ suite takes bench++'s options only, not fio's ({})", fio_words.front()));
    }
    const BuiltinSuite& suite = find_suite(positionals.front());
    specs = read_fio_job_file(suite.text, std::string(suite.name) + ".fio");
    config.setup.suite = suite.name;
    if (!repeats_given) config.repeats = suite_repeats(suite.text);
  } else {
    bool json_output = false;
    if (positionals.empty()) {
      FioJobs jobs = read_fio_command_line(fio_words);
      specs = std::move(jobs.workloads);
      json_output = jobs.json_output;
    } else {
      json_output = read_fio_run_options(fio_words);
      for (const std::string& file : positionals) {
        std::vector<WorkloadSpec> from_file = read_fio_job_file(read_file(file), file);
        specs.insert(specs.end(), from_file.begin(), from_file.end());
      }
      check_unique_workload_names(specs);
    }
    if (json_output && !config.json_path) config.json_path = "-";
  }
  scale_workloads(specs, scale);
  for (const WorkloadSpec& spec : specs) check_workload(spec);
  apply_allow_overwrite(specs, allow_overwrite, config.directory);
  config.repeats_given = repeats_given;
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
  return usage + R"(
Options:
  -d, --dir DIR         where the workloads' files go without fio's directory= (default: .); bench++ makes
                        its files in a private directory there and removes them (unless unlink=0)
      --json FILE       the JSON report ("-": stdout; fio's --output-format=json is --json -)
      --csv FILE        the spreadsheet CSV ("-": stdout)
      --html FILE       a report: one HTML page with the tables, latency percentiles and CDFs
      --label NAME      names the run in every output (default: the host name)
      --tag KEY=VALUE   a fact to record with the run in every output (repeatable)
  -q, --quiet           no progress; the table goes to stderr
  -z, --seed N          the seed of offsets and data (default: fio's randrepeat, the same each run)
  -x, --repeats N       run the workloads N times (a suite's own repeat otherwise)
      --allow-overwrite PATH
                        let writing workloads use PATH, an existing file or block device named by filename=
                        (without it bench++ only reads what it did not create)
      --scale FACTOR|small
                        multiply every size and time by FACTOR, or cap them (small: 64 MiB per job, 2 s runs)
      --dry-run         check everything, print the workloads and the bytes their files take, run nothing
  -h, --help            show this help
fio options (job): --name --rw --bs --size --numjobs --iodepth --runtime --time_based --ramp_time --direct
  --rwmixread --rwmixwrite --fsync --fdatasync --end_fsync --group_reporting --filename --directory --ioengine
  --unlink --invalidate --thread --stonewall --randseed --randrepeat --kb_base --description --output-format
Sizes follow fio's kb_base=1024 (4k = 4096, 4g = 4 GiB; 4KiB = 4000 as in fio); times are seconds unless
they say us, ms, s, m, h or d.
)";
}

}  // namespace bench
