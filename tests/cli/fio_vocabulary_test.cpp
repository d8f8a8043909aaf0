// fio's job-loop and report options as bench++ reads them, with fio 3.33's value grammars and defaults (options.c, parse.c):
// iodepth_batch_*, rate / rate_iops (a value per direction), rate_process, the thinktime family, loops, startdelay,
// gtod_reduce and the report switches, fio's --readonly, and job options on the command line beside a job file
// (init.c: fio's defaults, for the first job file only).
#include <doctest/doctest.h>
#include <fcntl.h>

#include <map>
#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "cli/workload_command_line.h"
#include "result/errors.h"
#include "fio_workload_support.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

using test::workload_of;  // fio_workload_support.h
std::string error_of(std::vector<std::string> words) { return test::workload_error_of(std::move(words)); }

// `bench++ job ARGS`'s workloads, the job files read from `files` by name; or the UsageError's message.
struct Parsed {
  std::vector<WorkloadSpec> workloads;
  std::string error;
};
Parsed parse_job(const std::vector<std::string>& args, const std::map<std::string, std::string>& files) {
  try {
    const ParsedCommandLine parsed = parse_workload_command_line(
        WorkloadCommand::kJob, args, test::fixed_system_facts(), [&](const std::string& name) { return files.at(name); });
    return {parsed.config.setup.workloads, ""};
  } catch (const UsageError& error) {
    return {{}, error.what()};
  }
}

}  // namespace

TEST_CASE("fio vocabulary: iodepth_batch_* with fio's names, aliases and defaults") {
  const WorkloadSpec plain = workload_of({});
  CHECK(plain.batch_submit == 1);  // fio's defaults: one request per submit, wait for one completion
  CHECK(plain.batch_complete_min == 1);
  CHECK(plain.batch_complete_max == 0);
  const WorkloadSpec batched = workload_of(
      {"--ioengine=libaio", "--iodepth=32", "--iodepth_batch_submit=16", "--iodepth_batch_complete_max=8",
       "--iodepth_batch_complete_min=4"});
  CHECK(batched.batch_submit == 16);
  CHECK(batched.batch_complete_min == 4);
  CHECK(batched.batch_complete_max == 8);
  CHECK(workload_of({"--iodepth_batch=0"}).batch_submit == 0);  // fio: 0 means the iodepth
  CHECK(workload_of({"--iodepth_batch_complete=0"}).batch_complete_min == 0);
  CHECK(test::contains(error_of({"--iodepth_batch_submit=x"}), "iodepth_batch_submit='x': not a number"));
}

