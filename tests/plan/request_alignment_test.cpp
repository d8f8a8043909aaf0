// What the kernel takes of a workload's requests on a target (plan/request_alignment.h), from limits given as data:
// no device needed.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "plan/request_alignment.h"
#include "test_support.h"

namespace bench::test {
namespace {

WorkloadSpec workload(IoPattern pattern, std::uint32_t block_bytes) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = pattern;
  spec.block_bytes = block_bytes;
  spec.size_bytes = 1 << 20;
  return spec;
}

JobTarget device(std::uint64_t region_offset = 0) {
  return JobTarget{"/dev", "/dev/loop7", false, true, true, region_offset, 1 << 20};
}

JobTarget file(bool exists = true) { return JobTarget{"/d", "/d/f", false, exists, false, 0, 1 << 20}; }

TargetLimits device_limits(std::uint32_t logical_block_bytes, std::optional<bool> discards = true) {
  TargetLimits limits;
  limits.block_device = true;
  limits.logical_block_bytes = logical_block_bytes;
  limits.discards = discards;
  return limits;
}

TargetLimits file_limits(std::optional<DirectIoAlignment> direct_io, bool opens_direct = true) {
  TargetLimits limits;
  limits.direct_io = direct_io;
  limits.opens_direct = opens_direct;
  return limits;
}

std::string refusal_of(const WorkloadSpec& spec, const JobTarget& target, const TargetLimits& limits,
                       EngineKind engine = EngineKind::kPsync) {
  return request_refusal(spec, engine, target, limits).value_or("");
}

}  // namespace

TEST_CASE("request alignment: trims on a block device go in whole logical blocks, as BLKDISCARD takes them") {
  const WorkloadSpec odd = workload(IoPattern::kTrim, 1000);
  CHECK(refusal_of(odd, device(), device_limits(512)) ==
        "a trim of 1000 bytes (bs=) on block device '/dev/loop7' is not a whole number of its logical blocks (512 "
        "bytes), which a trim needs: the kernel would fail it with EINVAL");
  CHECK(refusal_of(workload(IoPattern::kTrim, 4096), device(), device_limits(512)).empty());
  CHECK(refusal_of(workload(IoPattern::kRandTrim, 4096), device(), device_limits(4096)).empty());
  CHECK(test::contains(refusal_of(workload(IoPattern::kRandTrim, 512), device(), device_limits(4096)),
                       "a trim of 512 bytes (bs=) on block device '/dev/loop7'"));
  // The region's start (offset=) is a term of every trim's offset.
  CHECK(test::contains(refusal_of(workload(IoPattern::kTrim, 4096), device(1000), device_limits(512)),
                       "the region starting at offset 1000 (offset=, offset_increment=)"));
  // trimwrite's trims too; ioengine=falloc punches holes in a device by the same rule.
  CHECK(test::contains(refusal_of(workload(IoPattern::kTrimWrite, 1000), device(), device_limits(512)), "a trim of 1000"));
  CHECK(test::contains(refusal_of(odd, device(), device_limits(512), EngineKind::kFalloc), "a trim of 1000"));
  // A regular file's trim is left to the run (BLKDISCARD: ENOTTY as fio's; falloc punches any range).
  CHECK(refusal_of(odd, file(), file_limits(DirectIoAlignment{512, 512})).empty());
  // Reads and writes without direct=1 have no alignment to keep.
  CHECK(refusal_of(workload(IoPattern::kRead, 1000), device(), device_limits(4096)).empty());
  CHECK_FALSE(requests_need_alignment(workload(IoPattern::kWrite, 1000), EngineKind::kPsync));
  CHECK(requests_need_alignment(odd, EngineKind::kPsync));
}

TEST_CASE("request alignment: BLKDISCARD on a device that does not discard fails, so the plan refuses it") {
  const WorkloadSpec trims = workload(IoPattern::kTrim, 4096);
  CHECK(test::contains(refusal_of(trims, device(), device_limits(512, false)), "which does not discard"));
  CHECK(test::contains(refusal_of(trims, device(), device_limits(512, false)), "EOPNOTSUPP"));
  CHECK(refusal_of(trims, device(), device_limits(512, std::nullopt)).empty());  // sysfs said nothing: left to the run
  CHECK(refusal_of(trims, device(), device_limits(512, false), EngineKind::kFalloc).empty());  // a punched hole
}

