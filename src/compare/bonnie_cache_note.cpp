#include "compare/bonnie_cache_note.h"

#include <fmt/format.h>

#include "compare/run_grouping.h"
#include "result/size_text.h"

namespace bench {
namespace {

// The machine's memory for a bonnie++ line of `host`, and where it was found: "as bench's runs on the same host
// recorded it", "this machine's, 'lab', the line's host"; nullopt when nothing gives it.
struct KnownMemory {
  std::uint64_t bytes = 0;
  std::string source;
};

std::optional<KnownMemory> memory_of_host(const std::vector<RunGroup>& groups, const std::string& host,
                                          const std::optional<LocalMachine>& local) {
  for (const RunGroup& group : groups) {
    const SourcedRun& first = group.first;
    if (first.source != RunSource::kBenchResult || first.run.info.host_name != host) continue;
    if (!first.run.info.memory_bytes || *first.run.info.memory_bytes == 0) continue;
    return KnownMemory{*first.run.info.memory_bytes,
                       fmt::format("as {}'s runs on the same host recorded it", group.info.name)};
  }
  // Another machine's memory says nothing of the line's host: this machine's counts only when it is that host.
  if (!local || local->memory_bytes == 0 || local->host_name != host) return std::nullopt;
  return KnownMemory{local->memory_bytes, fmt::format("this machine's, '{}', the line's host", host)};
}

std::string size_shown(std::uint64_t bytes) { return size_in_tenths(bytes, SmallestUnit::kMiB, TenthRounding::kDown); }

}  // namespace

void note_bonnie_cached_reads(const std::vector<RunGroup>& groups, const std::optional<LocalMachine>& local,
                              std::vector<std::string>& caveats) {
  for (const RunGroup& group : groups) {
    const SourcedRun& first = group.first;
    if (first.source != RunSource::kBonnieLine || !first.run.info.setup.io) continue;
    const std::uint64_t file = first.run.info.setup.io->file_size_bytes;
    if (file == 0) continue;  // -s 0: no read tests
    const std::optional<KnownMemory> memory = memory_of_host(groups, first.run.info.host_name, local);
    if (!memory || file >= 2 * memory->bytes) continue;
    caveats.push_back(fmt::format(
        "{}: a bonnie++ line with a {} file, under twice the machine's memory ({}, {}): its read tests (per-char "
        "and block reads, random seeks) were probably served from the page cache, not the disk; bonnie++ keeps the "
        "cache and refuses a file under twice the memory unless -r tells it less",
        group.info.name, size_shown(file), size_shown(memory->bytes), memory->source));
  }
}

}  // namespace bench
