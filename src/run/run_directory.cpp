#include "run/run_directory.h"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "platform/posix_file.h"
#include "result/errors.h"
#include "result/space_needed.h"

namespace bench {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

void check_free_space(const Config& config, std::uint32_t ranks) {
  const RunSetup& setup = config.setup;
  // The command line refused a run whose bytes do not fit in 64 bits for one rank; more ranks can still overflow.
  const CheckedSize checked_needed = run_bytes_needed(setup, ranks);
  if (!checked_needed) {
    throw UsageError(fmt::format("invalid -c value '{}': {} workers on each of {} ranks need more than 2^64 bytes",
                                 setup.concurrency, setup.concurrency, ranks));
  }
  const std::uint64_t needed = *checked_needed;
  struct statvfs fs {};
  if (::statvfs(config.directory.c_str(), &fs) != 0) throw_errno("query the free space of", config.directory);
  const std::uint64_t available = checked_multiply(fs.f_bavail, fs.f_frsize).value_or(UINT64_MAX);
  if (needed > available) {
    throw std::runtime_error(fmt::format("not enough free space in {}: the run needs {} MiB, {} MiB are free",
                                         config.directory.string(), needed / kMiB + (needed % kMiB != 0),
                                         available / kMiB));
  }
  // Only the file tests take many; a filesystem that reports no inode limit (f_favail 0, as btrfs) has none.
  const std::uint64_t inodes = run_inodes_needed(setup, ranks).value_or(UINT64_MAX);
  if (setup.files && fs.f_favail != 0 && inodes > fs.f_favail) {
    throw std::runtime_error(fmt::format("not enough free inodes in {}: the file tests need {}, {} are free",
                                         config.directory.string(), inodes, fs.f_favail));
  }
}

void make_rank_dir(const std::filesystem::path& dir) {
  if (::mkdir(dir.c_str(), 0700) == 0) return;
  if (errno == ENOENT) {
    throw std::runtime_error(fmt::format("cannot create {}: {} (with several ranks, -d must be a directory every "
                                         "rank sees, on a filesystem shared by their hosts)",
                                         dir.string(), std::generic_category().message(ENOENT)));
  }
  throw_errno("create", dir);
}

}  // namespace

RunDirectory::RunDirectory(const Config& config, RankGroup& group, const std::atomic<int>& interrupt)
    : group_(group), interrupt_(interrupt) {
  std::exception_ptr failure;
  if (group.rank() == 0) {
    try {
      check_free_space(config, group.size());
      scratch_.emplace(config.directory);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  group.agree(failure);
  const std::filesystem::path shared = group.broadcast_text(scratch_ ? scratch_->path().string() : "");
  if (group.size() == 1) {
    rank_path_ = shared;
    return;
  }
  rank_path_ = shared / fmt::format("rank-{}", group.rank());
  try {
    make_rank_dir(rank_path_);
  } catch (...) {
    failure = std::current_exception();
  }
  group.agree(failure);  // on failure, scratch_ (rank 0) removes whatever the ranks made
  group.watch_while_waiting(interrupt, [this] { remove_own_files(); });
}

void RunDirectory::remove_own_files() noexcept {
  if (group_.size() == 1) return;  // scratch_ removes everything
  std::error_code ignored;  // rank 0 removes what is left anyway
  std::filesystem::remove_all(rank_path_, ignored);
  // The rank that empties the private directory removes it (rmdir refuses while another rank's directory is
  // still there), so that nothing is left even when the ranks can no longer meet.
  ::rmdir(rank_path_.parent_path().c_str());
}

RunDirectory::~RunDirectory() {
  remove_own_files();
  group_.barrier();  // every rank is done with the directory before rank 0 (scratch_) removes it
  group_.watch_while_waiting(interrupt_, {});
}

}  // namespace bench
