#include "mpi/mpi_rank_group.h"

#include <array>
#include <stdexcept>
#include <utility>

namespace bench {
namespace {
constexpr std::size_t kMaxMessageBytes = 4096;  // a failure's message is cut to this when broadcast

int count_of(std::size_t n) { return static_cast<int>(n); }

MPI_Op mpi_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::kMin:
      return MPI_MIN;
    case ReduceOp::kMax:
      return MPI_MAX;
    case ReduceOp::kSum:
      break;
  }
  return MPI_SUM;
}
}  // namespace

MpiRankGroup::MpiRankGroup() {
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    throw std::runtime_error("cannot initialize MPI");
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm_, &rank);
  MPI_Comm_size(comm_, &size);
  rank_ = static_cast<std::uint32_t>(rank);
  size_ = static_cast<std::uint32_t>(size);
  std::array<char, MPI_MAX_PROCESSOR_NAME> mine{};
  int length = 0;
  MPI_Get_processor_name(mine.data(), &length);
  std::vector<char> all(mine.size() * size_);
  MPI_Allgather(mine.data(), count_of(mine.size()), MPI_CHAR, all.data(), count_of(mine.size()), MPI_CHAR, comm_);
  for (std::uint32_t r = 0; r < size_; ++r) host_names_.emplace_back(all.data() + r * mine.size());
}

MpiRankGroup::~MpiRankGroup() {
  MPI_Comm_free(&comm_);
  MPI_Finalize();
}

void MpiRankGroup::agree(std::exception_ptr local_failure) {
  const int mine = count_of(local_failure ? rank_ : size_);
  int lowest = 0;
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Iallreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, comm_, &request);
  wait(request);
  if (lowest == count_of(size_)) return;
  if (size_ == 1) std::rethrow_exception(local_failure);
  RankFailure failure;
  if (local_failure && lowest == count_of(rank_)) failure = describe_failure(local_failure);
  std::array<std::int32_t, 2> kind_and_signal{static_cast<std::int32_t>(failure.kind), failure.signal_number};
  MPI_Ibcast(kind_and_signal.data(), 2, MPI_INT32_T, lowest, comm_, &request);
  wait(request);
  failure.kind = static_cast<RankFailure::Kind>(kind_and_signal[0]);
  failure.signal_number = kind_and_signal[1];
  failure.message = broadcast_from(failure.message.substr(0, kMaxMessageBytes), lowest);
  std::rethrow_exception(rank_failure_error(failure, static_cast<std::uint32_t>(lowest), host_names_.at(lowest)));
}

std::string MpiRankGroup::broadcast_from(std::string text, int root) {
  std::uint64_t length = text.size();
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ibcast(&length, 1, MPI_UINT64_T, root, comm_, &request);
  wait(request);
  text.resize(length);
  MPI_Ibcast(text.data(), count_of(length), MPI_CHAR, root, comm_, &request);
  wait(request);
  return text;
}

std::string MpiRankGroup::broadcast_text(const std::string& text) { return broadcast_from(text, 0); }

std::vector<std::uint64_t> MpiRankGroup::gather_words(std::span<const std::uint64_t> words) {
  std::vector<std::uint64_t> all(rank_ == 0 ? words.size() * size_ : 0);
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Igather(words.data(), count_of(words.size()), MPI_UINT64_T, all.data(), count_of(words.size()), MPI_UINT64_T,
              0, comm_, &request);
  wait(request);
  return all;
}

std::vector<std::uint64_t> MpiRankGroup::reduce_words(std::span<const std::uint64_t> words, ReduceOp op) {
  std::vector<std::uint64_t> result(rank_ == 0 ? words.size() : 0);
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ireduce(words.data(), result.data(), count_of(words.size()), MPI_UINT64_T, mpi_op(op), 0, comm_, &request);
  wait(request);
  return result;
}

void MpiRankGroup::barrier() {
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ibarrier(comm_, &request);
  wait(request);
}

void MpiRankGroup::watch_while_waiting(const std::atomic<int>& interrupt, std::function<void()> on_stop) {
  interrupt_ = &interrupt;
  on_stop_ = std::move(on_stop);
}

void MpiRankGroup::wait(MPI_Request& request) {
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done != 0) return;
    if (on_stop_ && interrupt_->load() != 0) std::exchange(on_stop_, nullptr)();
  }
}

}  // namespace bench