TEST_CASE("fio vocabulary: rate= and rate_iops= take a value per direction, as fio's parser splits them") {
  using Values = std::array<std::uint64_t, kFioDirections>;
  constexpr std::uint64_t kMiB = 1u << 20;
  CHECK(workload_of({"--rate=10m"}).rate_bytes == Values{10 * kMiB, 10 * kMiB, 10 * kMiB});  // one: every one's
  CHECK(workload_of({"--rate=1m,2m"}).rate_bytes == Values{kMiB, 2 * kMiB, 2 * kMiB});  // trims take the writes'
  CHECK(workload_of({"--rate=1m,2m,3m"}).rate_bytes == Values{kMiB, 2 * kMiB, 3 * kMiB});
  CHECK(workload_of({"--rate=,2m"}).rate_bytes == Values{0, 2 * kMiB, 2 * kMiB});  // reads unlimited
  CHECK(workload_of({"--rate=,,800k"}).rate_bytes == Values{0, 0, 800 * 1024});    // trims only
  CHECK(workload_of({"--rate=1m,,3m"}).rate_bytes == Values{kMiB, 0, 3 * kMiB});
  // A trailing comma ends the copying (fio's HOWTO: "rate=500k," limits only reads).
  CHECK(workload_of({"--rate=1m,"}).rate_bytes == Values{kMiB, 0, 0});
  CHECK(workload_of({"--rate=1m,2m,"}).rate_bytes == Values{kMiB, 2 * kMiB, 0});
  CHECK(workload_of({"--rate=1m,2m,3m,"}).rate_bytes == Values{kMiB, 2 * kMiB, 3 * kMiB});
  CHECK(workload_of({"--rate=1m:2m"}).rate_bytes == Values{kMiB, 2 * kMiB, 2 * kMiB});  // fio cuts at ':' too
  CHECK(workload_of({"--rate_iops=500"}).rate_iops == Values{500, 500, 500});
  CHECK(workload_of({"--rate_iops=100,200,300"}).rate_iops == Values{100, 200, 300});
  CHECK(workload_of({"--rate_iops=,,200"}).rate_iops == Values{0, 0, 200});
  CHECK(workload_of({"--rate_iops=100"}).rate_limited());
  CHECK(workload_of({"--rate_iops=,,1"}).rate_limited());
  CHECK_FALSE(workload_of({}).rate_limited());
  CHECK_FALSE(workload_of({}).rate_poisson);  // fio's default: linear
  CHECK(workload_of({"--rate_iops=100", "--rate_process=poisson"}).rate_poisson);
  CHECK(test::contains(error_of({"--rate_process=bursty"}), "fio's rate processes are linear and poisson"));
  CHECK(error_of({"--rate_iops=1,2,3,4"}) == "invalid fio option rate_iops='1,2,3,4': at most three values (read,write,trim)");
  CHECK(error_of({"--rate_iops=,"}) == "invalid fio option rate_iops=',': needs a value (read,write,trim)");
  CHECK(error_of({"--rate=,,"}) == "invalid fio option rate=',,': needs a value (read,write,trim)");
  CHECK(error_of({"--rate=1m", "--rate_iops=10"}) == "workload 'x': rate= and rate_iops= are mutually exclusive (as in fio)");
}

TEST_CASE("fio vocabulary: loops, startdelay, gtod_reduce and the report switches") {
  CHECK(workload_of({}).loops == 1);
  CHECK(workload_of({"--loops=3"}).loops == 3);
  CHECK(test::contains(error_of({"--loops=0"}), "must be between 1 and"));
  CHECK(workload_of({"--startdelay=2"}).start_delay == seconds(2));  // seconds without a unit, as fio
  CHECK(workload_of({"--startdelay=250ms"}).start_delay == milliseconds(250));
  CHECK(test::contains(error_of({"--startdelay=1-5"}), "a random range is not supported"));
  CHECK(workload_of({"--gtod_reduce=1"}).gtod_reduce);
  CHECK(workload_of({"--gtod_reduce"}).gtod_reduce);
  for (const char* flag : {"--disable_lat=1", "--disable_clat=1", "--disable_slat=1", "--clat_percentiles=1",
                           "--lat_percentiles=1", "--disable_bw_measurement=1"}) {
    CHECK(error_of({flag}).empty());
  }
  CHECK(test::contains(error_of({"--clat_percentiles=2"}), "must be 0 or 1"));
}

TEST_CASE("fio vocabulary: the thinktime family, a bare number microseconds (thinktime_iotime's seconds), as fio") {
  using std::chrono::microseconds;
  const WorkloadSpec plain = workload_of({});
  CHECK(plain.thinktime == microseconds(0));
  CHECK(!plain.thinktime_blocks);
  CHECK(!plain.thinktime_blocks_issue);
  CHECK(workload_of({"--thinktime=250"}).thinktime == microseconds(250));
  CHECK(workload_of({"--thinktime=20ms"}).thinktime == milliseconds(20));
  CHECK(workload_of({"--thinktime_spin=100"}).thinktime_spin == microseconds(100));
  CHECK(workload_of({"--thinktime_blocks=4"}).thinktime_blocks == 4u);
  CHECK(workload_of({"--thinktime_blocks_type=issue"}).thinktime_blocks_issue);
  CHECK(!workload_of({"--thinktime_blocks_type=complete"}).thinktime_blocks_issue);
  CHECK(workload_of({"--thinktime_iotime=9"}).thinktime_iotime == seconds(9));
  CHECK(workload_of({"--thinktime_iotime=500ms"}).thinktime_iotime == milliseconds(500));
  CHECK(test::contains(error_of({"--thinktime_blocks_type=both"}), "complete or issue"));
  CHECK(test::contains(error_of({"--thinktime=2h"}), "at most 4294967295us"));
  CHECK(test::contains(error_of({"--thinktime_blocks=-1"}), "thinktime_blocks"));
}

