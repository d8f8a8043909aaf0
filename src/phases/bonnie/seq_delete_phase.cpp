// Sequential Delete (bonnie++ "Sequential Create / Delete"): walks each directory of the set with
// readdir() and unlinks every entry in directory order (-b: fsync of the directory after each), then
// removes the subdirectories. Method: one latency sample per file covers its readdir step and unlink;
// the rmdirs and the closing syncfs of the target filesystem are inside the timed region.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>

#include "measure/stopwatch.h"
#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/file_test_common.h"
#include "platform/file_calls.h"

namespace bench {
namespace {

class SeqDeletePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kSeqDelete; }

  WorkDone measure(PhaseContext& context) const override {
    const PosixFile top = open_directory(context.files_dir);
    const bool sync_each = context.setup.fsync_each;
    const auto remove = [sync_each](DirectoryReader& reader, const char* name) {
      if (const int error = remove_file_at(reader.fd(), name); error != 0) {
        throw_errno(-error, "remove", reader.path() / name);
      }
      if (sync_each) sync_directory(reader.fd(), reader.path());
    };
    const std::uint64_t removed = walk_file_set_timed(context, remove);
    finish_delete(top, context.files_dir, directory_count(context.files()));
    return WorkDone{.operations = removed, .bytes = 0};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_seq_delete_phase() { return std::make_unique<SeqDeletePhase>(); }

}  // namespace bench
