#pragma once
// Where a run works on disk, for one process or for every rank of an MPI job: one private directory
// (run/scratch_dir.h) created by rank 0 inside -d, and in it one subdirectory per rank ("rank-<R>", mode 0700;
// with a single rank the private directory itself). With several ranks -d must therefore be a directory every
// rank sees: a filesystem shared by their hosts.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>

#include "run/rank_group.h"
#include "run/scratch_dir.h"

namespace bench {

class RunDirectory {
 public:
  // Collective. Rank 0 creates the private directory inside `directory` (the plan checked the room: plan/room.h);
  // every rank learns its path and creates its own subdirectory. Throws on every rank when any
  // rank fails (RankGroup::agree), with nothing left behind. Then, until destroyed, a stop signal noticed in
  // `interrupt` while this rank waits for others at a collective removes its files at once
  // (RankGroup::watch_while_waiting, remove_own_files).
  RunDirectory(const std::filesystem::path& directory, RankGroup& group, const std::atomic<int>& interrupt);
  // Collective: each rank removes its own subdirectory, the ranks meet, then rank 0 removes the directory.
  // Never throws.
  ~RunDirectory();
  RunDirectory(const RunDirectory&) = delete;
  RunDirectory& operator=(const RunDirectory&) = delete;

  // This rank's own directory.
  const std::filesystem::path& rank_path() const { return rank_path_; }

  // Removes this rank's subdirectory at once, without meeting the other ranks, and the private directory
  // too when no other rank's subdirectory is left in it; the destructor still meets them. With one rank,
  // nothing (the private directory goes with the destructor). Never throws. For a stop by signal: after
  // passing a SIGTERM on, Open MPI's mpirun kills (SIGKILL) the ranks still running 1 s later, which may
  // catch a rank waiting at a collective for a slower one, or for one that died: hence the watch.
  void remove_own_files() noexcept;

 private:
  RankGroup& group_;
  const std::atomic<int>& interrupt_;
  std::optional<ScratchDir> scratch_;  // rank 0 only
  std::filesystem::path rank_path_;
};

}  // namespace bench
