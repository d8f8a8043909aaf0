#include "cli/fio_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <span>

#include "cli/fio_option_names.h"
#include "cli/fio_option_rules.h"
#include "cli/fio_run_options.h"
#include "cli/fio_values.h"
#include "cli/fio_zones.h"
#include "cli/value_error.h"
#include "result/job_file_names.h"
#include "result/errors.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars; their ValueError becomes a UsageError naming the option

// Every rule, in the groups' order (FioOptionGroup).
const std::vector<FioOptionRule>& rules() {
  static const std::vector<FioOptionRule> all = [] {
    std::vector<FioOptionRule> gathered;
    for (const std::span<const FioOptionRule> group :
         {fio_job_rules(), fio_file_rules(), fio_data_rules(), fio_job_control_rules(), fio_error_rules(),
          fio_statistics_rules(), fio_io_uring_rules(), fio_latency_rules(), fio_cpuio_rules(),
          fio_filestat_rules(), fio_deprecated_rules(), fio_exec_rules()}) {
      gathered.insert(gathered.end(), group.begin(), group.end());
    }
    return gathered;
  }();
  return all;
}

// The rule of a name or an alias (fio's other spellings run as the name does).
const FioOptionRule* find_rule(std::string_view name) {
  for (const FioOptionRule& rule : rules()) {
    if (rule.option.name == name) return &rule;
    for (const std::string_view alias : rule.option.aliases) {
      if (!alias.empty() && alias == name) return &rule;
    }
  }
  return nullptr;
}

// Levenshtein's distance: the fewest single-byte insertions, deletions and substitutions from `a` to `b`.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> current(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

// 'a', 'b', 'c'
std::string listed(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "'" : ", '") + name + "'";
  return list;
}

}  // namespace

std::optional<FioArgument> fio_option_argument(std::string_view name) {
  if (const auto run_option = fio_run_option_argument(name)) return run_option;
  const FioOptionRule* rule = find_rule(name);
  if (rule == nullptr) return std::nullopt;
  return rule->option.argument;
}

bool is_fio_run_option(std::string_view name) { return fio_run_option_argument(name).has_value(); }

bool is_deprecated_fio_option(std::string_view name) {
  const std::span<const FioOptionRule> deprecated = fio_deprecated_rules();
  return std::any_of(deprecated.begin(), deprecated.end(),
                     [&](const FioOptionRule& rule) { return rule.option.name == name; });
}

std::vector<FioOptionRow> fio_option_rows() {
  std::vector<FioOptionRow> rows;
  rows.reserve(rules().size());
  for (const FioOptionRule& rule : rules()) rows.push_back(rule.option);
  return rows;
}

std::string_view fio_option_canonical_name(std::string_view name) {
  const FioOptionRule* rule = find_rule(name);
  return rule == nullptr ? name : rule->option.name;
}

std::vector<std::string_view> fio_option_names() {
  std::vector<std::string_view> names;
  for (const FioOptionRule& rule : rules()) {
    names.push_back(rule.option.name);
    for (const std::string_view alias : rule.option.aliases) {
      if (!alias.empty()) names.push_back(alias);
    }
  }
  return names;
}

std::optional<unsigned> fio_kb_base(const FioOption& option) {
  if (option.name != "kb_base") return std::nullopt;
  const std::string value = option.value.value_or("");  // a copy: a view of value_or's temporary would dangle
  if (value == "1024") return 1024;
  if (value == "1000") return 1000;
  throw UsageError(fmt::format("invalid fio option kb_base='{}': must be 1000 or 1024", value));
}

void apply_fio_option(WorkloadSpec& spec, const FioOption& option, unsigned kb_base) {
  const FioOptionRule* rule = find_rule(option.name);
  if (rule == nullptr) {
    throw UsageError(not_run_options_message({option.name}));
  }
  if (!option.value && rule->option.argument == FioArgument::kRequired) {
    throw UsageError(fmt::format("fio option '{}' needs a value ({}=VALUE)", option.name, option.name));
  }
  try {
    rule->apply(spec, option.value.value_or("1"), kb_base);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid fio option {}='{}': {}", option.name, option.value.value_or(""),
                                 error.what()));
  }
  if (option.name == "kb_base") fio_kb_base(option);
}

