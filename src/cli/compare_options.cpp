#include "cli/compare_options.h"

#include <boost/program_options.hpp>
#include <algorithm>
#include <array>
#include <filesystem>

#include <fmt/format.h>

#include "result/errors.h"

namespace bench {
namespace {

namespace po = boost::program_options;

constexpr auto kOutputNames = std::to_array<std::string_view>({"csv", "json", "html"});

po::options_description make_description() {
  po::options_description desc;
  for (const std::string_view name : kOutputNames) desc.add_options()(name.data(), po::value<std::string>());
  desc.add_options()
      ("by-label", po::bool_switch())
      ("base", po::value<std::string>())
      ("help,h", po::bool_switch())
      ("file", po::value<std::vector<std::string>>());
  return desc;
}

std::string describe(const po::error& error) {
  if (const auto* e = dynamic_cast<const po::unknown_option*>(&error)) {
    return fmt::format("compare: unknown option '{}' (see bench++ compare --help)", e->get_option_name());
  }
  if (const auto* e = dynamic_cast<const po::multiple_occurrences*>(&error)) {
    return fmt::format("compare: option {} was given more than once", e->get_option_name());
  }
  if (const auto* e = dynamic_cast<const po::invalid_command_line_syntax*>(&error)) {
    switch (e->kind()) {
      case po::invalid_syntax::missing_parameter:
        return fmt::format("compare: option {} needs a value", e->get_option_name());
      case po::invalid_syntax::empty_adjacent_parameter:
        return fmt::format("compare: option {} needs a value after '='", e->get_option_name());
      case po::invalid_syntax::extra_parameter:
        return fmt::format("compare: option {} takes no value", e->get_option_name());
      default: break;
    }
  }
  return fmt::format("compare: invalid command line: {}", error.what());
}

po::variables_map parse_syntax(const std::vector<std::string>& args) {
  const po::options_description desc = make_description();
  po::positional_options_description positional;
  positional.add("file", -1);
  constexpr int kStyle = po::command_line_style::unix_style & ~po::command_line_style::allow_guessing;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(positional).style(kStyle).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(describe(e));
  }
  return vm;
}

std::optional<std::string> output(const po::variables_map& vm, const std::string& name) {
  if (vm.count(name) == 0) return std::nullopt;
  const std::string value = vm[name].as<std::string>();
  if (value.empty()) throw UsageError(fmt::format("compare: --{} needs a file name or '-'", name));
  return value;
}

std::string normal(const std::string& path) { return std::filesystem::path(path).lexically_normal().string(); }

void check_outputs(const CompareConfig& config) {
  for (std::size_t i = 0; i < kOutputNames.size(); ++i) {
    const std::string name = fmt::format("--{}", kOutputNames[i]);
    const std::optional<std::string> value = config.output(kOutputNames[i]);
    if (!value) continue;
    for (std::size_t j = i + 1; j < kOutputNames.size(); ++j) {
      const std::string other_name = fmt::format("--{}", kOutputNames[j]);
      const std::optional<std::string> other = config.output(kOutputNames[j]);
      if (other && normal(*other) == normal(*value)) {
        throw UsageError(*value == "-"
                             ? fmt::format("compare: {} and {} cannot both write to standard output", name, other_name)
                             : fmt::format("compare: {} and {} both write to '{}'", name, other_name, *value));
      }
    }
    for (const auto& file : config.files) {
      if (*value != "-" && normal(*value) == normal(file)) {
        throw UsageError(fmt::format("compare: {} '{}' would overwrite an input file", name, *value));
      }
    }
  }
}

}  // namespace

std::span<const std::string_view> compare_output_names() { return kOutputNames; }

