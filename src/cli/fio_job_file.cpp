#include "cli/fio_job_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <utility>

#include "cli/fio_run_options.h"
#include "result/errors.h"
#include "text/split.h"

namespace bench {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// The text before a comment: fio ends a line at the first ';' or '#'.
std::string_view without_comment(std::string_view line) { return line.substr(0, line.find_first_of(";#")); }

void check_unique_names(const std::vector<WorkloadSpec>& workloads) {
  std::set<std::string> names;
  for (const WorkloadSpec& workload : workloads) {
    if (!names.insert(workload.name).second) {
      throw UsageError(fmt::format("two workloads are named '{}': each workload's results go under its own name",
                                   workload.name));
    }
  }
}

// fio's wait_for=NAME (fio 3.33's init.c and backend.c): the job starts once every job of NAME, an earlier one, has
// ended. bench++ runs it where it is a stonewall's wait: NAME is the workload just before, which starts a run group
// of its own (the first workload, or one with stonewall or wait_for), and the workload after, if any, starts one
// too (in fio it would not wait). Anything else is refused, naming the workloads.
void check_wait_for(const std::vector<WorkloadSpec>& workloads) {
  const auto starts_group = [&](std::size_t w) {
    return w == 0 || workloads[w].stonewall || !workloads[w].wait_for.empty();
  };
  for (std::size_t w = 0; w < workloads.size(); ++w) {
    const WorkloadSpec& spec = workloads[w];
    if (spec.wait_for.empty()) continue;
    const std::string where = fmt::format("workload '{}': wait_for='{}'", spec.name, spec.wait_for);
    if (spec.wait_for == spec.name) throw UsageError(where + ": a workload cannot wait for itself");
    const auto waitee = std::find_if(workloads.begin(), workloads.begin() + static_cast<std::ptrdiff_t>(w),
                                     [&](const WorkloadSpec& earlier) { return earlier.name == spec.wait_for; });
    if (waitee == workloads.begin() + static_cast<std::ptrdiff_t>(w)) {
      throw UsageError(where + ": no workload before it has that name");
    }
    const std::size_t waited = static_cast<std::size_t>(waitee - workloads.begin());
    if (waited + 1 != w || !starts_group(waited) || (w + 1 < workloads.size() && !starts_group(w + 1))) {
      throw UsageError(where + ": bench++ runs wait_for only as a stonewall's wait (the workload it names just "
                               "before it and alone since the last stonewall, and the next one behind a stonewall "
                               "or wait_for too)");
    }
  }
}

// A line of a job file as a message quotes it: at most 60 bytes of it (the rest as "...").
std::string quoted(std::string_view line) {
  constexpr std::size_t kShown = 60;
  if (line.size() <= kShown) return std::string(line);
  return std::string(line.substr(0, kShown)) + "...";
}

// Throws UsageError unless `text` is text: no NUL or other control byte but tab, CR and newline (a binary file is
// named, never echoed to the terminal). `text` has no byte order mark.
void check_text(std::string_view text, std::string_view file_name) {
  std::size_t line = 1;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      ++line;
    } else if ((byte < 0x20 && c != '\t' && c != '\r') || byte == 0x7f) {
      throw UsageError(fmt::format("{}:{}: {} byte: a job file is text (is '{}' a binary file?)", file_name, line,
                                   byte == 0 ? std::string("a NUL") : fmt::format("a control (0x{:02x})", byte),
                                   file_name));
    }
  }
}

// An option line with fio's ${NAME} replaced by the environment's NAME, or by nothing when NAME is not set (fio
// 3.33's fio_option_dup_subs); a "${" without its "}" stays as written.
std::string with_environment(std::string_view line, const EnvironmentLookup& environment) {
  std::string out;
  while (true) {
    const std::size_t start = line.find("${");
    const std::size_t end = start == std::string_view::npos ? start : line.find('}', start + 2);
    if (end == std::string_view::npos || end == start + 2) {
      out += line;
      return out;
    }
    out += line.substr(0, start);
    if (const std::optional<std::string> value = environment(std::string(line.substr(start + 2, end - start - 2)))) {
      out += *value;
    }
    line.remove_prefix(end + 1);
  }
}

// One job file line as an option: "key=value", "key = value" or a bare "key".
FioOption option_of_line(std::string_view line) {
  const auto equals = line.find('=');
  if (equals == std::string_view::npos) return {std::string(line), std::nullopt};
  return {std::string(trim(line.substr(0, equals))), std::string(trim(line.substr(equals + 1)))};
}

