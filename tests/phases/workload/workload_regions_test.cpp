// Each job's region of its file as fio 3.33 sets it up (filesetup.c setup_files): offset= and offset_increment=
// move the start, size= is the length (size=N%: that share of the file, cut at its end; none: up to the end), a
// file bench++ creates holds the region's end, and a job's requests stay inside its region.
#include <doctest/doctest.h>

#include <atomic>
#include <fstream>
#include <string>

#include "phases/workload/engine_choice.h"
#include "phases/rng.h"
#include "phases/workload/workload_files.h"
#include "phases/workload/workload_phase.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kKiB = 1024;

WorkloadSpec spec_of(IoPattern pattern, std::uint64_t size_bytes) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  spec.size_bytes = size_bytes;
  return spec;
}

// Runs the workload's jobs one after another on this thread (psync), `files` keeping what they made.
void run_in_turn(const WorkloadSpec& spec, std::vector<JobTarget>& targets, WorkloadFiles& files) {
  const std::unique_ptr<Phase> phase =
      make_workload_phase(spec, targets, EngineChoice{EngineKind::kPsync, 1, ""}, 7, files);
  const std::atomic<int> interrupt{0};
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    JobMeasurement measurement;
    measurement.parts.resize(phase->parts().size());
    LatencyHistogram unused;
    Rng rng(0);
    WorkerState state;
    PhaseContext context{.setup = RunSetup{}, .data_file = {}, .files_dir = {}, .latency = unused, .rng = rng,
                         .state = state, .interrupt_signal = interrupt, .worker_index = job, .sync_file = {},
                         .measurement = &measurement};
    phase->prepare(context);
    phase->run(context);
  }
}

// The first and one-past-the-last byte of `path` that is not 0, or {0, 0} when all are.
std::pair<std::uint64_t, std::uint64_t> written_span(const fs::path& path) {
  const std::string bytes = test::read_file(path);
  const std::size_t first = bytes.find_first_not_of('\0');
  if (first == std::string::npos) return {0, 0};
  return {first, bytes.find_last_not_of('\0') + 1};
}

}  // namespace

TEST_CASE("workload regions: offset= and offset_increment= on an existing file, with and without size=") {
  test::TempDir dir;
  const fs::path data = dir.path() / "data";
  std::ofstream(data) << std::string(256 * kKiB, 'x');
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 64 * kKiB);
  spec.filename = data.string();
  spec.jobs = 3;
  spec.offset_bytes = 16 * kKiB;
  spec.offset_increment_bytes = 64 * kKiB;
  const auto plan = [&] { return WorkloadFiles(dir.path()).plan(spec, {}); };
  std::vector<JobTarget> targets = plan();
  REQUIRE(targets.size() == 3);
  for (std::uint32_t job = 0; job < 3; ++job) {
    CHECK(targets[job].region_offset == 16 * kKiB + job * 64 * kKiB);
    CHECK(targets[job].region_bytes == 64 * kKiB);
  }
  spec.size_bytes = 0;  // without size=: up to the end, as fio's io_size = file size - offset
  targets = plan();
  CHECK(targets[2].region_bytes == 256 * kKiB - 144 * kKiB);
  spec.size_percent = 50;  // 50% of the file, cut at its end from each start
  targets = plan();
  CHECK(targets[0].region_bytes == 128 * kKiB);
  CHECK(targets[2].region_bytes == 112 * kKiB);
  spec.size_percent.reset();
  spec.size_bytes = 128 * kKiB;  // job 2 would end at 272 KiB
  CHECK(test::contains(test::error_of<UsageError>(plan),
                       "holds 262144 bytes, less than offset 147456 + size=131072: bench++ does not extend"));
  spec.size_bytes = 0;
  spec.offset_bytes = 300 * kKiB;
  CHECK(test::contains(test::error_of<UsageError>(plan), "offset 307200 is beyond the end of"));
  spec.offset_bytes = 0;
  spec.offset_increment_bytes = 0;
  spec.offset_percent = 10;  // 26214 bytes, aligned up to bs
  targets = plan();
  CHECK(targets[0].region_offset == 28 * kKiB);
  CHECK(targets[0].region_bytes == 228 * kKiB);
  CHECK(test::read_file(data) == std::string(256 * kKiB, 'x'));  // planning touches nothing
}

TEST_CASE("workload regions: a file bench++ creates holds each job's region end, and writes stay in the region") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kWrite, 32 * kKiB);
  spec.filename = "shared";
  spec.jobs = 2;
  spec.offset_bytes = 8 * kKiB;
  spec.offset_increment_bytes = 64 * kKiB;
  spec.unlink = false;
  {
    WorkloadFiles files(dir.path());
    std::vector<JobTarget> targets = files.plan(spec, {});
    run_in_turn(spec, targets, files);
  }
  const fs::path shared = dir.path() / "shared";
  CHECK(fs::file_size(shared) == 8 * kKiB + 64 * kKiB + 32 * kKiB);  // job 2's end
  const std::string bytes = test::read_file(shared);
  CHECK(bytes.substr(0, 8 * kKiB).find_first_not_of('\0') == std::string::npos);
  CHECK(bytes.substr(40 * kKiB, 32 * kKiB).find_first_not_of('\0') == std::string::npos);  // between the regions
  CHECK(written_span(shared) == std::pair<std::uint64_t, std::uint64_t>{8 * kKiB, 104 * kKiB});

  spec.filename.clear();  // files of bench++'s own, one per job: each as long as its job's end
  spec.pattern = IoPattern::kRandWrite;
  WorkloadFiles files(dir.path());
  std::vector<JobTarget> targets = files.plan(spec, {});
  run_in_turn(spec, targets, files);
  REQUIRE(targets.size() == 2);
  CHECK(fs::file_size(targets[0].path) == 40 * kKiB);
  CHECK(fs::file_size(targets[1].path) == 104 * kKiB);
  CHECK(written_span(targets[1].path) == std::pair<std::uint64_t, std::uint64_t>{72 * kKiB, 104 * kKiB});
}

}  // namespace bench
