#include "compare/run_grouping.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "compare/run_tags.h"
#include "result/busy_machine.h"
#include "result/errors.h"
#include "result/result_keywords.h"
#include "result/run_fields.h"
#include "result/workload_fields.h"
#include "text/printable.h"

namespace bench {
namespace {

constexpr int kLastNameLevel = 5;

// The name of a group at a naming level (see RunFolder::groups).
std::string name_at(const RunGroup& group, int level) {
  const std::filesystem::path file(group.info.files.front());
  const std::string stem = file.stem().string();
  const std::string& label = group.info.label;
  const std::optional<Role> role = group.first.run.info.role;
  switch (level) {
    case 0: return label.empty() ? stem : label;
    case 1: return role == Role::kHost || role == Role::kGuest ? std::string(keyword(*role)) : stem;
    case 2: return stem;
    case 3: return fmt::format("{} ({})", label, stem);
    case 4: return fmt::format("{} ({})", label, file.filename().string());
    default: return fmt::format("{} ({})", label, file.string());
  }
}

void name_groups(std::vector<RunGroup>& groups) {
  std::vector<int> levels(groups.size(), 0);
  while (true) {
    std::map<std::string, int> uses;
    for (std::size_t g = 0; g < groups.size(); ++g) ++uses[groups[g].info.name = name_at(groups[g], levels[g])];
    bool stepped = false;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (uses[groups[g].info.name] > 1 && levels[g] < kLastNameLevel) {
        ++levels[g];
        stepped = true;
      }
    }
    if (!stepped) break;
  }
  std::map<std::string, int> seen;
  for (auto& group : groups) {
    const int n = ++seen[group.info.name];
    if (n > 1) group.info.name += fmt::format(" ({})", n);
  }
}

std::string size_text(std::uint64_t bytes) {
  constexpr std::uint64_t kKiB = 1024;
  if (bytes != 0 && bytes % (kKiB * kKiB) == 0) return fmt::format("{} MiB", bytes / (kKiB * kKiB));
  if (bytes != 0 && bytes % kKiB == 0) return fmt::format("{} KiB", bytes / kKiB);
  return fmt::format("{} bytes", bytes);
}

// A field's value as compare's note shows it.
template <typename Record>
std::string shown(const RecordField<Record>& field, const FieldValue& value) {
  const Difference& difference = field.difference;
  switch (difference.reading) {
    case DifferenceReading::kSize: return size_text(std::get<std::uint64_t>(value));
    case DifferenceReading::kCount: return fmt::format("{}", std::get<std::uint64_t>(value));
    case DifferenceReading::kPercent: return fmt::format("{} %", std::get<std::uint64_t>(value));
    case DifferenceReading::kOnOff: return std::get<bool>(value) ? "on" : "off";
    case DifferenceReading::kWord: {
      if (const auto* text = std::get_if<std::string>(&value)) return *text;  // (ioengine: as written)
      const auto index = std::get<std::uint64_t>(value);
      const auto words = difference.shown_words.empty() ? field.access.format.words : difference.shown_words;
      return std::string(words[index]);
    }
    case DifferenceReading::kText: return std::get<std::string>(value).empty() ? "none" : std::get<std::string>(value);
    case DifferenceReading::kNotCompared: break;
  }
  return "";
}

// Whether the run's file records the field (result/unrecorded_fields.h): an unrecorded one has no value to compare.
bool recorded_run_field(const SourcedRun& run, std::size_t index) {
  return run.unrecorded == nullptr || !run.unrecorded->run_field(index);
}
bool recorded_workload_field(const SourcedRun& run, std::size_t index) {
  return run.unrecorded == nullptr || !run.unrecorded->workload_field(index);
}

// "file size 16 MiB vs 256 MiB", ...: the compared fields of result/run_fields.h whose values differ, in its
// order. A field that a bonnie++ line does not record is compared between two bench++ results only, and one that
// either run's file does not record (older than the field) not at all.
std::vector<std::string> differences(const SourcedRun& other, const SourcedRun& base) {
  const bool both_bench = other.source == RunSource::kBenchResult && base.source == RunSource::kBenchResult;
  std::vector<std::string> out;
  const auto fields = run_fields();
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const RunField& field = fields[f];
    if (!recorded_run_field(other, f) || !recorded_run_field(base, f)) continue;
    const Difference& difference = field.difference;
    if (difference.reading == DifferenceReading::kNotCompared) continue;
    if (!difference.in_bonnie_lines && !both_bench) continue;
    const RunInfo& o = other.run.info;
    const RunInfo& b = base.run.info;
    if (!group_present(field, o) || !group_present(field, b)) continue;
    const std::optional<FieldValue> other_value = field.access.get(o);
    const std::optional<FieldValue> base_value = field.access.get(b);
    if (!other_value || !base_value || *other_value == *base_value) continue;
    out.push_back(fmt::format("{} {} vs {}", difference.title, shown(field, *other_value), shown(field, *base_value)));
  }
  return out;
}

