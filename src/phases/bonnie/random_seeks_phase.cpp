// Random Seeks (bonnie++'s "Seeks" column): `seeks` tickets over `seekers` concurrent threads, each with
// its own descriptor; a ticket reads a random chunk, and --seek-writes percent of the tickets (default 10,
// bonnie++'s one in ten; 0 = fio's randread) also change a byte and write the chunk back (with -b, then
// fsync). One latency sample per ticket, covering its I/O only. bonnie++ does lseek(2) + read(2)
// (+ lseek + write); bench++ does the same I/O with pread(2) (+ pwrite), one system call per I/O, so the
// rate is not capped by a call that never reaches the storage.
// Threads take tickets from a shared atomic counter (no lock), which is also the progress counter the
// runner reads (one atomic add per ticket); each ends with fsync + close, all timed.
// There is no untimed sleep before the start (bonnie++ sleeps 3 s). With --verify each chunk read is
// compared with the pattern written (the seekers share one ChunkPatternChecker), outside the latency sample.
#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "phases/bonnie/data_pattern.h"
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"
#include "platform/resource_limits.h"

namespace bench {
namespace {

struct SeekTicket {
  std::uint64_t chunk;
  bool write_back;
};

class RandomSeeksPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kRandomSeeks; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context, context.io().file_size_bytes); }

  WorkDone measure(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    std::vector<SeekTicket> tickets(io.seeks);
    std::uint64_t write_backs = 0;
    for (auto& ticket : tickets) {
      ticket.chunk = context.rng.below(chunk_count(io));
      // One draw per ticket whatever the percent, so the chunks visited do not depend on it.
      ticket.write_back = context.rng.below(100) < io.seek_write_percent;
      write_backs += ticket.write_back ? 1 : 0;
    }
    const ChunkPatternChecker verifier(context);
    Shared shared(context, tickets, verifier);
    std::vector<std::thread> seekers;
    seekers.reserve(io.seekers);
    for (std::uint32_t i = 0; i < io.seekers; ++i) {
      try {
        seekers.emplace_back([&shared] { seek_worker(shared); });
      } catch (const std::system_error& error) {  // the seekers started stop and are joined first (no std::terminate)
        shared.stop = true;
        for (auto& thread : seekers) thread.join();
        throw std::system_error(error.code(), "cannot start seeker thread " + std::to_string(i + 1) + " of " +
                                                  std::to_string(io.seekers) + " of the random seeks test" +
                                                  task_start_limits_note(read_resource_limits()));
      }
    }
    for (auto& thread : seekers) thread.join();
    if (shared.failure) std::rethrow_exception(shared.failure);
    return {tickets.size(), (tickets.size() + write_backs) * io.chunk_bytes};
  }

 private:
  struct Shared {
    Shared(PhaseContext& c, const std::vector<SeekTicket>& t, const ChunkPatternChecker& v)
        : context(c),
          tickets(t),
          verifier(v),
          next_ticket(c.operations_started != nullptr ? *c.operations_started : own_counter),
          first_ticket(next_ticket.load(std::memory_order_relaxed)) {}
    PhaseContext& context;
    const std::vector<SeekTicket>& tickets;
    const ChunkPatternChecker& verifier;
    // The ticket dispenser: the worker's progress counter when the runner gave one, so that taking a
    // ticket also counts it for the progress display (it ends up to `seekers` above the ticket count:
    // each thread's last, empty draw; the runner clamps). Ticket i is drawn as first_ticket + i.
    std::atomic<std::uint64_t> own_counter{0};
    std::atomic<std::uint64_t>& next_ticket;
    const std::uint64_t first_ticket;
    std::atomic<bool> stop{false};
    std::mutex merge_mutex;  // taken once per thread, at its end
    std::exception_ptr failure;
  };

  static void seek_worker(Shared& shared) {
    LatencyHistogram latency;
    try {
      run_tickets(shared, latency);
    } catch (...) {
      shared.stop = true;
      const std::lock_guard lock(shared.merge_mutex);
      if (!shared.failure) shared.failure = std::current_exception();
    }
    const std::lock_guard lock(shared.merge_mutex);
    shared.context.latency.merge(latency);
  }

  static void run_tickets(Shared& shared, LatencyHistogram& latency) {
    const PhaseContext& context = shared.context;
    const IoSpec& io = context.io();
    const bool verify = shared.verifier.enabled();
    ChunkTimer timer(latency);
    AlignedBuffer buffer(io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kReadWrite);
    try {
      for (;;) {
        const std::uint64_t index =
            shared.next_ticket.fetch_add(1, std::memory_order_relaxed) - shared.first_ticket;
        if (index >= shared.tickets.size() || shared.stop.load(std::memory_order_relaxed)) break;
        context.check_interrupt();  // not begin_operation(): drawing the ticket counted it
        const SeekTicket& ticket = shared.tickets[index];
        const std::uint64_t offset = ticket.chunk * io.chunk_bytes;
        timer.start();
        if (file.read_full_at(buffer.data(), io.chunk_bytes, offset) != io.chunk_bytes) {
          throw_unexpected_end_of_file(file);
        }
        // Only under --verify: without it the sample keeps its two clock reads.
        if (verify) timer.exclude([&] { shared.verifier.check(buffer.data(), offset); });
        if (ticket.write_back) {
          BlockPattern::touch(context.setup.data, buffer.data());
          file.write_all_at(buffer.data(), io.chunk_bytes, offset);
          if (context.setup.fsync_each) file.sync();
        }
        timer.record();
      }
    } catch (const std::system_error&) {
      rethrow_with_direct_io_hint(context);
    }
    sync_and_close(file);
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_random_seeks_phase() { return std::make_unique<RandomSeeksPhase>(); }

}  // namespace bench
