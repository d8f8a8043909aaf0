#include "cli/bonnie_command_line.h"

#include "cli/shared_options.h"

#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include "cli/size_spec.h"
#include "result/default_file_size.h"
#include "result/errors.h"
#include "result/result_keywords.h"
#include "result/space_needed.h"

namespace bench {
namespace {

namespace po = boost::program_options;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxConcurrency = 200;
constexpr const char* kDefaultFileSpec = "16";

// Every option, with Boost's "long,short" names. Every value is taken as a string and parsed here, so that
// error messages are ours. The help text (help_text() below) must list each of them.
po::options_description make_description() {
  po::options_description desc;
  const auto text = [] { return po::value<std::string>(); };
  // The options every run command shares (cli/shared_options.h), with their older spellings as options of their
  // own (apply_shared_options treats them as the same option).
  for (const SharedOption& option : shared_options()) {
    const std::string names = option.letter != 0 ? fmt::format("{},{}", option.name, option.letter)
                                                 : std::string(option.name);
    if (option.repeatable) {
      desc.add_options()(names.c_str(), po::value<std::vector<std::string>>()->composing());
    } else if (option.takes_value()) {
      desc.add_options()(names.c_str(), text());
    } else {
      desc.add_options()(names.c_str(), po::bool_switch());
    }
    for (const std::string_view alias : option.aliases) {
      if (option.takes_value()) {
        desc.add_options()(std::string(alias).c_str(), text());
      } else {
        desc.add_options()(std::string(alias).c_str(), po::bool_switch());
      }
    }
  }
  desc.add_options()
      ("size,s", text())
      ("files,n", text())
      ("per-char,f", po::value<std::string>()->implicit_value(""))
      ("seek-writes", text())
      ("ram,r", text())
      ("concurrency,c", text())
      ("machine,m", text())
      ("sync-each,b", po::bool_switch())
      ("direct,D", po::bool_switch())
      ("data", text())
      ("no-sync-test", po::bool_switch())
      ("sync-size", text())
      ("verify", po::bool_switch())
      ("user,u", text())
      ("group,g", text())
      ("version,V", po::bool_switch())
      ("detect", po::bool_switch())
      // bonnie++ options that bench++ refuses (-p, -y, -Z: see unsupported_option_message) or ignores (-l).
      // Each takes a value, as in bonnie++, so "-p -1" is read as one option.
      (",p", text())
      (",y", text())
      (",Z", text())
      (",l", text());
  return desc;
}

// "-s (--size)", "--cache" or "-p" for an option name as Boost reports it ("--size", "-s", "size").
std::string display_name(const std::string& raw, const po::options_description& desc) {
  const auto first = raw.find_first_not_of('-');
  const std::string bare = first == std::string::npos ? raw : raw.substr(first);
  for (const auto& option : desc.options()) {
    const std::string short_name = option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    const std::string& long_name = option->long_name();
    const bool is_short = short_name.size() == 2 && short_name[0] == '-' && short_name.substr(1) == bare;
    if (long_name != bare && !is_short) continue;
    if (long_name.empty()) return short_name;
    if (short_name.size() == 2 && short_name[0] == '-') return fmt::format("{} (--{})", short_name, long_name);
    return "--" + long_name;
  }
  return raw;
}

// What to say about a bonnie++ option that bench++ does not support ("-p", "-y", "-Z"); "" for the others.
std::string unsupported_option_message(std::string_view name) {
  if (name == "-p") {
    return "option -p (semaphores for several bonnie++ processes) is not supported: use -c N to run N concurrent "
           "workers";
  }
  if (name == "-y") return "option -y (waiting on semaphores) is not supported: use -c N to run N concurrent workers";
  if (name == "-Z") {
    return "option -Z (random numbers from a file) is not supported: use -z SEED for a reproducible run";
  }
  return "";
}

std::string describe(const po::error& error, const po::options_description& desc) {
  if (const auto* e = dynamic_cast<const po::unknown_option*>(&error)) {
    return fmt::format("unknown option '{}' (see --help)", e->get_option_name());
  }
  if (const auto* e = dynamic_cast<const po::multiple_occurrences*>(&error)) {
    return fmt::format("option {} was given more than once", display_name(e->get_option_name(), desc));
  }
  if (const auto* e = dynamic_cast<const po::invalid_command_line_syntax*>(&error)) {
    const std::string name = display_name(e->get_option_name(), desc);
    if (const std::string unsupported = unsupported_option_message(name); !unsupported.empty()) return unsupported;
    switch (e->kind()) {
      case po::invalid_syntax::missing_parameter: return fmt::format("option {} needs a value", name);
      case po::invalid_syntax::empty_adjacent_parameter: return fmt::format("option {} needs a value after '='", name);
      case po::invalid_syntax::extra_parameter: return fmt::format("option {} takes no value", name);
      default: break;
    }
  }
  return fmt::format("invalid command line: {}", error.what());
}

// Positional arguments are never valid; Boost leaves them with an empty key. -f's value must be attached
// (bonnie++'s getopt "f::"), but Boost also takes it from the next word: refuse that as bonnie++ does.
void reject_positionals(const po::parsed_options& parsed) {
  for (const auto& option : parsed.options) {
    if (option.string_key.empty()) {
      const std::string word = option.original_tokens.empty() ? std::string() : option.original_tokens.front();
      throw UsageError(fmt::format("unexpected argument '{}' (bench++ takes no positional arguments)", word));
    }
    if (option.string_key == "per-char" && option.original_tokens.size() > 1) {
      const std::string& word = option.original_tokens.back();
      throw UsageError(fmt::format("unexpected argument '{}': -f takes its value attached (-f{} or --per-char={})",
                                   word, word, word));
    }
  }
}

po::variables_map parse_syntax(const std::vector<std::string>& args, const po::options_description& desc) {
  constexpr int kStyle = po::command_line_style::unix_style & ~po::command_line_style::allow_guessing;
  po::variables_map vm;
  try {
    const po::parsed_options parsed = po::command_line_parser(args).options(desc).style(kStyle).run();
    reject_positionals(parsed);
    po::store(parsed, vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(describe(e, desc));
  }
  return vm;
}

std::optional<std::string> value_of(const po::variables_map& vm, const char* key) {
  if (vm.count(key) == 0) return std::nullopt;
  return vm[key].as<std::string>();
}

bool flag(const po::variables_map& vm, const char* key) { return vm[key].as<bool>(); }

[[noreturn]] void invalid(std::string_view option, std::string_view text, std::string_view reason) {
  throw UsageError(fmt::format("invalid {} value '{}': {}", option, text, reason));
}

std::string non_empty(std::string_view option, std::string text) {
  if (text.empty()) invalid(option, text, "empty value");
  return text;
}

std::uint64_t count_in_range(std::string_view option, const std::string& text, std::uint64_t low,
                             std::uint64_t high) {
  const std::uint64_t value = parse_count(text, option);
  if (value < low || value > high) invalid(option, text, fmt::format("must be from {} to {}", low, high));
  return value;
}

// A whole percent, 0..100; every problem (not a number, a sign, a fraction, empty, too large) names the range.
std::uint64_t percent_in_range(std::string_view option, const std::string& text) {
  constexpr std::string_view kRange = "a whole percent from 0 to 100";
  std::uint64_t value = 0;
  try {
    value = parse_count(text, option);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{} (expected {})", e.what(), kRange));
  }
  if (value > 100) invalid(option, text, fmt::format("must be {}", kRange));
  return value;
}

// The value an option's keyword names (result/result_keywords.h), or a UsageError "expected <a> or <b>".
template <typename Enum>
Enum keyword_value(std::string_view option, const std::string& text, Enum first_choice, Enum second_choice) {
  const auto value = enum_from_keyword<Enum>(text);
  if (!value) invalid(option, text, fmt::format("expected {} or {}", keyword(first_choice), keyword(second_choice)));
  return *value;
}

// "100 MiB", "1 TiB", "2300 bytes": the largest binary unit that divides the size exactly.
std::string size_text(std::uint64_t bytes) {
  static constexpr std::pair<int, std::string_view> kUnits[] = {{60, "EiB"}, {50, "PiB"}, {40, "TiB"},
                                                                {30, "GiB"}, {20, "MiB"}, {10, "KiB"}};
  for (const auto& [shift, symbol] : kUnits) {
    const std::uint64_t unit = std::uint64_t{1} << shift;
    if (bytes != 0 && bytes % unit == 0) return fmt::format("{} {}", bytes / unit, symbol);
  }
  return fmt::format("{} bytes", bytes);
}

void reject_unsupported(const po::variables_map& vm) {
  for (const char* name : {"-p", "-y", "-Z"}) {
    if (vm.count(name) != 0) throw UsageError(unsupported_option_message(name));
  }
}

void apply_user_and_group(const po::variables_map& vm, Config& config) {
  if (const auto text = value_of(vm, "user")) {
    const auto colon = text->find(':');
    config.user = text->substr(0, colon);
    if (config.user->empty()) invalid("-u", *text, "empty user name (use -g GROUP for a group alone)");
    if (colon != std::string::npos) {
      config.group = text->substr(colon + 1);
      if (config.group->empty()) invalid("-u", *text, "empty group name after ':'");
      if (config.group->find(':') != std::string::npos) invalid("-u", *text, "expected user[:group]");
    }
  }
  if (const auto text = value_of(vm, "group")) {
    if (config.group) throw UsageError("option -g cannot be combined with -u user:group: give the group once");
    config.group = non_empty("-g", *text);
  }
}

// The shared options (cli/shared_options.h) as given, each through the one function that applies it; an option
// given under its name and an older spelling counts as given twice.
void apply_shared_options(const po::variables_map& vm, Config& config) {
  for (const SharedOption& option : shared_options()) {
    std::vector<std::string> keys{std::string(option.name)};
    for (const std::string_view alias : option.aliases) keys.emplace_back(alias);
    const std::string* given_as = nullptr;
    for (const std::string& key : keys) {
      const bool given = option.takes_value() ? vm.count(key) != 0 : vm.count(key) != 0 && vm[key].as<bool>();
      if (!given) continue;
      if (given_as != nullptr) {
        throw UsageError(fmt::format("option {} was given more than once", shared_option_display_name(option)));
      }
      given_as = &key;
    }
    if (given_as == nullptr) continue;
    if (option.repeatable) {
      for (const std::string& value : vm[*given_as].as<std::vector<std::string>>()) {
        apply_shared_option(option, value, config);
      }
    } else {
      apply_shared_option(option, option.takes_value() ? vm[*given_as].as<std::string>() : std::string(), config);
    }
  }
  check_shared_options(config);
}

void apply_output(const po::variables_map& vm, const SystemFacts& facts, Config& config) {
  config.machine_name = facts.host_name;
  if (const auto text = value_of(vm, "machine")) {
    config.machine_name = non_empty("-m", *text);
    if (text->find(',') != std::string::npos) invalid("-m", *text, "a comma would break the CSV line");
  }
  config.label = config.machine_name;
}

void apply_behaviour(const po::variables_map& vm, const SystemFacts& facts, Config& config) {
  RunSetup& setup = config.setup;
  setup.fsync_each = flag(vm, "sync-each");
  setup.direct_io = flag(vm, "direct");
  const auto sync_size = value_of(vm, "sync-size");
  setup.sync_test = sync_size ? parse_sync_spec(*sync_size) : SyncTestSpec{};
  if (flag(vm, "no-sync-test")) setup.sync_test.reset();
  setup.verify = flag(vm, "verify");
  setup.seed = facts.random_seed;
  if (const auto text = value_of(vm, "concurrency")) {
    setup.concurrency = static_cast<std::uint32_t>(count_in_range("-c", *text, 1, kMaxConcurrency));
  }
  if (const auto text = value_of(vm, "data")) {
    setup.data = keyword_value<DataPattern>("--data", *text, DataPattern::kRandom, DataPattern::kZero);
  }
  if (value_of(vm, "-l")) config.warnings.push_back("option -l is ignored (bonnie++ ignores it too)");
  apply_user_and_group(vm, config);
}

std::uint64_t ram_mib(const po::variables_map& vm, const SystemFacts& facts) {
  const auto text = value_of(vm, "ram");
  if (!text) return std::min(facts.ram_mib, kMaxRamMib);
  const std::uint64_t bytes = parse_size(*text, SizeUnit::kMiB, "-r");
  if (bytes % kMiB != 0) invalid("-r", *text, "must be a whole number of MiB");
  if (bytes / kMiB > kMaxRamMib) invalid("-r", *text, fmt::format("too large (at most {} MiB)", kMaxRamMib));
  return bytes / kMiB;
}

// bonnie++ refuses a file smaller than twice the RAM, since the page cache would serve the reads; bench++
// drops the cache by default and only keeps the rule with --cache keep.
void check_twice_ram(const std::string& text, const IoSpec& io, std::uint32_t concurrency, std::uint64_t ram) {
  const CheckedSize needed = checked_multiply(2 * ram, kMiB);  // ram <= kMaxRamMib: fits
  const CheckedSize total = checked_multiply(io.file_size_bytes, concurrency);
  if (!total || *total >= *needed) return;  // a total past 64 bits is far above twice any RAM
  invalid("-s", text,
          fmt::format("{} x {} worker(s) is less than twice the RAM (2 x {} MiB) with --cache keep, so the page "
                      "cache would serve the reads; use a larger -s, --cache drop, or -r 0",
                      size_text(io.file_size_bytes), concurrency, ram));
}

void apply_io(const po::variables_map& vm, std::uint64_t ram, RunSetup& setup) {
  if (const auto text = value_of(vm, "size")) {
    setup.io = parse_io_spec(*text);
    if (setup.io && setup.cache == CacheMode::kKeep && ram != 0) {
      check_twice_ram(*text, *setup.io, setup.concurrency, ram);
    }
  } else {
    DefaultFileSize size = choose_default_file_size(ram, setup.cache);
    IoSpec spec;
    spec.file_size_bytes = size.bytes;
    setup.file_size_choice = std::move(size.choice);
    setup.io = spec;
  }
  if (const auto text = value_of(vm, "seek-writes")) {
    const auto percent = static_cast<std::uint32_t>(percent_in_range("--seek-writes", *text));
    if (setup.io) setup.io->seek_write_percent = percent;
  }
  const auto per_char = value_of(vm, "per-char");
  if (!per_char) return;
  const std::uint64_t bytes = per_char->empty() ? 0 : parse_size(*per_char, SizeUnit::kMiB, "-f");
  if (setup.io) setup.io->per_char_bytes = std::min(bytes, setup.io->file_size_bytes);
}

void apply_files(const po::variables_map& vm, std::uint64_t ram, RunSetup& setup) {
  const std::string text = value_of(vm, "files").value_or(kDefaultFileSpec);
  setup.files = parse_file_spec(text);
  if (!setup.files || ram == 0) return;
  // Unchecked, as bounded: count_k <= kMaxFileCountK (28339) x 37 x 2, and ram <= kMaxRamMib (2^40) x 1024.
  if (std::uint64_t{setup.files->count_k} * kFileBookkeepingBytes * 2 > ram * 1024) {
    invalid("-n", text,
            fmt::format("{} x 1024 files would need more memory than RAM ({} MiB) has for their names; use a "
                        "smaller -n, or -r 0 to skip this check",
                        setup.files->count_k, ram));
  }
}

// A run whose disk space does not fit in 64 bits (result/space_needed.h) would pass the free-space check once
// wrapped round to a small number, and then fill the disk: refused here, naming the option that makes it so.
void check_space_fits(const po::variables_map& vm, const RunSetup& setup) {
  if (setup.files && !file_set_bytes_needed(*setup.files)) {
    invalid("-n", value_of(vm, "files").value_or(kDefaultFileSpec),
            fmt::format("{} x 1024 files of up to {} each are more than 2^64 bytes", setup.files->count_k,
                        size_text(setup.files->max_size_bytes)));
  }
  if (!run_bytes_needed(setup, 1)) {
    invalid("-c", value_of(vm, "concurrency").value_or("1"),
            fmt::format("{} workers x {} each are more than 2^64 bytes", setup.concurrency,
                        size_text(worker_bytes_needed(setup).value_or(0))));
  }
}

}  // namespace

ParsedCommandLine parse_command_line(const std::vector<std::string>& args, const SystemFacts& facts) {
  const po::options_description desc = make_description();
  const po::variables_map vm = parse_syntax(args, desc);
  ParsedCommandLine result;
  if (flag(vm, "help")) {
    result.action = Action::kHelp;
    result.help_text = help_text();
    return result;
  }
  if (flag(vm, "version")) {
    result.action = Action::kVersion;
    return result;
  }
  if (flag(vm, "detect")) {
    result.action = Action::kDetect;
    return result;
  }
  reject_unsupported(vm);
  Config& config = result.config;
  apply_output(vm, facts, config);
  apply_behaviour(vm, facts, config);
  apply_shared_options(vm, config);
  if (config.setup.verify && config.setup.data == DataPattern::kZero) {
    throw UsageError("option --verify needs --data random: zero blocks carry no offset stamp to check");
  }
  const std::uint64_t ram = ram_mib(vm, facts);
  apply_io(vm, ram, config.setup);
  apply_files(vm, ram, config.setup);
  check_space_fits(vm, config.setup);
  if (!config.setup.io && !config.setup.files) {
    throw UsageError("nothing to do: -s 0 and -n 0 together skip every test");
  }
  return result;
}

std::string help_text() {
  return std::string(R"(usage: bench++ [options]
       bench++ compare BASE [OTHER...] [compare options] (see bench++ compare --help)
       bench++ host-view setup|snapshot|attach ...       (bench++ host-view --help)
       bench++ job [options] --name=NAME [fio options]... | JOBFILE.fio...   (bench++ job --help)
       bench++ suite tart|openstack|cdm [options]        (bench++ suite --help)
A filesystem benchmark that accepts bonnie++'s options and writes its table and CSV line.

Test sizes:
  -s, --size SIZE[:CHUNK[:SEEKS[:SEEKERS]]]
                        I/O test file size (MiB without a suffix; k/m/g/t allowed; 0 skips the I/O
                        tests; default the larger of 1 GiB and RAM/8, bounded by free space; with
                        --cache keep 2 x RAM, at least 300 MiB), block size in bytes (power of two,
                        256..1m, default 8k), random seeks (default 8192), seekers (1..1000, default 5)
      --seek-writes PERCENT
                        share of the random seeks that also write their block back, 0..100 (default 10
                        as bonnie++; 0 only reads, as fio's randread)
  -n, --files NUM[:MAX[:MIN[:DIRS[:CHUNK]]]]
                        file tests: NUM x 1024 files (default 16; 0 skips them) of MIN..MAX bytes
                        (default 0; MAX -1 = hard links, -2 = symbolic links) in DIRS directories
                        (1..99999, default 1), written in CHUNK bytes (default 8k)
  -f, --per-char[=N]    per-char tests on N MiB (attached: -f5; default 3); a bare -f skips them
  -r, --ram MIB         RAM size for the default -s and the checks (default: detected; 0 disables)
  -c, --concurrency N   concurrent workers, each on its own file and directory (1..200, default 1)

Output and behaviour:
  -m, --machine NAME    machine name in the reports (default: the host name; no commas)
  -b, --sync-each       fsync after each seek-test write and each file create, link and unlink
  -D, --direct          open the I/O test files with O_DIRECT (per-char tests stay buffered)
      --data random|zero
                        block contents: incompressible (default) or zeros as bonnie++ writes
      --no-sync-test    skip the fsync latency test
      --sync-size TOTAL[:WRITE]
                        fsync latency test: TOTAL bytes (default 22m) in WRITE-byte writes (default 2300)
      --verify          check every block read against the pattern written; a mismatch fails the run
  -u, --user USER[:GROUP]
                        run as USER (and GROUP), by name or number
  -g, --group GROUP     run as GROUP, by name or number
  -V, --version         show the version and exit
      --detect          print whether this runs on a host or in a guest, with the evidence, and exit

)") + shared_options_help() + R"(With -x stdout carries a CSV header and a CSV line per run, the tables go to stderr; with -q only the CSV
line. From bonnie++, -p and -y are not supported (use -c), nor -Z (use -z); -l is ignored.
)";
}

}  // namespace bench
