#include "phases/bonnie/file_test_common.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "measure/stopwatch.h"
#include "platform/file_calls.h"
#include "platform/sync_fs.h"

namespace bench {
namespace {

// The bytes every created file is written from: one chunk (no more than the largest file), random
// bytes drawn once from a generator seeded by context.rng (so incompressible), or zeros.
std::vector<unsigned char> make_file_data(PhaseContext& context) {
  const FileSpec& spec = context.files();
  if (spec.content != FileContent::kData) return {};
  const std::uint64_t size = std::min<std::uint64_t>(spec.chunk_bytes, spec.max_size_bytes);
  std::vector<unsigned char> data(static_cast<std::size_t>(size));
  if (context.setup.data == DataPattern::kRandom && !data.empty()) {
    Rng bytes(context.rng.next());
    for (std::size_t i = 0; i < data.size(); i += sizeof(std::uint64_t)) {
      const std::uint64_t word = bytes.next();
      std::memcpy(data.data() + i, &word, std::min(sizeof word, data.size() - i));
    }
  }
  return data;
}

// close(2) of a file of the set, throwing "cannot close <dir>/<name>".
void close_file(UniqueFd& file, const std::filesystem::path& dir, const char* name) {
  if (const int error = file.close(); error != 0) throw_errno(error, "close", dir / name);
}

void write_all(int fd, std::span<const unsigned char> data, const std::filesystem::path& dir, const char* name) {
  while (!data.empty()) {
    const ssize_t n = retry_on_eintr([&] { return ::write(fd, data.data(), data.size()); });
    if (n < 0) throw_errno("write", dir / name);
    if (n == 0) throw_errno(ENOSPC, "write", dir / name);
    data = data.subspan(static_cast<std::size_t>(n));
  }
}

// Creates one regular file of `size` bytes written in data-size pieces, fsynced when `sync`.
void create_regular_file(int dir_fd, const char* name, std::uint64_t size, std::span<const unsigned char> data,
                         bool sync, const std::filesystem::path& dir) {
  constexpr int kFlags = O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC;
  int fd = -1;
  if (const int error = create_file_at(dir_fd, name, kFlags, &fd); error != 0) throw_errno(-error, "create", dir / name);
  UniqueFd file(fd);
  while (size > 0) {
    const auto piece = static_cast<std::size_t>(std::min<std::uint64_t>(size, data.size()));
    write_all(file.get(), data.first(piece), dir, name);
    size -= piece;
  }
  if (sync && retry_on_eintr([&] { return ::fsync(file.get()); }) != 0) throw_errno("fsync", dir / name);
  close_file(file, dir, name);
}

// A hard link to, or a symbolic link whose content is, `target`.
void create_link(int dir_fd, FileContent content, const std::string& target, const char* name,
                 const std::filesystem::path& dir) {
  const int rc = content == FileContent::kHardLink ? ::linkat(dir_fd, target.c_str(), dir_fd, name, 0)
                                                   : ::symlinkat(target.c_str(), dir_fd, name);
  if (rc != 0) throw_errno("create link", dir / name);
}

// What every link of a link set points to: file #0, as seen from the directory of the link. With
// subdirectories a symbolic link's target goes up first ("../00000/<name>"), which bonnie++ forgot.
std::string link_target(const FileSpec& spec, const std::vector<std::string>& names) {
  if (names.empty()) return {};
  if (spec.content == FileContent::kSymLink && directory_count(spec) > 1) return "../" + names.front();
  return names.front();
}

}  // namespace

PosixFile open_directory(const std::filesystem::path& dir) { return PosixFile(dir, O_RDONLY | O_DIRECTORY); }

std::filesystem::path file_directory(const std::filesystem::path& files_dir, std::uint32_t dirs,
                                     std::uint32_t dir_index) {
  return dirs > 1 ? files_dir / directory_name(dir_index) : files_dir;
}

void check_file_count(std::uint64_t expected, std::uint64_t found, const std::filesystem::path& dir) {
  if (found != expected) {
    throw std::runtime_error(fmt::format("expected {} files but found {} in {}", expected, found, dir.string()));
  }
}

void prepare_file_set(PhaseContext& context, NameScheme scheme) {
  const FileSpec& spec = context.files();
  const std::uint32_t dirs = directory_count(spec);
  if (dirs > 1) {
    for (std::uint32_t d = 0; d < dirs; ++d) {
      const std::filesystem::path dir = context.files_dir / directory_name(d);
      if (::mkdir(dir.c_str(), 0700) != 0) throw_errno("create directory", dir);
    }
  }
  context.state.file_names = make_file_names(scheme, spec.file_count(), dirs, context.rng);
}

WorkDone create_file_set(PhaseContext& context) {
  const FileSpec& spec = context.files();
  const std::vector<std::string>& names = context.state.file_names;
  const PosixFile top = open_directory(context.files_dir);
  std::optional<DirectorySyncer> syncer;
  if (context.setup.fsync_each) syncer.emplace(top, context.files_dir, directory_count(spec));
  const std::vector<unsigned char> data = make_file_data(context);
  const std::string target = link_target(spec, names);

  WorkDone done{.operations = names.size(), .bytes = 0};
  for (std::size_t i = 0; i < names.size(); ++i) {
    context.begin_operation();
    const bool is_link = spec.content != FileContent::kData && i > 0;
    const std::uint64_t size = is_link ? 0 : draw_file_size(spec, context.rng);
    const auto start = std::chrono::steady_clock::now();
    if (is_link) {
      create_link(top.fd(), spec.content, target, names[i].c_str(), context.files_dir);
    } else {
      create_regular_file(top.fd(), names[i].c_str(), size, data, context.setup.fsync_each, context.files_dir);
    }
    if (syncer) syncer->sync_directory_of(names[i]);
    context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
    done.bytes += size;
  }
  sync_filesystem(top.fd(), context.files_dir);
  return done;
}

std::uint64_t stat_and_read(int dir_fd, const char* name, std::span<unsigned char> buffer,
                            const std::filesystem::path& dir) {
  struct stat status {};
  if (const int error = stat_file_at(dir_fd, name, StatCall::kStat, status); error != 0) {
    throw_errno(-error, "stat", dir / name);
  }
  if (status.st_size <= 0) return 0;
  UniqueFd file(retry_on_eintr([&] { return ::openat(dir_fd, name, O_RDONLY | O_CLOEXEC); }));
  if (!file.is_open()) throw_errno("open", dir / name);
  std::uint64_t total = 0;
  for (;;) {
    const ssize_t n = retry_on_eintr([&] { return ::read(file.get(), buffer.data(), buffer.size()); });
    if (n < 0) throw_errno("read", dir / name);
    if (n == 0) break;
    total += static_cast<std::uint64_t>(n);
  }
  close_file(file, dir, name);
  return total;
}

DirectoryReader::DirectoryReader(const std::filesystem::path& dir) : dir_(::opendir(dir.c_str())), path_(dir) {
  if (dir_ == nullptr) throw_errno("open directory", dir);
}

DirectoryReader::~DirectoryReader() {
  if (dir_ != nullptr) ::closedir(dir_);
}

const char* DirectoryReader::next_name() {
  for (;;) {
    errno = 0;
    const dirent* entry = ::readdir(dir_);
    if (entry == nullptr) {
      if (errno != 0) throw_errno("read directory", path_);
      return nullptr;
    }
    if (entry->d_name[0] != '.') return entry->d_name;
  }
}

DirectorySyncer::DirectorySyncer(const PosixFile& files_dir_fd, const std::filesystem::path& files_dir,
                                 std::uint32_t dirs)
    : top_(files_dir_fd), files_dir_(files_dir), dirs_(dirs) {
  if (dirs_ > 1) slots_.resize(kSlots);
}

void DirectorySyncer::sync_directory_of(const std::string& name) {
  if (dirs_ <= 1) {
    sync_directory(top_.fd(), files_dir_);
    return;
  }
  std::uint32_t index = 0;  // from the "%05d/" prefix
  for (const char c : name) {
    if (c == '/') break;
    index = index * 10 + static_cast<std::uint32_t>(c - '0');
  }
  auto& [slot_index, slot_dir] = slots_[index % kSlots];
  if (!slot_dir.is_open() || slot_index != index) {
    slot_dir = open_directory(files_dir_ / directory_name(index));
    slot_index = index;
  }
  sync_directory(slot_dir.fd(), slot_dir.path());
}

void sync_directory(int dir_fd, const std::filesystem::path& dir) {
  if (retry_on_eintr([&] { return ::fsync(dir_fd); }) != 0) throw_errno("fsync", dir);
}

void finish_delete(const PosixFile& files_dir_fd, const std::filesystem::path& files_dir, std::uint32_t dirs) {
  if (dirs > 1) {
    for (std::uint32_t d = 0; d < dirs; ++d) {
      const std::string name = directory_name(d);
      if (::unlinkat(files_dir_fd.fd(), name.c_str(), AT_REMOVEDIR) != 0) {
        throw_errno("remove directory", files_dir / name);
      }
    }
  }
  sync_filesystem(files_dir_fd.fd(), files_dir);
}

}  // namespace bench