void note_unsupported(std::vector<std::string>& names, const std::string& name) {
  const std::string shown = quoted(std::string_view(name));  // a name as long as a line is cut as a line is
  if (std::find(names.begin(), names.end(), shown) == names.end()) names.push_back(shown);
}

// Whether `name` is a section fio's --section list lets run (fio's skip_this_section: [global] always does).
bool section_selected(std::string_view name, std::span<const std::string> sections) {
  return sections.empty() || name == "global" || std::find(sections.begin(), sections.end(), name) != sections.end();
}

// The message for a job whose sections --section left nothing of.
std::string no_selected_section(std::span<const std::string> sections, std::string_view where) {
  std::string names;
  for (const std::string& name : sections) names += (names.empty() ? "--section=" : ", --section=") + name;
  return fmt::format("{}: no workload: {} names no section of it", where, names);
}

}  // namespace

WorkloadSpec build_workload(std::span<const FioOption> global_options, std::span<const FioOption> job_options) {
  unsigned kb_base = 1024;  // as in fio, a kb_base applies to the sizes written after it
  WorkloadSpec spec;
  for (const auto options : {global_options, job_options}) {
    for (const FioOption& option : options) {
      if (const auto base = fio_kb_base(option)) kb_base = *base;
      apply_fio_option(spec, option, kb_base);
    }
  }
  settle_workload(spec);
  check_workload(spec);
  // As fio echoes them: by the option's own name, an alias's too (readwrite=read is "rw": "read").
  for (const auto& [options, given] : {std::pair{global_options, &spec.given_global_options},
                                       std::pair{job_options, &spec.given_job_options}}) {
    for (const FioOption& option : options) {
      given->emplace_back(fio_option_canonical_name(option.name), option.value.value_or(""));
    }
  }
  return spec;
}

namespace {

// The options of command-line words: "--bs=4k", "--bs" "4k", "--time_based".
std::vector<FioOption> split_fio_words(std::span<const std::string> words) {
  std::vector<FioOption> options;
  std::vector<std::string> unsupported;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word.substr(0, 2) != "--" || word.size() == 2) {
      throw UsageError(fmt::format("unexpected '{}' among the fio options (they are written --option=value)", word));
    }
    const auto equals = word.find('=');
    FioOption option{std::string(word.substr(2, equals == std::string_view::npos ? word.npos : equals - 2)),
                     std::nullopt};
    if (equals != std::string_view::npos) option.value = std::string(word.substr(equals + 1));
    const auto argument = fio_option_argument(option.name);
    if (!argument) {  // named with the others after the whole line is read
      note_unsupported(unsupported, option.name);
      if (!option.value && i + 1 < words.size() && !words[i + 1].starts_with("-")) ++i;  // its value, "--loops 3"
      continue;
    }
    if (!option.value && *argument == FioArgument::kRequired) {
      if (i + 1 == words.size()) throw UsageError(fmt::format("fio option '--{}' needs a value", option.name));
      option.value = words[++i];
    }
    options.push_back(std::move(option));
  }
  if (!unsupported.empty()) throw UsageError(not_run_options_message(unsupported));
  return options;
}

}  // namespace

void check_unique_workload_names(const std::vector<WorkloadSpec>& workloads) {
  check_unique_names(workloads);
  check_wait_for(workloads);
}

FioJobs read_fio_command_line(std::span<const std::string> words, std::span<const std::string> sections) {
  FioJobs jobs;
  std::vector<FioOption> global;
  // Each job with the global options in force where its --name starts. fio: --name=global (any name starting
  // with "global") opens a global section instead, whose options fill the defaults of the jobs after it.
  std::vector<std::pair<std::vector<FioOption>, std::vector<FioOption>>> per_job;
  bool in_global = true;
  bool skipping = false;
  bool skipped_any = false;
  for (FioOption& option : split_fio_words(words)) {
    if (is_fio_run_option(option.name)) {
      apply_fio_run_option(jobs.output, option);
      continue;
    }
    if (option.name == "name") {
      in_global = option.value.value_or("").starts_with("global");
      skipping = !in_global && !section_selected(*option.value, sections);  // --section leaves this job out
      skipped_any = skipped_any || skipping;
      if (in_global || skipping) continue;
      per_job.emplace_back(global, std::vector<FioOption>{});
    }
    if (skipping) continue;
    if (is_deprecated_fio_option(option.name)) jobs.deprecated_options.push_back(option.name);
    (in_global ? global : per_job.back().second).push_back(std::move(option));
  }
  if (per_job.empty()) {
    if (skipped_any) throw UsageError(no_selected_section(sections, "the command line"));
    if (!global.empty()) throw UsageError("the fio options need a --name=NAME to form a workload");
    throw UsageError("no workload: give fio options with --name=NAME, or a job file");
  }
  for (const auto& [job_global, options] : per_job) jobs.workloads.push_back(build_workload(job_global, options));
  check_unique_workload_names(jobs.workloads);
  return jobs;
}

