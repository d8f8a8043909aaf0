// Sequential Delete (bonnie++ "Sequential Create / Delete"): walks each directory of the set with
// readdir() and unlinks every entry in directory order (-b: fsync of the directory after each), then
// removes the subdirectories. Method: one latency sample per file covers its readdir step and unlink;
// the rmdirs and the closing syncfs of the target filesystem are inside the timed region.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>

#include "measure/stopwatch.h"
#include "phases/file_phases.h"
#include "phases/file_test_common.h"

namespace bench {
namespace {

class SeqDeletePhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kSeqDelete; }

  WorkDone run(PhaseContext& context) const override {
    const FileSpec& spec = context.settings.files;
    const std::uint32_t dirs = directory_count(spec);
    const PosixFile top = open_directory(context.files_dir);
    WorkDone done;
    for (std::uint32_t d = 0; d < dirs; ++d) {
      DirectoryReader reader(file_directory(context.files_dir, dirs, d));
      for (;;) {
        context.begin_operation();
        const auto start = std::chrono::steady_clock::now();
        const char* name = reader.next_name();
        if (name == nullptr) break;
        if (::unlinkat(reader.fd(), name, 0) != 0) throw_errno("remove", reader.path() / name);
        if (context.settings.fsync_each) sync_directory(reader.fd(), reader.path());
        context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
        ++done.operations;
      }
    }
    check_file_count(spec.file_count(), done.operations, context.files_dir);
    finish_delete(top, context.files_dir, dirs);
    return done;
  }
};

}  // namespace

std::unique_ptr<Phase> make_seq_delete_phase() { return std::make_unique<SeqDeletePhase>(); }

}  // namespace bench
