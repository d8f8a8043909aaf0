// A job's several files as fio 3.33 makes and serves them (phases/workload/job_files.h): fio's name lists, each file's
// size (size= split, filesize=, filesize=lo-hi drawn), the order file_service_type= and openfiles= take the files
// in, and the planner's targets (names, directories, regions) for nrfiles=, directory=a:b and filename=a:b.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/io_engine.h"
#include "phases/workload/job_files.h"
#include "phases/workload/job_offsets.h"
#include "phases/workload/workload_files.h"
#include "phases/workload/workload_job.h"
#include "plan/room.h"
#include "result/errors.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

WorkloadSpec spec_of(std::uint32_t files, std::uint64_t size_bytes) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = IoPattern::kWrite;
  spec.block_bytes = 4096;
  spec.size_bytes = size_bytes;
  spec.nrfiles = files;
  return spec;
}

// The first `count` files the service hands out, each request's file done after `per_file` requests to it.
std::vector<std::uint32_t> service_order(const WorkloadSpec& spec, std::uint32_t files, std::size_t count,
                                         std::uint32_t per_file = 1000) {
  FileService service(spec, files, FioSeeds::for_job(std::nullopt, true, 1, "w.0.0"));
  std::vector<std::uint32_t> order;
  std::vector<std::uint32_t> requests(files, 0);
  while (order.size() < count) {
    const std::optional<std::uint32_t> file = service.next();
    if (!file) break;
    if (requests[*file] == per_file) {
      service.done(*file);
      continue;
    }
    ++requests[*file];
    order.push_back(*file);
  }
  return order;
}

}  // namespace

TEST_CASE("job files: fio's name lists split at ':', with \\: inside a name and empty pieces dropped") {
  CHECK(split_fio_names("a") == std::vector<std::string>{"a"});
  CHECK(split_fio_names("a:b") == std::vector<std::string>{"a", "b"});
  CHECK(split_fio_names("/x/a\\:1:b") == std::vector<std::string>{"/x/a:1", "b"});
  CHECK(split_fio_names("::a::b:") == std::vector<std::string>{"a", "b"});
  CHECK(split_fio_names("").empty());
  CHECK(split_fio_names(":").empty());
  CHECK(split_fio_names("a\\b") == std::vector<std::string>{"a\\b"});  // a backslash before anything else stays
}

TEST_CASE("job files: size= is split evenly over nrfiles, the first files a smallest request more (fio's "
          "nr_fs_extra)") {
  const FioSeeds seeds = FioSeeds::for_job(std::nullopt, true, 1, "w.0.0");
  CHECK(fio_file_sizes(spec_of(3, 3 << 20), 3, 0, seeds) == std::vector<std::uint64_t>(3, 1 << 20));
  CHECK(fio_file_sizes(spec_of(3, 1 << 20), 3, 0, seeds) == std::vector<std::uint64_t>(3, 349525));
  // 1000 files of 2048 bytes and 700 over: one of 4096 more (700 bytes hold no whole request of 512).
  WorkloadSpec small = spec_of(1000, 1000 * 2048 + 700);
  small.block_bytes = 512;
  const std::vector<std::uint64_t> sizes = fio_file_sizes(small, 1000, 0, seeds);
  CHECK(sizes[0] == 2048 + 512);
  CHECK(sizes[1] == 2048);
  CHECK(std::count(sizes.begin(), sizes.end(), 2048) == 999);
}

TEST_CASE("job files: filesize=N gives each file N from the job's offset, filesize=lo-hi draws each in the range") {
  const FioSeeds seeds = FioSeeds::for_job(std::nullopt, true, 1, "w.0.0");
  WorkloadSpec fixed = spec_of(4, 0);
  fixed.file_size = 64 << 10;
  CHECK(fio_file_sizes(fixed, 4, 0, seeds) == std::vector<std::uint64_t>(4, 64 << 10));
  CHECK(fio_file_sizes(fixed, 4, 16 << 10, seeds) == std::vector<std::uint64_t>(4, 48 << 10));
  CHECK_THROWS_AS(fio_file_sizes(fixed, 4, 128 << 10, seeds), ValueError);
  WorkloadSpec range = fixed;
  range.file_size = 16 << 10;
  range.file_size_high = 1 << 20;
  const std::vector<std::uint64_t> drawn = fio_file_sizes(range, 64, 0, seeds);
  std::set<std::uint64_t> distinct;
  for (const std::uint64_t bytes : drawn) {
    CHECK(bytes >= range.file_size);
    CHECK(bytes <= range.file_size_high);
    CHECK(bytes % 4096 == 0);  // down to a smallest request
    distinct.insert(bytes);
  }
  CHECK(distinct.size() > 32);                               // drawn, not one size
  CHECK(fio_file_sizes(range, 64, 0, seeds) == drawn);       // from the job's seed: the same every time
  const FioSeeds job2 = FioSeeds::for_job(std::nullopt, true, 2, "w.1.0");
  CHECK(fio_file_sizes(range, 64, 0, job2) != drawn);        // another job, other sizes
}