std::vector<FioOption> read_fio_options_beside_job_files(std::span<const std::string> words, FioOutputRequest& output) {
  std::vector<FioOption> job_options;
  for (FioOption& option : split_fio_words(words)) {
    if (is_fio_run_option(option.name)) {
      apply_fio_run_option(output, option);
    } else if (option.name == "name") {
      throw UsageError("a --name beside a job file: give the workload in the job file, or give no job file");
    } else {
      try {  // the value's own errors, before any file is read
        WorkloadSpec scratch;
        apply_fio_option(scratch, option, 1024);
      } catch (const UsageError& error) {
        throw UsageError(fmt::format("on the command line: {}", error.what()));
      }
      job_options.push_back(std::move(option));
    }
  }
  return job_options;
}

FioOutputRequest read_fio_run_options(std::span<const std::string> words) {
  FioOutputRequest output;
  for (const FioOption& option : split_fio_words(words)) {
    if (!is_fio_run_option(option.name)) {
      throw UsageError(fmt::format("fio option --{} on the command line does not combine with a job file: put it "
                                   "in the file's [global] section",
                                   option.name));
    }
    apply_fio_run_option(output, option);
  }
  return output;
}

std::optional<std::string> process_environment(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

namespace {

// A UsageError that already names its file and line.
class PlacedError : public UsageError {
 public:
  using UsageError::UsageError;
};

// One job file read line by line, its included files inline (see JobFileReading).
class JobFileParser {
 public:
  explicit JobFileParser(const JobFileReading& reading)
      : reading_(reading), global_(reading.command_line_defaults.begin(), reading.command_line_defaults.end()) {}

  std::vector<WorkloadSpec> read(std::string_view text, std::string_view file_name) {
    read_text(text, std::string(file_name));
    if (!unsupported_.empty()) throw UsageError(fmt::format("{}: {}", unsupported_at_, not_run_options_message(unsupported_)));
    if (sections_.empty()) {
      if (!reading_.sections.empty()) throw UsageError(no_selected_section(reading_.sections, file_name));
      throw UsageError(fmt::format("{}: no workload (a [section] other than [global])", file_name));
    }
    std::vector<WorkloadSpec> workloads;
    for (const Section& section : sections_) {
      try {
        workloads.push_back(build_workload(section.global, section.options));
        // The [section] line's name is no option fio echoes in its "job options" (a name= line is).
        std::vector<std::pair<std::string, std::string>>& given = workloads.back().given_job_options;
        given.erase(given.begin());
      } catch (const UsageError& error) {
        throw UsageError(fmt::format("{}: {}", section.place, error.what()));
      }
    }
    check_unique_workload_names(workloads);
    return workloads;
  }

 private:
  struct Section {
    std::string place;              // "file:line" of its [name] line
    std::vector<FioOption> global;  // the [global] options in force where the section starts
    std::vector<FioOption> options;
  };

  // `file_name` is as the including file gave it (or the command line did): messages name it so.
  void read_text(std::string_view text, const std::string& file_name) {
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";  // UTF-8's, as some editors write it
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());
    bytes_read_ += text.size();
    if (bytes_read_ > kJobFileBytes) {
      throw UsageError(fmt::format("{}: the job file and its includes are larger than {} KiB, the most bench++ reads "
                                   "of a job file",
                                   file_name, kJobFileBytes >> 10));
    }
    check_text(text, file_name);
    open_files_.push_back(file_name);
    const bool included = open_files_.size() > 1;
    std::size_t line_number = 0;
    for_each_line(text, [&](std::string_view raw) {
      ++line_number;
      const std::string place = fmt::format("{}:{}", file_name, line_number);
      try {
        read_line(trim(without_comment(raw)), included, place);
      } catch (const PlacedError&) {
        throw;  // an included file's, placed at its own line
      } catch (const UsageError& error) {
        throw PlacedError(fmt::format("{}: {}", place, error.what()));
      }
    });
    open_files_.pop_back();
  }

  void read_line(std::string_view line, bool included, const std::string& place) {
    if (line.empty()) return;
    if (line.front() == '[') {
      if (included) throw UsageError("an included file opens no [section] (as in fio): its options join the includer's");
      if (line.back() != ']' || line.size() < 3) throw UsageError(fmt::format("'{}' is not a [section] line", quoted(line)));
      const std::string name(trim(line.substr(1, line.size() - 2)));
      skipping_ = !section_selected(name, reading_.sections);
      if (skipping_) return;
      in_global_ = name == "global";
      if (!in_global_) sections_.push_back({place, global_, {{"name", name}}});
      return;
    }
    if (skipping_) return;  // fio reads nothing of a section --section leaves out
    if (line.starts_with("include ") || line.starts_with("include\t")) {
      include(trim(line.substr(std::string_view("include").size())));
      return;
    }
    const std::string expanded = with_fio_keywords(with_environment(line, reading_.environment), reading_.keywords);
    FioOption option = option_of_line(expanded);
    if (option.name.empty()) throw UsageError(fmt::format("'{}' has no option name", quoted(std::string_view(expanded))));
    if (!fio_option_argument(option.name) || is_fio_run_option(option.name)) {
      if (unsupported_.empty()) unsupported_at_ = place;
      note_unsupported(unsupported_, option.name);
      return;
    }
    if (!in_global_ && sections_.empty()) throw UsageError("an option before the first [section]");
    WorkloadSpec scratch;  // the value's own errors belong to this line; the workload's are checked when complete
    apply_fio_option(scratch, option, 1024);
    if (reading_.deprecated_options != nullptr && is_deprecated_fio_option(option.name)) {
      reading_.deprecated_options->push_back(option.name);
    }
    (in_global_ ? global_ : sections_.back().options).push_back(std::move(option));
  }

  void include(std::string_view name) {
    if (!reading_.read_include) throw UsageError("include lines are not supported here (a job file on disk can have them)");
    if (name.empty()) throw UsageError("include needs a file name (include FILE)");
    if (!in_global_ && sections_.empty()) throw UsageError("an include before the first [section]");
    const std::string& includer = open_files_.back();
    std::vector<std::string> candidates{std::string(name)};
    const std::size_t slash = includer.rfind('/');
    if (name.front() != '/' && slash != std::string::npos) candidates.push_back(includer.substr(0, slash + 1) + std::string(name));
    for (const std::string& path : candidates) {
      if (std::find(open_files_.begin(), open_files_.end(), path) != open_files_.end()) {
        throw UsageError(fmt::format("include {}: a cycle ({} includes itself, through {})", path, path, includer));
      }
      if (const std::optional<std::string> text = reading_.read_include(path)) {
        read_text(*text, path);
        return;
      }
    }
    throw UsageError(fmt::format("include {}: no such file{}", name,
                                 candidates.size() > 1 ? fmt::format(" (nor {})", candidates.back()) : std::string()));
  }

  const JobFileReading& reading_;
  std::vector<FioOption> global_;
  std::vector<Section> sections_;
  bool in_global_ = false;
  bool skipping_ = false;
  std::vector<std::string> open_files_;  // the file being read and those including it
  std::size_t bytes_read_ = 0;
  std::vector<std::string> unsupported_;  // every option bench++ does not run, named in one error
  std::string unsupported_at_;            // where the first of them is
};

}  // namespace

