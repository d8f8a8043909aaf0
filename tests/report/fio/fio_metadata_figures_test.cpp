// fio's metadata engines' figures (result/engine_kind.h calls_on_files: filecreate, filestat, filedelete) in fio's
// keys: as fio's FIO_NOSTATS, the calls' times are the job's clat alone (lat and slat N 0, every latency range 0),
// while the requests and their bytes count as any engine's. Pure, on hand-built runs;
// tests/fio_peer/metadata_engines_peer_test.cpp runs fio beside bench++.
#include <doctest/doctest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "report/fio/fio_jobs.h"
#include "report/fio/fio_json.h"
#include "report/fio/fio_test_parts.h"

namespace bench {
namespace {

using Json = nlohmann::json;

Json job_of(EngineKind engine) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.engine = engine;
  RunResult run;
  run.info.version = "0.1.0";
  run.info.started_utc = "2026-12-07T11:00:00Z";
  run.info.setup.workloads = {spec};
  const std::vector<std::uint64_t> latencies(8, 20'000);
  run.phases = {test::fio_test_part("w", IoDirection::kRead, latencies.size(), 4096, latencies,
                                    std::chrono::milliseconds(1000))};
  return Json::parse(format_fio_json({run}, FioJsonKind::kJson))["jobs"][0];
}

TEST_CASE("fio figures: filecreate, filestat and filedelete report clat alone, as fio's FIO_NOSTATS") {
  for (const EngineKind engine : {EngineKind::kFileCreate, EngineKind::kFileStat, EngineKind::kFileDelete}) {
    CAPTURE(static_cast<int>(engine));
    const Json job = job_of(engine);
    CHECK(job["read"]["total_ios"] == 8);
    CHECK(job["read"]["io_bytes"] == 8 * 4096);
    CHECK(job["read"]["clat_ns"]["N"] == 8);
    CHECK(job["read"]["lat_ns"]["N"] == 0);
    CHECK(job["read"]["slat_ns"]["N"] == 0);
    CHECK(job["latency_us"]["20"] == 0.0);
    CHECK(job["latency_us"]["50"] == 0.0);
  }
  // Any other synchronous engine: lat and clat both, and the 20 us requests in the "50" range (20 <= 20 us < 50).
  const Json psync = job_of(EngineKind::kPsync);
  CHECK(psync["read"]["lat_ns"]["N"] == 8);
  CHECK(psync["read"]["clat_ns"]["N"] == 8);
  CHECK(psync["latency_us"]["50"] == 100.0);
}

}  // namespace
}  // namespace bench
