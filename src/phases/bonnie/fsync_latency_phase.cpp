// Fsync Latency (not in bonnie++): etcd's storage check. A new file is written sequentially in
// write_bytes pieces, each followed by fdatasync(2); the latency sample is the fdatasync alone, so its
// p99 answers "is this disk fast enough for a consensus log" (etcd asks for p99 < 10 ms). Write, sync,
// close and unlink are all timed; the rate is syncs per second.
#include <unistd.h>

#include <vector>

#include "measure/stopwatch.h"
#include "phases/bonnie/io_phases.h"
#include "platform/posix_file.h"

namespace bench {
namespace {

class FsyncLatencyPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kFsyncLatency; }

  WorkDone measure(PhaseContext& context) const override {
    const SyncTestSpec& spec = context.sync_test();
    std::vector<unsigned char> data(spec.write_bytes, 0);
    if (context.setup.data == DataPattern::kRandom) {
      for (auto& byte : data) byte = static_cast<unsigned char>(context.rng.next());
    }
    PosixFile file(context.sync_file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
    const std::uint64_t writes = spec.write_count();
    for (std::uint64_t i = 0; i < writes; ++i) {
      context.begin_operation();
      file.write_all(data.data(), data.size());
      const SteadyTime start = std::chrono::steady_clock::now();
      file.data_sync();
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
    }
    file.close();
    if (::unlink(context.sync_file.c_str()) != 0) throw_errno("remove", context.sync_file);
    return {writes, writes * spec.write_bytes};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_fsync_latency_phase() { return std::make_unique<FsyncLatencyPhase>(); }

}  // namespace bench