// "workload 'randread': bs 64 KiB vs 4 KiB, iodepth 16 vs 1": for each workload the two runs share by name, the
// compared fields of result/workload_fields.h whose values differ (a workload's name says nothing of its settings).
std::vector<std::string> workload_differences(const SourcedRun& other, const SourcedRun& base) {
  std::vector<std::string> out;
  for (const WorkloadSpec& base_spec : base.run.info.setup.workloads) {
    const auto& others = other.run.info.setup.workloads;
    const auto found = std::find_if(others.begin(), others.end(),
                                    [&](const WorkloadSpec& spec) { return spec.name == base_spec.name; });
    if (found == others.end()) continue;
    std::string list;
    const auto fields = workload_fields();
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const WorkloadField& field = fields[f];
      if (field.difference.reading == DifferenceReading::kNotCompared) continue;
      if (!recorded_workload_field(other, f) || !recorded_workload_field(base, f)) continue;
      if (!group_present(field, *found) || !group_present(field, base_spec)) continue;
      const std::optional<FieldValue> other_value = field.access.get(*found);
      const std::optional<FieldValue> base_value = field.access.get(base_spec);
      if (!other_value || !base_value || *other_value == *base_value) continue;
      list += fmt::format("{}{} {} vs {}", list.empty() ? "" : ", ", field.difference.title,
                          shown(field, *other_value), shown(field, *base_value));
    }
    if (!list.empty()) out.push_back(fmt::format("workload '{}': {}", base_spec.name, list));
  }
  return out;
}

// "2 CPUs, 512 MiB, vda (virtio_blk)": the machine and its disk, as far as recorded.
std::string machine_of(const RunInfo& info) {
  std::vector<std::string> parts;
  if (info.cpus) parts.push_back(fmt::format("{} CPU{}", *info.cpus, *info.cpus == 1 ? "" : "s"));
  if (info.memory_bytes) {
    const double gib = static_cast<double>(*info.memory_bytes) / (1ull << 30);
    parts.push_back(gib >= 1 ? fmt::format("{:.1f} GiB", gib) : fmt::format("{} MiB", *info.memory_bytes >> 20));
  }
  if (!info.device.empty()) {
    std::string disk = info.device;
    if (!info.device_driver.empty() || !info.device_model.empty()) {
      const std::string model = info.device_model.empty() ? "" : (info.device_driver.empty() ? "" : ", ") + info.device_model;
      disk += " (" + info.device_driver + model + ")";
    }
    parts.push_back(disk);
  }
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

// "host", "guest on kvm", "guest on kvm, in docker", "" (not recorded or unknown); then the machine and the
// run's tags: "guest on qemu; 2 CPUs, 512 MiB, vda (virtio_blk); accel=tcg; drive=cache=none".
std::string placement_of(const RunInfo& info) {
  std::string text;
  if (info.role == Role::kHost || info.role == Role::kGuest) {
    text = keyword(*info.role);
    if (!info.hypervisor.empty() && info.hypervisor != "none" && info.hypervisor != "unknown") {
      text += " on " + info.hypervisor;
    }
    if (!info.container.empty() && info.container != "none" && info.container != "unknown") {
      text += ", in " + info.container;
    }
  }
  // (The round is not where a group ran: its runs span rounds.)
  for (const std::string& part : {machine_of(info), tags_without(info.tags, kRoundTag)}) {
    if (!part.empty()) text += (text.empty() ? "" : "; ") + part;
  }
  return text;
}

// "TCG", "KVM", or the tag's value as it is.
std::string accelerator_name(const std::string& value) {
  if (value == "tcg") return "TCG";
  if (value == "kvm") return "KVM";
  return value;
}

// --base LABEL: the group named LABEL (or, failing that, the one group with that label) moves to the front, the
// others keep their order.
void put_base_first(std::vector<RunGroup>& groups, const std::string& wanted) {
  auto found = std::find_if(groups.begin(), groups.end(), [&](const RunGroup& g) { return g.info.name == wanted; });
  if (found == groups.end() &&
      std::count_if(groups.begin(), groups.end(), [&](const RunGroup& g) { return g.info.label == wanted; }) == 1) {
    found = std::find_if(groups.begin(), groups.end(), [&](const RunGroup& g) { return g.info.label == wanted; });
  }
  if (found == groups.end()) {
    std::string names;
    for (const RunGroup& group : groups) names += (names.empty() ? "'" : ", '") + printable(group.info.name) + "'";
    throw UsageError(fmt::format("compare: --base '{}' names no group; the groups are {}", printable(wanted), names));
  }
  std::rotate(groups.begin(), found, found + 1);
}

}  // namespace

