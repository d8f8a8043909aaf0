// A workload's spec through the spreadsheet CSV and the JSON report: a spec with every recorded field away from its
// default (so a field the writers drop, or a reader misreads, fails here) reads back field for field, and the new
// columns sit after the result's own.
#include <doctest/doctest.h>

#include <fcntl.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/json/json_report.h"
#include "report/result_file.h"
#include "report/machine_readable_samples.h"
#include "result/workload_fields.h"
#include "result/other_field_value.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

// Every recorded field set to something other than its default: by hand where the value has a grammar or a
// meaning worth showing in the cells below, and from the field's codec for any other field left at its default (a
// new numeric, flag or keyword field needs no line here).
WorkloadSpec busy_spec() {
  WorkloadSpec s;
  s.name = "w";
  s.pattern = IoPattern::kRandRw;
  s.block_bytes = 64 << 10;
  s.size_bytes = 4 << 20;
  s.size_percent = 50;
  s.offset_bytes = 4096;
  s.offset_percent = 10;
  s.offset_increment_bytes = 8192;
  s.offset_increment_percent = 5;
  s.offset_align = 4096;
  s.jobs = 2;
  s.iodepth = 8;
  s.runtime = 3s;
  s.time_based = true;
  s.ramp_time = 1s;
  s.direct = true;
  s.read_percent = 70;
  s.fsync_every = 3;
  s.fdatasync_every = 4;
  s.end_fsync = true;
  s.group_reporting = true;
  s.filename = "a:b";
  s.directory = "/mnt/x, y";
  s.fio_engine = "libaio";
  s.engine = EngineKind::kLibaio;
  s.unlink = false;
  s.unlink_each_loop = true;
  s.invalidate = false;
  s.stonewall = true;
  s.seed = 7;
  s.randrepeat = false;
  s.description = "busy, \"quoted\"";
  s.random_map = false;
  s.random_generator = RandomGenerator::kLfsr;
  s.random_distribution_text = "zipf:1.2";
  s.percentage_random = {40, 50, 60};
  s.sequential_skip = -8192;
  s.random_run = 4;
  s.rw_sequencer = RwSequencer::kIdentical;
  s.nrfiles = 3;
  s.file_size = 1 << 20;
  s.file_size_high = 2 << 20;
  s.file_service = FileServiceKind::kZipf;
  s.file_service_turn = 2;
  s.file_service_parameter = 1.2;
  s.file_service_center = 0.5;
  s.open_files = 2;
  s.new_group = true;
  s.exitall = true;
  s.exit_what = ExitScope::kAll;
  s.exitall_on_error = true;
  s.rate_min_bytes = {1, 2, 3};
  s.rate_iops_min = {4, 5, 6};
  s.nice = -3;
  s.latency_target = std::chrono::microseconds(500);
  s.latency_window = std::chrono::seconds(5);
  s.latency_percentile = 99.9;
  s.latency_run = true;
  s.iodepth_low = 4;
  s.filename_format = "$jobname.f$filenum";
  s.max_latency_us = {1000, 2000, 0};
  s.steady_state = FioSteadyStateSpec{.measure = FioSteadyStateSpec::Measure::kBandwidth, .slope = false,
                                      .percent = false, .limit = 1048576, .duration_s = 30,
                                      .ramp = std::chrono::seconds(5)};
  s.ioprio = 4;
  s.ioprio_class = 2;
  s.fallocate = FallocateMode::kKeep;
  s.create_on_open = true;
  s.thread = true;
  s.fadvise_hint = FadviseHint::kRandom;
  s.disk_util = false;
  s.bw_avg_time = 250ms;
  s.iops_avg_time = 750ms;
  s.uring = UringOptions{true, true, true, 1, true};
  s.hipri = true;
  // The request sizes per direction: a range on reads and writes, a split on writes only, blockalign on writes.
  s.block_sizes.direction[0] = {4096, 512, 4096, {}, 0};
  s.block_sizes.direction[1] = {8192, 1024, 8192, {{4096, 30}, {8192, 70}}, 4096};
  s.block_sizes.direction[2] = {4096, 0, 0, {}, 0};
  s.verify.method = VerifyMethod::kCrc32c;
  s.verify.pattern.bytes = {std::byte{0xde}, std::byte{0xad}, std::byte{0}, std::byte{0}, std::byte{0},
                            std::byte{0},    std::byte{0},    std::byte{0}, std::byte{0}, std::byte{0},
                            std::byte{0x01}};
  s.verify.pattern.offset_fields = {2};
  s.verify.interval = 512;
  s.verify.do_verify = false;
  s.verify.verify_only = true;
  s.verify.verify_backlog = 4;
  s.verify.verify_backlog_batch = 2;
  s.buffers.refill_buffers = true;
  s.buffers.zero_buffers = false;
  s.buffers.scramble_buffers = true;
  s.buffers.buffer_pattern.bytes = {std::byte{0x55}, std::byte{0xaa}};
  s.buffers.compress_percentage = 45;
  s.buffers.compress_chunk = 4096;
  s.buffers.dedupe_percentage = 0;  // given as 0: not the same as not given
  s.buffers.dedupe_mode = DedupeMode::kWorkingSet;
  s.buffers.dedupe_working_set_percentage = 20;
  s.buffers.dedupe_global = true;
  s.batch_submit = 4;
  s.batch_complete_min = 2;
  s.batch_complete_max = 8;
  s.rate_bytes = {1 << 20, 0, 0};
  s.rate_iops = {100, 200, 0};
  s.rate_poisson = true;
  s.loops = 3;
  s.number_ios = 100;
  s.io_size = 8 << 20;
  s.start_delay = 1500ms;
  s.sync_open_flag = O_DSYNC;
  s.overwrite = true;
  s.create_only = true;
  s.fsync_on_close = true;
  s.submit_offload = true;
  s.cpus_allowed = {0, 1, 2, 5};
  const WorkloadSpec plain;
  for (const WorkloadField& field : workload_fields()) {
    const std::optional<FieldValue> value = field.access.get(plain);
    if (field.access.get(s) != value) continue;
    if (const std::optional<FieldValue> other = test::other_field_value(field.access.format, value)) {
      CAPTURE(field.csv_column);
      CHECK(field.access.set(s, *other));
    }
  }
  return s;
}

