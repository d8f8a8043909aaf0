#pragma once
// Helpers of the reliability tests: a tmpfs mounted for one test (root only), a precise snapshot of a
// directory tree (to prove that a failed or interrupted run left a directory exactly as it found it), and
// finding bench++'s private directory while a run is going on.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench::test {

// A tmpfs mounted on a fresh temporary directory, e.g. TmpfsMount("size=8m"); unmounted (lazily if it is
// still busy) and its directory removed on destruction, whatever the test did. REQUIRES: running_as_root().
// Throws std::system_error when the mount fails.
class TmpfsMount {
 public:
  explicit TmpfsMount(const std::string& options);
  ~TmpfsMount();
  TmpfsMount(const TmpfsMount&) = delete;
  TmpfsMount& operator=(const TmpfsMount&) = delete;

  const std::filesystem::path& path() const { return dir_.path(); }
  // Remounts read-only (keeping the contents).
  void remount_read_only();

 private:
  TempDir dir_;
  std::string options_;
  bool mounted_ = false;
};

// A directory to run bench++ in: a tmpfs mounted with `tmpfs_options` when root (fast: syncfs and fsync
// cost nothing, and isolated from the other tests), a TempDir otherwise.
class RunDirectory {
 public:
  explicit RunDirectory(const std::string& tmpfs_options = "size=256m");
  const std::filesystem::path& path() const { return mount_ ? mount_->path() : temp_->path(); }

 private:
  std::unique_ptr<TmpfsMount> mount_;
  std::unique_ptr<TempDir> temp_;
};

// Every entry below `dir` (not following symbolic links), one line each, sorted: relative path, type,
// mode, owner, size, modification time in ns, and a regular file's content hash or a link's target.
// Two equal snapshots mean nothing below `dir` was created, removed, changed or touched.
std::vector<std::string> snapshot_tree(const std::filesystem::path& dir);

// The entries directly in `dir` whose name starts with "bench++." and that are not in `known`.
std::vector<std::filesystem::path> new_private_dirs(const std::filesystem::path& dir,
                                                    const std::vector<std::string>& known = {});

// The data file of worker 0 in the private directory of a run going on in `dir` (the only new
// bench++.* directory), once it exists.
std::optional<std::filesystem::path> find_data_file(const std::filesystem::path& dir,
                                                    const std::vector<std::string>& known = {});

// Writes zeros to `path` (created) until the filesystem is full; returns the bytes written.
std::uint64_t fill_filesystem(const std::filesystem::path& path);

}  // namespace bench::test
