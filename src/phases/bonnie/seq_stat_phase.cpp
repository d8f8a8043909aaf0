// Sequential Stat (bonnie++ "Sequential Create / Read"): walks each directory of the set in directory
// order with readdir(), stat()s every entry (following links) and reads the files that have data to the
// end in chunk-size pieces. Method: one latency sample per file covers its readdir step, stat and read;
// no sync. Finding other than count*1024 files is an error.
#include <chrono>
#include <vector>

#include "measure/stopwatch.h"
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"

namespace bench {
namespace {

class SeqStatPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kSeqStat; }

  WorkDone measure(PhaseContext& context) const override {
    std::vector<unsigned char> buffer(context.files().chunk_bytes);
    std::uint64_t bytes = 0;
    const std::uint64_t visited = walk_file_set_timed(context, [&](DirectoryReader& reader, const char* name) {
      bytes += stat_and_read(reader.fd(), name, buffer, reader.path());
    });
    return WorkDone{.operations = visited, .bytes = bytes};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_seq_stat_phase() { return std::make_unique<SeqStatPhase>(); }

}  // namespace bench
