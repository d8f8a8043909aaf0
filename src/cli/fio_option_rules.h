#pragma once
// The rows of fio's workload options with how each is applied: one table type, its rows split by group into
// cli/fio_option_rows_*.cpp (one file per FioOptionGroup of a workload's options); cli/fio_options.cpp gathers
// them, looks an option up and applies it. Internal to cli/. Pure.
#include <span>
#include <string_view>

#include "cli/fio_option.h"
#include "result/workload_spec.h"

namespace bench {

// Sets an option's value on the workload, in the order given; `kb_base` is the job's. A bare flag comes as "1".
// Throws ValueError (cli/value_error.h) with the value's problem alone; the caller names the option.
using ApplyFioOption = void (*)(WorkloadSpec& spec, std::string_view value, unsigned kb_base);

struct FioOptionRule {
  FioOptionRow option;
  ApplyFioOption apply;
};

std::span<const FioOptionRule> fio_job_rules();          // FioOptionGroup::kJob
std::span<const FioOptionRule> fio_file_rules();         // kFiles
std::span<const FioOptionRule> fio_data_rules();         // kData
std::span<const FioOptionRule> fio_job_control_rules();  // kJobControl
std::span<const FioOptionRule> fio_error_rules();        // kJobControl: continue_on_error=, ignore_error=
std::span<const FioOptionRule> fio_statistics_rules();   // kStatistics
std::span<const FioOptionRule> fio_io_uring_rules();     // kIoUring
std::span<const FioOptionRule> fio_latency_rules();      // kJob: latency_target= and its kin, iodepth_low=
std::span<const FioOptionRule> fio_cpuio_rules();        // kCpuio: cpuio's own (cli/fio_option_rows_cpuio.cpp)
std::span<const FioOptionRule> fio_filestat_rules();     // kFilestat: filestat's stat_type= (the cpuio file's)
std::span<const FioOptionRule> fio_deprecated_rules();   // fio's deprecated options it takes with a warning
std::span<const FioOptionRule> fio_exec_rules();         // kExec: exec's own (cli/fio_option_rows_exec.cpp)

// bs=, bsrange=, bssplit= and blockalign= leave each direction's sizes set and block_bytes the largest request
// (each request buffer's size); settle_workload does it once more after every option.
void update_block_bytes(WorkloadSpec& spec);

}  // namespace bench
