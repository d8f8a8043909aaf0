#include "report/csv/spreadsheet_csv.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include "report/machine_readable_samples.h"
#include "report/csv/csv_field.h"
#include "result/workload_fields.h"
#include "test_support.h"

namespace bench {
namespace {

using test::check_same_runs;
using test::machine_readable_samples;

// The runs of a whole spreadsheet CSV text, read record by record as `bench++ compare` reads a file, and its
// unrecorded fields in *unrecorded when given.
std::vector<RunResult> read_csv_text(std::string_view text, const std::string& name,
                                            UnrecordedFields* unrecorded = nullptr) {
  CsvSplitter splitter(text, name);
  std::vector<RunResult> runs;
  stream_spreadsheet_csv([&] { return splitter.next(); }, name, [](const CsvRecord&, const CsvRecord&) {},
                         [&](RunResult&& run, const UnrecordedFields& fields) {
                           runs.push_back(std::move(run));
                           if (unrecorded != nullptr) *unrecorded = fields;
                         });
  return runs;
}

// The header as files were written before the latest workload columns: every later column is a workload field's,
// appended in the field table's order (new columns only at the end), so a field added breaks no test here.
constexpr std::string_view kGoldenHeader =
    "\"label\",run_index,started_utc,bench_version,host_name,kernel,filesystem,mount_options,directory,concurrency,"
    "seed,file_size_choice,file_size_bytes,io_chunk_bytes,seeks,seekers,seek_write_percent,per_char_bytes,file_count,file_max_bytes,"
    "file_min_bytes,"
    "file_content,file_dirs,file_chunk_bytes,cache,data,direct_io,fsync_each,verify,role,hypervisor,container,cpus,"
    "memory_bytes,device,device_driver,device_model,tags,suite,test,unit,"
    "operations,bytes,"
    "elapsed_sec,cpu_sec,cpu_percent,kib_per_sec,ops_per_sec,too_fast,lat_count,lat_min_us,lat_mean_us,"
    "lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,lat_max_us,workers,"
    // The workload columns, empty in bonnie++'s tests' rows.
    "workload,workload_rw,workload_bs,workload_size_bytes,workload_size_percent,workload_offset_bytes,"
    "workload_offset_percent,workload_offset_increment_bytes,workload_offset_increment_percent,workload_offset_align,"
    "workload_numjobs,workload_iodepth,"
    "workload_runtime_ms,workload_time_based,workload_ramp_ms,workload_direct,workload_rwmixread,workload_fsync,"
    "workload_fdatasync,workload_end_fsync,workload_group_reporting,workload_filename,workload_directory,"
    "workload_ioengine,workload_unlink,workload_unlink_each_loop,workload_invalidate,workload_stonewall,workload_randseed,"
    "workload_randrepeat,"
    "workload_description,workload_randommap,workload_random_generator,workload_random_distribution,"
    "workload_percentage_random,workload_rw_skip,workload_rw_random_run,workload_rw_sequencer,"
    "workload_nrfiles,workload_filesize,workload_filesize_high,"
    "workload_file_service_type,workload_file_service_turn,workload_file_service_parameter,workload_openfiles,"
    "workload_new_group,workload_exitall,workload_exit_what,workload_exitall_on_error,workload_rate_min,workload_rate_iops_min,workload_nice,workload_prio,"
    "workload_prioclass,workload_fallocate,workload_create_on_open,workload_thread,workload_fadvise_hint,"
    "workload_disk_util,workload_bwavgtime_ms,workload_iopsavgtime_ms,workload_registerfiles,workload_fixedbufs,"
    "workload_sqthread_poll,workload_sqthread_poll_cpu,workload_nonvectored,workload_hipri,"
    "direction,job,engine,engine_depth,engine_note,mean_depth,steady,steady_first_third,"
    "steady_last_third,cpu_sec_per_million_requests,error_code,error,"
    // The workload columns added since, after the result's own.
    "workload_bs_per_direction,workload_bsrange,workload_bssplit,workload_blockalign,workload_verify,"
    "workload_verify_pattern,workload_verify_interval,workload_do_verify,workload_verify_only,workload_verify_backlog,"
    "workload_verify_backlog_batch,workload_refill_buffers,workload_zero_buffers,workload_scramble_buffers,"
    "workload_buffer_pattern,workload_buffer_compress_percentage,workload_buffer_compress_chunk,"
    "workload_dedupe_percentage,workload_dedupe_mode,workload_dedupe_working_set_percentage,workload_dedupe_global,"
    "workload_iodepth_batch_submit,workload_iodepth_batch_complete_min,workload_iodepth_batch_complete_max,"
    "workload_rate,workload_rate_iops,workload_rate_process,workload_loops,workload_number_ios,workload_io_size,"
    "workload_startdelay_ms,workload_sync,workload_overwrite,workload_create_only,workload_fsync_on_close,"
    "workload_io_submit_mode,workload_cpus_allowed\n";

// kGoldenHeader followed by the columns of the workload fields after its last one.
std::string expected_header() {
  std::string header(kGoldenHeader.substr(0, kGoldenHeader.size() - 1));
  const std::string last_golden = header.substr(header.rfind(',') + 1);
  const auto fields = workload_fields();
  const auto last = std::find_if(fields.begin(), fields.end(),
                                 [&](const WorkloadField& field) { return field.csv_column == last_golden; });
  REQUIRE(last != fields.end());
  for (auto field = last + 1; field != fields.end(); ++field) header += "," + std::string(field->csv_column);
  return header + "\n";
}

std::string write_csv(const std::vector<RunResult>& runs) {
  std::string text = spreadsheet_csv_header();
  for (const auto& run : runs) {
    for (const auto& phase : run.phases) text += format_spreadsheet_csv_row(run.info, phase);
  }
  return text;
}

std::vector<CsvRecord> split(std::string_view text) {
  CsvSplitter splitter(text, "t");
  std::vector<CsvRecord> records;
  while (auto r = splitter.next()) records.push_back(std::move(*r));
  return records;
}

std::string join(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i == 0 ? "" : ",") + quote_csv_field(fields[i]);
  return line + "\n";
}

// The cells of one written row, by column name.
std::map<std::string, std::string> cells(const RunInfo& info, const PhaseResult& phase) {
  const auto header = split(spreadsheet_csv_header()).at(0).fields;
  const auto row = split(format_spreadsheet_csv_row(info, phase)).at(0).fields;
  REQUIRE(header.size() == row.size());
  std::map<std::string, std::string> by_name;
  for (std::size_t i = 0; i < header.size(); ++i) by_name[header[i]] = row[i];
  return by_name;
}

// `text` (header first) without the named columns: a file as an earlier bench++ wrote it.
std::string without_columns(const std::string& text, const std::set<std::string>& names) {
  const auto header = split(spreadsheet_csv_header()).at(0).fields;
  std::string old_file;
  for (const auto& r : split(text)) {
    std::vector<std::string> fields;
    for (std::size_t c = 0; c < r.fields.size(); ++c) {
      if (!names.contains(header[c])) fields.push_back(r.fields[c]);
    }
    old_file += join(fields);
  }
  return old_file;
}

// The header and the first sample row, with one cell replaced.
std::string csv_with(const std::string& column, const std::string& value) {
  const RunResult run = machine_readable_samples().at(0);
  auto header = split(spreadsheet_csv_header()).at(0).fields;
  auto row = split(format_spreadsheet_csv_row(run.info, run.phases.at(1))).at(0).fields;
  const auto at = std::find(header.begin(), header.end(), column);
  REQUIRE(at != header.end());
  row[static_cast<std::size_t>(at - header.begin())] = value;
  return join(header) + join(row);
}

bool is_snake_case(std::string_view name) {
  return !name.empty() && name[0] >= 'a' && name[0] <= 'z' &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string_view::npos;
}

// digits[.digits]
bool is_plain_number(std::string_view cell) {
  const std::size_t dot = cell.find('.');
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  return digits(cell.substr(0, dot)) && (dot == std::string_view::npos || digits(cell.substr(dot + 1)));
}

// The value types of the cells of a Gnumeric XML sheet: (row, column) -> ValueType (40 = float, 60 = string).
void check_error(std::string_view text, const std::string& expected_start, const std::string& expected_part) {
  test::check_read_error([&] { read_csv_text(text, "in.csv"); }, expected_start, expected_part, 300);
}

}  // namespace

