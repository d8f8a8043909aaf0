#pragma once
// The one place that decides which of bonnie++'s tests (and the fsync test) a setup runs, and in what order
// (bonnie++'s order, then ours), and that makes them.
#include <memory>
#include <vector>

#include "phases/bonnie/bonnie_test.h"

namespace bench {

// The tests `setup` asks for: the I/O tests with an I/O spec (the per-char ones only when per_char_bytes holds
// a chunk), the file tests with a file spec, the fsync latency test with its spec. In the order they run.
std::vector<PhaseId> bonnie_tests(const RunSetup& setup);

// The test of `id`. REQUIRES: id is one of bonnie++'s tests or the fsync test (not kWorkload).
std::unique_ptr<BonnieTest> make_bonnie_test(PhaseId id);

}  // namespace bench
