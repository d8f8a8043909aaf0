#include "result/space_needed.h"

#include <algorithm>

namespace bench {
namespace {
constexpr std::uint64_t kBlockBytes = 4096;

CheckedSize workers_of(const RunSetup& setup, std::uint32_t ranks) {
  return checked_multiply(setup.concurrency, ranks);
}
}  // namespace

CheckedSize file_set_bytes_needed(const FileSpec& spec) {
  if (spec.content != FileContent::kData) return 0;
  return checked_multiply(spec.file_count(), checked_round_up(spec.max_size_bytes, kBlockBytes));
}

CheckedSize worker_bytes_needed(const RunSetup& setup) {
  std::uint64_t largest = 0;
  if (setup.io) largest = std::max(largest, setup.io->file_size_bytes);
  if (setup.files) {
    const CheckedSize file_set = file_set_bytes_needed(*setup.files);
    if (!file_set) return std::nullopt;
    largest = std::max(largest, *file_set);
  }
  if (setup.sync_test) largest = std::max(largest, setup.sync_test->total_bytes);
  return largest;
}

CheckedSize run_bytes_needed(const RunSetup& setup, std::uint32_t ranks) {
  return checked_multiply(worker_bytes_needed(setup), workers_of(setup, ranks));
}

CheckedSize run_inodes_needed(const RunSetup& setup, std::uint32_t ranks) {
  if (!setup.files) return 0;
  const FileSpec& files = *setup.files;
  const std::uint64_t file_inodes = files.content == FileContent::kHardLink ? 1 : files.file_count();
  const std::uint64_t subdirectories = files.dirs > 1 ? files.dirs : 0;
  constexpr std::uint64_t kWorkerOwn = 3;  // worker-N/, worker-N/files/ and the I/O or fsync test's file
  const CheckedSize per_worker = checked_add(file_inodes, subdirectories + kWorkerOwn);
  const std::uint64_t run_directories = 1 + (ranks > 1 ? ranks : 0);  // with one rank, no rank-R/ in it
  return checked_add(checked_multiply(per_worker, workers_of(setup, ranks)), run_directories);
}

}  // namespace bench
