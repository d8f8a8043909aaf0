#include "phases/workload/workload_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

#include "data/buffer_fill.h"
#include "data/verify.h"
#include "data/workload_data_rules.h"
#include "phases/workload/job_offsets.h"
#include "result/errors.h"

namespace bench {

JobData::JobData(const WorkloadSpec& spec, const JobDataSetup& setup) : spec_(spec), setup_(setup) {
  if (effective_verify_method(spec.verify) != VerifyMethod::kNone) {
    verifier_ = std::make_unique<BlockVerifier>(verify_spec_of(spec), setup.seeds.verify);
    acts_per_write_ = writes_data(spec.pattern) && !spec.verify.verify_only;
    checks_reads_ = reads_data(spec.pattern);
    varying_sizes_ = spec.block_sizes.varies();
    if (!varying_sizes_) written_.assign(static_cast<std::size_t>(setup.region_bytes / spec.block_bytes), false);
    // fio logs its writes for checking only with do_verify, and lists them in write order only with a random map.
    keeps_backlog_ = acts_per_write_ && spec.verify.verify_backlog != 0 && spec.verify.do_verify;
    backlog_in_write_order_ = is_random(spec.pattern) && setup.region_bytes >= spec.block_bytes &&
                              random_offsets_spec(spec, setup.region_bytes, setup.seeds).random_map;
    return;
  }
  const BufferPlan plan = plan_buffers(spec.buffers, reads_data(spec.pattern), false);
  const BufferJob job{setup.seeds.buffer, setup.job_index, std::max(spec.jobs, setup.job_index + 1), spec.size_bytes,
                      spec.block_bytes, setup.seeds};
  filler_ = std::make_unique<BufferFiller>(plan, job);
  acts_per_write_ = writes_data(spec.pattern) && filler_->changes_per_write();
}

JobData::~JobData() = default;

std::span<std::byte> JobData::slot_bytes(std::uint32_t slot) const {
  return setup_.buffers.subspan(std::size_t{slot} * spec_.block_bytes, spec_.block_bytes);
}

void JobData::fill_initial() {
  for (std::uint32_t slot = 0; slot < setup_.slots; ++slot) {
    if (filler_) {
      filler_->fill_initial(slot_bytes(slot));
    } else {  // a verified write fills its slot before each write; a read overwrites it
      std::fill(slot_bytes(slot).begin(), slot_bytes(slot).end(), std::byte{0});
    }
  }
}

void JobData::before_write(std::uint32_t slot, std::uint64_t offset, std::uint32_t length) {
  if (verifier_) {
    verifier_->fill(slot_bytes(slot).first(length), BlockStamp{offset, 0, setup_.job_index});
    if (varying_sizes_) {
      record_write(offset, length);
      return;
    }
    const std::uint64_t block = (offset - setup_.region_offset) / spec_.block_bytes;
    if (offset >= setup_.region_offset && block < written_.size()) written_[block] = true;
    if (keeps_backlog_ && backlog_in_write_order_) unchecked_in_order_.push_back(offset);
    if (keeps_backlog_ && !backlog_in_write_order_) unchecked_by_offset_.insert(offset);
    return;
  }
  filler_->prepare_write(slot_bytes(slot), offset, ++write_stamp_);
}

std::optional<std::string> JobData::check(std::span<const std::byte> block, std::uint64_t offset) {
  // Only the offset is known for sure: the generation and the writing job are not checked (another workload or
  // an earlier run may have written the block, as fio skips numberio for verify_only and rewritten blocks).
  const std::optional<VerifyFailure> failure = verifier_->check(block, ExpectedBlock{offset, {}, {}});
  ++verified_blocks_;
  if (!failure) return std::nullopt;
  std::string line = fmt::format("{} in {}", failure->describe(), setup_.file_name);
  if (spec_.verify.verify_dump) line += dump_bad_interval(block, offset, *failure);
  return line;
}

// verify_dump=1, as fio's verify.c: a bad header's interval as read, FILE.OFFSET.hdr_fail; bad data's interval as
// read and as it was written (made again from the block's stamp: this job's first write of it), FILE.OFFSET.received
// and FILE.OFFSET.expected; in the current directory (FILE the data file's base name, OFFSET the interval's in the
// file). What is said of them, or of a file that could not be written, follows the failure's line.
std::string JobData::dump_bad_interval(std::span<const std::byte> block, std::uint64_t offset,
                                       const VerifyFailure& failure) const {
  const std::size_t start = std::min(static_cast<std::size_t>(failure.offset - offset), block.size());
  const std::size_t length = std::min<std::size_t>(failure.length, block.size() - start);
  const std::string stem = fmt::format("{}.{}", std::filesystem::path(setup_.file_name).filename().string(),
                                       failure.offset);
  std::vector<std::pair<std::string_view, std::span<const std::byte>>> dumps;
  std::vector<std::byte> expected;
  constexpr std::array<std::string_view, 7> kHeaderParts = {"header magic", "header checksum", "verify method",
                                                            "length", "offset", "job", "generation"};
  if (std::find(kHeaderParts.begin(), kHeaderParts.end(), failure.what) != kHeaderParts.end()) {
    dumps.emplace_back("hdr_fail", block.subspan(start, length));
  } else {
    expected.resize(block.size());
    verifier_->fill(expected, BlockStamp{offset, 0, setup_.job_index});
    dumps.emplace_back("received", block.subspan(start, length));
    dumps.emplace_back("expected", std::span<const std::byte>(expected).subspan(start, length));
  }
  std::string said;
  for (const auto& [kind, bytes] : dumps) {
    const std::string name = fmt::format("{}.{}", stem, kind);
    std::ofstream out(name, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    said += out.good() ? fmt::format("; {} data dumped as {}", kind, name)
                       : fmt::format("; {} data not dumped: cannot write {}", kind, name);
  }
  return said;
}

std::optional<std::string> JobData::after_read(std::uint32_t slot, std::uint64_t offset, std::uint32_t length) {
  return check(slot_bytes(slot).first(length), offset);
}

// A write of varying size: what it overlaps of the earlier writes is no longer as they wrote it, so they are
// dropped (fio's io history replaces an entry at the same offset, and its random map keeps others apart).
void JobData::record_write(std::uint64_t offset, std::uint32_t length) {
  auto it = written_extents_.lower_bound(offset);
  if (it != written_extents_.begin()) {
    const auto before = std::prev(it);
    if (before->first + before->second > offset) it = before;
  }
  while (it != written_extents_.end() && it->first < offset + length) it = written_extents_.erase(it);
  written_extents_.emplace(offset, length);
}

std::optional<std::uint64_t> JobData::take_oldest_unchecked() {
  if (backlog_in_write_order_) {
    if (unchecked_in_order_.empty()) return std::nullopt;
    const std::uint64_t offset = unchecked_in_order_.front();
    unchecked_in_order_.pop_front();
    return offset;
  }
  if (unchecked_by_offset_.empty()) return std::nullopt;
  const std::uint64_t offset = *unchecked_by_offset_.begin();
  unchecked_by_offset_.erase(unchecked_by_offset_.begin());
  return offset;
}

std::optional<std::uint64_t> JobData::next_backlog_check(bool last_was_read) {
  if (!keeps_backlog_) return std::nullopt;
  const std::size_t unchecked = unchecked_in_order_.size() + unchecked_by_offset_.size();
  if (unchecked == 0) return std::nullopt;
  if (backlog_batch_left_ == 0) {
    if (unchecked % spec_.verify.verify_backlog != 0 || last_was_read) return std::nullopt;
    backlog_batch_left_ =
        spec_.verify.verify_backlog_batch != 0 ? spec_.verify.verify_backlog_batch : spec_.verify.verify_backlog;
  }
  --backlog_batch_left_;
  return take_oldest_unchecked();
}

bool JobData::verifies_after_the_job() const {
  return verifier_ && writes_data(spec_.pattern) && (spec_.verify.do_verify || spec_.verify.verify_only);
}

std::optional<JobData::Extent> JobData::next_read_back() {
  if (varying_sizes_) {
    const auto next = written_extents_.lower_bound(read_back_from_);
    if (next == written_extents_.end()) return std::nullopt;
    read_back_from_ = next->first + 1;
    return Extent{next->first, next->second};
  }
  const auto block_of = [this](std::uint64_t offset) { return Extent{offset, spec_.block_bytes}; };
  if (keeps_backlog_) {  // what verify_backlog has not checked yet, in its order
    const std::optional<std::uint64_t> offset = take_oldest_unchecked();
    return offset ? std::optional<Extent>(block_of(*offset)) : std::nullopt;
  }
  while (read_back_block_ < written_.size()) {
    const std::size_t block = read_back_block_++;
    if (written_[block] || spec_.verify.verify_only) {
      return block_of(setup_.region_offset + std::uint64_t{block} * spec_.block_bytes);
    }
  }
  return std::nullopt;
}

void JobData::forget_writes() {
  written_.assign(written_.size(), false);
  written_extents_.clear();
  read_back_from_ = 0;
  unchecked_in_order_.clear();
  unchecked_by_offset_.clear();
  backlog_batch_left_ = 0;
  read_back_block_ = 0;
}

}  // namespace bench
