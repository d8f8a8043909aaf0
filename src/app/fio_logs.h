#pragma once
// fio's log files (write_bw_log, write_lat_log, write_iops_log: result/fio_log_names.h): where they go, checked
// before any work, and written after each run. Not rows of app/output_table.cpp: each workload names its own files.
#include "result/run_result.h"
#include "result/run_setup.h"

namespace bench {

// Before any work (a run and --dry-run alike, rank 0, which writes them): every log file `setup`'s workloads ask
// for (result/fio_log_names.h) can go where its name says, probed as app/document_output.h probes a result file (a
// temporary made beside it and removed), so that nothing is found unwritable after the run. A regular file of that
// name is replaced after the run, as fio replaces it, and left untouched until then; refused: a missing or
// unwritable directory, a name taken by anything but a regular file, and a symbolic link (fio writes through one;
// bench++ writes no file it names itself through a link it did not make). Throws UsageError naming the option, the
// workload and the log.
void check_fio_logs(const RunSetup& setup);

// fio's log files of a run's workloads that ask for them (report/fio/fio_log.h), each replaced whole, in the current
// directory as fio writes them; a symbolic link put at a log's name since is refused (Links::kRefuse). Throws std::system_error when one cannot be written.
void write_fio_logs(const RunResult& run);

}  // namespace bench
