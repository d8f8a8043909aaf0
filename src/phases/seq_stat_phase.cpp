// Sequential Stat (bonnie++ "Sequential Create / Read"): walks each directory of the set in directory
// order with readdir(), stat()s every entry (following links) and reads the files that have data to the
// end in chunk-size pieces. Method: one latency sample per file covers its readdir step, stat and read;
// no sync. Finding other than count*1024 files is an error.
#include <chrono>
#include <vector>

#include "measure/stopwatch.h"
#include "phases/file_phases.h"
#include "phases/file_test_common.h"

namespace bench {
namespace {

class SeqStatPhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kSeqStat; }

  WorkDone run(PhaseContext& context) const override {
    const FileSpec& spec = context.settings.files;
    const std::uint32_t dirs = directory_count(spec);
    std::vector<unsigned char> buffer(spec.chunk_bytes);
    WorkDone done;
    for (std::uint32_t d = 0; d < dirs; ++d) {
      DirectoryReader reader(file_directory(context.files_dir, dirs, d));
      for (;;) {
        context.begin_operation();
        const auto start = std::chrono::steady_clock::now();
        const char* name = reader.next_name();
        if (name == nullptr) break;
        done.bytes += stat_and_read(reader.fd(), name, buffer, reader.path());
        context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
        ++done.operations;
      }
    }
    check_file_count(spec.file_count(), done.operations, context.files_dir);
    return done;
  }
};

}  // namespace

std::unique_ptr<Phase> make_seq_stat_phase() { return std::make_unique<SeqStatPhase>(); }

}  // namespace bench
