#pragma once
// The caveat on a bonnie++ line whose reads were probably served from the page cache: bonnie++ drops no cached
// pages before its read tests, so a test file smaller than twice the machine's memory is read back mostly from
// memory (bonnie++'s own rule: it refuses such a file unless -r tells it less memory than the machine has). A
// bonnie++ line records its file size (and, in its name field, the host: -m, else the host's name) but not the
// memory; compare takes it from the groups' bench++ runs on the same host name, else from the machine compare runs
// on when that is the line's host. Another machine's memory says nothing of the line's, so it is never used. Pure.
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace bench {

struct RunGroup;

// Appends, for each group whose first run is a bonnie++ line with a file size under twice the memory (as above),
// one caveat naming the group, its file size and the memory and where that figure came from: its read tests
// (per-char and block reads, random seeks) were probably served from the page cache. No caveat when neither a run
// on its host nor `local` (when it is that host) gives the memory.
void note_bonnie_cached_reads(const std::vector<RunGroup>& groups, const std::optional<LocalMachine>& local,
                              std::vector<std::string>& caveats);

}  // namespace bench
