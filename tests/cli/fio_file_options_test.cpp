// fio's file options (offset=, offset_increment=, size=N%) as bench++ reads them, with fio 3.33's grammars (options.c's str_offset_cb and
// str_offset_increment_cb: bytes or N%), and where each job's region starts as fio's get_start_offset puts it
// (filesetup.c: offset + subjob number x offset_increment, a start with a percent in it aligned up to
// offset_align or bs).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "phases/workload/workload_files.h"
#include "result/errors.h"
#include "fio_workload_support.h"
#include "test_support.h"

namespace bench {
namespace {

using test::workload_of;  // fio_workload_support.h
std::string error_of(std::vector<std::string> words) { return test::workload_error_of(std::move(words)); }

}  // namespace

TEST_CASE("fio file options: offset= and offset_increment= take bytes or a percent, fileoffset= is offset=") {
  const WorkloadSpec none = workload_of({});
  CHECK(none.offset_bytes == 0);
  CHECK_FALSE(none.offset_percent);
  CHECK(none.offset_increment_bytes == 0);
  CHECK_FALSE(none.offset_increment_percent);
  CHECK(workload_of({"--offset=1m"}).offset_bytes == 1u << 20);
  CHECK(workload_of({"--fileoffset=8k"}).offset_bytes == 8192);
  const WorkloadSpec percent = workload_of({"--offset=1m", "--offset=25%"});  // the last one given counts
  CHECK(percent.offset_bytes == 0);
  CHECK(percent.offset_percent == 25u);
  CHECK(workload_of({"--offset=25%", "--offset=4k"}).offset_percent == std::nullopt);
  CHECK(workload_of({"--offset_increment=2m"}).offset_increment_bytes == 2u << 20);
  CHECK(workload_of({"--offset_increment=10%"}).offset_increment_percent == 10u);
  CHECK(workload_of({"--offset_align=64k"}).offset_align == 65536);
  CHECK(test::contains(error_of({"--offset=101%"}), "must be between 0 and 100"));
  CHECK(test::contains(error_of({"--offset=4z"}), "a size in zones (Nz) needs zonemode=strided and zonesize="));
  CHECK(test::contains(error_of({"--offset_increment=-1"}), "without a sign"));
  CHECK(test::contains(error_of({"--direct=1", "--offset=1000"}), "offset 1000 is not a multiple of 512"));
  CHECK(test::contains(error_of({"--direct=1", "--offset_increment=100"}), "offset 100 is not a multiple of 512"));
}

TEST_CASE("fio file options: each job's start is offset plus its number times offset_increment, as fio's") {
  WorkloadSpec spec;
  spec.block_bytes = 4096;
  CHECK(fio_start_offset(spec, 0, 1u << 20) == 0);
  spec.offset_bytes = 1000;  // bytes: as written, not aligned
  spec.offset_increment_bytes = 3000;
  CHECK(fio_start_offset(spec, 0, 0) == 1000);
  CHECK(fio_start_offset(spec, 2, 0) == 7000);
  spec.offset_bytes = 0;
  spec.offset_percent = 10;  // 10% of 1 MiB is 104857.6: 104857, aligned up to bs
  CHECK(fio_start_offset(spec, 0, 1u << 20) == 106496);
  CHECK(fio_start_offset(spec, 1, 1u << 20) == (104857 + 3000 + 4095) / 4096 * 4096);
  CHECK(fio_start_offset(spec, 0, 0) == 0);  // a file not there yet holds nothing
  spec.offset_align = 512;
  CHECK(fio_start_offset(spec, 0, 1u << 20) == 104960);
  spec.offset_percent.reset();
  spec.offset_align = 0;
  spec.offset_increment_percent = 25;  // a percent increment aligns a start in bytes too
  spec.offset_bytes = 100;
  CHECK(fio_start_offset(spec, 0, 1u << 20) == 4096);
  CHECK(fio_start_offset(spec, 3, 1u << 20) == (100 + 3 * 262144 + 4095) / 4096 * 4096);
}

TEST_CASE("fio file options: file_append=1 starts each job at its regular file's size, a device at offset=") {
  WorkloadSpec spec = test::workload_of({"--bs=4k", "--size=8k", "--offset=4k", "--offset_increment=8k",
                                         "--file_append=1"});
  CHECK(spec.file_append);
  CHECK(fio_start_offset(spec, 0, 100000) == 100000);  // as it is, a block or not (fio's real_file_size)
  CHECK(fio_start_offset(spec, 2, 100000) == 100000);  // every job: no increment
  CHECK(fio_start_offset(spec, 0, 0) == 0);            // a file not there yet
  CHECK(fio_start_offset(spec, 1, 100000, false) == 4096 + 8192);  // a device: fio's FIO_TYPE_FILE only
  CHECK_FALSE(test::workload_of({"--size=8k", "--file_append=0"}).file_append);
  CHECK(test::contains(error_of({"--file_append=maybe"}), "file_append"));
}

TEST_CASE("fio file options: stat_type= is filestat's, stat by default, refused with any other engine") {
  CHECK(test::workload_of({"--size=8k", "--ioengine=filestat"}).stat_type == StatCall::kStat);
  CHECK(test::workload_of({"--size=8k", "--ioengine=filestat", "--stat_type=lstat"}).stat_type == StatCall::kLstat);
  CHECK(test::workload_of({"--size=8k", "--ioengine=filestat", "--stat_type=statx"}).stat_type == StatCall::kStatx);
  CHECK(test::contains(error_of({"--ioengine=filestat", "--stat_type=fstat"}), "fio's values are stat, lstat and statx"));
  CHECK(test::contains(error_of({"--ioengine=psync", "--stat_type=lstat"}),
                       "stat_type is an option of ioengine=filestat, not of ioengine=psync"));
}

}  // namespace bench

