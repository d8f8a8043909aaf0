// Properties of the workload front end and its outputs, each walked over generated inputs (a known bad one among them),
// on the pure parts: the command line and job file readers (cli/), the plan (plan/plan.h), the results of a test
// (run/test_results.h), the CSV writers and readers (report/csv/) and compare's notes (compare/run_grouping.h).
// The end-to-end cases (exit status, what is left on disk) are in workload_hostile_test.cpp.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <limits.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/workload_command_line.h"
#include "compare/run_grouping.h"
#include "plan/plan.h"
#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "result/errors.h"
#include "result/workload_fields.h"
#include "result/other_field_value.h"
#include "run/test_results.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;
using std::chrono::nanoseconds;

SystemFacts facts() { return test::fixed_system_facts(); }

// The job command line's Config, or the UsageError's message (and no Config).
struct Parsed {
  std::optional<Config> config;
  std::string error;
};
Parsed parse_job(const std::vector<std::string>& args, const std::string& job_file_text = "") {
  try {
    return {parse_workload_command_line(WorkloadCommand::kJob, args, facts(),
                                        [&](const std::string&) { return job_file_text; })
                .config,
            ""};
  } catch (const UsageError& error) {
    return {std::nullopt, error.what()};
  }
}

// The plan of a parsed Config, made where it runs (nothing is created), or the UsageError's message.
std::string plan_error(const Config& config) {
  PlanFacts plan_facts;
  plan_facts.directory = config.directory;
  plan_facts.free_bytes_of_directory = std::uint64_t{1} << 40;
  plan_facts.memory_bytes = std::uint64_t{1} << 33;
  try {
    const Plan plan = make_plan(config.setup, plan_facts);
    // Every file the plan would create lies inside its workload's directory, with names a directory can hold.
    for (const auto& group : plan.groups) {
      for (const PlannedTest& test : group) {
        const WorkloadSpec& spec = plan.workload(test);
        const fs::path directory = spec.directory.empty() ? config.directory : fs::path(spec.directory);
        for (const JobTarget& target : test.targets) {
          if (target.exists) continue;
          CAPTURE(target.path);
          const fs::path full = target.is_private ? directory / "bench++-job.XXXXXX" / target.path : target.path;
          const fs::path inside =
              fs::absolute(full).lexically_normal().lexically_relative(fs::absolute(directory).lexically_normal());
          CHECK_FALSE(inside.empty());
          CHECK(*inside.begin() != "..");
          if (target.is_private) CHECK(inside.begin()->string() == "bench++-job.XXXXXX");
          for (const fs::path& part : full) CHECK(part.native().size() <= NAME_MAX);
        }
      }
    }
    return "";
  } catch (const UsageError& error) {
    return error.what();
  }
}

// What the walk over workload names and filenames names them with.
std::vector<std::string> hostile_names() {
  std::vector<std::string> names = {"esc", "..", ".", "../esc", "../../esc", "x/y", "/abs", "a/../../b", "./x",
                                    "x/", "..x", "x..", std::string(250, 'n'), std::string(252, 'n'),
                                    std::string(300, 'n'), "sub/" + std::string(300, 'n')};
  const std::vector<std::string> parts = {"..", ".", "x", ""};
  for (const std::string& a : parts) {
    for (const std::string& b : parts) {
      for (const std::string& c : parts) names.push_back(a + "/" + b + "/" + c);
    }
  }
  return names;
}

