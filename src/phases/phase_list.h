#pragma once
// The one place that decides which phases run and in what order (bonnie++'s order, then ours).
#include <memory>
#include <vector>

#include "phases/phase.h"

namespace bench {

struct PhaseSelection {
  bool io_tests = true;        // the six I/O phases (-s size > 0)
  bool per_char = true;        // with io_tests: the two per-char phases (-f skips them)
  bool file_tests = true;      // the six file phases (-n num > 0)
  bool sync_test = true;       // the fsync latency test
};

std::vector<std::unique_ptr<Phase>> make_phases(const PhaseSelection& selection);

// The phases `setup` asks for: the I/O tests with an I/O spec (the per-char ones only when per_char_bytes holds
// a chunk), the file tests with a file spec, the fsync latency test with its spec.
PhaseSelection selection_from(const RunSetup& setup);

// How many operations (PhaseContext::begin_operation calls) one worker of phase `id` makes; the
// progress display's 100 %. REQUIRES: `setup` has the spec of the phase's test.
std::uint64_t expected_operations(PhaseId id, const RunSetup& setup);

}  // namespace bench
