#include "app/document_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace bench {
namespace {

namespace fs = std::filesystem;

// The file a document for `destination` replaces (a symbolic link's target), or nullopt for a stream.
std::optional<fs::path> replaced_file(const std::string& destination, Links links) {
  if (destination == "-") return std::nullopt;
  struct stat info {};
  if (links == Links::kRefuse && ::lstat(destination.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
    std::error_code error;
    throw std::runtime_error(fmt::format("cannot create {}: it is a symbolic link to '{}', which bench++ did not "
                                         "make: it writes no file it names itself through a link",
                                         destination, fs::read_symlink(destination, error).string()));
  }
  if (links == Links::kRefuse && ::lstat(destination.c_str(), &info) == 0 && S_ISREG(info.st_mode)) {
    return fs::path(destination);  // the name itself is replaced
  }
  if (::stat(destination.c_str(), &info) != 0) {
    if (errno == ENOENT) {
      // A dangling symbolic link: replacing it would lose the link, creating its target would create a file
      // where the link (not the user) says.
      std::error_code error;
      if (fs::is_symlink(fs::symlink_status(destination, error))) {
        throw std::runtime_error(fmt::format("cannot create {}: it is a symbolic link to '{}', which does not exist",
                                             destination, fs::read_symlink(destination, error).string()));
      }
      return fs::path(destination);  // nothing there yet (a missing directory fails later)
    }
    throw_errno("create", destination);
  }
  if (!S_ISREG(info.st_mode)) return std::nullopt;
  std::error_code error;
  fs::path target = fs::canonical(destination, error);
  if (error) throw std::system_error(error, "cannot create " + destination);
  return target;
}

// The next temporary name beside `file`: hidden, and unique within this process (O_EXCL finds other users').
fs::path temporary_beside(const fs::path& file) {
  static std::atomic<unsigned> counter{0};
  return file.parent_path() / fmt::format(".{}.bench++-{}-{}", file.filename().string(), ::getpid(), counter++);
}

}  // namespace

DocumentOutput::DocumentOutput(const std::string& destination, Growth growth, Links links)
    : destination_(destination), growth_(growth), file_(replaced_file(destination, links)) {
  if (!file_) {
    stream_.emplace(destination);
    return;
  }
  struct stat info {};
  if (::stat(file_->c_str(), &info) == 0) mode_ = info.st_mode & 07777;
  open_temporary();
}

DocumentOutput::~DocumentOutput() { remove_temporary(); }

void DocumentOutput::open_temporary() {
  for (;;) {
    temporary_ = temporary_beside(*file_);
    // 0666 less the umask, as a file created in place would be; the replaced file's own bits when there was one.
    temporary_fd_ = UniqueFd(::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (temporary_fd_.is_open()) break;
    if (errno != EEXIST) {
      temporary_.clear();
      throw_errno("create", destination_);
    }
  }
  if (mode_ && ::fchmod(temporary_fd_.get(), *mode_) != 0) throw_errno("create", destination_);
}

void DocumentOutput::remove_temporary() noexcept {
  temporary_fd_.close();
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

void DocumentOutput::update(std::string_view document) {
  if (stream_) {
    if (growth_ == Growth::kReplaces) {
      last_document_ = document;
      return;
    }
    stream_->write(document.substr(streamed_bytes_));
    streamed_bytes_ = document.size();
    return;
  }
  if (!temporary_fd_.is_open()) open_temporary();
  try {
    while (!document.empty()) {
      const ssize_t n = retry_on_eintr([&] { return ::write(temporary_fd_.get(), document.data(), document.size()); });
      if (n <= 0) throw_errno(n == 0 ? ENOSPC : errno, "write", destination_);
      document.remove_prefix(static_cast<std::size_t>(n));
    }
    if (const int error = temporary_fd_.close(); error != 0) throw_errno(error, "write", destination_);
    if (::rename(temporary_.c_str(), file_->c_str()) != 0) throw_errno("replace", destination_);
    temporary_.clear();
  } catch (...) {
    remove_temporary();  // a part written is never renamed, nor reused by the next update()
    throw;
  }
}

void DocumentOutput::finish() {
  if (stream_ && growth_ == Growth::kReplaces) stream_->write(last_document_);
}

}  // namespace bench
