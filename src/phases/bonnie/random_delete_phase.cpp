// Random Delete (bonnie++ "Random Create / Delete"): unlinks every file of the random set once, in a
// shuffled order (-b: fsync of the file's directory after each), then removes the subdirectories.
// Method: the shuffle is done in prepare(), untimed; one latency sample per unlink; the rmdirs and the
// closing syncfs of the target filesystem are inside the timed region.
#include <unistd.h>

#include <chrono>
#include <optional>
#include <span>

#include "measure/stopwatch.h"
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"
#include "platform/file_calls.h"

namespace bench {
namespace {

class RandomDeletePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kRandomDelete; }

  void prepare(PhaseContext& context) const override {
    shuffle_in_place(std::span(context.state.file_names), context.rng);
  }

  WorkDone measure(PhaseContext& context) const override {
    const std::uint32_t dirs = directory_count(context.files());
    const PosixFile top = open_directory(context.files_dir);
    std::optional<DirectorySyncer> syncer;
    if (context.setup.fsync_each) syncer.emplace(top, context.files_dir, dirs);
    for (const std::string& name : context.state.file_names) {
      context.begin_operation();
      const auto start = std::chrono::steady_clock::now();
      if (const int error = remove_file_at(top.fd(), name.c_str()); error != 0) {
        throw_errno(-error, "remove", context.files_dir / name);
      }
      if (syncer) syncer->sync_directory_of(name);
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
    }
    finish_delete(top, context.files_dir, dirs);
    return WorkDone{.operations = context.state.file_names.size(), .bytes = 0};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_random_delete_phase() { return std::make_unique<RandomDeletePhase>(); }

}  // namespace bench
