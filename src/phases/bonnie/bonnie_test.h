#pragma once
// What bonnie++'s tests (and the fsync test) share as Phases: one part, their own result (TestId of their
// PhaseId); bonnie++'s progress text; the operations one worker makes (the progress display's 100 %); and a
// run() that starts the measurement when the group is released and ends it when measure() returns, recording the
// work measure() reports in part 0 (its latency samples are already there: PhaseContext::latency). Each test is a
// file of its own (phases/bonnie/io_phases.h, phases/bonnie/file_phases.h) that implements id() and measure().
#include "phases/phase.h"

namespace bench {

class BonnieTest : public Phase {
 public:
  virtual PhaseId id() const = 0;
  // The timed work; records one latency sample per operation into context.latency.
  virtual WorkDone measure(PhaseContext& context) const = 0;

  std::vector<TestId> parts() const final { return {test_id(id())}; }
  std::string progress_text() const final;
  std::uint64_t expected_operations(const RunSetup& setup) const final;
  void run(PhaseContext& context) const final;
  bool runs_in_workers() const final { return true; }
};

}  // namespace bench
