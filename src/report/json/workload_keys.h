#pragma once
// The workloads of a run in the JSON report (report/json/json_report.h): the run's "workloads", each WorkloadSpec as
// result/workload_fields.h keys it, and a workload test's "workload" object:
//   {name, direction ("read"|"write"|"sync"), job (null: all jobs), engine ("io_uring"|"sync"), engine_depth,
//    engine_note, mean_depth, cpu_sec_per_million_requests (the CPU seconds bench++ spent per million requests of
//    the workload; null without requests; optional when read), per_second: [requests completed in each whole second],
//    steady: null or {first_third_mean, last_third_mean, noise, steady}}
// (the latency histogram is the test's own, as for every test: report/json/json_report.h).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/json/json_walker.h"
#include "result/run_result.h"

namespace bench {

nlohmann::ordered_json workloads_json(const RunSetup& setup);
// One workload's spec, as workloads_json keys it.
nlohmann::ordered_json workload_spec_json(const WorkloadSpec& spec);
// null for a test that is not a workload's.
nlohmann::ordered_json workload_part_json(const PhaseResult& result);

// REQUIRES: `run` is an object (at `path`). A spec key a workload lacks (a field newer than the file) leaves the
// default and adds the field's index to *unrecorded (when given; ascending, unique). Throws as Walker does.
std::vector<WorkloadSpec> read_workloads(const Walker& w, const nlohmann::json& run, const std::string& path,
                                         std::vector<std::size_t>* unrecorded = nullptr);
// The test's "workload" object; nullopt when it is null (a bonnie++-style test).
std::optional<WorkloadPart> read_workload_part(const Walker& w, const nlohmann::json& test, const std::string& path);

}  // namespace bench
