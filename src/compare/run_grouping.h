#pragma once
// The first step of compare_runs (compare/comparison.h): runs into named groups, and notes on how the groups
// were run differently. Pure.
#include <span>
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace bench {

struct RunGroup {
  GroupInfo info;
  std::vector<const SourcedRun*> runs;  // point into the span given to group_runs
};

// Groups by (input, label), or by label alone with options.group_by_label, in order of first appearance.
// Names: the label (the file's stem when the label is empty); where names clash, the clashing groups step
// through the role recorded in the run ("host" or "guest", else the stem), the file's stem ("host-before"),
// "label (stem)", "label (file name)", "label (path)", and a last " (2)", " (3)" keeps them apart.
// Throws UsageError when there are fewer than two groups. REQUIRES: the span outlives the result.
std::vector<RunGroup> group_runs(std::span<const SourcedRun> runs, const CompareOptions& options);

// Appends a note for each non-base group whose first run was made with other settings than the base's first
// run (the fields of result/run_fields.h that compare reads, in its order: "concurrency 4 vs 1, file size 16 MiB
// vs 256 MiB"; against a bonnie++ line only those the line records; then, for each workload of the same name in
// both, the fields of result/workload_fields.h that compare reads: "workload 'w': bs 64 KiB vs 4 KiB"), and one
// naming the groups read from bonnie++ lines.
void note_group_differences(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

// Appends, when any group's first run has an accel= tag (scripts/guest-run.sh's QEMU guests) or a non-base
// group ran in a guest, one note naming each such group's accelerator ("accelerator: TCG for nvme, virtio-scsi;
// KVM for raw"; for a guest without the tag, what it detected: "KVM (as the guest detected it) for vm"), and,
// under TCG, that it is QEMU's software emulation, so the ratios measure emulation as much as the disk path.
void note_accelerators(const std::vector<RunGroup>& groups, std::vector<std::string>& notes);

}  // namespace bench
