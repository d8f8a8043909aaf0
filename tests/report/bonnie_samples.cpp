#include "bonnie_samples.h"

#include <cstdint>
#include <optional>
#include <stdexcept>

namespace bench::test {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::uint64_t kGiB = 1024 * kMiB;
constexpr std::int64_t kMs = 1'000'000;  // nanoseconds
constexpr std::int64_t kUs = 1'000;

// A phase; `work` is bytes for byte phases and operations (seeks, files) otherwise.
PhaseResult phase(PhaseId id, std::uint64_t work, std::int64_t elapsed_ns, std::int64_t cpu_ns,
                  std::optional<std::uint64_t> max_latency_ns) {
  PhaseResult p;
  p.bonnie_test = id;
  if (phase_work_unit(id) == WorkUnit::kBytes) {
    p.bytes = work;
    p.operations = work / 8192 + 1;
  } else {
    p.operations = work;
  }
  p.elapsed = std::chrono::nanoseconds(elapsed_ns);
  p.cpu = std::chrono::nanoseconds(cpu_ns);
  if (max_latency_ns) {
    LatencySummary latency;
    latency.count = p.operations;
    latency.min_ns = *max_latency_ns / 2;
    latency.max_ns = *max_latency_ns;
    latency.mean_ns = static_cast<double>(*max_latency_ns) / 3;
    p.latency = latency;
  }
  return p;
}

// A phase shorter than 0.5 s; only its latency shows.
PhaseResult quick(PhaseId id, std::uint64_t work, std::int64_t elapsed_ns, std::uint64_t max_latency_ns) {
  return phase(id, work, elapsed_ns, elapsed_ns / 2, max_latency_ns);
}

RunInfo info(std::string label, std::uint32_t seed) {
  RunInfo i;
  i.label = std::move(label);
  i.version = "0.1.0";
  i.setup.seed = seed;
  i.host_name = "host";
  i.kernel = "Linux 6.1.0";
  return i;
}

IoSpec io_spec(std::uint64_t size_bytes, std::uint32_t chunk = 8192, std::uint32_t seeks = 8192,
               std::uint32_t seekers = 5, std::uint64_t per_char = 3 * kMiB) {
  return IoSpec{size_bytes, chunk, seeks, seekers, per_char};
}

FileSpec file_spec(std::uint32_t count_k, FileContent content = FileContent::kData, std::uint64_t max = 0,
                   std::uint64_t min = 0, std::uint32_t dirs = 1, std::uint32_t chunk = 8192) {
  return FileSpec{count_k, content, max, min, dirs, chunk};
}

// All 12 phases plus fsync latency (which the bonnie outputs must ignore). Expected: 515k 97, 342m 70,
// 45.3m 58, 9999k 89 (exactly 0.5 s: measured), 3.0g 99, seeks 5218 33; files 1950 50, 5851 100, 1050 15,
// 1365 33, 6826 50, 2409 25; latencies in us, ms and s.
RunResult full() {
  RunResult r;
  r.info = info("vm", 1796040793);
  r.info.setup.io = io_spec(512 * kMiB);
  r.info.setup.files = file_spec(4);
  r.phases = {
      phase(PhaseId::kPerCharWrite, 3167232, 6000 * kMs, 5850 * kMs, 36467123),     // 515.5 KiB/s
      phase(PhaseId::kBlockWrite, 717857792, 2000 * kMs, 1410 * kMs, 4595000),      // 350516.5 KiB/s
      phase(PhaseId::kRewrite, 190003200, 4000 * kMs, 2340 * kMs, 123456789),       // 46387.5 KiB/s
      phase(PhaseId::kPerCharRead, 5119744, 500 * kMs, 447500 * kUs, 100000000),    // 9999.5 KiB/s
      phase(PhaseId::kBlockRead, 3174227456, 1000 * kMs, 995 * kMs, 120000000000),  // 3099831.5 KiB/s
      phase(PhaseId::kRandomSeeks, 8192, 1570 * kMs, 520 * kMs, 32144000),
      phase(PhaseId::kSeqCreate, 4096, 2100 * kMs, 1060 * kMs, 4219000),
      phase(PhaseId::kSeqStat, 4096, 700 * kMs, 703500 * kUs, 221000),
      phase(PhaseId::kSeqDelete, 4096, 3900 * kMs, 600 * kMs, 1363999),
      phase(PhaseId::kRandomCreate, 4096, 3000 * kMs, 1000 * kMs, 6191000),
      phase(PhaseId::kRandomStat, 4096, 600 * kMs, 303 * kMs, 2499000),
      phase(PhaseId::kRandomDelete, 4096, 1700 * kMs, 440 * kMs, 1750000),
      phase(PhaseId::kFsyncLatency, 1000, 2000 * kMs, 100 * kMs, 9999999999),
  };
  return r;
}

// The run of bonnie-reference §6.1: block read, seeks and every file test under 0.5 s. One of them took
// exactly 499.999999 ms, one no measurable time at all.
RunResult too_fast() {
  RunResult r;
  r.info = info("vm", 1796040793);
  r.info.setup.io = io_spec(512 * kMiB);
  r.info.setup.files = file_spec(4);
  r.phases = {
      phase(PhaseId::kPerCharWrite, 3 * kMiB, 5959262852, 5800 * kMs, 36467000),
      phase(PhaseId::kBlockWrite, 512 * kMiB, 1495758402, 1050 * kMs, 4595000),
      phase(PhaseId::kRewrite, 512 * kMiB, 732344513, 430 * kMs, 4691000),
      phase(PhaseId::kPerCharRead, 3 * kMiB, 6314491264, 5650 * kMs, 39367000),
      quick(PhaseId::kBlockRead, 512 * kMiB, 150 * kMs, 8087000),
      quick(PhaseId::kRandomSeeks, 8192, 499999999, 32144000),
      quick(PhaseId::kSeqCreate, 4096, 300 * kMs, 4219000),
      quick(PhaseId::kSeqStat, 4096, 0, 221000),
      quick(PhaseId::kSeqDelete, 4096, 100 * kMs, 1363000),
      quick(PhaseId::kRandomCreate, 4096, 400 * kMs, 6191000),
      quick(PhaseId::kRandomStat, 4096, 50 * kMs, 2499000),
      quick(PhaseId::kRandomDelete, 4096, 120 * kMs, 1750000),
  };
  return r;
}

// "-s 0 -n 1": the file section only (bonnie-reference §6: CSV 1234/1695/807/1888, two phases too fast).
RunResult files_only() {
  RunResult r;
  r.info = info("vm", 7);
  r.info.setup.files = file_spec(1);
  r.phases = {
      phase(PhaseId::kSeqCreate, 1024, 829500 * kUs, 185 * kMs, 2229000),
      quick(PhaseId::kSeqStat, 1024, 300 * kMs, 35000),
      phase(PhaseId::kSeqDelete, 1024, 604 * kMs, 87500 * kUs, 1918000),
      phase(PhaseId::kRandomCreate, 1024, 1268 * kMs, 205 * kMs, 2310000),
      quick(PhaseId::kRandomStat, 1024, 100 * kMs, 17000),
      phase(PhaseId::kRandomDelete, 1024, 542200 * kUs, 72500 * kUs, 1544000),
  };
  return r;
}

// "-s 4g -f -n 0" (bonnie-reference §6): the I/O section only, per-char skipped.
RunResult io_only() {
  RunResult r;
  r.info = info("vm", 1796050000);
  r.info.setup.io = io_spec(4 * kGiB, 8192, 8192, 5, 0);
  r.phases = {
      phase(PhaseId::kBlockWrite, 4 * kGiB, 8401739919, 6750 * kMs, 17940000),
      phase(PhaseId::kRewrite, 4 * kGiB, 4881794983, 3250 * kMs, 7437000),
      phase(PhaseId::kBlockRead, 4 * kGiB, 1353074836, 1345 * kMs, 10225000),
      phase(PhaseId::kRandomSeeks, 8192, 1570792000, 520 * kMs, 12058000),
  };
  return r;
}

// "-s 1g -f -n 2:102400": per-char skipped, files of up to 100 KiB; the lower MiB/s formats and the
// "1000m" edge (999.9995 MiB/s rounds up), seeks below 1000/s.
RunResult no_per_char() {
  RunResult r;
  r.info = info("vm", 42);
  r.info.setup.io = io_spec(kGiB, 8192, 8192, 5, 0);
  r.info.setup.files = file_spec(2, FileContent::kData, 102400);
  r.phases = {
      phase(PhaseId::kBlockWrite, kGiB, 10778891967, 1350 * kMs, 45000000),     // 97280.5 KiB/s: 95.0m
      phase(PhaseId::kRewrite, kGiB, 104852357382, 3500 * kMs, 99999999),       // 10000.5 KiB/s: 9.8m
      phase(PhaseId::kBlockRead, kGiB, 1024000500, 465 * kMs, 99999999999),     // 1023999.5 KiB/s
      phase(PhaseId::kRandomSeeks, 8192, 32733900000, 400 * kMs, 1500000),      // 250.26/s
      phase(PhaseId::kSeqCreate, 2048, 4001 * kMs, 2000 * kMs, 80000000),
      quick(PhaseId::kSeqStat, 2048, 200 * kMs, 512000),
      phase(PhaseId::kSeqDelete, 2048, 1300 * kMs, 920 * kMs, 2000000),
      phase(PhaseId::kRandomCreate, 2048, 5500 * kMs, 2210 * kMs, 150000000),
      phase(PhaseId::kRandomStat, 2048, 900 * kMs, 850 * kMs, 900000),
      phase(PhaseId::kRandomDelete, 2048, 1250 * kMs, 300 * kMs, 3000000),
  };
  return r;
}

std::vector<PhaseResult> link_phases() {
  return {
      phase(PhaseId::kSeqCreate, 1024, 1100 * kMs, 500 * kMs, 300000),
      phase(PhaseId::kSeqStat, 1024, 550 * kMs, 300 * kMs, 20000),
      phase(PhaseId::kSeqDelete, 1024, 700 * kMs, 360 * kMs, 250000),
      phase(PhaseId::kRandomCreate, 1024, 1200 * kMs, 610 * kMs, 310000),
      phase(PhaseId::kRandomStat, 1024, 600 * kMs, 310 * kMs, 22000),
      phase(PhaseId::kRandomDelete, 1024, 810 * kMs, 400 * kMs, 260000),
  };
}

// "-s 0 -n 1:-1": hard links.
RunResult hard_links() {
  RunResult r;
  r.info = info("vm", 5);
  r.info.setup.files = file_spec(1, FileContent::kHardLink);
  r.phases = link_phases();
  return r;
}

// "-s 0 -n 1:-2:0:3": symbolic links in three directories; all but the random create too fast.
RunResult symlinks() {
  RunResult r;
  r.info = info("vm", 6);
  r.info.setup.files = file_spec(1, FileContent::kSymLink, 0, 0, 3);
  r.phases = {
      quick(PhaseId::kSeqCreate, 1024, 300 * kMs, 400000),
      quick(PhaseId::kSeqStat, 1024, 100 * kMs, 30000),
      quick(PhaseId::kSeqDelete, 1024, 200 * kMs, 270000),
      phase(PhaseId::kRandomCreate, 1024, 600 * kMs, 310 * kMs, 410000),
      quick(PhaseId::kRandomStat, 1024, 100 * kMs, 25000),
      quick(PhaseId::kRandomDelete, 1024, 210 * kMs, 280000),
  };
  return r;
}

// "-s 16:1m -n 1:4k:1k:4:256": a 1 MiB I/O chunk, four directories, 256-byte file chunks.
RunResult dirs_chunks() {
  RunResult r;
  r.info = info("vm", 99);
  r.info.setup.io = io_spec(16 * kMiB, 1024 * 1024);
  r.info.setup.files = file_spec(1, FileContent::kData, 4096, 1024, 4, 256);
  r.phases = {
      phase(PhaseId::kPerCharWrite, 3 * kMiB, 5000 * kMs, 4900 * kMs, 30000000),
      quick(PhaseId::kBlockWrite, 16 * kMiB, 200 * kMs, 2100000),
      quick(PhaseId::kRewrite, 16 * kMiB, 300 * kMs, 3300000),
      phase(PhaseId::kPerCharRead, 3 * kMiB, 6100 * kMs, 5900 * kMs, 31000000),
      quick(PhaseId::kBlockRead, 16 * kMiB, 100 * kMs, 1900000),
      quick(PhaseId::kRandomSeeks, 8192, 450 * kMs, 9000000),
      phase(PhaseId::kSeqCreate, 1024, 1500 * kMs, 700 * kMs, 700000),
      quick(PhaseId::kSeqStat, 1024, 400 * kMs, 90000),
      phase(PhaseId::kSeqDelete, 1024, 900 * kMs, 500 * kMs, 800000),
      phase(PhaseId::kRandomCreate, 1024, 1650 * kMs, 800 * kMs, 720000),
      quick(PhaseId::kRandomStat, 1024, 450 * kMs, 95000),
      phase(PhaseId::kRandomDelete, 1024, 950 * kMs, 600 * kMs, 850000),
  };
  return r;
}

// A 40-character machine name, "-s 4g -n 16"; latency edges: 999 ns, 99.999999 ms, 100 s, none recorded,
// 99.999999999 s, a zero maximum.
RunResult long_name() {
  RunResult r;
  r.info = info("build-server-042.storage.lab.example.org", 123);
  r.info.setup.io = io_spec(4 * kGiB);
  r.info.setup.files = file_spec(16);
  r.phases = {
      phase(PhaseId::kPerCharWrite, 3 * kMiB, 3500 * kMs, 3450 * kMs, 999),
      phase(PhaseId::kBlockWrite, 4 * kGiB, 4500 * kMs, 3200 * kMs, 99999999),
      phase(PhaseId::kRewrite, 4 * kGiB, 9300 * kMs, 5000 * kMs, 100000000000),
      phase(PhaseId::kPerCharRead, 3 * kMiB, 3300 * kMs, 3200 * kMs, std::nullopt),
      phase(PhaseId::kBlockRead, 4 * kGiB, 2700 * kMs, 2000 * kMs, 99999999999),
      phase(PhaseId::kRandomSeeks, 8192, 900 * kMs, 500 * kMs, 0),
      phase(PhaseId::kSeqCreate, 16384, 2300 * kMs, 2200 * kMs, 5000000),
      phase(PhaseId::kSeqStat, 16384, 700 * kMs, 690 * kMs, 120000),
      phase(PhaseId::kSeqDelete, 16384, 1900 * kMs, 1300 * kMs, 4000000),
      phase(PhaseId::kRandomCreate, 16384, 2900 * kMs, 2500 * kMs, 6000000),
      phase(PhaseId::kRandomStat, 16384, 1100 * kMs, 1050 * kMs, 150000),
      phase(PhaseId::kRandomDelete, 16384, 2500 * kMs, 1710 * kMs, 7000000),
  };
  return r;
}

// bonnie-reference §6 "-s 16:4k:1000:3 -n 1:4k:1k:4:2k -f -c 2 -m averyveryverylongmachinename123":
// three seekers (which bonnie++ drops from the ID), concurrency 2, 795.4 seeks/s.
RunResult seekers() {
  RunResult r;
  r.info = info("averyveryverylongmachinename123", 1796017075);
  r.info.setup.concurrency = 2;
  r.info.setup.io = io_spec(16 * kMiB, 4096, 1000, 3, 0);
  r.info.setup.files = file_spec(1, FileContent::kData, 4096, 1024, 4, 2048);
  r.phases = {
      quick(PhaseId::kBlockWrite, 16 * kMiB, 100 * kMs, 199000),
      quick(PhaseId::kRewrite, 16 * kMiB, 120 * kMs, 117000),
      quick(PhaseId::kBlockRead, 16 * kMiB, 40 * kMs, 74000),
      phase(PhaseId::kRandomSeeks, 1000, 1257230000, 15 * kMs, 166000),
      quick(PhaseId::kSeqCreate, 1024, 200 * kMs, 638000),
      quick(PhaseId::kSeqStat, 1024, 100 * kMs, 222000),
      phase(PhaseId::kSeqDelete, 1024, 1071 * kMs, 25 * kMs, 3942000),
      quick(PhaseId::kRandomCreate, 1024, 300 * kMs, 312000),
      quick(PhaseId::kRandomStat, 1024, 90 * kMs, 158000),
      phase(PhaseId::kRandomDelete, 1024, 859400 * kUs, 40 * kMs, 19073000),
  };
  return r;
}

}  // namespace

std::vector<BonnieSample> bonnie_samples() {
  return {
      {"full", full()},
      {"too_fast", too_fast()},
      {"files_only", files_only()},
      {"io_only", io_only()},
      {"no_per_char", no_per_char()},
      {"hard_links", hard_links()},
      {"symlinks", symlinks()},
      {"dirs_chunks", dirs_chunks()},
      {"long_name", long_name()},
      {"seekers", seekers()},
  };
}

RunResult bonnie_sample(const std::string& name) {
  for (auto& sample : bonnie_samples()) {
    if (sample.name == name) return std::move(sample.run);
  }
  throw std::out_of_range("no bonnie sample named " + name);
}

}  // namespace bench::test
