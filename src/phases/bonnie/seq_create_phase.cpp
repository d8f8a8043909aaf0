// Sequential Create (bonnie++ "Sequential Create / Create"): creates count*1024 files named "%010x"
// of their index followed by random characters, in index order, spread over the subdirectories.
// Method: the whole per-file work (open, writes, -b fsyncs, close) is one latency sample; the closing
// syncfs of the target filesystem is inside the timed region, as bonnie++'s sync() is.
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"

namespace bench {
namespace {

class SeqCreatePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kSeqCreate; }
  void prepare(PhaseContext& context) const override { prepare_file_set(context, NameScheme::kSequential); }
  WorkDone measure(PhaseContext& context) const override { return create_file_set(context); }
};

}  // namespace

std::unique_ptr<BonnieTest> make_seq_create_phase() { return std::make_unique<SeqCreatePhase>(); }

}  // namespace bench
