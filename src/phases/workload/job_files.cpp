#include "phases/workload/job_files.h"

#include <fmt/format.h>

#include <stdexcept>

#include "result/errors.h"

namespace bench {

std::uint32_t smallest_request(const WorkloadSpec& spec) {
  const std::uint32_t smallest = spec.block_sizes.smallest();
  return smallest != 0 ? smallest : spec.block_bytes;
}

std::vector<std::uint64_t> fio_file_sizes(const WorkloadSpec& spec, std::uint32_t files, std::uint64_t start,
                                          const FioSeeds& seeds) {
  const std::uint64_t unit = smallest_request(spec);
  std::vector<std::uint64_t> sizes;
  sizes.reserve(files);
  if (spec.file_size == 0) {
    const std::uint64_t each = spec.size_bytes / files;
    std::uint64_t extra = (spec.size_bytes - each * files) / unit;  // fio's nr_fs_extra
    for (std::uint32_t file = 0; file < files; ++file) {
      sizes.push_back(each + (extra > 0 ? unit : 0));
      if (extra > 0) --extra;
    }
    return sizes;
  }
  const bool range = spec.file_size_high != 0 && spec.file_size_high != spec.file_size;
  const bool use64 = spec.random_generator == RandomGenerator::kTausworthe64;
  FioTausworthe32 draws32(static_cast<std::uint32_t>(seeds.file_size));
  FioTausworthe64 draws64(seeds.file_size);
  for (std::uint32_t file = 0; file < files; ++file) {
    std::uint64_t bytes = spec.file_size;
    if (range) {
      // fio: (double) (high - low) * (r / (rand_max + 1.0)), from the low end, down to a smallest request.
      const double fraction = use64 ? static_cast<double>(draws64.next()) / 18446744073709551616.0
                                    : static_cast<double>(draws32.next()) / 4294967296.0;
      bytes = static_cast<std::uint64_t>(static_cast<double>(spec.file_size_high - spec.file_size) * fraction);
      bytes += spec.file_size;
      bytes -= bytes % unit;
    }
    if (start > bytes) {
      throw ValueError(fmt::format("offset {} is beyond the end of a file of filesize {}", start, bytes));
    }
    sizes.push_back(bytes - start);
  }
  return sizes;
}

namespace {

// fio's FIO_FSERVICE_SHIFT: a file is 1024 ranges of its zipf, pareto or normal draws.
constexpr unsigned kRangesPerFileShift = 10;

std::optional<FioRankedDistribution> file_distribution(const WorkloadSpec& spec, std::uint32_t files,
                                                       const FioSeeds& seeds) {
  DistributionKind kind{};
  switch (spec.file_service) {
    case FileServiceKind::kZipf: kind = DistributionKind::kZipf; break;
    case FileServiceKind::kPareto: kind = DistributionKind::kPareto; break;
    case FileServiceKind::kNormal: kind = DistributionKind::kNormal; break;
    default: return std::nullopt;
  }
  return FioRankedDistribution(kind, std::uint64_t{files} << kRangesPerFileShift, spec.file_service_parameter,
                               spec.file_service_center, static_cast<std::uint32_t>(seeds.next_file),
                               /*scatter=*/false);
}

}  // namespace

FileService::FileService(const WorkloadSpec& spec, std::uint32_t files, const FioSeeds& seeds)
    : kind_(spec.file_service),
      turn_(std::max<std::uint32_t>(1, spec.file_service_turn)),
      files_(files),
      open_limit_(spec.open_files == 0 || spec.open_files > files ? files : spec.open_files),
      use64_(spec.random_generator == RandomGenerator::kTausworthe64),
      reseed_(spec.randrepeat),
      seed_(seeds.next_file),
      draws32_(static_cast<std::uint32_t>(seeds.next_file)),
      draws64_(seeds.next_file),
      distribution_(file_distribution(spec, files, seeds)),
      first_distribution_(distribution_),
      open_(files, false),
      done_(files, false) {}

std::optional<std::uint32_t> FileService::next() {
  if (done_count_ >= files_) return std::nullopt;
  if (current_ && open_[*current_]) {
    if (kind_ == FileServiceKind::kSequential) return current_;
    if (left_ > 0) {
      --left_;
      return current_;
    }
  }
  const std::uint32_t file = pick();
  current_ = file;
  left_ = turn_ - 1;
  return file;
}

// fio's get_next_file_rr and get_next_file_rand, with their EBUSY (a file not in service while openfiles= are)
// retried at once, as fio's job loop retries it: roundrobin's cursor and random's draws move on meanwhile.
std::uint32_t FileService::pick() {
  while (true) {
    std::uint32_t file = 0;
    if (distribution_) {
      file = static_cast<std::uint32_t>(distribution_->next() >> kRangesPerFileShift);
    } else if (kind_ == FileServiceKind::kRandom) {
      const double fraction = use64_ ? static_cast<double>(draws64_.next()) / 18446744073709551616.0
                                     : static_cast<double>(draws32_.next()) / 4294967296.0;
      file = static_cast<std::uint32_t>(static_cast<double>(files_) * fraction);
    } else {
      file = next_file_;
      next_file_ = next_file_ + 1 >= files_ ? 0 : next_file_ + 1;
    }
    if (!done_[file] && try_take(file)) return file;
  }
}

bool FileService::try_take(std::uint32_t file) {
  if (open_[file]) return true;
  if (open_count_ >= open_limit_) return false;
  open_[file] = true;
  ++open_count_;
  return true;
}

void FileService::done(std::uint32_t file) {
  if (done_[file]) return;
  if (open_[file]) {
    open_[file] = false;
    --open_count_;
  }
  done_[file] = true;
  ++done_count_;
}

void FileService::starts_over(std::uint32_t file) {
  if (!open_[file]) return;
  open_[file] = false;
  --open_count_;
}

void FileService::restart() {
  open_.assign(files_, false);
  done_.assign(files_, false);
  open_count_ = 0;
  done_count_ = 0;
  current_.reset();
  left_ = 0;
  if (reseed_) {  // fio re-seeds its streams each loop under randrepeat
    draws32_ = FioTausworthe32(static_cast<std::uint32_t>(seed_));
    draws64_ = FioTausworthe64(seed_);
    distribution_ = first_distribution_;
  }
}

}  // namespace bench
