// fio's options declared once (cli/fio_option_rows_*.cpp and cli/fio_run_options.cpp): each spelling in one row,
// each row complete, every alias run as its name is, and `bench++ job --help` made from the rows.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "cli/workload_command_line.h"
#include "test_support.h"

namespace bench {
namespace {

std::vector<FioOptionRow> every_row() {
  std::vector<FioOptionRow> rows = fio_option_rows();
  const std::span<const FioOptionRow> run_rows = fio_run_option_rows();
  rows.insert(rows.end(), run_rows.begin(), run_rows.end());
  return rows;
}

std::vector<std::string_view> spellings(const FioOptionRow& row) {
  std::vector<std::string_view> all = {row.name};
  for (const std::string_view alias : row.aliases) {
    if (!alias.empty()) all.push_back(alias);
  }
  return all;
}

bool is_run_group(FioOptionGroup group) { return group == FioOptionGroup::kRun || group == FioOptionGroup::kOutput; }

TEST_CASE("fio option rows: each spelling in one row, each row with its help, value and group") {
  std::map<std::string_view, int> seen;
  for (const FioOptionRow& row : every_row()) {
    INFO("row " << row.name);
    CHECK(!row.help.empty());
    CHECK(row.help.find('\n') == std::string_view::npos);
    if (row.argument == FioArgument::kRequired) CHECK(!row.value_name.empty());
    for (const std::string_view spelling : spellings(row)) ++seen[spelling];
  }
  for (const auto& item : seen) {  // not a structured binding: clang 14 cannot capture one in INFO's lambda
    const std::string_view spelling = item.first;
    const auto rows = item.second;
    INFO("'" << spelling << "' is in " << rows << " rows");
    CHECK(rows == 1);
  }
  for (const FioOptionRow& row : fio_option_rows()) CHECK_MESSAGE(!is_run_group(row.group), row.name);
  for (const FioOptionRow& row : fio_run_option_rows()) CHECK_MESSAGE(is_run_group(row.group), row.name);
  CHECK(seen.size() > 130);
}

TEST_CASE("fio option rows: every name and alias of a workload option is applied as its name") {
  for (const FioOptionRow& row : fio_option_rows()) {
    for (const std::string_view spelling : spellings(row)) {
      INFO("--" << spelling << " of row " << row.name);
      CHECK(fio_option_argument(spelling) == row.argument);
      CHECK(!is_fio_run_option(spelling));
    }
  }
  // An alias sets what its name sets: the same value through either spelling, the same member.
  struct AliasCase {
    FioOption name;
    FioOption alias;
    std::function<std::string(const WorkloadSpec&)> member;
  };
  const std::vector<AliasCase> cases = {
      {{"rw", "randwrite"}, {"readwrite", "randwrite"},
       [](const WorkloadSpec& s) { return fmt::format("{}", static_cast<int>(s.pattern)); }},
      {{"bs", "8k,16k"}, {"blocksize", "8k,16k"},
       [](const WorkloadSpec& s) { return fmt::format("{} {}", s.block_sizes.direction[0].bs, s.block_bytes); }},
      {{"bsrange", "4k-16k"}, {"blocksize_range", "4k-16k"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.block_sizes.direction[1].range_max); }},
      {{"ba", "8k"}, {"blockalign", "8k"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.block_sizes.direction[0].align); }},
      {{"runtime", "7"}, {"timeout", "7"}, [](const WorkloadSpec& s) { return fmt::format("{}", s.runtime.count()); }},
      {{"stonewall", std::nullopt}, {"wait_for_previous", std::nullopt},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.stonewall); }},
      {{"offset", "1m"}, {"fileoffset", "1m"}, [](const WorkloadSpec& s) { return fmt::format("{}", s.offset_bytes); }},
      {{"io_size", "3m"}, {"io_limit", "3m"}, [](const WorkloadSpec& s) { return fmt::format("{}", s.io_size); }},
      {{"iodepth_batch", "4"}, {"iodepth_batch_submit", "4"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.batch_submit); }},
      {{"iodepth_batch_complete_min", "2"}, {"iodepth_batch_complete", "2"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.batch_complete_min); }},
      {{"nrfiles", "3"}, {"nr_files", "3"}, [](const WorkloadSpec& s) { return fmt::format("{}", s.nrfiles); }},
      {{"rate_min", "1m"}, {"ratemin", "1m"},
       [](const WorkloadSpec& s) { return fmt::format("{}", fmt::join(s.rate_min_bytes, ",")); }},
      {{"rate_cycle", "250"}, {"ratecycle", "250"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.rate_cycle.count()); }},
      {{"steadystate", "bw_slope:2%"}, {"ss", "bw_slope:2%"},
       [](const WorkloadSpec& s) { return steady_state_criterion_text(s.steady_state); }},
      {{"steadystate_duration", "30s"}, {"ss_dur", "30s"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.steady_state.duration_s); }},
      {{"steadystate_ramp_time", "5s"}, {"ss_ramp", "5s"},
       [](const WorkloadSpec& s) { return fmt::format("{}", s.steady_state.ramp.count()); }},
      {{"fill_device", "1"}, {"fill_fs", "1"}, [](const WorkloadSpec& s) { return fmt::format("{}", s.fill_device); }},
  };
  std::size_t aliases = 0;
  for (const FioOptionRow& row : fio_option_rows()) aliases += spellings(row).size() - 1;
  CHECK(cases.size() == aliases);  // every alias of the rows is tried here
  for (const AliasCase& alias_case : cases) {
    INFO(alias_case.name.name << " and " << alias_case.alias.name);
    WorkloadSpec by_name;
    WorkloadSpec by_alias;
    apply_fio_option(by_name, alias_case.name, 1024);
    apply_fio_option(by_alias, alias_case.alias, 1024);
    CHECK(alias_case.member(by_name) == alias_case.member(by_alias));
    CHECK(alias_case.member(by_name) != alias_case.member(WorkloadSpec{}));  // the value was set
  }
}

