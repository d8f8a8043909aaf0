#pragma once
// The ranks of an MPI job (MPI_COMM_WORLD) as a RankGroup: MPI is initialized by the constructor
// (MPI_THREAD_FUNNELED: only the thread that made the group calls MPI) and finalized by the destructor.
// The collectives are MPI-3's nonblocking ones, completed by polling, so that a stop signal can be noticed
// while a rank waits (watch_while_waiting); a blocking MPI call would return only when the others arrive.
// Communication errors abort the whole job (MPI's default error handler): a rank that cannot talk to the
// others has no clean way out. Built only with -DBENCH_WITH_MPI=ON.
#include <mpi.h>

#include "run/rank_group.h"

namespace bench {

class MpiRankGroup final : public RankGroup {
 public:
  // Throws std::runtime_error when MPI cannot be initialized.
  MpiRankGroup();
  ~MpiRankGroup() override;
  MpiRankGroup(const MpiRankGroup&) = delete;
  MpiRankGroup& operator=(const MpiRankGroup&) = delete;

  std::uint32_t rank() const override { return rank_; }
  std::uint32_t size() const override { return size_; }
  const std::vector<std::string>& host_names() const override { return host_names_; }
  // An MPI_Allreduce (MIN) of "my rank if I failed, else size()", then the lowest failing rank's
  // RankFailure broadcast from it.
  void agree(std::exception_ptr local_failure) override;
  std::string broadcast_text(const std::string& text) override;
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t> words) override;
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t> words, ReduceOp op) override;
  void barrier() override;
  void watch_while_waiting(const std::atomic<int>& interrupt, std::function<void()> on_stop) override;

 private:
  // `text` from rank `root` on every rank.
  std::string broadcast_from(std::string text, int root);
  // Completes `request` (a nonblocking collective), polling it as MPI_Wait would, and runs the watch's
  // on_stop_ once if a stop signal comes meanwhile.
  void wait(MPI_Request& request);

  MPI_Comm comm_ = MPI_COMM_NULL;
  const std::atomic<int>* interrupt_ = nullptr;
  std::function<void()> on_stop_;
  std::uint32_t rank_ = 0;
  std::uint32_t size_ = 1;
  std::vector<std::string> host_names_;
};

}  // namespace bench
