#pragma once
// cpuio, as fio 3.33's cpuio engine (FIO_SYNCIO | FIO_DISKLESSIO | FIO_NOIO): no request reaches the kernel and no
// file is touched (result/engine_kind.h EngineFiles::kNoData); each request, a read of 0 bytes, burns CPU inline
// and completes with 0 bytes: cpumode=noop spins on the clock for cpuchunks microseconds (EngineSetup::cpu_chunk_us,
// fio's usec_spin), cpumode=qsort makes fio's qsort pass (256 Ki integers of its multiply-with-carry generator
// sorted up, down, by byte, and down again). The job thinks between requests so that the spin is cpuload percent
// of each cycle (phases/workload/job_pacing.h, fio's cpuio_init setting thinktime).
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/io_engine.h"

namespace bench {

// Throws as make_io_engine() documents (engine/checked_setup.h check_engine_setup_without_files).
std::unique_ptr<IoEngine> make_cpu_engine(EngineKind kind, const EngineSetup& setup);

// The pause after each request that makes a burn of `chunk_us` `load` percent of the cycle (fio's cpuio_init:
// chunk x (100 - load) / load microseconds). REQUIRES: 1 <= load <= 100.
constexpr std::chrono::microseconds cpu_think_time(std::uint32_t load, std::uint32_t chunk_us) {
  return std::chrono::microseconds(std::uint64_t{chunk_us} * (100 - load) / load);
}

// fio's qsort data: `count` integers of its multiply-with-carry generator (Marsaglia's mwc32), from its seeds.
std::vector<std::int32_t> qsort_data(std::size_t count);

// fio's qsort pass over `data` (sorted up, down, by byte and down again); returns it so, sorted down.
void qsort_pass(std::vector<std::int32_t>& data);

}  // namespace bench