// A spec of defaults but its name.
WorkloadSpec plain_spec() {
  WorkloadSpec spec;
  spec.name = "w";
  return spec;
}

RunResult run_with(const WorkloadSpec& spec) {
  RunResult run = test::workload_sample_run({WorkloadPart{}});
  run.info.setup.workloads = {spec};
  return run;
}

// Every field of `read` as `written` has it.
void check_same_fields(const WorkloadSpec& written, const WorkloadSpec& read) {
  for (const WorkloadField& field : workload_fields()) {
    CAPTURE(field.csv_column);
    CHECK(field.access.get(read) == field.access.get(written));
  }
}

TEST_CASE("workload spec: every recorded field of the busy spec is away from its default") {
  const WorkloadSpec busy = busy_spec();
  for (const WorkloadField& field : workload_fields()) {
    CAPTURE(field.csv_column);
    CHECK(field.access.get(busy) != field.access.get(WorkloadSpec{}));
  }
}

TEST_CASE("workload spec: every field round trips through the spreadsheet CSV, the new columns after the result's") {
  for (const WorkloadSpec& spec : {busy_spec(), plain_spec()}) {
    const RunResult run = run_with(spec);
    std::string text = spreadsheet_csv_header();
    for (const PhaseResult& phase : run.phases) text += format_spreadsheet_csv_row(run.info, phase);
    const std::vector<RunResult> read = parse_result_text(text, "t.csv").runs;
    REQUIRE(read.size() == 1);
    REQUIRE(read.front().info.setup.workloads.size() == 1);
    check_same_fields(spec, read.front().info.setup.workloads.front());
  }
  // The cells as a spreadsheet shows them: lists with spaces for commas, patterns in fio's grammar.
  const RunResult run = run_with(busy_spec());
  const std::string text = spreadsheet_csv_header() + format_spreadsheet_csv_row(run.info, run.phases.front());
  CsvSplitter splitter(text, "t.csv");
  const std::vector<std::string> header = splitter.next()->fields;
  const std::vector<std::string> row = splitter.next()->fields;
  const auto cell = [&](std::string_view column) {
    const auto at = std::find(header.begin(), header.end(), column);
    REQUIRE(at != header.end());
    return row.at(static_cast<std::size_t>(at - header.begin()));
  };
  CHECK(cell("workload_bs_per_direction") == "4096/8192/4096");
  CHECK(cell("workload_bsrange") == "512-4096/1024-8192/0-0");
  CHECK(cell("workload_bssplit") == "none 4096/30:8192/70 none");
  CHECK(cell("workload_verify") == "crc32c");
  CHECK(cell("workload_verify_pattern") == "0xdead%o0x01");
  CHECK(cell("workload_refill_buffers") == "1");
  CHECK(cell("workload_dedupe_percentage") == "0");
  CHECK(cell("workload_buffer_compress_percentage") == "45");
  CHECK(cell("workload_rate") == "1048576/0");
  CHECK(cell("workload_rate_iops") == "100/200");
  CHECK(cell("workload_rate_process") == "poisson");
  CHECK(cell("workload_sync") == "dsync");
  CHECK(cell("workload_startdelay_ms") == "1500");
  CHECK(cell("workload_io_submit_mode") == "offload");
  CHECK(cell("workload_cpus_allowed") == "0-2 5");
  // New columns only at the end: the first layout's spec columns, the result's own, then those added since.
  const auto place = [&](std::string_view column) { return std::find(header.begin(), header.end(), column); };
  CHECK(place("workload_hipri") + 1 == place("direction"));
  CHECK(place("error") + 1 == place("workload_bs_per_direction"));
  CHECK(header.back() == std::string(workload_fields().back().csv_column));
}

