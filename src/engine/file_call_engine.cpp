#include "engine/file_call_engine.h"

#include <fcntl.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>

namespace bench {

FileCallEngine::FileCallEngine(EngineKind kind, const EngineSetup& setup)
    : kind_(kind),
      stat_call_(setup.stat_call),
      setup_(check_engine_setup_without_files(setup)),
      paths_(setup.paths.begin(), setup.paths.end()),
      called_(setup.fds.size(), false) {
  if (!calls_on_files(kind)) throw std::invalid_argument("FileCallEngine: not an engine that calls on files");
  if (paths_.size() != setup.fds.size()) throw std::invalid_argument("FileCallEngine: one path per file needed");
  held_.reserve(setup_.depth);
}

int FileCallEngine::call(const std::string& path) const {
  switch (kind_) {
    case EngineKind::kFileCreate: return create_file_at(AT_FDCWD, path.c_str(), O_RDWR);
    case EngineKind::kFileStat: {
      struct stat status {};
      return stat_file_at(AT_FDCWD, path.c_str(), stat_call_, status);
    }
    default: return remove_file_at(AT_FDCWD, path.c_str());
  }
}

void FileCallEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight(), requests);
  for (const IoRequest& request : requests) {
    const bool sync = request.op == IoOp::kFsync || request.op == IoOp::kFdatasync;
    std::int64_t result = sync ? 0 : request.length;
    if (!sync && !called_[request.file_index]) {  // a sync is no request of the file's: nothing to call
      called_[request.file_index] = true;
      ++called_count_;
      if (const int error = call(paths_[request.file_index]); error != 0) result = error;
    }
    held_.push_back(IoCompletion{request.tag, result});
  }
}

std::size_t FileCallEngine::reap(std::size_t min_completions, std::size_t max_completions,
                                 std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight());
  const std::size_t taken = std::min(max_completions, held_.size());
  out.insert(out.end(), held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(taken));
  held_.erase(held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(taken));
  return taken;
}

std::unique_ptr<IoEngine> make_file_call_engine(EngineKind kind, const EngineSetup& setup) {
  return std::make_unique<FileCallEngine>(kind, setup);
}

}  // namespace bench