TEST_CASE("request alignment: direct=1 requests on a device are whole logical blocks") {
  WorkloadSpec reads = workload(IoPattern::kRandRead, 512);
  reads.direct = true;
  CHECK(refusal_of(reads, device(), device_limits(4096)) ==
        "a read of 512 bytes (bs=) on '/dev/loop7' is not a multiple of its logical block size (4096 bytes), which "
        "direct=1 (O_DIRECT) needs: the kernel would fail it with EINVAL");
  CHECK(refusal_of(reads, device(), device_limits(512)).empty());
  WorkloadSpec writes = workload(IoPattern::kWrite, 4096);
  writes.direct = true;
  CHECK(test::contains(refusal_of(writes, device(2048), device_limits(4096)), "the region starting at offset 2048"));
  writes.sequential_skip = -512;
  CHECK(test::contains(refusal_of(writes, device(), device_limits(4096)), "rw=...:-512's skip of 512 bytes"));
  // mmap copies and falloc's fallocate calls take no O_DIRECT alignment; a trimming job opens without O_DIRECT.
  CHECK(refusal_of(reads, device(), device_limits(4096), EngineKind::kMmap).empty());
  CHECK(refusal_of(reads, device(), device_limits(4096), EngineKind::kFalloc).empty());
}

TEST_CASE("request alignment: direct=1 on a file keeps its filesystem's O_DIRECT alignment, where it says one") {
  WorkloadSpec reads = workload(IoPattern::kRead, 512);
  reads.direct = true;
  CHECK(test::contains(refusal_of(reads, file(), file_limits(DirectIoAlignment{512, 4096})),
                       "a read of 512 bytes (bs=) on '/d/f' is not a multiple of its filesystem's O_DIRECT alignment "
                       "(4096 bytes)"));
  CHECK(refusal_of(reads, file(), file_limits(DirectIoAlignment{512, 512})).empty());
  CHECK(refusal_of(reads, file(), file_limits(std::nullopt)).empty());  // not said: the command line's 512 stands
  // A filesystem without O_DIRECT: statx says an offset alignment of 0, or the open fails with EINVAL.
  const std::string no_direct = "direct=1 (O_DIRECT) on '/d/f', whose filesystem does not take O_DIRECT: use direct=0";
  CHECK(refusal_of(reads, file(), file_limits(DirectIoAlignment{0, 0})) == no_direct);
  CHECK(refusal_of(reads, file(false), file_limits(std::nullopt, false)) == no_direct);
  // The buffers: each request's slot starts a multiple of bs into a page-aligned buffer.
  WorkloadSpec writes = workload(IoPattern::kWrite, 3 * 512);
  writes.direct = true;
  CHECK(test::contains(refusal_of(writes, file(), file_limits(DirectIoAlignment{1024, 512})),
                       "request buffers of 1536 bytes (bs=) are not a multiple of the memory alignment"));
  // A private file is named by the directory it is made in.
  const JobTarget own{"/d", "w.0.0", true, false, false, 0, 1 << 20};
  CHECK(test::contains(refusal_of(reads, own, file_limits(DirectIoAlignment{512, 4096})), "on '/d/w.0.0'"));
}

TEST_CASE("request alignment: varying sizes are checked by each size and offset unit of the directions used") {
  WorkloadSpec trims = workload(IoPattern::kRandTrim, 8192);
  trims.block_sizes.direction[2].split = {{4096, 50}, {1000, 50}};
  CHECK(test::contains(refusal_of(trims, device(), device_limits(512)), "a trim of 1000 bytes (bs=, bsrange=)"));
  trims.block_sizes.direction[2].split = {{4096, 50}, {8192, 50}};
  CHECK(refusal_of(trims, device(), device_limits(512)).empty());
  trims.block_sizes.direction[2].align = 1000;
  CHECK(test::contains(refusal_of(trims, device(), device_limits(512)), "the trims' offset unit of 1000 bytes"));
  // A direction the pattern does not use is not the device's concern.
  WorkloadSpec writes = workload(IoPattern::kWrite, 8192);
  writes.direct = true;
  writes.block_sizes.direction[0].bs = 1024;
  writes.block_sizes.direction[1].bs = 8192;
  writes.block_sizes.direction[2].bs = 8192;
  CHECK(refusal_of(writes, device(), device_limits(4096)).empty());
  writes.block_sizes.direction[1].range_min = 4096;
  writes.block_sizes.direction[1].range_max = 6144;
  CHECK(test::contains(refusal_of(writes, device(), device_limits(4096)), "a write of 6144 bytes (bs=, bsrange=)"));
}

}  // namespace bench::test