TEST_CASE("fio vocabulary: sync=, overwrite= and create_only= with fio's values") {
  CHECK(workload_of({}).sync_open_flag == 0);
  CHECK(workload_of({"--sync=1"}).sync_open_flag == O_SYNC);
  CHECK(workload_of({"--sync=sync"}).sync_open_flag == O_SYNC);
  CHECK(workload_of({"--sync=dsync"}).sync_open_flag == O_DSYNC);
  CHECK(workload_of({"--sync=none"}).sync_open_flag == 0);
  CHECK(test::contains(error_of({"--sync=2"}), "fio's values are none (0), sync (1) and dsync"));
  CHECK_FALSE(workload_of({}).overwrite);
  CHECK(workload_of({"--overwrite=1"}).overwrite);
  CHECK(workload_of({"--create_only=1"}).create_only);
  CHECK(test::contains(error_of({"--create_only=yes"}), "must be 0 or 1"));
}

TEST_CASE("fio vocabulary: filesize= gives the job's size, as fio's one file of that size") {
  const FioJobs jobs = read_fio_command_line(std::vector<std::string>{"--name=x", "--filesize=2m"});
  CHECK(jobs.workloads.front().size_bytes == 2u << 20);
  CHECK(workload_of({"--filesize=512k"}).size_bytes == 512u << 10);  // size=1m is more than the file: the file's
  CHECK(test::contains(error_of({"--filesize=2m"}), "size=1048576 below filesize=2097152"));
  const WorkloadSpec range = workload_of({"--filesize=64k-512k", "--nrfiles=4"});
  CHECK(range.file_size == 64u << 10);
  CHECK(range.file_size_high == 512u << 10);
  CHECK(range.size_bytes == 1u << 20);  // several files: size= stays the job's, the planner splits or caps it
  CHECK(workload_of({"--filesize=64k:128k"}).file_size_high == 128u << 10);  // fio reads lo:hi and lo,hi too
  CHECK(workload_of({"--filesize=64k-64k"}).file_size_high == 0);           // one size
  CHECK(test::contains(error_of({"--filesize=2m-1m"}), "the range's low end comes first"));
}

