#include "cli/fio_option_help.h"

#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "text/split.h"

namespace bench {
namespace {

// The heading of a group's section in --help.
std::string_view group_heading(FioOptionGroup group) {
  switch (group) {
    case FioOptionGroup::kJob:
      return "fio's job options (job; also --bs 4k or -bs=4k, and bs=4k in a job file; bench++(1), WORKLOADS):";
    case FioOptionGroup::kFiles: return "fio's file options (job):";
    case FioOptionGroup::kData: return "fio's data options (job):";
    case FioOptionGroup::kJobControl: return "job control (job):";
    case FioOptionGroup::kStatistics: return "fio's statistics and logs (job):";
    case FioOptionGroup::kIoUring: return "io_uring's options (job; ioengine=io_uring, hipri also pvsync2):";
    case FioOptionGroup::kCpuio: return "cpuio's options (job; ioengine=cpuio):";
    case FioOptionGroup::kFilestat: return "filestat's option (job; ioengine=filestat):";
    case FioOptionGroup::kExec: return "exec's options (job; ioengine=exec):";
    case FioOptionGroup::kRun: return "fio's run options (job and suite; a job file's include FILE lines are read):";
    case FioOptionGroup::kOutput: return "fio's output options (job and suite):";
  }
  return "";
}

// An option's default as --help shows it after the option's help: "(default 4096)", "(default 1; fio's 0)" for
// one of bench++'s own, "(fio's default 0x89)" for an option bench++ leaves unset; empty when there is none.
std::string default_words(const FioOptionDefault& defaults) {
  switch (defaults.bench_kind()) {
    case FioOptionDefault::Bench::kFio:
      return defaults.fio().empty() ? std::string() : fmt::format("(default {})", defaults.fio());
    case FioOptionDefault::Bench::kOwn: return fmt::format("(default {}; fio's {})", defaults.bench(), defaults.fio());
    case FioOptionDefault::Bench::kNotGiven: return fmt::format("(fio's default {})", defaults.fio());
  }
  return {};
}

// `words` wrapped at kHelpWidth columns, the first line after `first` (the spelling), the others indented to
// kHelpColumn, as shared_options_help lays out its options; a word ("(also --blocksize)") is never broken.
std::string help_lines(const std::string& first, const std::vector<std::string>& words) {
  constexpr std::size_t kHelpColumn = 24;
  constexpr std::size_t kHelpWidth = 118;
  std::string out = first;
  std::size_t column = first.size();
  if (column + 2 > kHelpColumn) {
    out += "\n";
    column = 0;
  }
  out += std::string(kHelpColumn - column, ' ');
  column = kHelpColumn;
  bool line_start = true;
  for (const std::string& word : words) {
    if (!line_start && column + 1 + word.size() > kHelpWidth) {
      out += "\n" + std::string(kHelpColumn, ' ');
      column = kHelpColumn;
      line_start = true;
    }
    if (!line_start) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    line_start = false;
  }
  return out + "\n";
}

}  // namespace

std::string fio_options_help() {
  std::vector<FioOptionRow> rows = fio_option_rows();
  const std::span<const FioOptionRow> run_rows = fio_run_option_rows();
  rows.insert(rows.end(), run_rows.begin(), run_rows.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const FioOptionRow& a, const FioOptionRow& b) { return a.group < b.group; });
  std::string text;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const FioOptionRow& row = rows[i];
    if (i == 0 || rows[i - 1].group != row.group) text += fmt::format("\n{}\n", group_heading(row.group));
    std::string spelling = fmt::format("  --{}", row.name);
    if (row.argument == FioArgument::kRequired) spelling += fmt::format("={}", row.value_name);
    if (row.argument == FioArgument::kFlag && !row.value_name.empty()) spelling += fmt::format("[={}]", row.value_name);
    std::vector<std::string> words;
    for (const std::string_view word : split(row.help, ' ')) words.emplace_back(word);
    if (std::string shown_default = default_words(row.defaults); !shown_default.empty()) {
      words.push_back(std::move(shown_default));  // one word, as "(also --x)": never broken over two lines
    }
    for (const std::string_view alias : row.aliases) {
      if (!alias.empty()) words.push_back(fmt::format("(also --{})", alias));
    }
    text += help_lines(spelling, words);
  }
  return text;
}

}  // namespace bench
