// Random Create (bonnie++ "Random Create / Create"): creates a new set of count*1024 files whose names
// are random characters followed by "%010x" of their index, so the directory sees them in no useful
// order. Method: as Sequential Create (same loop; only the names differ), syncfs inside the timed region.
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"

namespace bench {
namespace {

class RandomCreatePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kRandomCreate; }
  void prepare(PhaseContext& context) const override { prepare_file_set(context, NameScheme::kRandom); }
  WorkDone measure(PhaseContext& context) const override { return create_file_set(context); }
};

}  // namespace

std::unique_ptr<BonnieTest> make_random_create_phase() { return std::make_unique<RandomCreatePhase>(); }

}  // namespace bench