TEST_CASE("fio vocabulary: nrfiles=, file_service_type= (with :N) and openfiles=, as fio reads them") {
  const WorkloadSpec defaults = workload_of({});
  CHECK(defaults.nrfiles == 1);
  CHECK(defaults.file_service == FileServiceKind::kRoundRobin);
  CHECK(defaults.file_service_turn == 1);
  CHECK(defaults.open_files == 0);
  CHECK(workload_of({"--nrfiles=8"}).nrfiles == 8);
  CHECK(workload_of({"--nr_files=3"}).nrfiles == 3);
  CHECK(workload_of({"--openfiles=2"}).open_files == 2);
  CHECK(workload_of({"--file_service_type=sequential"}).file_service == FileServiceKind::kSequential);
  const WorkloadSpec random = workload_of({"--file_service_type=random:16"});
  CHECK(random.file_service == FileServiceKind::kRandom);
  CHECK(random.file_service_turn == 16);
  CHECK(workload_of({"--file_service_type=roundrobin:4"}).file_service_turn == 4);
  // zipf, pareto, normal (gauss: its other name) with fio's defaults, :T and :T:C.
  const WorkloadSpec zipf = workload_of({"--file_service_type=zipf"});
  CHECK(zipf.file_service == FileServiceKind::kZipf);
  CHECK(zipf.file_service_parameter == 1.1);
  CHECK_FALSE(zipf.file_service_center.has_value());
  CHECK(workload_of({"--file_service_type=zipf:1.2"}).file_service_parameter == 1.2);
  const WorkloadSpec pareto = workload_of({"--file_service_type=pareto:0.3:0.25"});
  CHECK(pareto.file_service == FileServiceKind::kPareto);
  CHECK(pareto.file_service_parameter == 0.3);
  CHECK(pareto.file_service_center == 0.25);
  CHECK(workload_of({"--file_service_type=pareto"}).file_service_parameter == 0.2);
  const WorkloadSpec gauss = workload_of({"--file_service_type=gauss:5"});
  CHECK(gauss.file_service == FileServiceKind::kNormal);
  CHECK(gauss.file_service_parameter == 5.0);
  CHECK(workload_of({"--file_service_type=normal"}).file_service_parameter == 0.0);
  CHECK(test::contains(error_of({"--file_service_type=zipf:1"}),
                       "file_service_type='zipf:1': zipf's theta must not be 1"));
  CHECK(test::contains(error_of({"--file_service_type=pareto:1.5"}), "file_service_type='pareto:1.5': pareto's h"));
  CHECK(test::contains(error_of({"--file_service_type=gauss:100"}), "normal's deviation must be within"));
  CHECK(test::contains(error_of({"--file_service_type=zipf:1.2:2"}), "the center must be within 0..1"));
  CHECK(test::contains(error_of({"--file_service_type=zipf:x"}), "file_service_type='zipf:x': the parameter 'x'"));
  CHECK(test::contains(error_of({"--file_service_type=rr"}),
                       "must be one of roundrobin|sequential|random|zipf|pareto|normal or gauss"));
  CHECK(test::contains(error_of({"--file_service_type=random:0"}), "file_service_type='random:0'"));
  CHECK(test::contains(error_of({"--nrfiles=0"}), "nrfiles='0'"));
  CHECK(test::contains(error_of({"--nrfiles=2", "--verify=crc32c"}), "verify= with several files per job"));
  CHECK(workload_of({"--filename=a:b\\:c"}).filename == "a:b\\:c");  // as written; the planner splits it
  CHECK(test::contains(error_of({"--filename=::"}), "no file name"));
  CHECK(workload_of({"--directory=/tmp:/var/tmp"}).directory == "/tmp:/var/tmp");
}

TEST_CASE("fio vocabulary: cpus_allowed= lists CPUs and ranges") {
  CHECK(workload_of({"--cpus_allowed=0-2,5"}).cpus_allowed == std::vector<std::uint32_t>{0, 1, 2, 5});
  CHECK(workload_of({"--cpus_allowed=3"}).cpus_allowed == std::vector<std::uint32_t>{3});
  CHECK(workload_of({}).cpus_allowed.empty());
  CHECK(test::contains(error_of({"--cpus_allowed=4-2"}), "runs backwards"));
  CHECK(test::contains(error_of({"--cpus_allowed=5000"}), "must be between 0 and 1023"));
}

TEST_CASE("fio vocabulary: number_ios= and fsync_on_close=") {
  CHECK(workload_of({}).number_ios == 0);
  CHECK(workload_of({"--number_ios=100"}).number_ios == 100);
  CHECK(workload_of({"--fsync_on_close=1"}).fsync_on_close);
  CHECK(test::contains(error_of({"--number_ios=-1"}), "without a sign"));
}

TEST_CASE("fio vocabulary: io_submit_mode= inline or offload, offload refused where fio refuses it") {
  CHECK_FALSE(workload_of({}).submit_offload);
  CHECK_FALSE(workload_of({"--io_submit_mode=inline"}).submit_offload);
  CHECK(workload_of({"--io_submit_mode=offload", "--ioengine=libaio"}).submit_offload);
  CHECK(error_of({"--io_submit_mode=later"}) == "invalid fio option io_submit_mode='later': must be inline or offload");
  CHECK(error_of({"--io_submit_mode=offload", "--ioengine=io_uring"}) ==
        "workload 'x': io_uring cannot be used with io_submit_mode=offload (fio refuses it too): use libaio, posixaio, "
        "psync or null");
  CHECK(error_of({"--io_submit_mode=offload", "--ioengine=mmap"}) ==
        "workload 'x': io_submit_mode=offload runs with libaio, posixaio, psync or null in bench++, not mmap");
}

