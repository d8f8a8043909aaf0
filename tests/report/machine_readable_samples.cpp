#include "machine_readable_samples.h"

#include <doctest/doctest.h>

#include "result/phase_id.h"

namespace bench::test {
namespace {

using std::chrono::nanoseconds;

PhaseResult phase(PhaseId id, std::uint64_t seed) {
  PhaseResult p;
  p.bonnie_test = id;
  p.operations = 1000 + seed * 37;
  p.bytes = phase_work_unit(id) == WorkUnit::kBytes ? (std::uint64_t{1} << 33) + seed * 8192 : 0;
  p.elapsed = nanoseconds{1'234'567'891 + static_cast<std::int64_t>(seed) * 1'000'003};
  p.cpu = nanoseconds{987'654'321 + static_cast<std::int64_t>(seed) * 7};
  p.workers = 1 + static_cast<std::uint32_t>(seed % 3);
  p.latency = LatencySummary{50'000 + seed, 1'001 + seed, 9'876'543'210 + seed, 12'345.0 + static_cast<double>(seed),
                             10'007, 20'011, 400'009, 1'500'001};
  p.latency_histogram = {{130, 10'000}, {400, 39'000}, {1'900, 1'000 + seed}};  // as many samples as latency counts
  return p;
}

RunInfo base_info() {
  RunInfo i;
  i.label = "host";
  i.version = "0.1.0";
  i.setup.concurrency = 1;
  i.setup.seed = 4'000'000'001u;
  i.started_utc = "2026-11-30T10:34:59Z";
  i.host_name = "lab-host-7";
  i.kernel = "Linux 6.1.0-13-amd64";
  i.filesystem = "ext4";
  i.mount_options = "rw,relatime";
  i.directory = "/mnt/scratch, fast";
  return i;
}

}  // namespace

RunResult workload_sample_run(std::vector<WorkloadPart> parts) {
  RunResult run = machine_readable_samples().at(0);
  WorkloadSpec spec;
  spec.name = "w";
  run.info.setup.workloads = {spec};
  const PhaseResult first = run.phases.at(0);
  run.phases.clear();
  for (WorkloadPart& part : parts) {
    PhaseResult result = first;
    part.workload = "w";
    result.workload = std::move(part);
    run.phases.push_back(std::move(result));
  }
  return run;
}

std::vector<RunResult> machine_readable_samples() {
  std::vector<RunResult> runs;

  RunResult full;
  full.info = base_info();
  full.info.label = "host \"A\", rack 3\nsecond line";
  full.info.setup.concurrency = 2;
  full.info.setup.io = IoSpec{std::uint64_t{8} << 30, 8192, 8192, 5, 3u << 20};
  full.info.setup.files = FileSpec{16, FileContent::kData, 65536, 1024, 8, 4096};
  full.info.setup.direct_io = true;
  full.info.setup.cache = CacheMode::kKeep;
  full.info.setup.data = DataPattern::kZero;
  full.info.role = Role::kGuest;
  full.info.hypervisor = "kvm";
  full.info.other_cpu_percent = 63;  // a busy machine's run (the others: not recorded)
  full.info.container = "none";
  full.info.placement_evidence = {"CPUID: hypervisor bit set, leaf 0x40000000 vendor 'KVMKVMKVM' (kvm)",
                                  "DMI sys_vendor 'QEMU, \"Inc\"' (qemu)", "no container marker"};
  std::uint64_t seed = 0;
  for (const PhaseId id : kAllPhaseIds) full.phases.push_back(phase(id, seed++));
  full.phases[2].latency.reset();
  full.phases[2].latency_histogram.clear();
  full.info.setup.verify = true;
  runs.push_back(full);

  RunResult files_only;
  files_only.info = base_info();
  files_only.info.label = "Gäste-VM 🚀 «ünïcödé»";
  files_only.info.run_index = 1;
  files_only.info.setup.files = FileSpec{1, FileContent::kHardLink, 0, 0, 1, 8192};
  files_only.info.setup.fsync_each = true;
  files_only.info.role = Role::kHost;
  files_only.info.hypervisor = "none";
  files_only.info.container = "docker";
  files_only.info.placement_evidence = {"CPUID: hypervisor bit clear", "/.dockerenv exists (docker)"};
  for (const PhaseId id : {PhaseId::kSeqCreate, PhaseId::kSeqStat, PhaseId::kSeqDelete}) {
    files_only.phases.push_back(phase(id, seed++));
  }
  runs.push_back(files_only);

  RunResult io_only;
  io_only.info = full.info;
  io_only.info.started_utc = "2026-11-30T11:00:00Z";
  io_only.info.setup.files.reset();
  io_only.info.setup.io = IoSpec{std::uint64_t{1} << 20, 1 << 20, 1, 1, 0};
  io_only.info.setup.io->seek_write_percent = 0;  // --seek-writes 0, as fio's randread
  io_only.phases.push_back(phase(PhaseId::kBlockWrite, seed++));
  io_only.phases.push_back(phase(PhaseId::kBlockRead, seed++));
  io_only.phases.back().elapsed = nanoseconds{0};
  io_only.phases.back().cpu = nanoseconds{0};
  io_only.phases.back().latency = LatencySummary{1, 7, 7, 7.0, 7, 7, 7, 7};
  runs.push_back(io_only);

  RunResult symlinks;
  symlinks.info = base_info();
  symlinks.info.label = "";
  symlinks.info.setup.io = IoSpec{};
  symlinks.info.setup.io->file_size_bytes = 1;
  symlinks.info.setup.io->seek_write_percent = 100;
  symlinks.info.setup.files = FileSpec{4294967, FileContent::kSymLink, 0, 0, 100, 256};
  symlinks.phases.push_back(phase(PhaseId::kFsyncLatency, seed++));
  symlinks.phases.push_back(phase(PhaseId::kRandomSeeks, seed++));
  symlinks.phases.back().operations = UINT64_MAX;
  symlinks.phases.back().elapsed = nanoseconds{864'000'000'000'123};  // 10 days
  runs.push_back(symlinks);
  return runs;
}

void check_same_runs(const std::vector<RunResult>& expected, const std::vector<RunResult>& actual,
                     bool compare_json_only) {
  REQUIRE(expected.size() == actual.size());
  for (std::size_t r = 0; r < expected.size(); ++r) {
    const RunInfo& e = expected[r].info;
    const RunInfo& a = actual[r].info;
    INFO("run ", r);
    CHECK(e.label == a.label);
    CHECK(e.version == a.version);
    CHECK(e.setup.concurrency == a.setup.concurrency);
    CHECK(e.setup.seed == a.setup.seed);
    REQUIRE(e.setup.io.has_value() == a.setup.io.has_value());
    if (e.setup.io) {
      CHECK(e.setup.io->file_size_bytes == a.setup.io->file_size_bytes);
      CHECK(e.setup.io->chunk_bytes == a.setup.io->chunk_bytes);
      CHECK(e.setup.io->seeks == a.setup.io->seeks);
      CHECK(e.setup.io->seekers == a.setup.io->seekers);
      CHECK(e.setup.io->per_char_bytes == a.setup.io->per_char_bytes);
      CHECK(e.setup.io->seek_write_percent == a.setup.io->seek_write_percent);
    }
    REQUIRE(e.setup.files.has_value() == a.setup.files.has_value());
    if (e.setup.files) {
      CHECK(e.setup.files->count_k == a.setup.files->count_k);
      CHECK(e.setup.files->content == a.setup.files->content);
      CHECK(e.setup.files->max_size_bytes == a.setup.files->max_size_bytes);
      CHECK(e.setup.files->min_size_bytes == a.setup.files->min_size_bytes);
      CHECK(e.setup.files->dirs == a.setup.files->dirs);
      CHECK(e.setup.files->chunk_bytes == a.setup.files->chunk_bytes);
    }
    CHECK(e.setup.direct_io == a.setup.direct_io);
    CHECK(e.setup.fsync_each == a.setup.fsync_each);
    CHECK(e.setup.verify == a.setup.verify);
    CHECK(e.setup.cache == a.setup.cache);
    CHECK(e.setup.data == a.setup.data);
    CHECK(e.run_index == a.run_index);
    CHECK(e.started_utc == a.started_utc);
    CHECK(e.host_name == a.host_name);
    CHECK(e.kernel == a.kernel);
    CHECK(e.filesystem == a.filesystem);
    CHECK(e.mount_options == a.mount_options);
    CHECK(e.directory == a.directory);
    CHECK(e.role == a.role);
    CHECK(e.hypervisor == a.hypervisor);
    CHECK(e.container == a.container);
    if (compare_json_only) {  // what the spreadsheet CSV has no column for
      CHECK(e.other_cpu_percent == a.other_cpu_percent);
      CHECK(e.placement_evidence == a.placement_evidence);
    }
    REQUIRE(expected[r].phases.size() == actual[r].phases.size());
    for (std::size_t k = 0; k < expected[r].phases.size(); ++k) {
      const PhaseResult& ep = expected[r].phases[k];
      const PhaseResult& ap = actual[r].phases[k];
      INFO("test ", phase_key(ep.id()));
      CHECK(ep.id() == ap.id());
      CHECK(ep.operations == ap.operations);
      CHECK(ep.bytes == ap.bytes);
      CHECK(ep.elapsed == ap.elapsed);
      CHECK(ep.cpu == ap.cpu);
      CHECK(ep.workers == ap.workers);
      REQUIRE(ep.latency.has_value() == ap.latency.has_value());
      if (ep.latency) {
        CHECK(ep.latency->count == ap.latency->count);
        CHECK(ep.latency->min_ns == ap.latency->min_ns);
        CHECK(ep.latency->max_ns == ap.latency->max_ns);
        CHECK(ep.latency->mean_ns == ap.latency->mean_ns);
        CHECK(ep.latency->p50_ns == ap.latency->p50_ns);
        CHECK(ep.latency->p90_ns == ap.latency->p90_ns);
        CHECK(ep.latency->p99_ns == ap.latency->p99_ns);
        CHECK(ep.latency->p999_ns == ap.latency->p999_ns);
      }
      if (compare_json_only) CHECK(ep.latency_histogram == ap.latency_histogram);
    }
  }
}

}  // namespace bench::test