TEST_CASE("job files: roundrobin takes the files in turn, :N requests each, sequential one file until done") {
  WorkloadSpec spec = spec_of(3, 0);
  CHECK(service_order(spec, 3, 7) == std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0});
  spec.file_service_turn = 2;
  CHECK(service_order(spec, 3, 7) == std::vector<std::uint32_t>{0, 0, 1, 1, 2, 2, 0});
  spec.file_service_turn = 1;
  // A file done leaves the turn to the others.
  CHECK(service_order(spec, 3, 9, 2) == std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2});
  spec.file_service = FileServiceKind::kSequential;
  CHECK(service_order(spec, 3, 9, 3) == std::vector<std::uint32_t>{0, 0, 0, 1, 1, 1, 2, 2, 2});
}

TEST_CASE("job files: random draws each turn's file from the job's stream (fio's next_file_state)") {
  WorkloadSpec spec = spec_of(4, 0);
  spec.file_service = FileServiceKind::kRandom;
  const std::vector<std::uint32_t> order = service_order(spec, 4, 400);
  std::map<std::uint32_t, int> counts;
  for (const std::uint32_t file : order) ++counts[file];
  CHECK(counts.size() == 4);
  for (const auto& [file, count] : counts) CHECK(count > 50);  // about 100 each
  CHECK(service_order(spec, 4, 400) == order);                 // seeded: the same order each time
  // fio's draw: files x (r / 2^32) with r the tausworthe stream seeded by the job's FIO_RAND_FILE_OFF seed.
  FioTausworthe32 stream(static_cast<std::uint32_t>(FioSeeds::for_job(std::nullopt, true, 1, "w.0.0").next_file));
  for (std::size_t i = 0; i < 20; ++i) {
    CHECK(order[i] == static_cast<std::uint32_t>(4.0 * (static_cast<double>(stream.next()) / 4294967296.0)));
  }
  spec.file_service_turn = 3;
  const std::vector<std::uint32_t> turns = service_order(spec, 4, 30);
  for (std::size_t i = 0; i < turns.size(); i += 3) CHECK((turns[i] == turns[i + 1] && turns[i] == turns[i + 2]));
}

TEST_CASE("job files: zipf, pareto and normal draw a file per request from fio's generator over files x 1024, "
          "unscattered, and never finish a file") {
  WorkloadSpec spec = spec_of(8, 0);
  spec.file_service = FileServiceKind::kPareto;
  spec.file_service_parameter = 0.2;
  // fio's pareto_next with hashing off, by hand: its stream seeded with the low 32 bits of FIO_RAND_FILE_OFF's
  // seed, the first draw the random offset, then rank = (n - 1) x u^(log h / log(1 - h)), file = (rank + off) % n
  // / 1024.
  const std::uint64_t ranges = 8 << 10;
  FioTausworthe32 stream(static_cast<std::uint32_t>(FioSeeds::for_job(std::nullopt, true, 1, "w.0.0").next_file));
  const std::uint64_t off = stream.next();
  const double power = std::log(0.2) / std::log(0.8);
  const std::vector<std::uint32_t> order = service_order(spec, 8, 400);
  REQUIRE(order.size() == 400);
  for (std::size_t i = 0; i < 50; ++i) {
    const double u = static_cast<double>(stream.next()) / 4294967295.0;
    const auto rank = static_cast<std::uint64_t>(static_cast<double>(ranges - 1) * std::pow(u, power));
    CHECK(order[i] == static_cast<std::uint32_t>(((rank + off) % ranges) >> 10));
  }
  std::map<std::uint32_t, int> counts;
  for (const std::uint32_t file : order) ++counts[file];
  const int hottest = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                        return a.second < b.second;
                      })->second;
  CHECK(hottest > 200);  // pareto 0.2: most requests to one file
  spec.file_service_center = 0.5;  // the hottest ranks from the middle: file 4
  const std::vector<std::uint32_t> centered = service_order(spec, 8, 400);
  CHECK(std::count(centered.begin(), centered.end(), 4u) > 200);

  spec.file_service = FileServiceKind::kZipf;
  spec.file_service_parameter = 1.2;
  spec.file_service_center.reset();
  const std::vector<std::uint32_t> zipf = service_order(spec, 8, 400);
  CHECK(zipf == service_order(spec, 8, 400));  // seeded
  CHECK(std::set<std::uint32_t>(zipf.begin(), zipf.end()).size() > 1);

  spec.file_service = FileServiceKind::kNormal;  // the mean of 12 draws: the middle files, hardly the ends
  spec.file_service_parameter = 0;
  const std::vector<std::uint32_t> normal = service_order(spec, 8, 400);
  const auto middle = std::count_if(normal.begin(), normal.end(), [](std::uint32_t f) { return f >= 2 && f <= 5; });
  CHECK(middle > 360);

  // A file that starts over leaves service and is drawn again; openfiles=1 then lets the next draw in.
  spec.open_files = 1;
  FileService service(spec, 8, FioSeeds::for_job(std::nullopt, true, 1, "w.0.0"));
  CHECK(service.restarts_files());
  const std::uint32_t first = *service.next();
  for (int i = 0; i < 20; ++i) CHECK(service.next() == first);  // the others wait (fio's EBUSY)
  service.starts_over(first);
  CHECK_FALSE(service.in_service(first));
  REQUIRE(service.next().has_value());
  spec.file_service = FileServiceKind::kRandom;
  CHECK_FALSE(FileService(spec, 8, FioSeeds::for_job(std::nullopt, true, 1, "w.0.0")).restarts_files());
}