std::vector<WorkloadSpec> read_fio_job_file(std::string_view text, std::string_view file_name,
                                            const JobFileReading& reading) {
  return JobFileParser(reading).read(text, file_name);
}

std::vector<WorkloadSpec> read_fio_job_file(std::string_view text, std::string_view file_name,
                                            std::span<const FioOption> command_line_defaults,
                                            const EnvironmentLookup& environment) {
  JobFileReading reading;
  reading.command_line_defaults = command_line_defaults;
  reading.environment = environment;
  return read_fio_job_file(text, file_name, reading);
}

WorkloadSpec workload_of_recorded_options(std::span<const std::pair<std::string, std::string>> global_options,
                                          std::span<const std::pair<std::string, std::string>> job_options) {
  unsigned kb_base = 1024;
  WorkloadSpec spec;
  for (const auto options : {global_options, job_options}) {
    for (const auto& [name, value] : options) {
      const FioOption option{name, value.empty() ? std::nullopt : std::optional<std::string>(value)};
      if (!fio_option_argument(name) || is_fio_run_option(name)) continue;
      try {
        if (const auto base = fio_kb_base(option)) kb_base = *base;
        apply_fio_option(spec, option, kb_base);
      } catch (const UsageError&) {
        // A value bench++ refuses (a size it cannot hold, an engine it does not know): left out.
      }
    }
  }
  settle_workload(spec);
  return spec;
}

}  // namespace bench