const TestFold* RunGroup::find(const TestId& test) const {
  const auto found = test_index.find(test);
  return found == test_index.end() ? nullptr : &tests[found->second];
}

void RunFolder::fold_into(Folded& folded, std::tuple<std::size_t, std::string> key, const SourcedRun& run) {
  const auto [found, inserted] = folded.index.try_emplace(std::move(key), folded.groups.size());
  if (inserted) {
    folded.groups.push_back(RunGroup{GroupInfo{}, run, {}, {}});
    folded.groups.back().folded_index = found->second;
    folded.groups.back().first.run.phases.shrink_to_fit();
    folded.groups.back().info.label = run.run.info.label;
    folded.groups.back().info.placement = placement_of(run.run.info);
  }
  RunGroup& group = folded.groups[found->second];
  ++group.info.runs;
  if (ran_on_busy_machine(run.run.info)) {
    ++group.busy_runs;
    group.most_other_cpu_percent = std::max(group.most_other_cpu_percent, *run.run.info.other_cpu_percent);
  }
  group.host_view.add(run.run);
  group.info.from_bonnie = group.info.from_bonnie || run.source == RunSource::kBonnieLine;
  auto& files = group.info.files;
  if (std::find(files.begin(), files.end(), run.file) == files.end()) files.push_back(run.file);
  for (const PhaseResult& phase : run.run.phases) {
    const TestId id = test_id(phase);
    const auto [place, new_test] = group.test_index.try_emplace(id, group.tests.size());
    if (new_test) {
      group.tests.emplace_back();
      group.tests.back().test = id;
    }
    fold_phase(group.tests[place->second], phase, run);
  }
}

void RunFolder::add(const SourcedRun& run) {
  for (const PhaseResult& phase : run.run.phases) {
    const TestId id = test_id(phase);
    if (phase.workload && workload_tests_seen_.insert(id).second) workload_tests_.push_back(id);
  }
  fold_into(by_file_, std::make_tuple(run.input, run.run.info.label), run);
  fold_into(by_label_, std::make_tuple(std::size_t{0}, run.run.info.label), run);
  InputFacts& input = inputs_[run.input];
  if (input.runs++ == 0) input.label = run.run.info.label;
  input.one_label = input.one_label && run.run.info.label == input.label;
  const std::optional<std::uint64_t> round = run_round(run.run.info);
  input.all_rounds = input.all_rounds && round.has_value();
  if (round) input.rounds.insert(*round);
}

bool RunFolder::round_files_by_label() const {
  if (inputs_.size() < 2) return false;
  std::map<std::string, std::set<std::uint64_t>> rounds_of_label;
  std::map<std::string, std::size_t> files_of_label;
  for (const auto& [input, facts] : inputs_) {
    if (!facts.one_label || !facts.all_rounds) return false;
    std::set<std::uint64_t>& seen = rounds_of_label[facts.label];
    for (const std::uint64_t round : facts.rounds) {
      if (!seen.insert(round).second) return false;  // two files of one label in one round: not one side's rounds
    }
    ++files_of_label[facts.label];
  }
  const bool label_spans_files = std::any_of(files_of_label.begin(), files_of_label.end(),
                                             [](const auto& entry) { return entry.second > 1; });
  return files_of_label.size() >= 2 && label_spans_files;
}

bool RunFolder::by_label() const { return options_.group_by_label || round_files_by_label(); }

std::size_t RunFolder::group_of(const SourcedRun& run) const {
  const Folded& folded = by_label() ? by_label_ : by_file_;
  return folded.index.at(std::make_tuple(by_label() ? 0 : run.input, run.run.info.label));
}

std::vector<RunGroup> RunFolder::groups() const {
  std::vector<RunGroup> groups = (by_label() ? by_label_ : by_file_).groups;
  if (groups.size() < 2) {
    throw UsageError(
        groups.empty() ? std::string("nothing to compare: no runs")
                       : fmt::format("nothing to compare: every run has the label '{}'{}",
                                     printable(groups.front().info.label),
                                     options_.group_by_label ? " (without --by-label each file is a group)" : ""));
  }
  name_groups(groups);
  if (options_.base) put_base_first(groups, *options_.base);
  return groups;
}