TEST_CASE("job files: openfiles=N keeps at most N files in service, a file joins when one is done") {
  WorkloadSpec spec = spec_of(3, 0);
  spec.open_files = 2;
  // Files 0 and 1 alternate (2 must wait) until 0 and 1 are done (3 requests each), then 2 alone.
  CHECK(service_order(spec, 3, 9, 3) == std::vector<std::uint32_t>{0, 1, 0, 1, 0, 1, 2, 2, 2});
  spec.open_files = 1;  // roundrobin with one open: each file to its end, as sequential
  CHECK(service_order(spec, 3, 9, 3) == std::vector<std::uint32_t>{0, 0, 0, 1, 1, 1, 2, 2, 2});
  spec.open_files = 5;  // more than the files: all of them
  CHECK(service_order(spec, 3, 6, 3) == std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2});
}

TEST_CASE("job files: the planner names nrfiles files per job, spreads the jobs over directory=a:b and shares "
          "filename=a:b") {
  const test::TempDir dir;
  fs::create_directories(dir.path() / "a");
  fs::create_directories(dir.path() / "b");
  const WorkloadFiles files(dir.path());
  WorkloadSpec own = spec_of(3, 96 << 10);
  own.jobs = 3;
  own.directory = (dir.path() / "a").string() + ":" + (dir.path() / "b").string();
  std::vector<JobTarget> targets = files.plan(own, {});
  REQUIRE(targets.size() == 9);
  for (std::uint32_t job = 0; job < 3; ++job) {
    const std::span<JobTarget> of_job = targets_of_job(targets, own, job);
    REQUIRE(of_job.size() == 3);
    for (std::uint32_t file = 0; file < 3; ++file) {
      CHECK(of_job[file].path == fmt::format("w.{}.{}", job, file));
      CHECK(of_job[file].is_private);
      CHECK(of_job[file].region_bytes == 32 << 10);
      CHECK(of_job[file].directory == dir.path() / (job % 2 == 0 ? "a" : "b"));  // fio: job modulo directories
    }
  }
  WorkloadSpec shared = spec_of(1, 64 << 10);
  shared.jobs = 2;
  shared.directory = own.directory;
  shared.filename = "x:y\\:z";
  targets = files.plan(shared, {});
  REQUIRE(targets.size() == 4);
  CHECK(targets[0].path == dir.path() / "a" / "x");  // filename= is in the first directory, as fio
  CHECK(targets[1].path == dir.path() / "a" / "y:z");
  CHECK(targets[2].path == targets[0].path);
  CHECK(targets[3].path == targets[1].path);
  CHECK(targets[0].region_bytes == 32 << 10);  // size= split between the two files
  WorkloadSpec outside = shared;
  outside.filename = "x:../../escape";
  CHECK_THROWS_AS(files.plan(outside, {}), UsageError);  // a file outside the directory: refused before anything
  WorkloadSpec too_small = spec_of(3, 8 << 10);
  CHECK_THROWS_AS(files.plan(too_small, {}), UsageError);  // 2730 bytes a file: less than a block
  WorkloadSpec missing = own;
  missing.directory = (dir.path() / "a").string() + ":" + (dir.path() / "none").string();
  CHECK_THROWS_AS(files.plan(missing, {}), UsageError);
  CHECK_FALSE(fs::exists(dir.path() / "a" / "x"));
}