namespace bench {

TEST_CASE("fio file options: zonemode=strided's sizes, and sizes in zones (Nz) settled as N x zonesize") {
  const WorkloadSpec none = workload_of({});
  CHECK_FALSE(none.zone_strided);
  CHECK(none.zone_size == 0);
  const WorkloadSpec strided = workload_of({"--zonemode=strided", "--zonesize=64k", "--zoneskip=1m"});
  CHECK(strided.zone_strided);
  CHECK(strided.zone_size == 65536);
  CHECK(strided.zone_range == 65536);  // fio: zonerange defaults to zonesize
  CHECK(strided.zone_skip == 1u << 20);
  CHECK(workload_of({"--zonemode=strided", "--zonesize=64k", "--zonerange=1m"}).zone_range == 1u << 20);
  // Nz: N zones of zonesize, for offset=, offset_increment=, size=, io_size= and zoneskip=.
  const WorkloadSpec counted = workload_of({"--zonemode=strided", "--zonesize=8k", "--offset=2z", "--size=16z",
                                            "--offset_increment=4z", "--io_size=32z", "--zoneskip=3z"});
  CHECK(counted.offset_bytes == 16384);
  CHECK(counted.size_bytes == 16u * 8192);
  CHECK(counted.offset_increment_bytes == 4u * 8192);
  CHECK(counted.io_size == 32u * 8192);
  CHECK(counted.zone_skip == 3u * 8192);
  // The last value given counts: bytes after a count of zones.
  CHECK(workload_of({"--zonemode=strided", "--zonesize=8k", "--offset=2z", "--offset=4k"}).offset_bytes == 4096);
  // fio's refusals, and what bench++ does not run with zones.
  CHECK(test::contains(error_of({"--zonesize=8k"}), "zonemode=none and zonesize= are not compatible"));
  CHECK(test::contains(error_of({"--zonemode=strided"}), "zonemode=strided needs zonesize="));
  CHECK(test::contains(error_of({"--zonemode=strided", "--zonesize=8k", "--rw=randread"}),
                       "zonemode=strided with random requests"));
  CHECK(test::contains(error_of({"--zonemode=strided", "--zonesize=8k", "--bsrange=4k-8k"}),
                       "zonemode=strided with varying request sizes"));
  CHECK(test::contains(error_of({"--zonemode=zbd"}), "zoned block devices (zonemode=zbd) cannot be tested here"));
  CHECK(test::contains(error_of({"--zonemode=banana"}), "fio's values are none, strided and zbd"));
}

TEST_CASE("fio file options: pre_read turns invalidate off, create_serialize is accepted") {
  CHECK_FALSE(workload_of({}).pre_read);
  const WorkloadSpec pre_read = workload_of({"--pre_read=1"});
  CHECK(pre_read.pre_read);
  CHECK_FALSE(pre_read.invalidate);  // fio: pointless to pre-read and then drop the cache
  CHECK(workload_of({"--create_serialize=0"}).invalidate);
  CHECK(test::contains(error_of({"--create_serialize=maybe"}), "create_serialize"));
}

}  // namespace bench
