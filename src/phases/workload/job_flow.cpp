#include "phases/workload/job_flow.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <new>
#include <system_error>
#include <vector>

namespace bench {

static_assert(std::atomic<std::uint64_t>::is_always_lock_free && std::atomic<std::uint32_t>::is_always_lock_free,
              "the flows' counters are shared between processes: their atomics must not take a lock");

bool flow_ahead(std::uint64_t own, std::uint64_t counter, std::uint32_t weight, std::uint32_t total_weight) {
  const double counter_ratio = static_cast<double>(own) / static_cast<double>(counter);
  const double weight_ratio = static_cast<double>(weight) / static_cast<double>(total_weight);
  return counter_ratio > weight_ratio;
}

RunFlows::RunFlows(std::span<const Member> members) {
  std::vector<std::uint32_t> ids;
  for (const Member& member : members) {
    if (member.weight != 0 && std::find(ids.begin(), ids.end(), member.flow_id) == ids.end()) {
      ids.push_back(member.flow_id);
    }
  }
  if (ids.empty()) return;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  mapped_bytes_ = (ids.size() * sizeof(FlowCounters) + page - 1) / page * page;
  void* mapped = ::mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::system_error(errno, std::generic_category(), "cannot map fio's flow counters");
  flows_ = static_cast<FlowCounters*>(mapped);
  count_ = ids.size();
  for (std::size_t i = 0; i < count_; ++i) {
    FlowCounters* flow = new (flows_ + i) FlowCounters;
    flow->id = ids[i];
    for (const Member& member : members) {
      if (member.flow_id == flow->id) flow->sum_of_weights += member.weight;  // wraps as fio's unsigned int
    }
  }
  start_run();
}

RunFlows::~RunFlows() {
  if (flows_ == nullptr) return;
  std::destroy_n(flows_, count_);
  ::munmap(flows_, mapped_bytes_);
}

void RunFlows::start_run() {
  for (std::size_t i = 0; i < count_; ++i) {
    flows_[i].counter.store(1);
    flows_[i].total_weight.store(flows_[i].sum_of_weights);
  }
}

FlowCounters* RunFlows::find(std::uint32_t flow_id) {
  for (std::size_t i = 0; i < count_; ++i) {
    if (flows_[i].id == flow_id) return flows_ + i;
  }
  return nullptr;
}

bool JobFlow::admit() {
  if (flow_ == nullptr || admitted_) return true;
  if (flow_ahead(own_, flow_->counter.load(std::memory_order_relaxed), weight_,
                 flow_->total_weight.load(std::memory_order_relaxed))) {
    return false;
  }
  flow_->counter.fetch_add(1);
  ++own_;
  admitted_ = true;
  return true;
}

void JobFlow::leave() {
  if (flow_ == nullptr) return;
  flow_->counter.fetch_sub(own_);
  flow_->total_weight.fetch_sub(weight_);
  flow_ = nullptr;
}

}  // namespace bench