void settle_workload(WorkloadSpec& spec) {
  update_block_bytes(spec);
  settle_zones(spec);  // zonerange's default, counts of zones (Nz) in bytes
  if (spec.pre_read) spec.invalidate = false;  // fio (init.c): pointless to pre-read and then drop the cache  // bs=, bsrange=, bssplit=: each direction's sizes, block_bytes the largest
  // fio (init.c): a statistic disable_* leaves out has no percentiles either.
  LatencyOutput& shown = spec.latency_output;
  if (shown.disable_lat) shown.lat_percentiles = false;
  if (shown.disable_clat) shown.clat_percentiles = false;
  if (shown.disable_slat) shown.slat_percentiles = false;
  // fio (filesetup.c): with one file of filesize=, the job's size is the file's unless size= asks for less (with
  // several files, or a range, the planner adds the files' sizes up: phases/workload/job_files.h).
  if (spec.file_size != 0 && spec.file_size_high == 0 && files_per_job(spec) == 1 && !spec.size_percent &&
      (spec.size_bytes == 0 || spec.size_bytes > spec.file_size)) {
    spec.size_bytes = spec.file_size;
  }
  // fio's cpuio (FIO_NOIO) moves no data, so no size ends its job, only its runtime; it needs none: a block stands in
  // for the size the planner asks (its target is diskless: nothing is made).
  if (moves_no_data(spec.engine) && spec.size_bytes == 0 && !spec.size_percent) spec.size_bytes = spec.block_bytes;
}

std::uint64_t parse_fio_size(std::string_view text, unsigned kb_base) {
  try {
    return fio_size_of(text, kb_base);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid size '{}': {}", text, error.what()));
  }
}

std::chrono::nanoseconds parse_fio_time(std::string_view text) {
  try {
    return fio_time_of(text);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid time '{}': {}", text, error.what()));
  }
}

std::string nearest_option_name(std::string_view name) {
  std::string_view nearest;
  std::size_t nearest_distance = std::string_view::npos;
  for (const std::string_view known : fio_option_names()) {
    const std::size_t distance = edit_distance(name, known);
    if (distance < nearest_distance) nearest = known, nearest_distance = distance;
  }
  // fio's string_distance_ok: a guess worth showing differs in at most half of the name's bytes.
  return nearest_distance <= (name.size() + 1) / 2 ? std::string(nearest) : std::string();
}

std::string not_run_options_message(const std::vector<std::string>& names) {
  std::vector<std::string> unknown;
  std::vector<std::string> not_supported;
  std::vector<std::string> zoned_devices;
  for (const std::string& name : names) {
    if (is_zoned_block_device_option(name)) {
      zoned_devices.push_back(name);
      continue;
    }
    (is_fio_option_name(name) || is_fio_run_option(name) ? not_supported : unknown).push_back(name);
  }
  std::vector<std::string> parts;
  if (!unknown.empty()) {
    std::string part = fmt::format("unknown fio option{} {}", unknown.size() == 1 ? "" : "s", listed(unknown));
    if (const std::string guess = nearest_option_name(unknown.front()); !guess.empty()) {
      part += fmt::format(" (did you mean '{}'{}?)", guess, unknown.size() == 1 ? "" : " for '" + unknown.front() + "'");
    }
    parts.push_back(part);
  }
  if (not_supported.size() == 1) {
    parts.push_back(fmt::format("fio option {} is not supported by bench++", listed(not_supported)));
  } else if (!not_supported.empty()) {
    parts.push_back(fmt::format("fio options {} are not supported by bench++", listed(not_supported)));
  }
  if (!zoned_devices.empty()) {
    parts.push_back(fmt::format("fio option{} {} {} for zoned block devices (zonemode=zbd), which cannot be tested here",
                                zoned_devices.size() == 1 ? "" : "s", listed(zoned_devices),
                                zoned_devices.size() == 1 ? "is" : "are"));
  }
  std::string message;
  for (const std::string& part : parts) message += (message.empty() ? "" : "; ") + part;
  return message + (unknown.empty() ? " (see bench++(1), WORKLOADS)" : " (see --cmdhelp)");
}

}  // namespace bench