TEST_CASE("spreadsheet CSV header: golden, unique, snake_case names") {
  CHECK(spreadsheet_csv_header() == expected_header());
  const auto names = split(spreadsheet_csv_header()).at(0).fields;
  CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
  for (const auto& name : names) CHECK_MESSAGE(is_snake_case(name), name);
}

TEST_CASE("spreadsheet CSV rows: plain numbers, units in the names, empty cells for no value") {
  const auto runs = machine_readable_samples();
  SUBCASE("a bytes test with latency") {
    auto c = cells(runs[0].info, runs[0].phases[1]);  // block_write, seed 1
    CHECK(c["test"] == "block_write");
    CHECK(c["unit"] == "bytes");
    CHECK(c["label"] == "host \"A\", rack 3\nsecond line");
    CHECK(c["mount_options"] == "rw relatime");  // the kernel's commas as spaces: a cell without quotes
    CHECK(c["run_index"] == "0");
    CHECK(c["file_size_bytes"] == "8589934592");
    CHECK(c["per_char_bytes"] == "3145728");
    CHECK(c["seek_write_percent"] == "10");
    CHECK(c["file_count"] == "16384");
    CHECK(c["file_content"] == "data");
    CHECK(c["cache"] == "keep");
    CHECK(c["data"] == "zero");
    CHECK(c["direct_io"] == "1");
    CHECK(c["role"] == "guest");
    CHECK(c["hypervisor"] == "kvm");
    CHECK(c["container"] == "none");
    CHECK(c["fsync_each"] == "0");
    CHECK(c["seed"] == "4000000001");
    CHECK(c["bytes"] == "8589942784");
    CHECK(c["operations"] == "1037");
    CHECK(c["elapsed_sec"] == "1.235567894");
    CHECK(c["cpu_sec"] == "0.987654328");
    CHECK(c["cpu_percent"] == "79.94");  // 0.987654328 / 1.235567894
    CHECK(c["kib_per_sec"] == "6789279.683");  // 8589942784 / 1024 / 1.235567894
    CHECK(c["ops_per_sec"] == "839.290");
    CHECK(c["too_fast"] == "0");
    CHECK(c["lat_count"] == "50001");
    CHECK(c["lat_min_us"] == "1.002");
    CHECK(c["lat_mean_us"] == "12.346");
    CHECK(c["lat_p50_us"] == "10.007");
    CHECK(c["lat_p999_us"] == "1500.001");
    CHECK(c["lat_max_us"] == "9876543.211");
    CHECK(c["workers"] == "2");
  }
  SUBCASE("no latency, -s 0, -n 0, files and zero elapsed") {
    auto no_latency = cells(runs[0].info, runs[0].phases[2]);
    for (const char* name : {"lat_count", "lat_min_us", "lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_p99_us",
                             "lat_p999_us", "lat_max_us"}) {
      CHECK(no_latency[name].empty());
    }
    auto files_only = cells(runs[1].info, runs[1].phases[0]);
    for (const char* name :
         {"file_size_bytes", "io_chunk_bytes", "seeks", "seekers", "seek_write_percent", "per_char_bytes"}) {
      CHECK(files_only[name].empty());
    }
    CHECK(files_only["file_content"] == "hardlink");
    CHECK(files_only["unit"] == "files");
    CHECK(files_only["kib_per_sec"].empty());
    CHECK(!files_only["ops_per_sec"].empty());
    auto io_only = cells(runs[2].info, runs[2].phases[1]);
    for (const char* name : {"file_count", "file_max_bytes", "file_min_bytes", "file_content", "file_dirs",
                             "file_chunk_bytes"}) {
      CHECK(io_only[name].empty());
    }
    CHECK(io_only["seek_write_percent"] == "0");
    CHECK(cells(runs[3].info, runs[3].phases[1])["seek_write_percent"] == "100");
    CHECK(io_only["elapsed_sec"] == "0.000000000");
    CHECK(io_only["cpu_percent"].empty());
    CHECK(io_only["kib_per_sec"].empty());
    CHECK(io_only["ops_per_sec"].empty());
    CHECK(io_only["too_fast"] == "1");
    CHECK(cells(runs[3].info, runs[3].phases[0])["unit"] == "syncs");
    CHECK(cells(runs[3].info, runs[3].phases[0])["role"].empty());  // not recorded
    CHECK(cells(runs[1].info, runs[1].phases[0])["container"] == "docker");
    CHECK(cells(runs[3].info, runs[3].phases[1])["file_content"] == "symlink");
  }
  SUBCASE("no +++++ and no unit suffixes anywhere") {
    const std::string text = write_csv(runs);
    CHECK(text.find("+++") == std::string::npos);
    const auto records = split(text);
    const auto header = records.at(0).fields;
    for (std::size_t r = 1; r < records.size(); ++r) {
      for (std::size_t c = 0; c < header.size(); ++c) {
        const std::string& name = header[c];
        const bool numeric = name.ends_with("_bytes") || name.ends_with("_sec") || name.ends_with("_us") ||
                             name == "operations" || name == "bytes" || name == "cpu_percent" || name == "workers";
        if (numeric && !records[r].fields[c].empty()) {
          CHECK_MESSAGE(is_plain_number(records[r].fields[c]),
                        name << "=" << records[r].fields[c]);
        }
      }
    }
  }
}

