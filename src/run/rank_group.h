#pragma once
// The processes ("ranks") that run one benchmark together: one process alone (SingleProcessGroup, the
// default), or every rank of an MPI job (src/mpi/, built with -DBENCH_WITH_MPI=ON). The runner is written
// against this interface only, so the plain build compiles no MPI code.
//
// Every method but rank(), size() and host_names() is collective: every rank calls it, in the same order.
// A rank that fails between two collective calls must still make the next one (the runner catches each
// step's failure and hands it to agree()), so no rank is left waiting for another.
#include <atomic>
#include <cstdlib>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bench {

enum class ReduceOp { kSum, kMin, kMax };

class RankGroup {
 public:
  virtual ~RankGroup() = default;
  virtual std::uint32_t rank() const = 0;  // 0 .. size() - 1; rank 0 writes every output
  virtual std::uint32_t size() const = 0;
  // Every rank's host name, in rank order.
  virtual const std::vector<std::string>& host_names() const = 0;

  // Returns on every rank when `local_failure` is empty on every rank (and then it is also a barrier).
  // Otherwise throws on every rank the failure of the lowest failing rank (rank_failure_error()); with a
  // single rank, rethrows `local_failure` itself.
  virtual void agree(std::exception_ptr local_failure) = 0;
  // `text` as given on rank 0, on every rank.
  virtual std::string broadcast_text(const std::string& text) = 0;
  // On rank 0: every rank's `words` (all of the same length) concatenated in rank order. Elsewhere: empty.
  virtual std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t> words) = 0;
  // On rank 0: element-wise `op` of every rank's `words` (all of the same length). Elsewhere: empty.
  virtual std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t> words, ReduceOp op) = 0;
  virtual void barrier() = 0;

  // Not collective. From now on, whenever a collective waits for other ranks, watches `interrupt` (a signal
  // number once a stop signal came, run/interrupt.h): on a stop it runs `on_stop` once, on the waiting thread,
  // and goes on waiting. So a rank held up by one that died or hangs still cleans up before the launcher
  // kills it (Open MPI: SIGTERM, then SIGKILL 1 s later). An empty `on_stop` ends the watch; `interrupt` must
  // outlive it. A group whose collectives never wait (one process) has nothing to watch.
  virtual void watch_while_waiting(const std::atomic<int>& /*interrupt*/, std::function<void()> /*on_stop*/) {}
};

// One process alone: every collective is trivial.
class SingleProcessGroup final : public RankGroup {
 public:
  SingleProcessGroup();
  std::uint32_t rank() const override { return 0; }
  std::uint32_t size() const override { return 1; }
  const std::vector<std::string>& host_names() const override { return host_names_; }
  void agree(std::exception_ptr local_failure) override;
  std::string broadcast_text(const std::string& text) override { return text; }
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t> words) override;
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t> words, ReduceOp op) override;
  void barrier() override {}

 private:
  std::vector<std::string> host_names_;
};

// The group this process belongs to: the MPI job when the binary was built with MPI and started by an MPI
// launcher (mpirun, mpiexec, srun), else a SingleProcessGroup. The plain build started by a launcher throws
// UsageError naming the launcher's variable: its copies would each run the whole benchmark alone, unaware of
// one another, on the same files. Destroying the group ends MPI. Defined in
// run/join_rank_group.cpp (plain build) or mpi/join_rank_group.cpp (-DBENCH_WITH_MPI=ON).
// Call at most once per process.
std::unique_ptr<RankGroup> join_rank_group();

// The variable an MPI launcher set for this process, as "NAME=VALUE" (Open MPI's mpirun: OMPI_COMM_WORLD_SIZE;
// PMI, as MPICH's Hydra and Slurm's srun --mpi=pmi2 set it: PMI_SIZE, PMI_RANK; PMIx, as srun and prte set it:
// PMIX_RANK), the first of them found; nullopt when no launcher started this process. `environment` reads one
// variable (std::getenv's contract); a parameter so that the rule is tested without a launcher.
std::optional<std::string> mpi_launcher_variable(
    const std::function<const char*(const char*)>& environment = [](const char* name) { return std::getenv(name); });

// True when this process would join an MPI job (see join_rank_group) as a rank other than 0, known from the
// launcher's environment before MPI starts. Such a process leaves what every rank would print alike before
// the ranks meet (a usage error, --help, --version) to rank 0. Always false in the plain build.
bool is_secondary_rank();

// ---- failures shared between ranks ----

// A failure as one rank tells the others: what main maps to an exit code, and the message.
struct RankFailure {
  enum class Kind : std::uint32_t { kRuntime = 0, kUsage = 1, kInterrupted = 2 };
  Kind kind = Kind::kRuntime;
  int signal_number = 0;  // kInterrupted only
  std::string message;    // what() of the original exception
};

// REQUIRES: failure is not null.
RankFailure describe_failure(const std::exception_ptr& failure);
// The exception every rank throws for `failure` of `rank` on `host`: InterruptedError for an interrupt,
// UsageError or std::runtime_error with "rank <rank> (<host>): <message>" otherwise.
std::exception_ptr rank_failure_error(const RankFailure& failure, std::uint32_t rank, const std::string& host);

}  // namespace bench
