#include "engine/mmap_engine.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "engine/blocking_calls.h"
#include "engine/inline_engine.h"

namespace bench {

namespace {

// One file's mapping.
struct Mapping {
  std::byte* base = nullptr;  // nullptr when nothing is mapped (an empty file)
  std::size_t length = 0;     // bytes mapped
  std::uint64_t usable = 0;   // bytes within the file: the mapping up to the file's size
  bool direct = false;        // the file has O_DIRECT: msync after each transfer
};

int file_flags(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0) {
    throw std::system_error(errno, std::generic_category(),
                            "cannot query flags of file descriptor " + std::to_string(fd));
  }
  return flags;
}

class MmapPerformer final : public RequestPerformer {
 public:
  explicit MmapPerformer(const CheckedSetup& setup) {
    mappings_.reserve(setup.fds.size());
    try {
      for (const int fd : setup.fds) mappings_.push_back(map(fd, setup));
    } catch (...) {
      unmap_all();
      throw;
    }
  }
  ~MmapPerformer() override { unmap_all(); }
  MmapPerformer(const MmapPerformer&) = delete;
  MmapPerformer& operator=(const MmapPerformer&) = delete;

  IoCompletion perform(const CheckedSetup& setup, const IoRequest& request) override {
    const Mapping& mapping = mappings_[request.file_index];
    switch (request.op) {
      case IoOp::kRead:
      case IoOp::kWrite:
        return {request.tag, transfer(mapping, request, setup.slot(request.buffer_index))};
      case IoOp::kFsync:
      case IoOp::kFdatasync:
        if (mapping.base == nullptr) return {request.tag, 0};
        return {request.tag, result_of(::msync(mapping.base, mapping.length, MS_SYNC), errno)};
      case IoOp::kTrim:
        return {request.tag, discard_range(setup.fds[request.file_index], request.offset, request.length)};
    }
    return {request.tag, -EINVAL};
  }

 private:
  static Mapping map(int fd, const CheckedSetup& setup) {
    const int flags = file_flags(fd);
    if ((flags & O_ACCMODE) == O_WRONLY) {
      throw std::invalid_argument("I/O engine: mmap needs files open for reading (file descriptor " +
                                  std::to_string(fd) + " is write-only)");
    }
    const off_t size = ::lseek(fd, 0, SEEK_END);  // a regular file's or a block device's
    if (size < 0) {
      throw std::system_error(errno, std::generic_category(),
                              "cannot find the size of file descriptor " + std::to_string(fd));
    }
    Mapping mapping;
    mapping.direct = (flags & O_DIRECT) != 0;
    const std::uint64_t length = setup.region_bytes > 0 ? setup.region_bytes : static_cast<std::uint64_t>(size);
    mapping.usable = std::min<std::uint64_t>(length, static_cast<std::uint64_t>(size));
    if (length == 0) return mapping;
    const int protection = (flags & O_ACCMODE) == O_RDWR ? PROT_READ | PROT_WRITE : PROT_READ;
    void* base = ::mmap(nullptr, length, protection, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
      throw std::system_error(errno, std::generic_category(),
                              "cannot map " + std::to_string(length) + " bytes of file descriptor " +
                                  std::to_string(fd));
    }
    mapping.base = static_cast<std::byte*>(base);
    mapping.length = length;
    // Advice only, as fio's fadvise_hint=1 gives it (fio's POSIX_MADV_DONTNEED after it is a no-op in glibc).
    ::posix_madvise(base, length, setup.random_offsets ? POSIX_MADV_RANDOM : POSIX_MADV_SEQUENTIAL);
    return mapping;
  }

  // A read's or write's memcpy, within the file's size; with O_DIRECT the msync of its pages after it.
  static std::int64_t transfer(const Mapping& mapping, const IoRequest& request, std::byte* buffer) {
    if (request.offset >= mapping.usable) return 0;
    const auto bytes =
        static_cast<std::size_t>(std::min<std::uint64_t>(request.length, mapping.usable - request.offset));
    std::byte* mapped = mapping.base + request.offset;
    if (request.op == IoOp::kRead) {
      std::memcpy(buffer, mapped, bytes);
    } else {
      std::memcpy(mapped, buffer, bytes);
    }
    if (mapping.direct) {
      // msync wants a page-aligned start: from the page the request begins in.
      static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
      const std::size_t lead = request.offset % page;
      if (::msync(mapped - lead, bytes + lead, MS_SYNC) != 0) return -std::int64_t{errno};
    }
    return static_cast<std::int64_t>(bytes);
  }

  void unmap_all() noexcept {
    for (const Mapping& mapping : mappings_) {
      if (mapping.base != nullptr) ::munmap(mapping.base, mapping.length);
    }
    mappings_.clear();
  }

  std::vector<Mapping> mappings_;
};

}  // namespace

std::unique_ptr<IoEngine> make_mmap_engine(const EngineSetup& setup) {
  CheckedSetup checked = check_engine_setup(setup);
  auto performer = std::make_unique<MmapPerformer>(checked);
  return std::make_unique<InlineEngine>(EngineKind::kMmap, std::move(checked), std::move(performer));
}

}  // namespace bench
