#include "compare/run_grouping.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "result/errors.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

constexpr int kLastNameLevel = 5;

// The name of a group at a naming level (see group_runs).
std::string name_at(const RunGroup& group, int level) {
  const std::filesystem::path file(group.info.files.front());
  const std::string stem = file.stem().string();
  const std::string& label = group.info.label;
  const std::optional<Role> role = group.runs.front()->run.info.role;
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

std::string_view content_text(FileContent content) {
  switch (content) {
    case FileContent::kData: return "data";
    case FileContent::kHardLink: return "hard links";
    case FileContent::kSymLink: return "symbolic links";
  }
  return "";
}

// "what X vs Y" when the two differ.
template <typename T, typename Show>
void differ(std::vector<std::string>& out, std::string_view what, const T& other, const T& base, Show show) {
  if (!(other == base)) out.push_back(fmt::format("{} {} vs {}", what, show(other), show(base)));
}

std::vector<std::string> differences(const SourcedRun& other, const SourcedRun& base) {
  const RunInfo& o = other.run.info;
  const RunInfo& b = base.run.info;
  std::vector<std::string> out;
  const auto number = [](auto n) { return fmt::format("{}", n); };
  const auto yes_no = [](bool value) { return std::string(value ? "on" : "off"); };
  if (o.setup.io && b.setup.io) {
    differ(out, "file size", o.setup.io->file_size_bytes, b.setup.io->file_size_bytes, size_text);
    differ(out, "I/O chunk", std::uint64_t{o.setup.io->chunk_bytes}, std::uint64_t{b.setup.io->chunk_bytes}, size_text);
    differ(out, "seeks", o.setup.io->seeks, b.setup.io->seeks, number);
    differ(out, "seekers", o.setup.io->seekers, b.setup.io->seekers, number);
    // A bonnie++ line reads as 10 %, which is what bonnie++ always writes back.
    differ(out, "seek writes", o.setup.io->seek_write_percent, b.setup.io->seek_write_percent,
           [](std::uint32_t percent) { return fmt::format("{} %", percent); });
  }
  if (o.setup.files && b.setup.files) {
    differ(out, "files", o.setup.files->file_count(), b.setup.files->file_count(), number);
    differ(out, "file content", o.setup.files->content, b.setup.files->content, content_text);
    differ(out, "file max size", o.setup.files->max_size_bytes, b.setup.files->max_size_bytes, size_text);
    differ(out, "file min size", o.setup.files->min_size_bytes, b.setup.files->min_size_bytes, size_text);
    differ(out, "directories", o.setup.files->dirs, b.setup.files->dirs, number);
  }
  differ(out, "concurrency", o.setup.concurrency, b.setup.concurrency, number);
  if (other.source == RunSource::kBenchResult && base.source == RunSource::kBenchResult) {
    differ(out, "direct I/O", o.setup.direct_io, b.setup.direct_io, yes_no);
    differ(out, "fsync each", o.setup.fsync_each, b.setup.fsync_each, yes_no);
    differ(out, "verify", o.setup.verify, b.setup.verify, yes_no);  // the check costs the read tests CPU time
    const auto word = [](auto value) { return std::string(keyword(value)); };
    differ(out, "cache", o.setup.cache, b.setup.cache, word);
    differ(out, "data", o.setup.data, b.setup.data, word);
  }
  return out;
}

// "host", "guest on kvm", "guest on kvm, in docker", "" (not recorded or unknown).
std::string placement_of(const RunInfo& info) {
  if (info.role != Role::kHost && info.role != Role::kGuest) return "";
  std::string text(keyword(*info.role));
  if (!info.hypervisor.empty() && info.hypervisor != "none" && info.hypervisor != "unknown") {
    text += " on " + info.hypervisor;
  }
  if (!info.container.empty() && info.container != "none" && info.container != "unknown") {
    text += ", in " + info.container;
  }
  return text;
}

}  // namespace

std::vector<RunGroup> group_runs(std::span<const SourcedRun> runs, const CompareOptions& options) {
  std::vector<RunGroup> groups;
  std::map<std::tuple<std::size_t, std::string>, std::size_t> group_of_key;
  for (const SourcedRun& run : runs) {
    const auto key = std::make_tuple(options.group_by_label ? 0 : run.input, run.run.info.label);
    const auto [found, inserted] = group_of_key.try_emplace(key, groups.size());
    if (inserted) {
      groups.emplace_back();
      groups.back().info.label = run.run.info.label;
      groups.back().info.placement = placement_of(run.run.info);
    }
    RunGroup& group = groups[found->second];
    group.runs.push_back(&run);
    ++group.info.runs;
    group.info.from_bonnie = group.info.from_bonnie || run.source == RunSource::kBonnieLine;
    auto& files = group.info.files;
    if (std::find(files.begin(), files.end(), run.file) == files.end()) files.push_back(run.file);
  }
  if (groups.size() < 2) {
    throw UsageError(
        groups.empty() ? std::string("nothing to compare: no runs")
                       : fmt::format("nothing to compare: every run has the label '{}'{}", groups.front().info.label,
                                     options.group_by_label ? " (without --by-label each file is a group)" : ""));
  }
  name_groups(groups);
  return groups;
}

void note_group_differences(const std::vector<RunGroup>& groups, std::vector<std::string>& notes) {
  const SourcedRun& base = *groups.front().runs.front();
  for (std::size_t g = 1; g < groups.size(); ++g) {
    const auto found = differences(*groups[g].runs.front(), base);
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

}  // namespace bench