TEST_CASE("workload spec: every field round trips through the JSON report") {
  for (const WorkloadSpec& spec : {busy_spec(), plain_spec()}) {
    const std::vector<RunResult> read = read_json_report(format_json({run_with(spec)}), "t.json");
    REQUIRE(read.size() == 1);
    REQUIRE(read.front().info.setup.workloads.size() == 1);
    check_same_fields(spec, read.front().info.setup.workloads.front());
  }
}

TEST_CASE("workload spec: a bad cell of a new column is refused, naming it") {
  const RunResult run = run_with(busy_spec());
  const std::string text = spreadsheet_csv_header() + format_spreadsheet_csv_row(run.info, run.phases.front());
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& change : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"workload_bssplit", "none 4096/30:8192/70 none", "4096/30:8192"},
           {"workload_bsrange", "512-4096/1024-8192/0-0", "512-4096/1024"},
           {"workload_verify_pattern", "0xdead%o0x01", "0xdea"},
           {"workload_cpus_allowed", "0-2 5", "5 2"},
           {"workload_buffer_compress_percentage", "45", "101"},
           {"workload_sync", "dsync", "fsync"}}) {
    const std::string& column = std::get<0>(change);
    const std::string& good = std::get<1>(change);
    const std::string& bad = std::get<2>(change);
    CAPTURE(column);
    std::string changed = text;
    std::size_t at = changed.find("," + good + ",", changed.find('\n'));
    if (at == std::string::npos) at = changed.find("," + good + "\n", changed.find('\n'));  // the last column
    REQUIRE(at != std::string::npos);
    changed.replace(at + 1, good.size(), bad);
    try {
      (void)parse_result_text(changed, "t.csv");
      FAIL("read");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()).find(column) != std::string::npos);
    }
  }
}

}  // namespace
}  // namespace bench