void note_group_differences(const std::vector<RunGroup>& groups, std::vector<std::string>& notes) {
  const SourcedRun& base = groups.front().first;
  for (std::size_t g = 1; g < groups.size(); ++g) {
    auto found = differences(groups[g].first, base);
    for (std::string& workload : workload_differences(groups[g].first, base)) found.push_back(std::move(workload));
    if (found.empty()) continue;
    std::string list;
    for (const auto& item : found) list += (list.empty() ? "" : ", ") + item;
    notes.push_back(fmt::format("{} was run with other settings than {}: {}", groups[g].info.name,
                                groups.front().info.name, list));
  }
  std::string from_bonnie;
  for (const auto& group : groups) {
    if (group.info.from_bonnie) from_bonnie += (from_bonnie.empty() ? "" : ", ") + group.info.name;
  }
  if (!from_bonnie.empty()) {
    notes.push_back(fmt::format("{} read from bonnie++ CSV lines, which hold only rates, %CPU and max latency "
                                "(no percentiles; \"+++++\" = not measured, under 0.5 s)",
                                from_bonnie));
  }
}

void note_busy_machines(const std::vector<RunGroup>& groups, std::vector<std::string>& notes) {
  for (const RunGroup& group : groups) {
    if (group.busy_runs == 0) continue;
    const std::string runs = group.info.runs == 1 ? std::string("its run")
                                                  : fmt::format("{} of its {} runs", group.busy_runs, group.info.runs);
    notes.push_back(fmt::format("{} ran on a busy machine in {}: other processes used up to {} % of the CPU time "
                                "(bench++'s own not counted), more than {} %: its figures may show the load as much "
                                "as the disk",
                                group.info.name, runs, group.most_other_cpu_percent, kBusyMachinePercent));
  }
}

void note_accelerators(const std::vector<RunGroup>& groups, std::vector<std::string>& notes) {
  std::vector<std::pair<std::string, std::vector<std::string>>> by_accelerator;  // in order of first appearance
  bool any_tcg = false;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const RunInfo& info = groups[g].first.run.info;
    std::optional<std::string> accel = tag_value(info.tags, kAcceleratorTag);
    std::string name;
    if (accel) {
      name = accelerator_name(*accel);
    } else if (g > 0 && info.role == Role::kGuest) {
      // Without the tag, what the guest saw: QEMU's own CPUID vendor under TCG, KVM's under KVM.
      const bool known = !info.hypervisor.empty() && info.hypervisor != "unknown" && info.hypervisor != "none";
      if (known) accel = info.hypervisor == "qemu" ? "tcg" : info.hypervisor;
      name = known ? accelerator_name(*accel) + " (as the guest detected it)" : "not recorded";
    } else {
      continue;
    }
    any_tcg = any_tcg || accel == "tcg";
    auto found = std::find_if(by_accelerator.begin(), by_accelerator.end(), [&](const auto& a) { return a.first == name; });
    if (found == by_accelerator.end()) found = by_accelerator.insert(by_accelerator.end(), {name, {}});
    found->second.push_back(groups[g].info.name);
  }
  if (by_accelerator.empty()) return;
  std::string text;
  for (const auto& [accelerator, list] : by_accelerator) {
    std::string names;
    for (const auto& name : list) names += (names.empty() ? "" : ", ") + name;
    text += fmt::format("{}{} for {}", text.empty() ? "" : "; ", accelerator, names);
  }
  notes.push_back(fmt::format("accelerator: {}{}", text,
                              any_tcg ? "; TCG is QEMU's software emulation: the guest's CPU is emulated too, so its "
                                        "ratios measure emulation as much as the disk path"
                                      : ""));
}

void note_cached_reads(const std::vector<RunGroup>& groups, std::vector<std::string>& notes) {
  constexpr double kCachedNotePercent = 5;
  std::map<TestId, std::vector<std::string>> cached;  // test -> "host (93 %)"
  std::vector<TestId> order;
  for (const RunGroup& group : groups) {
    for (const TestFold& fold : group.tests) {
      if (fold.most_cached_percent < kCachedNotePercent) continue;
      auto [found, inserted] = cached.try_emplace(fold.test);
      if (inserted) order.push_back(fold.test);
      found->second.push_back(fmt::format("{} ({:.0f} %)", group.info.name, fold.most_cached_percent));
    }
  }
  for (const TestId& test : order) {
    std::string list;
    for (const std::string& item : cached[test]) list += (list.empty() ? "" : ", ") + item;
    notes.push_back(fmt::format("{}: reads found in the page cache by {}: the rate is partly the cache's, not the "
                                "disk's",
                                test_key(test), list));
  }
}

}  // namespace bench