TEST_CASE("fio option rows: the output options are fio's run options, the run options are not") {
  for (const FioOptionRow& row : fio_run_option_rows()) {
    INFO("--" << row.name);
    CHECK(is_fio_run_option(row.name) == (row.group == FioOptionGroup::kOutput));
    if (row.group == FioOptionGroup::kOutput) CHECK(fio_option_argument(row.name) == row.argument);
  }
}

// `text` with each run of spaces and newlines one space: --help's lines joined as the words were before wrapping.
std::string squeezed(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
}

// How --help writes a row's default after its help (nothing when it has none).
std::string shown_default(const FioOptionDefault& defaults) {
  switch (defaults.bench_kind()) {
    case FioOptionDefault::Bench::kFio:
      return defaults.fio().empty() ? "" : fmt::format(" (default {})", defaults.fio());
    case FioOptionDefault::Bench::kOwn: return fmt::format(" (default {}; fio's {})", defaults.bench(), defaults.fio());
    case FioOptionDefault::Bench::kNotGiven: return fmt::format(" (fio's default {})", defaults.fio());
  }
  return "";
}

TEST_CASE("bench++ job --help: names every option of the rows, with its aliases, in lines of at most 118 columns") {
  for (const WorkloadCommand command : {WorkloadCommand::kJob, WorkloadCommand::kSuite}) {
    const std::string help = workload_help_text(command);
    const std::string words = squeezed(help);
    for (const FioOptionRow& row : every_row()) {
      INFO("--" << row.name);
      // the default comes from the row's defaults, after its help, and only from there
      CHECK(test::contains(words, fmt::format("{}{}", row.help, shown_default(row.defaults))));
      CHECK(!test::contains(row.help, "default"));
      const std::string spelling = row.argument == FioArgument::kRequired
                                       ? fmt::format("  --{}={}", row.name, row.value_name)
                                       : fmt::format("  --{}", row.name);
      CHECK(test::contains(help, spelling));
      CHECK(test::contains(help, row.help.substr(0, row.help.find(' ', 20))));
      for (const std::string_view alias : row.aliases) {
        if (!alias.empty()) CHECK(test::contains(help, fmt::format("(also --{})", alias)));
      }
    }
    for (const std::string& line : test::lines_of(help)) CHECK_MESSAGE(line.size() <= 118, line);
  }
  // Options --help lacked while it was written by hand.
  const std::string help = workload_help_text(WorkloadCommand::kJob);
  for (const char* option : {"--offset=", "--offset_increment=", "--offset_align=", "--io_size="}) {
    CHECK_MESSAGE(test::contains(help, option), option);
  }
  // Defaults of each kind, as a reader sees them.
  const std::string words = squeezed(help);
  CHECK(test::contains(words, "--bs=R[,W[,T]] request size of reads, writes and trims (default 4096) (also "
                              "--blocksize)"));
  CHECK(test::contains(words, "remove the files bench++ made at the end (default 1; fio's 0)"));
  CHECK(test::contains(words, "the seed of fio's random generators (fio's default 0x89)"));
  CHECK(test::contains(words, "--name=NAME starts a workload of that name (a job file's section) --"));
}

}  // namespace
}  // namespace bench
