#pragma once
// What a path names, so that two spellings of one file are found to be one (fio's filename=./a:a, an output
// named as a job file or a data file of the run): its device and inode when something is there, else its absolute
// path with '.' and '..' folded and its symbolic links resolved as far as the path exists. And what kind of file it
// is, for the rule of what an output may be written onto (man page, SAFETY).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <utility>

namespace bench {

// What is at a path, as an output's rule sees it.
enum class FileKind {
  kNothing,      // nothing yet (or a dangling symbolic link: identify_file's caller looks at the link)
  kRegular,
  kDirectory,
  kBlockDevice,
  kStream,       // a pipe, a socket or a terminal: what is written there replaces nothing
  kDiscard,      // the memory devices that keep nothing written to them (/dev/null, /dev/zero, /dev/full,
                 // /dev/random, /dev/urandom): any number of outputs may go there
  kOtherDevice,  // any other character device (/dev/mem, /dev/sg0, a tape): writing it may change what it holds
};

struct FileIdentity {
  std::filesystem::path resolved;  // absolute, folded, links resolved as far as the path exists
  std::optional<std::pair<std::uint64_t, std::uint64_t>> inode;  // device and inode, when something is there
  FileKind kind = FileKind::kNothing;
};

// Whether `a` and `b` are one file: the same device and inode when both exist, else the same resolved path; never
// for a device that keeps nothing (kDiscard: what goes there cannot be lost). Pure.
bool same_file(const FileIdentity& a, const FileIdentity& b);

// The identity of `path` (relative to the current directory), following symbolic links as open(2) does. Never
// throws: a path that cannot be examined is identified by its spelling, absolute and folded.
FileIdentity identify_file(const std::filesystem::path& path);

// The target of `path` when it is a symbolic link (dangling or not), else nullopt. Never throws.
std::optional<std::filesystem::path> symbolic_link_target(const std::filesystem::path& path);

}  // namespace bench
