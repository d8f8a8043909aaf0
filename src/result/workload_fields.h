#pragma once
// The fields of a workload's spec (WorkloadSpec) that the outputs carry, in one table (result/record_field.h): the
// spreadsheet CSV's workload columns (each workload result's row carries its workload's), the JSON report's
// "workloads" objects (written and read), and compare's notes on workloads run with other settings. Adding a
// workload option: the member of WorkloadSpec, its row here, its fio option (cli/fio_options.cpp), the code that
// uses it, and the docs.
#include <span>

#include "result/record_field.h"
#include "result/workload_spec.h"

namespace bench {

using WorkloadField = RecordField<WorkloadSpec>;

// In the order of the spreadsheet CSV's workload columns and the JSON objects' keys.
std::span<const WorkloadField> workload_fields();

}  // namespace bench