TEST_CASE("fio vocabulary: fio's --readonly refuses every workload that writes, before anything runs") {
  const std::map<std::string, std::string> none;
  CHECK(parse_job({"--readonly", "--name=r", "--rw=randread", "--size=1m"}, none).error.empty());
  CHECK(parse_job({"--readonly", "--name=r", "--rw=randread", "--size=1m"}, none).workloads.front().read_only);
  CHECK(parse_job({"--name=w", "--rw=randwrite", "--size=1m", "-readonly"}, none).error ==
        "workload 'w': writes, and --readonly allows no write (fio refuses it too)");
  CHECK(test::contains(parse_job({"--readonly", "--name=m", "--rw=randrw", "--size=1m"}, none).error, "'m': writes"));
}

TEST_CASE("fio vocabulary: job options beside a job file fill fio's defaults for the first file only") {
  const std::map<std::string, std::string> files = {
      {"a.fio", "[global]\nbs=8k\n[one]\nsize=1m\n[two]\nsize=1m\nruntime=5\n"},
      {"b.fio", "[three]\nsize=1m\n"},
  };
  const Parsed parsed = parse_job({"--runtime", "30", "--bs=16k", "--time_based", "a.fio", "b.fio"}, files);
  INFO(parsed.error);
  REQUIRE(parsed.workloads.size() == 3);
  const WorkloadSpec& one = parsed.workloads[0];
  CHECK(one.runtime == seconds(30));  // the command line's
  CHECK(one.time_based);
  CHECK(one.block_bytes == 8192);  // the file's [global] sets bs again
  CHECK(parsed.workloads[1].runtime == seconds(5));  // and a section
  const WorkloadSpec& three = parsed.workloads[2];  // fio resets its defaults before a second job file
  CHECK(three.runtime == seconds(0));
  CHECK_FALSE(three.time_based);
  CHECK(three.block_bytes == 4096);
  // Options after the file name too (fio's getopt reads them all before the files).
  CHECK(parse_job({"a.fio", "--runtime=7"}, files).workloads.front().runtime == seconds(7));
  CHECK(parse_job({"--name=x", "a.fio"}, files).error ==
        "unexpected word 'a.fio': a word without '--' names a job file, and a job file does not combine with a "
        "workload of the command line (--name=x)");
  CHECK(test::contains(parse_job({"--no_such_option=5", "a.fio"}, files).error, "unknown fio option 'no_such_option'"));
  CHECK(parse_job({"--bs=4x", "a.fio"}, files).error ==
        "on the command line: invalid fio option bs='4x': unknown size suffix 'x'");
}

TEST_CASE("fio vocabulary: ${NAME} in a job file's option lines is the environment's NAME, or nothing, as fio") {
  const EnvironmentLookup environment = [](const std::string& name) -> std::optional<std::string> {
    if (name == "SIZE") return "2m";
    if (name == "RW") return "randwrite";
    return std::nullopt;
  };
  const std::vector<WorkloadSpec> specs =
      read_fio_job_file("[job]\nsize=${SIZE}\nrw=${RW}\nbs=4${UNSET}k\ndescription=a ${ and $x\n", "env.fio", {},
                        environment);
  REQUIRE(specs.size() == 1);
  CHECK(specs[0].size_bytes == 2u << 20);
  CHECK(specs[0].pattern == IoPattern::kRandWrite);
  CHECK(specs[0].block_bytes == 4096);              // an unset variable is nothing
  CHECK(specs[0].description == "a ${ and $x");     // no closing brace: kept as written
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file("[job]\nsize=${NOPE}\n", "env.fio", {}, environment); }) ==
        "env.fio:2: invalid fio option size='': empty value");
  CHECK(test::error_of<UsageError>([&] { read_fio_job_file("[job]\ninclude other.fio\n", "env.fio"); }) ==
        "env.fio:2: include lines are not supported here (a job file on disk can have them)");
}

}  // namespace bench
