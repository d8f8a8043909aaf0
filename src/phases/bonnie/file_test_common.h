#pragma once
// What the six file-test phases share: preparing a file set (subdirectories and names), the create loop
// (the same for the sequential and the random set), the per-file stat(+read) operation, directory
// reading, the -b directory fsync, and the end of a delete phase (rmdir of the subdirectories + syncfs).
//
// Every file is addressed relative to a descriptor of files_dir (openat/fstatat/unlinkat with the name
// from WorkerState::file_names, or relative to a subdirectory's descriptor for readdir walks), so the
// timed loops neither build paths nor allocate. Failing system calls throw std::system_error through
// throw_errno ("cannot create <files_dir>/<name>: ..."); paths are only built on that error path.
#include <dirent.h>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "measure/stopwatch.h"
#include "phases/bonnie/file_names.h"
#include "phases/phase.h"
#include "platform/posix_file.h"

namespace bench {

// The number of directories the set spans: spec.dirs, at least 1.
inline std::uint32_t directory_count(const FileSpec& spec) { return spec.dirs > 1 ? spec.dirs : 1; }

// Opens a directory read-only (O_DIRECTORY), e.g. files_dir, to address its files with the *at calls.
PosixFile open_directory(const std::filesystem::path& dir);

// The directory holding subdirectory `dir_index` of the set: files_dir itself when dirs == 1.
std::filesystem::path file_directory(const std::filesystem::path& files_dir, std::uint32_t dirs,
                                     std::uint32_t dir_index);

// Throws std::runtime_error("expected N files but found M in <dir>") when found != expected.
void check_file_count(std::uint64_t expected, std::uint64_t found, const std::filesystem::path& dir);

// prepare() of both create phases (untimed): makes the subdirectories 00000.. (0700) when dirs > 1 and
// puts the set's names, drawn from context.rng, into context.state.file_names.
// REQUIRES: context.files_dir exists and is empty.
void prepare_file_set(PhaseContext& context, NameScheme scheme);

// run() of both create phases: creates state.file_names in order (O_CREAT|O_EXCL|O_WRONLY|O_NOFOLLOW,
// 0600), writes each file's data in chunk pieces from a buffer filled once (random bytes, or zeros with
// DataPattern::kZero), or makes file #0 and links every other name to it; with fsync_each, fsync of the
// file and of its directory. One latency sample per file; then syncfs of files_dir's filesystem.
// Returns {files, bytes written}.
WorkDone create_file_set(PhaseContext& context);

// The per-file operation of both stat phases: stat() `name` relative to dir_fd (following links) and,
// when it has data, read it to the end in buffer-size pieces. Returns the bytes read. `dir` names
// dir_fd in errors.
std::uint64_t stat_and_read(int dir_fd, const char* name, std::span<unsigned char> buffer,
                            const std::filesystem::path& dir);

// Reads a directory's entries with readdir(3), skipping names that begin with '.'.
class DirectoryReader {
 public:
  explicit DirectoryReader(const std::filesystem::path& dir);
  DirectoryReader(const DirectoryReader&) = delete;
  DirectoryReader& operator=(const DirectoryReader&) = delete;
  ~DirectoryReader();

  // The next entry's name, or nullptr at the end; valid until the next call.
  const char* next_name();
  int fd() const { return dirfd(dir_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  DIR* dir_ = nullptr;
  std::filesystem::path path_;
};

// The sequential stat and delete walk: every entry of every directory of the file set, in directory
// order, one timed operation each (its readdir step included), `visit(reader, name)` doing the per-file
// work. Throws unless it found spec.file_count() files. Returns how many it visited.
template <typename Visit>
std::uint64_t walk_file_set_timed(PhaseContext& context, Visit visit) {
  const std::uint32_t dirs = directory_count(context.files());
  std::uint64_t visited = 0;
  for (std::uint32_t d = 0; d < dirs; ++d) {
    DirectoryReader reader(file_directory(context.files_dir, dirs, d));
    for (;;) {
      const auto start = std::chrono::steady_clock::now();
      const char* name = reader.next_name();
      if (name == nullptr) break;
      context.begin_operation();
      visit(reader, name);
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
      ++visited;
    }
  }
  check_file_count(context.files().file_count(), visited, context.files_dir);
  return visited;
}

// fsyncs the directory holding a file of the set (-b), keeping a bounded number of directory
// descriptors open (direct-mapped by directory index), so it opens a directory once per switch at most.
class DirectorySyncer {
 public:
  DirectorySyncer(const PosixFile& files_dir_fd, const std::filesystem::path& files_dir, std::uint32_t dirs);
  // `name` is relative to files_dir, as in WorkerState::file_names.
  void sync_directory_of(const std::string& name);

 private:
  static constexpr std::size_t kSlots = 64;
  const PosixFile& top_;
  std::filesystem::path files_dir_;
  std::uint32_t dirs_;
  std::vector<std::pair<std::uint32_t, PosixFile>> slots_;  // (directory index, descriptor)
};

// fsync(2) of a directory descriptor, throwing "cannot fsync <dir>".
void sync_directory(int dir_fd, const std::filesystem::path& dir);

// The end of both delete phases (timed): rmdir of the subdirectories (not files_dir itself) when
// dirs > 1, then syncfs of files_dir's filesystem.
void finish_delete(const PosixFile& files_dir_fd, const std::filesystem::path& files_dir, std::uint32_t dirs);

}  // namespace bench