ParsedCompareCommand parse_compare_command_line(const std::vector<std::string>& args) {
  const po::variables_map vm = parse_syntax(args);
  ParsedCompareCommand result;
  if (vm["help"].as<bool>()) {
    result.action = CompareAction::kHelp;
    return result;
  }
  CompareConfig& config = result.config;
  if (vm.count("file") != 0) config.files = vm["file"].as<std::vector<std::string>>();
  if (config.files.empty()) throw UsageError("compare: needs a BASE file (see bench++ compare --help)");
  for (const auto& file : config.files) {
    if (file.empty()) throw UsageError("compare: an empty file name");
  }
  if (std::count(config.files.begin(), config.files.end(), "-") > 1) {
    throw UsageError("compare: '-' (standard input) can be given once");
  }
  for (const std::string_view name : kOutputNames) {
    if (std::optional<std::string> path = output(vm, std::string(name))) config.outputs.emplace(name, std::move(*path));
  }
  config.group_by_label = vm["by-label"].as<bool>();
  if (vm.count("base") != 0) {
    config.base = vm["base"].as<std::string>();
    if (config.base->empty()) throw UsageError("compare: --base needs a group's label");
  }
  check_outputs(config);
  return result;
}

std::string compare_help_text() {
  return R"(usage: bench++ compare BASE [OTHER...] [options]
Compares benchmark runs side by side. It leads with the answer: what changes what the figures mean (TCG
emulation, reads from the page cache, a busy machine, other settings, too few rounds), then per test the
groups best first, each against the base and the next one down ("virtio-blk 0.82× host, 1.3× nvme"),
placed apart only when their per-round ranges do not overlap (without rounds: beyond the noise), with a
plain word when they are too few to rank ("2 rounds: too few to rank; ranges overlap"). Then for each test
and metric every group's value and its ratio to the base, in words ("guest 0.42× host", "p99 latency
3.1× higher", "CPU 1.2× lower"). The text fits 120 columns (a figure and its unit per cell, the runs'
spread as a share of the mean); --csv, --json and --html keep the mean ± standard deviation. A single file
whose runs all have one label is shown alone: its tables as bench++ printed them, and with --html the run's
report. A guest run that carries the host's view of it (scripts/guest-run.sh) shows, alone or compared,
where its time went: per workload the guest's mean latency split into the guest's side, QEMU and the host
above the device, and the host device, with the amplifications, CPU per request and a reading naming the
largest share (median and range over the rounds; bench++(1), COMPARE).

Files (each holds one format, found from its content):
  bench++ spreadsheet CSV (--csv), bench++ JSON (--json), or bonnie++ CSV lines (format 1.98, from
  bonnie++ 1.98 to 2.00a or bench++, or the 48-field 1.96/1.97 lines; rates, %CPU and max latency only;
  "+++++" = not measured).
  A spreadsheet CSV is read row by row (up to 16 GiB): a run's rows must follow one another, as bench++
  writes them; the other formats are read whole (up to 512 MiB). A FILE of "-" is standard input (once).
  The runs of one file with one label form a group; several runs in a group (-x N) are repeats and show
  as mean ± standard deviation. The first group of BASE is the base (--base picks another).
  Groups are named by their label; when labels clash, by where they ran (host, guest) or else by their file
  name. Files that are one side's rounds (each file one label, every run tagged round=N, no round twice in
  a label's files, as scripts/host-vs-guest.sh writes them) are grouped by label without --by-label.

Metrics: throughput (higher is better), CPU (lower is better), p50, p99 and max latency (lower is
better; only those the files hold). A difference is beyond the noise when the means differ by more than
2 × the larger standard deviation of the runs (needs 2 or more runs on one side). A run whose workload job
failed is no value: every output names it with its error, and a group whose every run failed has no ratio.

Options:
      --csv FILE        write the comparison as CSV (one row per test, metric and group); "-" = stdout
      --json FILE       write the comparison as JSON; "-" = stdout
      --html FILE       write a self-contained HTML page with bar charts (no scripts); "-" = stdout
      --by-label        group runs by label across files (e.g. host1.csv host2.csv guest1.csv guest2.csv)
      --base LABEL      set the others against the group LABEL (its name or label); unknown: exit 2
  -h, --help            show this help

The table goes to stdout, or to stderr when --csv, --json or --html write to stdout.
Exit status: 0 done, 1 a file cannot be read or is not valid, 2 bad options.
)";
}

}  // namespace bench