namespace {

// An engine that completes every request at once and records the file of each.
class FileRecordingEngine final : public IoEngine {
 public:
  EngineKind kind() const override { return EngineKind::kPsync; }
  void submit(std::span<const IoRequest> requests) override {
    for (const IoRequest& request : requests) {
      if (request.op == IoOp::kRead || request.op == IoOp::kWrite) {
        files.push_back(request.file_index);
        bytes[request.file_index] += request.length;
        offsets[request.file_index].insert(request.offset);
      }
      done_.push_back({request.tag, request.length});
    }
  }
  std::size_t reap(std::size_t, std::size_t max, std::vector<IoCompletion>& out) override {
    const std::size_t count = std::min(max, done_.size());
    out.insert(out.end(), done_.begin(), done_.begin() + static_cast<std::ptrdiff_t>(count));
    done_.erase(done_.begin(), done_.begin() + static_cast<std::ptrdiff_t>(count));
    return count;
  }
  std::size_t in_flight() const override { return done_.size(); }

  std::vector<std::uint32_t> files;
  std::map<std::uint32_t, std::uint64_t> bytes;
  std::map<std::uint32_t, std::set<std::uint64_t>> offsets;

 private:
  std::vector<IoCompletion> done_;
};

}  // namespace

TEST_CASE("job files: the job loop sends each request to the file the service picks, each file's region once") {
  for (const IoPattern pattern : {IoPattern::kWrite, IoPattern::kRandWrite}) {
    CAPTURE(static_cast<int>(pattern));
    WorkloadSpec spec = spec_of(3, 0);
    spec.pattern = pattern;
    FileRecordingEngine engine;
    const std::atomic<int> interrupt{0};
    // Files of 4, 2 and 3 blocks, the second from offset 8192.
    const JobPlan plan{spec,     engine, 1, {JobFile{0, 4 * 4096, "a"}, JobFile{8192, 2 * 4096, "b"},
                                             JobFile{0, 3 * 4096, "c"}},
                       9 * 4096, 1,      fio_seeds_for(spec, 0, "a", 1), interrupt, nullptr, nullptr};
    JobMeasurement measurement;
    run_job(plan, measurement);
    CHECK(engine.files == std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0, 2, 0});
    CHECK(engine.bytes == std::map<std::uint32_t, std::uint64_t>{{0, 4 * 4096}, {1, 2 * 4096}, {2, 3 * 4096}});
    CHECK(engine.offsets[1] == std::set<std::uint64_t>{8192, 12288});
    CHECK(engine.offsets[0].size() == 4);
    CHECK(engine.offsets[2].size() == 3);
  }
}

TEST_CASE("job files: under file_service_type=zipf a covered file starts over and the job ends on its size") {
  for (const IoPattern pattern : {IoPattern::kWrite, IoPattern::kRandWrite}) {
    CAPTURE(static_cast<int>(pattern));
    WorkloadSpec spec = spec_of(3, 0);
    spec.pattern = pattern;
    spec.file_service = FileServiceKind::kZipf;
    spec.file_service_parameter = 1.1;
    FileRecordingEngine engine;
    const std::atomic<int> interrupt{0};
    const JobPlan plan{spec,      engine, 1, {JobFile{0, 2 * 4096, "a"}, JobFile{0, 2 * 4096, "b"},
                                              JobFile{0, 2 * 4096, "c"}},
                       6 * 4096, 1,      fio_seeds_for(spec, 0, "a", 1), interrupt, nullptr, nullptr};
    JobMeasurement measurement;
    run_job(plan, measurement);
    REQUIRE(engine.files.size() == 6);  // the job's size, whatever the files got
    std::uint64_t total = 0;
    std::uint64_t most = 0;
    for (const auto& [file, bytes] : engine.bytes) total += bytes, most = std::max(most, bytes);
    CHECK(total == 6 * 4096);
    CHECK(most > 2 * 4096);  // a skewed pick: some file went past its 2 blocks, starting over
    for (const auto& [file, offsets] : engine.offsets) CHECK(*offsets.rbegin() < 2 * 4096);  // within its region
  }
}

}  // namespace bench

namespace bench {

TEST_CASE("job files: the room counts every file of every job, and a file the jobs share once") {
  const test::TempDir dir;
  const WorkloadFiles files(dir.path());
  WorkloadSpec own = spec_of(3, 96 << 10);
  own.jobs = 2;
  const std::vector<JobTarget> own_targets = files.plan(own, {});
  WorkloadSpec shared = spec_of(1, 64 << 10);
  shared.name = "s";
  shared.jobs = 2;
  shared.filename = "x:y";
  const std::vector<JobTarget> shared_targets = files.plan(shared, own_targets);
  const Room room = count_room(RunSetup{}, dir.path(), {{&own, &own_targets, 1, 0}, {&shared, &shared_targets, 1, 0}},
                               1, 1, 0);
  CHECK(room.inodes() == 6 + 1 + 2);  // 2 jobs x 3 files, their private directory, x and y once each
  const std::uint64_t files_bytes = 6 * (32 << 10) + 2 * (32 << 10);
  CHECK(room.bytes() == files_bytes + files_bytes / 64 + (1 << 20));  // with the margin count_room adds
}

}  // namespace bench
