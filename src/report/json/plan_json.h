#pragma once
// A run's plan (plan/plan.h) as JSON, what `--dry-run --json -` prints for scripts (scripts/guest-run.sh sizes a
// guest's disk from it, scripts/engine-bench.sh writes fio's copy of a scaled suite from it):
//   {"tool": "bench++", "plan_version": 1, "ranks", "repeats", "seed",
//    "io": null or {file_size_bytes, file_size_choice, chunk_bytes, seeks, seekers, per_char_bytes,
//                   seek_write_percent},
//    "files": null or {count, max_size_bytes, min_size_bytes, dirs, chunk_bytes, content},
//    "sync_test": null or {write_bytes, total_bytes},
//    "concurrency", "cache", "direct", "data", "fsync_each", "verify", "suite",
//    "groups": [[test...]...]   each group's tests, which start together,
//    test: {"test": a bonnie++ test's key or a workload's name, "kind": "bonnie"|"workload", "jobs",
//           "expected_operations" (bonnie++'s tests: per job; null for a workload),
//           workloads only: "workload" (its spec, keyed as the JSON report's workloads: report/json/workload_keys.h),
//           "engine", "engine_depth", "engine_note", "files": [{path, private, exists, block_device, bytes}]},
//    "filesystems": [{directory, bytes, inodes, free_bytes, free_inodes}],
//    "bytes_needed", "inodes_needed" (over every filesystem, every rank), "buffer_bytes"}
// Sizes in bytes; a private file's path is relative to the private directory bench++ makes in its directory.
#include <string>

#include "plan/plan.h"

namespace bench {

// Pretty-printed, ending in '\n'.
std::string format_plan_json(const Plan& plan);

}  // namespace bench
