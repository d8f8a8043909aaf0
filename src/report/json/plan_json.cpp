#include "report/json/plan_json.h"

#include <nlohmann/json.hpp>

#include "result/fio_log_names.h"

#include "plan/plan_duration.h"
#include "report/json/workload_keys.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

using nlohmann::ordered_json;

ordered_json io_json(const RunSetup& setup) {
  if (!setup.io) return nullptr;
  const IoSpec& io = *setup.io;
  return {{"file_size_bytes", io.file_size_bytes}, {"file_size_choice", setup.file_size_choice},
          {"chunk_bytes", io.chunk_bytes},         {"seeks", io.seeks},
          {"seekers", io.seekers},                 {"per_char_bytes", io.per_char_bytes},
          {"seek_write_percent", io.seek_write_percent}};
}

ordered_json files_json(const RunSetup& setup) {
  if (!setup.files) return nullptr;
  const FileSpec& files = *setup.files;
  const char* content = files.content == FileContent::kData       ? "data"
                        : files.content == FileContent::kHardLink ? "hard_links"
                                                                  : "symbolic_links";
  return {{"count", files.file_count()}, {"max_size_bytes", files.max_size_bytes},
          {"min_size_bytes", files.min_size_bytes}, {"dirs", files.dirs},
          {"chunk_bytes", files.chunk_bytes}, {"content", content}};
}

ordered_json test_json(const Plan& plan, const PlannedTest& test) {
  if (!test.workload) {
    return {{"test", phase_key(test.bonnie_test)},
            {"kind", "bonnie"},
            {"jobs", test.jobs},
            {"expected_operations", test.expected_operations}};
  }
  const WorkloadSpec& spec = plan.workload(test);
  ordered_json files = ordered_json::array();
  for (const JobTarget& target : test.targets) {
    files.push_back({{"path", target.path.string()},
                     {"private", target.is_private},
                     {"directory", target.directory.string()},
                     {"exists", target.exists},
                     {"block_device", target.block_device},
                     {"offset", target.region_offset},
                     {"bytes", target.region_bytes}});
  }
  ordered_json logs = ordered_json::array();  // fio's log files, replaced if present (result/fio_log_names.h)
  for (const FioLogName& log : fio_log_names(plan.setup.workloads, *test.workload)) logs.push_back(log.path);
  return {{"test", spec.name},          {"kind", "workload"},
          {"jobs", test.jobs},          {"expected_operations", nullptr},
          {"workload", workload_spec_json(spec)},       {"engine", keyword(test.engine.engine)},
          {"engine_depth", test.engine.depth}, {"engine_note", test.engine.note},
          {"job_processes", test.engine.own_process},  // each job a process of its own (phases/workload/job_process.h)
          {"files", files},             {"fio_logs", logs}};
}

}  // namespace

std::string format_plan_json(const Plan& plan) {
  const RunSetup& setup = plan.setup;
  ordered_json groups = ordered_json::array();
  for (const std::vector<PlannedTest>& group : plan.groups) {
    ordered_json tests = ordered_json::array();
    for (const PlannedTest& test : group) tests.push_back(test_json(plan, test));
    groups.push_back(std::move(tests));
  }
  ordered_json filesystems = ordered_json::array();
  for (const FilesystemRoom& room : plan.room.filesystems) {
    filesystems.push_back({{"directory", room.directory.string()},
                           {"bytes", room.bytes},
                           {"inodes", room.inodes},
                           {"free_bytes", room.free_bytes},
                           {"free_inodes", room.free_inodes}});
  }
  const PlanDuration duration = plan_duration(plan);
  const ordered_json document = {
      {"tool", "bench++"},
      {"plan_version", 1},
      {"ranks", plan.ranks},
      {"repeats", plan.repeats},
      {"seed", setup.seed},
      {"io", io_json(setup)},
      {"files", files_json(setup)},
      {"sync_test", setup.sync_test ? ordered_json{{"write_bytes", setup.sync_test->write_bytes},
                                                   {"total_bytes", setup.sync_test->total_bytes}}
                                    : ordered_json(nullptr)},
      {"concurrency", setup.concurrency},
      {"cache", keyword(setup.cache)},
      {"direct", setup.direct_io},
      {"data", keyword(setup.data)},
      {"fsync_each", setup.fsync_each},
      {"verify", setup.verify},
      {"suite", setup.suite},
      {"window_command", plan.window_command ? ordered_json(*plan.window_command) : ordered_json(nullptr)},
      {"groups", groups},
      {"filesystems", filesystems},
      {"bytes_needed", plan.room.bytes()},
      {"inodes_needed", plan.room.inodes()},
      {"buffer_bytes", plan.room.buffer_bytes},
      // plan/plan_duration.h: the clock's seconds, and the work the disk's speed decides
      {"duration", {{"timed_seconds", std::chrono::duration<double>(duration.timed).count()},
                    {"bytes", duration.bytes},
                    {"bytes_capped_by_runtime", duration.bytes_capped_by_runtime},
                    {"file_operations", duration.file_operations},
                    {"syncs", duration.syncs}}}};
  return document.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace bench