TEST_CASE("spreadsheet CSV: bench++'s own cells hold no comma and no quote, so cut -d, finds every column") {
  RunResult run = machine_readable_samples().at(0);
  run.info.label = "host";  // what the user gives is quoted when it needs to be
  run.info.directory = "/mnt/scratch";
  run.info.mount_options = "rw,relatime,discard,errors=remount-ro,resgid=65534";
  run.info.tags = "accel=kvm; cpu=host";
  const auto header = split(spreadsheet_csv_header()).at(0).fields;
  for (const PhaseResult& phase : run.phases) {
    const std::string row = format_spreadsheet_csv_row(run.info, phase);
    CHECK(row.find('"') == std::string::npos);
    CHECK(static_cast<std::size_t>(std::count(row.begin(), row.end(), ',')) == header.size() - 1);
  }
}

TEST_CASE("spreadsheet CSV round trip") {
  const auto runs = machine_readable_samples();
  const std::string text = write_csv(runs);
  SUBCASE("as written") { check_same_runs(runs, read_csv_text(text, "t.csv"), false); }
  SUBCASE("CRLF line ends and a byte order mark") {
    std::string crlf = "\xEF\xBB\xBF";
    for (const auto& r : split(text)) {
      std::string line = join(r.fields);
      line.insert(line.size() - 1, "\r");
      crlf += line;
    }
    check_same_runs(runs, read_csv_text(crlf, "t.csv"), false);
  }
  SUBCASE("columns reordered, unknown columns added, blank lines, the header repeated") {
    std::string shuffled;
    for (const auto& r : split(text)) {
      std::vector<std::string> fields(r.fields.rbegin(), r.fields.rend());
      fields.insert(fields.begin() + 3, r.line == 1 ? "future_column" : "x,y");
      shuffled += join(fields) + "\n";
    }
    const std::string header_line = shuffled.substr(0, shuffled.find('\n') + 1);
    check_same_runs(runs, read_csv_text(shuffled + header_line, "t.csv"), false);
  }
  SUBCASE("two files concatenated") {
    const std::vector<RunResult> first(runs.begin(), runs.begin() + 2);
    const std::vector<RunResult> second(runs.begin() + 2, runs.end());
    check_same_runs(runs, read_csv_text(write_csv(first) + write_csv(second), "t.csv"), false);
  }
  SUBCASE("mount options as earlier versions wrote them: the kernel's commas, quoted") {
    const auto read = read_csv_text(csv_with("mount_options", "rw,noatime,errors=remount-ro"), "t.csv");
    CHECK(read.at(0).info.mount_options == "rw,noatime,errors=remount-ro");
    CHECK(read_csv_text(csv_with("mount_options", "rw noatime"), "t.csv").at(0).info.mount_options ==
          "rw,noatime");
  }
  SUBCASE("a 1 MB label") {
    std::vector<RunResult> big = {runs[1]};
    big[0].info.label = std::string(1 << 20, 'x') + ",\"";
    check_same_runs(big, read_csv_text(write_csv(big), "t.csv"), false);
  }
}

