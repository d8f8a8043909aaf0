// fio's disk_util of made-up device statistics: the JSON entries (with a stacked device's aggr_ keys), the normal
// output's block and the terse fields, in fio 3.33's words and formats; several runs summed.
#include "report/fio/fio_disk_util.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

DiskUtilization disk(const std::string& name, std::uint64_t reads, std::uint64_t writes, std::uint64_t io_ticks,
                     std::uint64_t elapsed_ms) {
  DiskUtilization made;
  made.name = name;
  made.counters = DiskCounters{reads, 5, 1519, writes, 36, 114, io_ticks, 1711};
  made.elapsed_ms = elapsed_ms;
  return made;
}

// dm-0 over vdb (util 50 %) and vdc (util 80 %).
std::vector<DiskUtilization> stacked() {
  std::vector<DiskUtilization> disks{disk("dm-0", 300, 30, 700, 1000), disk("vdb", 100, 10, 500, 1000),
                                     disk("vdc", 201, 21, 800, 1000)};
  disks[0].slaves = {1, 2};
  return disks;
}

}  // namespace

TEST_CASE("fio disk_util: util is io_ticks over the elapsed time, at most 100 %, 0 without time") {
  CHECK(fio_disk_util_percent(disk("vda", 0, 0, 1580, 2000)) == doctest::Approx(79.0));
  CHECK(fio_disk_util_percent(disk("vda", 0, 0, 3000, 2000)) == 100.0);
  CHECK(fio_disk_util_percent(disk("vda", 0, 0, 10, 0)) == 0.0);
}

TEST_CASE("fio disk_util: the JSON entry has fio's keys and types, none without devices") {
  CHECK_FALSE(fio_disk_util_json({}));
  const auto json = fio_disk_util_json({disk("vda", 59006, 54, 1580, 2000)});
  REQUIRE(json);
  REQUIRE(json->size() == 1);
  const auto& entry = (*json)[0];
  std::vector<std::string> keys;
  for (const auto& item : entry.items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"name", "read_ios", "write_ios", "read_merges", "write_merges", "read_ticks",
                                         "write_ticks", "in_queue", "util"});
  CHECK(entry["read_ios"] == 59006);
  CHECK(entry["in_queue"] == 1711);
  CHECK(entry["util"].is_number_float());
  CHECK(entry["util"].get<double>() == doctest::Approx(79.0));
}

TEST_CASE("fio disk_util: a stacked device has the mean of its slaves' counters and the busiest one's util") {
  const auto aggregate = fio_disk_aggregate(stacked(), 0);
  REQUIRE(aggregate);
  CHECK(aggregate->counters.read_ios == 150);  // (100 + 201) / 2, fio's integer division
  CHECK(aggregate->counters.write_ios == 15);
  CHECK(aggregate->util_percent == doctest::Approx(80.0));
  CHECK_FALSE(fio_disk_aggregate(stacked(), 1));
  const auto json = *fio_disk_util_json(stacked());
  REQUIRE(json.size() == 3);
  CHECK(json[0]["aggr_read_ios"] == 150);
  CHECK(json[0].contains("aggr_write_merge"));  // fio 3.33's spelling
  CHECK(json[0]["aggr_util"].get<double>() == doctest::Approx(80.0));
  CHECK_FALSE(json[1].contains("aggr_read_ios"));
}

TEST_CASE("fio disk_util: the normal output's block and the terse fields, as fio prints them") {
  CHECK(fio_disk_stats_text({}).empty());
  CHECK(fio_disk_stats_text({disk("vda", 59006, 54, 1580, 2000)}) ==
        "\nDisk stats (read/write):\n"
        "  vda: ios=59006/54, merge=5/36, ticks=1519/114, in_queue=1711, util=79.00%\n");
  const std::string text = fio_disk_stats_text(stacked());
  CHECK(text.find("    dm-0: ios=300/30, merge=5/36, ticks=1519/114, in_queue=1711, util=70.00%, aggrios=150/15, "
                  "aggrmerge=5/36, aggrticks=1519/114, aggrin_queue=1711, aggrutil=80.00%\n") != std::string::npos);
  CHECK(text.find("\n  vdb: ios=100/10,") != std::string::npos);
  CHECK(fio_disk_terse_fields({disk("vda", 7, 8, 1000, 2000)}) == ";vda;7;8;5;36;1519;114;1711;50.00%");
  CHECK(fio_disk_terse_fields(stacked()).find(";dm-0;300;30;5;36;1519;114;1711;70.00%;slaves;150;15;") == 0);
}

TEST_CASE("fio disk_util: several runs are summed by device") {
  std::vector<RunResult> runs(2);
  for (RunResult& run : runs) {  // each with a request (a run without any has fio's zeros: fio_disk_utilization)
    run.phases.emplace_back().operations = 1;
    run.phases.back().workload = WorkloadPart{};
  }
  runs[0].disk_utilization = stacked();
  runs[1].disk_utilization = {disk("vdb", 10, 1, 100, 500)};
  const std::vector<DiskUtilization> merged = merged_disk_utilization(runs);
  REQUIRE(merged.size() == 3);
  CHECK(merged[1].name == "vdb");
  CHECK(merged[1].counters.read_ios == 110);
  CHECK(merged[1].elapsed_ms == 1500);
  CHECK(merged[0].slaves == std::vector<std::size_t>{1, 2});
}

}  // namespace bench
