#include "run/run_directory.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "platform/directory_check.h"
#include "platform/posix_file.h"
#include "result/errors.h"
#include "result/space_needed.h"

namespace bench {
namespace {

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

RunDirectory::RunDirectory(const std::filesystem::path& directory, RankGroup& group, const std::atomic<int>& interrupt)
    : group_(group), interrupt_(interrupt) {
  std::exception_ptr failure;
  if (group.rank() == 0) {
    try {
      scratch_.emplace(directory);
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