TEST_CASE("reliability: no workload name or filename makes the plan create a file outside its directory") {
  const test::TempDir root;
  const fs::path dir = root.path() / "a" / "b" / "run";
  fs::create_directories(dir);
  fs::create_directories(dir / "sub");
  std::size_t refused = 0, planned = 0;
  for (const std::string& name : hostile_names()) {
    CAPTURE(name);
    for (const std::string numjobs : {"1", "100"}) {
      for (const Parsed& parsed :
           {parse_job({"-d", dir.string(), "--name=" + name, "--size=1m", "--numjobs=" + numjobs}),
            parse_job({"-d", dir.string(), "--name=x", "--size=1m", "--numjobs=" + numjobs, "--filename=" + name}),
            parse_job({"-d", dir.string(), "jobs.fio"}, "[" + name + "]\nsize=1m\nnumjobs=" + numjobs + "\n"),
            parse_job({"-d", dir.string(), "jobs.fio"}, "[x]\nsize=1m\nfilename=" + name + "\n")}) {
        if (!parsed.config) {
          ++refused;
          CHECK_FALSE(parsed.error.empty());
          continue;
        }
        const std::string error = plan_error(*parsed.config);
        ++(error.empty() ? planned : refused);
        CHECK(error.find('\n') == std::string::npos);
      }
    }
  }
  CHECK(refused > 0);
  CHECK(planned > 0);
  // Known escapes (a name holding '/', one too long for a file name, a filename outside), and their messages.
  const auto refusal = [&](const std::vector<std::string>& words) {
    const Parsed parsed = parse_job(test::with({"-d", dir.string(), "--size=1m"}, words));
    return parsed.config ? plan_error(*parsed.config) : parsed.error;
  };
  CHECK(test::contains(refusal({"--name=../../esc"}), "holds a '/'"));
  CHECK(test::contains(refusal({"--name=x/y"}), "holds a '/'"));
  CHECK(test::contains(refusal({"--name=" + std::string(300, 'n')}), "longer than a file name may be"));
  CHECK(test::contains(refusal({"--name=x", "--filename=../../outside"}),
                       "creates files only inside the workload's directory"));
  CHECK(refusal({"--name=x", "--filename=sub/inside"}).empty());
  CHECK(refusal({"--name=x", "--filename=" + (dir / "inside").string()}).empty());
}

