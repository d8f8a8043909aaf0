#pragma once
// What the kernel takes of a workload's requests on one target, decided when the run is planned so that --dry-run
// says what the run would meet (plan/disk_checks.h reads the target's limits from the disk and asks here). Pure:
// the limits are data, so the rules' tests need no device.
//   - Trims on a block device (BLKDISCARD, or ioengine=falloc's punched hole) go in whole logical blocks: every trim's
//     offset and length a multiple of the device's logical block size (BLKSSZGET), or the kernel fails it with
//     EINVAL; BLKDISCARD on a device that does not discard fails with EOPNOTSUPP. (The discard granularity does not
//     matter: the kernel discards the granules a range covers and fails none.) A trim on a regular file is fio's
//     and bench++'s ENOTTY, a job's failure, left to the run.
//   - direct=1 (O_DIRECT) reads and writes, where the engine makes them as such (not mmap's copies nor falloc's
//     fallocate calls; a trimming job opens without O_DIRECT, as fio's): on a block device every offset and length
//     a multiple of its logical block size; on a file a multiple of its filesystem's O_DIRECT offset alignment
//     (statx's STATX_DIOALIGN, where the filesystem says; the command line's 512 bytes otherwise), its buffers of
//     the memory alignment, and a filesystem that takes no O_DIRECT at all refused.
// A request's offsets are sums of its target's region start (offset=, offset_increment=), the lengths of the
// requests before it, the random offsets' unit (blockalign=, else the smallest size) and rw=<mode>:<nr>'s skip;
// its lengths the direction's sizes (bs=, bsrange=, bssplit=: multiples of the smallest, at most the largest). So
// each of those terms a multiple of the alignment is each request aligned.
#include <cstdint>
#include <optional>
#include <string>

#include "phases/workload/workload_files.h"
#include "platform/storage_probe.h"
#include "result/engine_kind.h"
#include "result/workload_spec.h"

namespace bench {

// What a target takes, as the disk says (platform/storage_probe.h).
struct TargetLimits {
  bool block_device = false;
  std::uint32_t logical_block_bytes = 0;       // a block device's (BLKSSZGET); 0 for a file
  std::optional<bool> discards;                // a block device's: whether it discards; nullopt: not said
  std::optional<DirectIoAlignment> direct_io;  // statx's, of the file (or of a file made where it is to be made)
  bool opens_direct = true;                    // a file made where it is to be made opened with O_DIRECT
};

// Why the kernel would refuse `spec`'s requests on `target` when `engine` makes them, in one phrase naming the
// request, the target and the limit ("a trim of 1000 bytes on block device '/dev/loop0' is not a whole number of
// its logical blocks (512 bytes) ..."); nullopt when it would take them. Pure.
std::optional<std::string> request_refusal(const WorkloadSpec& spec, EngineKind engine, const JobTarget& target,
                                           const TargetLimits& limits);

// Whether `spec`'s requests, made by `engine`, have any rule above to meet (so that the disk need not be asked
// otherwise). Pure.
bool requests_need_alignment(const WorkloadSpec& spec, EngineKind engine);

}  // namespace bench
