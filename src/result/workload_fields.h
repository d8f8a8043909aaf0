#pragma once
// The fields of a workload's spec (WorkloadSpec) that the outputs carry, in one table (result/record_field.h): the
// spreadsheet CSV's workload columns (each workload result's row carries its workload's), the JSON report's
// "workloads" objects (written and read), and compare's notes on workloads run with other settings. Adding a
// workload option: the member of WorkloadSpec, its row here (last) or its place in the list of members not recorded,
// its fio option (cli/fio_options.cpp), the code that uses it, and the docs (the man page's workload columns).
#include <span>
#include <string_view>

#include "result/record_field.h"
#include "result/workload_spec.h"

namespace bench {

using WorkloadField = RecordField<WorkloadSpec>;

// In the order of the JSON objects' keys and of the spreadsheet CSV's workload columns (those added after the
// result's own columns existed follow them: report/csv/workload_columns.h). Every row names the members it holds
// (RecordField::members).
std::span<const WorkloadField> workload_fields();

// A member of WorkloadSpec (or of a part of it: "verify.verify_fatal") that no field records, on purpose.
struct MemberNotRecorded {
  std::string_view member;
  std::string_view reason;
};
// The one list of them: every member of WorkloadSpec and its parts is held by a field of workload_fields() or is
// here (tests/result/workload_fields_test.cpp reads the declarations and checks it).
std::span<const MemberNotRecorded> workload_members_not_recorded();

}  // namespace bench
