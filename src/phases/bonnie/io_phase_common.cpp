#include "phases/bonnie/io_phase_common.h"

#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace bench {

PosixFile open_data_file(const PhaseContext& context, OpenMode mode, bool allow_direct) {
  int flags = O_NOFOLLOW;
  switch (mode) {
    case OpenMode::kCreate:
      flags |= O_RDWR | O_CREAT | O_EXCL;
      if (::unlink(context.data_file.c_str()) != 0 && errno != ENOENT) throw_errno("remove", context.data_file);
      break;
    case OpenMode::kReadWrite:
      flags |= O_RDWR;
      break;
    case OpenMode::kReadOnly:
      flags |= O_RDONLY;
      break;
  }
  const bool direct = allow_direct && context.setup.direct_io;
  if (direct) flags |= O_DIRECT;
  try {
    return PosixFile(context.data_file, flags, 0600);
  } catch (const std::system_error& error) {
    if (direct && error.code() == std::errc::invalid_argument) {
      throw std::system_error(error.code(), "cannot open " + context.data_file.string() +
                                                " with O_DIRECT (-D): the filesystem does not support direct I/O");
    }
    throw;
  }
}

std::uint64_t chunk_count(const IoSpec& io) { return io.file_size_bytes / io.chunk_bytes; }

void sync_and_close(PosixFile& file) {
  file.sync();
  file.close();
}

void drop_cached_pages(const PhaseContext& context, std::uint64_t read_bytes) {
  if (context.setup.direct_io) return;
  PosixFile file(context.data_file, O_RDONLY | O_NOFOLLOW);
  if (context.setup.cache == CacheMode::kDrop) file.drop_cache();
  if (context.cache_residency != nullptr) {
    *context.cache_residency = {.cached_bytes = file.cached_bytes(read_bytes), .bytes = read_bytes};
  }
}

void throw_unexpected_end_of_file(const PosixFile& file) {
  throw std::runtime_error("unexpected end of file in " + file.path().string());
}

void rethrow_with_direct_io_hint(const PhaseContext& context) {
  try {
    throw;
  } catch (const std::system_error& error) {
    if (context.setup.direct_io && error.code() == std::errc::invalid_argument) {
      // The code kept: "cannot write <path> (the hint): Invalid argument", as std::system_error adds the reason.
      std::string what = error.what();
      const std::string reason = ": " + error.code().message();
      if (what.ends_with(reason)) what.resize(what.size() - reason.size());
      throw std::system_error(
          error.code(), fmt::format("{} (O_DIRECT needs the chunk size ({} bytes) to be a multiple of the device's "
                                    "logical block size)",
                                    what, context.io().chunk_bytes));
    }
    throw;
  }
}

ChunkPatternChecker::ChunkPatternChecker(const PhaseContext& context) : file_(context.data_file) {
  const RunSetup& setup = context.setup;
  if (setup.verify) pattern_.emplace(setup.data, context.pattern_seed, context.io().chunk_bytes);
}

void ChunkPatternChecker::check(const unsigned char* chunk, std::uint64_t offset) const {
  if (!pattern_) return;
  const auto bad = pattern_->first_mismatch(chunk, offset);
  if (!bad) return;
  throw std::runtime_error(fmt::format(
      "data mismatch in {} at offset {}: the {}-byte block read there is not the one written (first wrong byte "
      "at offset {})",
      file_.string(), offset, pattern_->block_bytes(), offset + *bad));
}

}  // namespace bench
