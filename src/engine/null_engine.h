#pragma once
// null, as fio 3.33's null engine (FIO_DISKLESSIO | FIO_FAKEIO): no request reaches the kernel. submit() holds the
// requests, and every request held completes at the next reap(), with the bytes it asked for (0 for a sync, a
// trim its length), as fio's null commits what it queued and hands it all to the next getevents. Its job's files
// are neither made, laid out nor opened (result/engine_kind.h EngineFiles::kNone), so what a null job measures
// is the measurer's own cost per request: the loop, its clocks and its records (docs/performance.md).
#include <cstddef>
#include <vector>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"

namespace bench {

class NullEngine final : public IoEngine {
 public:
  // Takes the setup's depth, buffers and number of files; the descriptors are never used (they may be -1).
  // Throws as check_engine_setup_without_files (engine/checked_setup.h).
  explicit NullEngine(const EngineSetup& setup);

  EngineKind kind() const override { return EngineKind::kNull; }
  void submit(std::span<const IoRequest> requests) override;
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return count_; }

 private:
  CheckedSetup setup_;
  std::vector<IoCompletion> held_;  // depth slots, a ring: count_ completions from first_, oldest first
  std::size_t first_ = 0;
  std::size_t count_ = 0;
};

}  // namespace bench
