#include "phases/workload/workload_data.h"

#include <fmt/format.h>

#include <algorithm>

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
    written_.assign(static_cast<std::size_t>(setup.region_bytes / spec.block_bytes), false);
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

void JobData::before_write(std::uint32_t slot, std::uint64_t offset) {
  if (verifier_) {
    verifier_->fill(slot_bytes(slot), BlockStamp{offset, 0, setup_.job_index});
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
  return fmt::format("{} in {}", failure->describe(), setup_.file_name);
}

std::optional<std::string> JobData::after_read(std::uint32_t slot, std::uint64_t offset) {
  return check(slot_bytes(slot), offset);
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

std::optional<std::uint64_t> JobData::next_read_back() {
  if (keeps_backlog_) return take_oldest_unchecked();  // what verify_backlog has not checked yet, in its order
  while (read_back_block_ < written_.size()) {
    const std::size_t block = read_back_block_++;
    if (written_[block] || spec_.verify.verify_only) return setup_.region_offset + std::uint64_t{block} * spec_.block_bytes;
  }
  return std::nullopt;
}

void JobData::forget_writes() {
  written_.assign(written_.size(), false);
  unchecked_in_order_.clear();
  unchecked_by_offset_.clear();
  backlog_batch_left_ = 0;
  read_back_block_ = 0;
}

}  // namespace bench