TEST_CASE("spreadsheet CSV reader: every error names the file and line") {
  const std::string header = expected_header();
  const auto runs = machine_readable_samples();
  const std::string good_row = format_spreadsheet_csv_row(runs[1].info, runs[1].phases[0]);

  SUBCASE("empty text or no data rows") {
    check_error("", "in.csv:1: ", "empty");
    check_error("\n\n", "in.csv:1: ", "empty");
    check_error(header, "in.csv:1: ", "no result rows");
    check_error(header + "\n\n" + header, "in.csv:4: ", "no result rows");
  }
  SUBCASE("header problems") {
    check_error("format_version,bonnie_version,name\n2,2.00,x\n", "in.csv:1: ", "not a bench++ spreadsheet CSV");
    // A setup column missing is a file older than the field: not recorded. A result column missing is named.
    check_error("\n\nlabel,test\nx,block_write\n", "in.csv:3: ", "lacks the column 'operations'");
    check_error(header.substr(0, header.size() - 1) + ",test\n", "in.csv:1: ", "'test' appears twice");
    const std::string text = write_csv(runs);
    for (const std::string column : {"role", "hypervisor", "container", "seek_write_percent", "verify", "seed", "cpus",
                                     "device_model", "tags", "run_index"}) {
      CAPTURE(column);
      const std::string without = without_columns(text, {column});
      REQUIRE(without.find("," + column + ",") == std::string::npos);
      UnrecordedFields unrecorded;
      CHECK(!read_csv_text(without, "in.csv", &unrecorded).empty());
      CHECK(unrecorded.run.size() == 1);
    }
    for (const std::string column : {"operations", "bytes", "elapsed_sec", "cpu_sec", "lat_p99_us", "workers"}) {
      CAPTURE(column);
      check_error(without_columns(text, {column}), "in.csv:1: ", "the header lacks the column '" + column + "'");
    }
    for (const std::string derived : {"unit", "cpu_percent", "kib_per_sec", "ops_per_sec", "too_fast"}) {
      CAPTURE(derived);
      check_same_runs(runs, read_csv_text(without_columns(text, {derived}), "t.csv"), false);
    }
  }
  SUBCASE("wrong number of fields") {
    const std::size_t columns = split(header).at(0).fields.size();
    check_error(header + good_row + "a,b\n", "in.csv:3: ", "2 fields where the header has " + std::to_string(columns));
    check_error(header + good_row.substr(0, good_row.size() - 1) + ",extra\n", "in.csv:2: ",
                std::to_string(columns + 1) + " fields");
    // A quoted newline makes one record of two lines: the next record starts on line 4.
    const std::string multi_line = format_spreadsheet_csv_row(runs[0].info, runs[0].phases[0]);
    check_error(header + multi_line + "x\n", "in.csv:4: ", "1 fields");
  }
  SUBCASE("cells that are not numbers, or out of range") {
    for (const std::string& bad : std::vector<std::string>{"abc", "", "-1", "1e3", "+5", "12k", "+++++", " 7", "0x10",
                                  "1000000000000000000000000000000", std::string(1 << 20, '9')}) {
      CAPTURE(bad);
      check_error(csv_with("bytes", bad), "in.csv:2: ", "column bytes: ");
    }
    check_error(csv_with("run_index", "4294967296"), "in.csv:2: ", "column run_index: '4294967296' is not a whole");
    check_error(csv_with("elapsed_sec", "1.5s"), "in.csv:2: ", "column elapsed_sec: ");
    check_error(csv_with("elapsed_sec", "-1.0"), "in.csv:2: ", "column elapsed_sec: ");
    check_error(csv_with("elapsed_sec", "1e30"), "in.csv:2: ", "column elapsed_sec: ");
    check_error(csv_with("cpu_sec", "99999999999.0"), "in.csv:2: ", "column cpu_sec: ");
    check_error(csv_with("lat_p99_us", "1,5"), "in.csv:2: ", "column lat_p99_us: ");
    check_error(csv_with("lat_max_us", "1" + std::string(30, '0')), "in.csv:2: ", "column lat_max_us: ");
    check_error(csv_with("direct_io", "yes"), "in.csv:2: ", "column direct_io: 'yes' is not 0 or 1");
    check_error(csv_with("cache", "maybe"), "in.csv:2: ", "column cache: 'maybe' is not one of drop|keep");
    check_error(csv_with("file_count", "1000"), "in.csv:2: ", "column file_count: 1000 is not a multiple of 1024");
    check_error(csv_with("role", "vm"), "in.csv:2: ", "column role: 'vm' is not host, guest, unknown or empty");
    for (const std::string bad : {"101", "-1", "5.5", "x", "4294967306"}) {
      CAPTURE(bad);
      check_error(csv_with("seek_write_percent", bad), "in.csv:2: ",
                  "column seek_write_percent: '" + bad + "' is not a whole percent from 0 to 100");
    }
  }
  SUBCASE("unknown test key") {
    check_error(csv_with("test", "block_writes"), "in.csv:2: ", "unknown test 'block_writes'");
    check_error(csv_with("test", ""), "in.csv:2: ", "unknown test ''");
  }
  SUBCASE("optional groups partly empty") {
    check_error(csv_with("seeks", ""), "in.csv:2: ", "file_size_bytes, io_chunk_bytes, seeks");
    check_error(csv_with("seek_write_percent", ""), "in.csv:2: ", "seekers, seek_write_percent, per_char_bytes");
    check_error(csv_with("file_dirs", ""), "in.csv:2: ", "must be all empty or all set");
    check_error(csv_with("lat_p50_us", ""), "in.csv:2: ", "lat_count, lat_min_us");
  }
  SUBCASE("rows of one run that disagree, a test twice") {
    RunInfo other = runs[1].info;
    other.kernel = "Linux 5.10";
    check_error(header + good_row + format_spreadsheet_csv_row(other, runs[1].phases[1]), "in.csv:3: ",
                "column kernel differs");
    other = runs[1].info;
    other.container = "none";
    check_error(header + good_row + format_spreadsheet_csv_row(other, runs[1].phases[1]), "in.csv:3: ",
                "column container differs");
    check_error(header + good_row + good_row, "in.csv:3: ", "test seq_create appears twice");
  }
  SUBCASE("CSV syntax") {
    check_error(header + good_row + "\"unterminated,\n\n\n", "in.csv:3: ", "unterminated quoted field");
    check_error(header + "ab\"c" + good_row, "in.csv:2: ", "quote inside an unquoted field");
    check_error(header + "\"ab\"c" + good_row, "in.csv:2: ", "text after the closing quote");
    check_error(header + good_row + std::string("x\0y", 3) + "\n", "in.csv:3: ", "NUL byte");
    check_error(std::string("\0\0\0\0", 4), "in.csv:1: ", "NUL byte");
  }
  SUBCASE("hostile input: a 1 MB line of commas, random bytes") {
    check_error(header + std::string(1 << 20, ',') + "\n", "in.csv:2: ", "1048577 fields");
    std::string noise;
    for (int i = 0; i < 100000; ++i) noise += static_cast<char>((i * 7919 + 13) % 251 + 1);
    CHECK_THROWS_AS(read_csv_text(noise, "in.csv"), std::runtime_error);
    CHECK_THROWS_AS(read_csv_text(header + noise, "in.csv"), std::runtime_error);
  }
}

TEST_CASE("spreadsheet CSV: a failed job's error number and message round trip, empty for one that ran to its end") {
  WorkloadPart part;
  part.failure = JobFailure{84, "verify: bad magic header 0, wanted acca at /x, offset 0"};  // commas quoted
  WorkloadPart fine;
  fine.direction = IoDirection::kWrite;
  const std::vector<RunResult> runs = {test::workload_sample_run({part, fine})};
  const std::string text = write_csv(runs);
  const std::vector<RunResult> read = read_csv_text(text, "t.csv");
  CHECK(read.at(0).phases.at(0).workload->failure == part.failure);
  CHECK_FALSE(read.at(0).phases.at(1).workload->failure);
  // A file written before the columns reads no failure; a bad number is named.
  std::string older = text;
  older.replace(older.find(",error_code,error,"), 18, ",unknown1,unknown2,");
  CHECK_FALSE(read_csv_text(older, "t.csv").at(0).phases.at(0).workload->failure);
  std::string zero = text;
  zero.replace(zero.find(",84,"), 4, ",0,");
  CHECK_THROWS_WITH_AS(read_csv_text(zero, "t.csv"), doctest::Contains("error_code"), std::runtime_error);
}

}  // namespace bench