TEST_CASE("reliability: a workload's CPU time covers its measured window, not its ramp") {
  RunSetup setup;
  WorkloadSpec spec;
  spec.name = "w";
  spec.size_bytes = 1 << 20;
  setup.workloads = {spec};
  Plan plan;
  plan.setup = setup;
  PlannedTest test;
  test.workload = 0;
  const auto zero = std::chrono::steady_clock::now();
  std::mt19937_64 random(25);
  for (int round = 0; round < 200; ++round) {
    const nanoseconds released{static_cast<std::int64_t>(random() % 1'000'000'000)};
    const nanoseconds ramp_cpu{static_cast<std::int64_t>(random() % 2'000'000'000)};
    const nanoseconds measured_cpu{static_cast<std::int64_t>(random() % 1'000'000)};
    const std::size_t jobs = 1 + random() % 4;
    std::vector<JobMeasurement> measurements(jobs);
    nanoseconds earliest = nanoseconds::max();
    for (JobMeasurement& job : measurements) {
      job.parts.resize(3);
      job.measured_from = zero + std::chrono::seconds(2);
      job.elapsed = std::chrono::microseconds(100 + random() % 1000);
      const bool ramped = random() % 4 != 0;
      if (ramped) {
        job.cpu_at_measured_from = released + ramp_cpu + nanoseconds(static_cast<std::int64_t>(random() % 1000));
        earliest = std::min(earliest, *job.cpu_at_measured_from);
      } else {
        earliest = released;
      }
    }
    const CpuWindow window{released, released + ramp_cpu + measured_cpu + nanoseconds(1000)};
    const std::vector<CacheResidency> residencies(jobs);
    test.jobs = static_cast<std::uint32_t>(jobs);
    const auto results = local_results(plan, test, {TestId{PhaseId::kWorkload, "w", IoDirection::kRead, std::nullopt}}, measurements, residencies, window, zero);
    REQUIRE_FALSE(results.empty());
    CHECK(results.front().result.cpu == window.ended - earliest);
    CHECK(results.front().result.cpu <= window.ended - window.released);
  }
}

TEST_CASE("reliability: runtime and ramp_time past the longest run are refused, naming neither --scale") {
  const std::vector<std::string> times = {"1", "36500d", "36501d", "50000d", "60000d", "106751d", "106752d",
                                          "9223372036s", "9223372037s", "876000h", "876001h"};
  for (const std::string& runtime : times) {
    for (const std::string& ramp : times) {
      CAPTURE(runtime);
      CAPTURE(ramp);
      const Parsed parsed = parse_job({"--name=x", "--size=1m", "--time_based", "--runtime=" + runtime,
                                       "--ramp_time=" + ramp});
      CHECK_FALSE(test::contains(parsed.error, "--scale"));
      if (!parsed.config) continue;
      const WorkloadSpec& spec = parsed.config->setup.workloads.front();
      CHECK(spec.runtime + spec.ramp_time <= std::chrono::hours(24 * 36500));
      CHECK(spec.runtime.count() > 0);
    }
  }
  CHECK(test::contains(parse_job({"--name=x", "--size=1m", "--runtime=60000d", "--ramp_time=50000d", "--time_based"}).error,
                       "runtime= plus ramp_time= is longer than bench++ times"));
  for (const std::string size : {"18446744073709551615", "18446744073709551614", "18446744073709550000",
                                 "16383p", "16777215t"}) {
    CAPTURE(size);
    CHECK_FALSE(test::contains(parse_job({"--name=x", "--size=" + size}).error, "--scale"));
  }
}

TEST_CASE("reliability: a job file's hostile bytes get a short, printable message naming the file") {
  std::mt19937_64 random(5);
  std::vector<std::string> texts = {"\0"s, "[x]\0size=1m\n"s, "[x]\nsize=1m\0\n"s, "\x7f", "\x1b[31m[x]\n",
                                    "[x]\nsize=1m\x08\n", std::string(100000, 'x'), "[" + std::string(100000, 'x'),
                                    "\xEF\xBB\xBF\xEF\xBB\xBF[x]\nsize=1m\n", "\xFF\xFE[\0x\0]\0"s};
  for (int i = 0; i < 300; ++i) {  // binary files: random bytes, some with a valid start
    std::string text = i % 3 == 0 ? "[x]\nsize=1m\n" : "";
    const std::size_t length = 1 + random() % 200;
    for (std::size_t b = 0; b < length; ++b) text += static_cast<char>(random() % 256);
    texts.push_back(text);
  }
  for (const std::string& text : texts) {
    CAPTURE(test::count_of(text, "\n"));
    std::string message;
    try {
      (void)read_fio_job_file(text, "job.fio");
    } catch (const UsageError& error) {
      message = error.what();
    }
    if (message.empty()) continue;  // (random bytes that happen to form a job)
    CHECK(message.starts_with("job.fio:"));
    CHECK(message.size() < 200);
    for (const char c : message) CHECK((static_cast<unsigned char>(c) >= 0x20 && c != 0x7f));
  }
  // A byte order mark is not part of the first line; NUL and control bytes are named, with their line.
  CHECK(read_fio_job_file("\xEF\xBB\xBF[x]\nsize=1m\n", "job.fio").front().name == "x");
  CHECK(test::error_of<UsageError>([] { (void)read_fio_job_file("[x]\nsize=1m\0\n"s, "job.fio"); }) ==
        "job.fio:2: a NUL byte: a job file is text (is 'job.fio' a binary file?)");
  CHECK(test::error_of<UsageError>([] { (void)read_fio_job_file("[x]\n\x1b[31m\n", "job.fio"); }) ==
        "job.fio:2: a control (0x1b) byte: a job file is text (is 'job.fio' a binary file?)");
  // A stray word beside fio's options names the word, not --name.
  const std::string stray = parse_job({"--name=x", "--size=1m", "junk"}).error;
  CHECK(stray.starts_with("unexpected word 'junk'"));
  // (An option's value as the next word, empty, beside a job file: fuzz/corpus/job_options/stray-word-empty-value.)
  CHECK(parse_job({"--name=x", "--size", "", "job.fio"}).error.starts_with("unexpected word 'job.fio'"));
}

TEST_CASE("reliability: --scale takes a stated range, and every scaled size is at least one block") {
  const std::vector<std::string> factors = {"1e-300", "0", "-1", "nan", "inf", "-inf", "1e-7", "0.0000009",
                                            "1e-6", "0.001", "0.5", "1", "2", "1000", "1000.5", "1001", "1e400",
                                            "", "abc", "1,5", "0x10", " 1"};
  for (const std::string& factor : factors) {
    CAPTURE(factor);
    for (const std::string size : {"4k", "1m", "1g"}) {
      const Parsed parsed = parse_job({"--name=x", "--size=" + size, "--bs=4k", "--scale", factor});
      if (!parsed.config) {
        CHECK(parsed.error.starts_with("invalid --scale value '" + factor + "'"));
        CHECK(test::contains(parsed.error, "a factor from 1e-06 to 1000"));
        continue;
      }
      const WorkloadSpec& spec = parsed.config->setup.workloads.front();
      CHECK(spec.size_bytes >= spec.block_bytes);
      CHECK(spec.size_bytes % spec.block_bytes == 0);
    }
  }
  CHECK_FALSE(parse_job({"--name=x", "--size=1m", "--scale", "1e-300"}).config);
}

TEST_CASE("reliability: every spreadsheet CSV field goes through the quoting, whatever a name holds") {
  const std::vector<std::string> names = {"a,b", "say \"hi\"", "two\nlines", " lead", "trail ", "cr\rx", "plain",
                                          ",", "\"", "a,\"b\",c"};
  for (const std::string& name : names) {
    CAPTURE(name);
    RunInfo info;
    info.label = name;
    info.setup.workloads.push_back(WorkloadSpec{});
    WorkloadSpec& spec = info.setup.workloads.back();
    spec.name = name;
    spec.size_bytes = 1 << 20;
    spec.description = name;
    PhaseResult phase;
    phase.operations = 256;
    phase.bytes = 1 << 20;
    phase.elapsed = std::chrono::milliseconds(10);
    WorkloadPart part;
    part.workload = name;
    part.engine_note = name;
    phase.workload = part;
    const std::string text = spreadsheet_csv_header() + format_spreadsheet_csv_row(info, phase);
    const std::vector<RunResult> runs = parse_result_text(text, "x.csv").runs;
    REQUIRE(runs.size() == 1);
    CHECK(runs.front().info.label == name);
    REQUIRE(runs.front().phases.size() == 1);
    REQUIRE(runs.front().phases.front().workload);
    CHECK(runs.front().phases.front().workload->workload == name);
    CHECK(runs.front().info.setup.workloads.front().description == name);
  }
  CHECK(csv_record({"a,b", "c"}) == "\"a,b\",c\n");
  // A field that starts with a byte order mark, first in a text (fuzz/corpus/csv_field/bom-first), reads back.
  const std::string bom_first = csv_record({"\xEF\xBB\xBFx", "y"});
  CsvSplitter splitter(bom_first, "x.csv");
  CHECK(splitter.next()->fields == std::vector<std::string>{"\xEF\xBB\xBFx", "y"});
}

TEST_CASE("reliability: compare notes a workload of the same name run with other settings") {
  for (const WorkloadField& field : workload_fields()) {
    if (field.difference.reading == DifferenceReading::kNotCompared) continue;
    CAPTURE(field.csv_column);
    WorkloadSpec base;
    base.name = "w";
    base.size_bytes = 1 << 20;
    WorkloadSpec other = base;
    // Another value of the field: 64 KiB vs 4 KiB blocks, direct on vs off, 16 vs 1 in flight, ...
    const std::string column(field.csv_column);
    if (column == "workload_rw") other.pattern = IoPattern::kRandWrite;
    else if (column == "workload_bs") other.block_bytes = 64 << 10;
    else if (column == "workload_size_bytes") other.size_bytes = 2 << 20;
    else if (column == "workload_size_percent") base.size_percent = 10, other.size_percent = 20;
    else if (column == "workload_offset_bytes") other.offset_bytes = 1 << 20;
    else if (column == "workload_offset_percent") base.offset_percent = 10, other.offset_percent = 20;
    else if (column == "workload_offset_increment_bytes") other.offset_increment_bytes = 1 << 20;
    else if (column == "workload_offset_increment_percent") base.offset_increment_percent = 5, other.offset_increment_percent = 10;
    else if (column == "workload_offset_align") other.offset_align = 64 << 10;
    else if (column == "workload_numjobs") other.jobs = 4;
    else if (column == "workload_iodepth") other.iodepth = 16;
    else if (column == "workload_runtime_ms") other.runtime = std::chrono::seconds(5);
    else if (column == "workload_time_based") other.time_based = true;
    else if (column == "workload_ramp_ms") other.ramp_time = std::chrono::seconds(1);
    else if (column == "workload_direct") other.direct = true;
    else if (column == "workload_rwmixread") other.read_percent = 70;
    else if (column == "workload_fsync") other.fsync_every = 1;
    else if (column == "workload_fdatasync") other.fdatasync_every = 1;
    else if (column == "workload_end_fsync") other.end_fsync = true;
    else if (column == "workload_ioengine") other.fio_engine = "io_uring", other.engine = EngineKind::kIoUring;
    else if (column == "workload_invalidate") other.invalidate = false;
    else if (column == "workload_randommap") other.random_map = false;
    else if (column == "workload_random_generator") other.random_generator = RandomGenerator::kLfsr;
    else if (column == "workload_random_distribution") other.random_distribution_text = "zipf:1.2";
    else if (column == "workload_percentage_random") other.percentage_random = {40, 40, 40};
    else if (column == "workload_rw_skip") other.sequential_skip = 4096;
    else if (column == "workload_rw_random_run") other.random_run = 4;
    else if (column == "workload_rw_sequencer") other.rw_sequencer = RwSequencer::kIdentical;
    else if (column == "workload_nrfiles") other.nrfiles = 4;
    else if (column == "workload_filesize") other.file_size = 1 << 20;
    else if (column == "workload_filesize_high")
      base.file_size = 1 << 16, other.file_size = 1 << 16, other.file_size_high = 1 << 20;
    else if (column == "workload_file_service_type") other.file_service = FileServiceKind::kRandom;
    else if (column == "workload_file_service_turn") other.file_service_turn = 8;
    else if (column == "workload_file_service_parameter")
      base.file_service = FileServiceKind::kZipf, other.file_service = FileServiceKind::kZipf,
      other.file_service_parameter = 1.2;
    else if (column == "workload_openfiles") other.open_files = 2;
    else if (column == "workload_registerfiles") other.uring.register_files = true;
    else if (column == "workload_fixedbufs") other.uring.fixed_buffers = true;
    else if (column == "workload_sqthread_poll") other.uring.sq_poll = true;
    else if (column == "workload_hipri") other.hipri = true;
    else if (column == "workload_thread") other.thread = true;
    else if (column == "workload_fadvise_hint") other.fadvise_hint = FadviseHint::kNone;
    else if (column == "workload_unlink_each_loop") other.unlink_each_loop = true;
    else if (column == "workload_stonewall") other.stonewall = true;
    else if (column == "workload_randseed") base.seed = 1, other.seed = 2;
    else if (column == "workload_randrepeat") other.randrepeat = false;
    else if (column == "workload_exitall") other.exitall = true;
    else if (column == "workload_exit_what") other.exit_what = ExitScope::kAll;
    else if (column == "workload_exitall_on_error") other.exitall_on_error = true;
    else if (column == "workload_rate_min") other.rate_min_bytes = {1 << 20, 0, 0};
    else if (column == "workload_rate_iops_min") other.rate_iops_min = {10, 0, 0};
    else if (column == "workload_nice") other.nice = 5;
    else if (column == "workload_prio") base.ioprio = 1, other.ioprio = 4;
    else if (column == "workload_prioclass") base.ioprio_class = 1, other.ioprio_class = 2;
    else if (column == "workload_fallocate") other.fallocate = FallocateMode::kNone;
    else if (column == "workload_create_on_open") other.create_on_open = true;
    else if (column == "workload_sqthread_poll_cpu") base.uring.sq_poll_cpu = 0, other.uring.sq_poll_cpu = 1;
    else if (column == "workload_nonvectored") other.uring.nonvectored = false, base.uring.nonvectored = true;
    else if (column == "workload_bs_per_direction") other.block_sizes.direction[1].bs = 8192;
    else if (column == "workload_bsrange") other.block_sizes.direction[0] = {0, 512, 4096, {}, 0};
    else if (column == "workload_bssplit") other.block_sizes.direction[0].split = {{4096, 50}, {8192, 50}};
    else if (column == "workload_blockalign") other.block_sizes.direction[0].align = 512;
    else if (column == "workload_verify") other.verify.method = VerifyMethod::kMd5;
    else if (column == "workload_verify_pattern") other.verify.pattern.bytes = {std::byte{0xab}};
    else if (column == "workload_verify_interval") other.verify.interval = 512;
    else if (column == "workload_do_verify") other.verify.do_verify = false;
    else if (column == "workload_verify_only") other.verify.verify_only = true;
    else if (column == "workload_verify_backlog") other.verify.verify_backlog = 4;
    else if (column == "workload_verify_backlog_batch") other.verify.verify_backlog_batch = 2;
    else if (column == "workload_refill_buffers") other.buffers.refill_buffers = true;
    else if (column == "workload_zero_buffers") other.buffers.zero_buffers = true;
    else if (column == "workload_scramble_buffers") other.buffers.scramble_buffers = false;
    else if (column == "workload_buffer_pattern") other.buffers.buffer_pattern.bytes = {std::byte{0x55}};
    else if (column == "workload_buffer_compress_percentage") other.buffers.compress_percentage = 50;
    else if (column == "workload_buffer_compress_chunk") other.buffers.compress_chunk = 4096;
    else if (column == "workload_dedupe_percentage") other.buffers.dedupe_percentage = 30;
    else if (column == "workload_dedupe_mode") other.buffers.dedupe_mode = DedupeMode::kWorkingSet;
    else if (column == "workload_dedupe_working_set_percentage") other.buffers.dedupe_working_set_percentage = 20;
    else if (column == "workload_dedupe_global") other.buffers.dedupe_global = true;
    else if (column == "workload_iodepth_batch_submit") other.batch_submit = 4;
    else if (column == "workload_iodepth_batch_complete_min") other.batch_complete_min = 2;
    else if (column == "workload_iodepth_batch_complete_max") other.batch_complete_max = 8;
    else if (column == "workload_rate") other.rate_bytes = {1 << 20, 0, 0};
    else if (column == "workload_rate_iops") other.rate_iops = {100, 0, 0};
    else if (column == "workload_rate_process") other.rate_poisson = true;
    else if (column == "workload_loops") other.loops = 2;
    else if (column == "workload_number_ios") other.number_ios = 10;
    else if (column == "workload_io_size") other.io_size = 2 << 20;
    else if (column == "workload_startdelay_ms") other.start_delay = std::chrono::seconds(1);
    else if (column == "workload_sync") other.sync_open_flag = O_SYNC;
    else if (column == "workload_overwrite") other.overwrite = true;
    else if (column == "workload_create_only") other.create_only = true;
    else if (column == "workload_fsync_on_close") other.fsync_on_close = true;
    else if (column == "workload_io_submit_mode") other.submit_offload = true;
    else if (column == "workload_cpus_allowed") other.cpus_allowed = {0};
    else if (column == "workload_steadystate") other.steady_state.limit = 5;
    else if (column == "workload_latency_percentile") other.latency_percentile = 99.9;
    else if (column == "workload_max_latency_us") other.max_latency_us = {1000, 0, 0};
    else {
      // Any other field: values its codec makes (a field not given compares with nothing: two given values).
      const std::optional<FieldValue> plain = field.access.get(base);
      const std::optional<FieldValue> first = test::other_field_value(field.access.format, plain);
      REQUIRE_MESSAGE(first, "a compared text field this test does not vary: add it");
      if (plain) {
        REQUIRE(field.access.set(other, *first));
      } else {
        REQUIRE(field.access.set(base, *first));
        REQUIRE(field.access.set(other, *test::other_field_value(field.access.format, first)));
      }
    }
    std::vector<SourcedRun> runs(2);
    runs[0].run.info.label = "host";
    runs[0].run.info.setup.workloads = {base};
    runs[0].file = "host.csv";
    runs[1].run.info.label = "guest";
    runs[1].run.info.setup.workloads = {other};
    runs[1].file = "guest.csv";
    runs[1].input = 1;
    RunFolder folder(CompareOptions{});
    for (const SourcedRun& run : runs) folder.add(run);
    std::vector<std::string> notes;
    note_group_differences(folder.groups(), notes);
    REQUIRE(notes.size() == 1);
    CHECK(test::contains(notes.front(), "workload 'w': " + std::string(field.difference.title) + " "));
  }
}

}  // namespace
}  // namespace bench
