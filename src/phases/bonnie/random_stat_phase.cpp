// Random Stat (bonnie++ "Random Create / Read"): stat()s every file of the random set once, in a
// shuffled order (following links), reading the files that have data to the end in chunk-size pieces.
// Method: the shuffle (Fisher-Yates from context.rng, a permutation) is done in prepare(), untimed;
// one latency sample per file; no sync.
#include <chrono>
#include <span>
#include <vector>

#include "measure/stopwatch.h"
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"

namespace bench {
namespace {

class RandomStatPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kRandomStat; }

  void prepare(PhaseContext& context) const override {
    shuffle_in_place(std::span(context.state.file_names), context.rng);
  }

  WorkDone measure(PhaseContext& context) const override {
    const PosixFile top = open_directory(context.files_dir);
    std::vector<unsigned char> buffer(context.files().chunk_bytes);
    WorkDone done{.operations = context.state.file_names.size(), .bytes = 0};
    for (const std::string& name : context.state.file_names) {
      context.begin_operation();
      const auto start = std::chrono::steady_clock::now();
      done.bytes += stat_and_read(top.fd(), name.c_str(), buffer, context.files_dir);
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
    }
    return done;
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_random_stat_phase() { return std::make_unique<RandomStatPhase>(); }

}  // namespace bench
