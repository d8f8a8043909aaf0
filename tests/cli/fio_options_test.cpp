// fio's vocabulary as bench++ reads it: sizes and times with fio's rules, the options of Tart's six fio command
// lines verbatim (tests/fixtures/fio/tart-commands.txt), job files as people write them, and the errors for
// what bench++ does not run.
#include "cli/fio_options.h"

#include <doctest/doctest.h>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "result/errors.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = kKiB * 1024;
constexpr std::uint64_t kGiB = kMiB * 1024;

// The message of the UsageError `call` throws, or "" when it throws none.
template <class Call>
std::string usage_error_of(Call&& call) {
  return test::error_of<UsageError>(call);
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  for (std::string_view word : split(line, ' ')) {
    if (!word.empty()) words.emplace_back(word);
  }
  return words;
}

FioJobs from_command_line(std::string_view line) {
  const std::vector<std::string> words = words_of(line);
  return read_fio_command_line(words);
}

WorkloadSpec only_workload(std::string_view line) {
  const FioJobs jobs = from_command_line(line);
  REQUIRE(jobs.workloads.size() == 1);
  return jobs.workloads.front();
}

}  // namespace

TEST_CASE("fio: sizes follow fio's kb_base=1024 rules: 4k and 4kb are 4096, 4KiB is 4000, 4g is 4 GiB") {
  CHECK(parse_fio_size("512", 1024) == 512);
  CHECK(parse_fio_size("512b", 1024) == 512);
  CHECK(parse_fio_size("4k", 1024) == 4 * kKiB);
  CHECK(parse_fio_size("4K", 1024) == 4 * kKiB);
  CHECK(parse_fio_size("4kb", 1024) == 4 * kKiB);
  CHECK(parse_fio_size("4KB", 1024) == 4 * kKiB);
  CHECK(parse_fio_size("4ki", 1024) == 4 * kKiB);
  CHECK(parse_fio_size("4KiB", 1024) == 4000);  // fio's compatibility mode: IEC read as powers of ten
  CHECK(parse_fio_size("1MiB", 1024) == 1000000);
  CHECK(parse_fio_size("1m", 1024) == kMiB);
  CHECK(parse_fio_size("1mb", 1024) == kMiB);
  CHECK(parse_fio_size("2GB", 1024) == 2 * kGiB);
  CHECK(parse_fio_size("4g", 1024) == 4 * kGiB);
  CHECK(parse_fio_size("1t", 1024) == kGiB * 1024);
  CHECK(parse_fio_size("1p", 1024) == kGiB * kMiB);
  // kb_base=1000: SI and IEC as they are meant.
  CHECK(parse_fio_size("4k", 1000) == 4000);
  CHECK(parse_fio_size("4kB", 1000) == 4000);
  CHECK(parse_fio_size("4KiB", 1000) == 4 * kKiB);
  CHECK(parse_fio_size("4ki", 1000) == 4 * kKiB);

  CHECK(usage_error_of([] { parse_fio_size("1.5k", 1024); }) == "invalid size '1.5k': must be a whole number");
  CHECK(usage_error_of([] { parse_fio_size("4x", 1024); }) == "invalid size '4x': unknown size suffix 'x'");
  CHECK(usage_error_of([] { parse_fio_size("4kbb", 1024); }) == "invalid size '4kbb': unknown size suffix 'kbb'");
  CHECK(usage_error_of([] { parse_fio_size("-4k", 1024); }) == "invalid size '-4k': must be a number without a sign");
  CHECK(usage_error_of([] { parse_fio_size("", 1024); }) == "invalid size '': empty value");
  CHECK(usage_error_of([] { parse_fio_size("20000p", 1024); }) == "invalid size '20000p': too large");
  CHECK(usage_error_of([] { parse_fio_size("99999999999999999999", 1024); }).find("too large") != std::string::npos);
}

TEST_CASE("fio: times are seconds by default, with us, ms, s, m, h and d") {
  CHECK(parse_fio_time("60") == seconds(60));
  CHECK(parse_fio_time("60s") == seconds(60));
  CHECK(parse_fio_time("2m") == seconds(120));  // minutes, as in fio
  CHECK(parse_fio_time("2min") == seconds(120));
  CHECK(parse_fio_time("1h") == seconds(3600));
  CHECK(parse_fio_time("1d") == seconds(86400));
  CHECK(parse_fio_time("500ms") == milliseconds(500));
  CHECK(parse_fio_time("250us") == std::chrono::microseconds(250));
  CHECK(parse_fio_time("250USEC") == std::chrono::microseconds(250));
  CHECK(usage_error_of([] { parse_fio_time("10w"); }) ==
        "invalid time '10w': unknown time unit 'w' (use us, ms, s, m, h or d)");
  CHECK(usage_error_of([] { parse_fio_time("1.5s"); }) == "invalid time '1.5s': must be a whole number");
}

TEST_CASE("fio: Tart's six fio command lines, verbatim, read as fio reads them") {
  std::vector<WorkloadSpec> specs;
  std::vector<bool> json;
  for_each_line(test::read_fixture("fio/tart-commands.txt"), [&](std::string_view line) {
    REQUIRE(line.substr(0, 4) == "fio ");
    const FioJobs jobs = from_command_line(line.substr(4));
    REQUIRE(jobs.workloads.size() == 1);
    specs.push_back(jobs.workloads.front());
    json.push_back(jobs.output.has("json"));
  });
  REQUIRE(specs.size() == 6);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    CAPTURE(i);
    CHECK(specs[i].name == "benchmark");
    CHECK(json[i]);
    CHECK(specs[i].unlink);
  }
  // Single 4KiB random write process.
  CHECK(specs[0].pattern == IoPattern::kRandWrite);
  CHECK(specs[0].block_bytes == 4 * kKiB);
  CHECK(specs[0].size_bytes == 4 * kGiB);
  CHECK(specs[0].jobs == 1);
  CHECK(specs[0].iodepth == 1);
  CHECK(specs[0].runtime == seconds(60));
  CHECK(specs[0].time_based);
  CHECK(specs[0].end_fsync);
  CHECK(specs[0].fio_engine == "posixaio");
  CHECK(specs[0].engine == EngineKind::kPosixAio);
  CHECK(!specs[0].direct);
  CHECK(!specs[0].group_reporting);
  // 16 parallel 64KiB random write processes.
  CHECK(specs[1].block_bytes == 64 * kKiB);
  CHECK(specs[1].size_bytes == 256 * kMiB);
  CHECK(specs[1].jobs == 16);
  CHECK(specs[1].iodepth == 16);
  CHECK(specs[1].group_reporting);
  // Single 1MiB random write process.
  CHECK(specs[2].block_bytes == kMiB);
  CHECK(specs[2].size_bytes == 10 * kGiB);
  // Random reads/writes (4k): 2GB is 2 GiB under fio's default kb_base.
  CHECK(specs[3].pattern == IoPattern::kRandRw);
  CHECK(specs[3].size_bytes == 2 * kGiB);
  CHECK(specs[3].direct);
  CHECK(specs[3].iodepth == 256);
  CHECK(specs[3].jobs == 4);
  CHECK(specs[3].runtime == seconds(120));
  CHECK(specs[3].read_percent == 50);
  // Random reads/writes (64k).
  CHECK(specs[4].block_bytes == 64 * kKiB);
  CHECK(specs[4].iodepth == 64);
  // The sync test (etcd's): 2300-byte writes, each followed by fdatasync, synchronous.
  CHECK(specs[5].pattern == IoPattern::kWrite);
  CHECK(specs[5].engine == EngineKind::kSync);
  CHECK(specs[5].fio_engine == "sync");
  CHECK(specs[5].fdatasync_every == 1);
  CHECK(specs[5].directory == "test-data");
  CHECK(specs[5].size_bytes == 22 * kMiB);
  CHECK(specs[5].block_bytes == 2300);
  CHECK(!specs[5].time_based);
}

TEST_CASE("fio: command lines: values after = or as the next word, flags bare, global options before --name") {
  const FioJobs jobs = from_command_line(
      "--size 1m --ioengine io_uring --name=a --rw=randread --iodepth 8 --name b --rw=write --stonewall "
      "--fsync=4 --rwmixwrite=30 --time_based=0 --runtime=10s --ramp_time=2 --invalidate=0 --randseed=7");
  REQUIRE(jobs.workloads.size() == 2);
  const WorkloadSpec& a = jobs.workloads[0];
  const WorkloadSpec& b = jobs.workloads[1];
  CHECK(!jobs.output.any());
  CHECK(a.name == "a");
  CHECK(a.size_bytes == kMiB);  // global
  CHECK(b.size_bytes == kMiB);
  CHECK(a.engine == EngineKind::kIoUring);
  CHECK(a.pattern == IoPattern::kRandRead);
  CHECK(a.iodepth == 8);
  CHECK(b.iodepth == 1);  // a's options stay a's
  CHECK(!a.stonewall);
  CHECK(b.stonewall);
  CHECK(b.fsync_every == 4);
  CHECK(b.read_percent == 70);
  CHECK(!b.time_based);
  CHECK(b.runtime == seconds(10));
  CHECK(b.ramp_time == seconds(2));
  CHECK(!b.invalidate);
  CHECK(b.seed == 7u);
  // fio's defaults.
  CHECK(a.block_bytes == 4096);
  CHECK(a.read_percent == 50);
  CHECK(a.invalidate);
  CHECK(!a.seed);
  CHECK(a.randrepeat);
  CHECK(only_workload("--name=x --size=1m").fio_engine == "psync");
  CHECK(only_workload("--name=x --size=1m").engine == EngineKind::kPsync);
  // kb_base applies to the sizes written after it, as in fio 3.33.
  CHECK(only_workload("--name=x --kb_base=1000 --size=8k").size_bytes == 8000);
  CHECK(only_workload("--name=x --size=8k --kb_base=1000").size_bytes == 8192);
  CHECK(only_workload("--kb_base=1000 --name=x --size=8KiB").size_bytes == 8192);
  CHECK(only_workload("--kb_base=1000 --name=x --size=8k").block_bytes == 4096);  // fio's default bs is 4096
  CHECK(only_workload("--name=x --size=50% --filename=/dev/null").size_percent == 50u);
}

TEST_CASE("fio: what bench++ does not run is an error naming the option, never ignored") {
  const auto error_of = [](std::string_view line) { return usage_error_of([&] { from_command_line(line); }); };
  // A name fio knows is fio's and not run; any other is unknown, with the nearest name bench++ runs by fio's rule
  // (an edit distance of at most half the name) or none.
  CHECK(error_of("--name=x --size=1m --verify_state_load=3") ==
        "fio option 'verify_state_load' is not supported by bench++ (see bench++(1), WORKLOADS)");
  CHECK(error_of("--name=x --size=1m --sizee=3") == "unknown fio option 'sizee' (did you mean 'size'?) (see --cmdhelp)");
  CHECK(error_of("--name=x --size=1m --zzzzzzzzzz=3") == "unknown fio option 'zzzzzzzzzz' (see --cmdhelp)");
  // Every option bench++ does not run, in one message, each once.
  CHECK(error_of("--name=x --size=1m --no_such_option=3 --verify_state_load=2 --name=y --size=1m --no_such_option 2 --exec_prerun") ==
        "unknown fio option 'no_such_option' (did you mean 'description'?); fio options 'verify_state_load', 'exec_prerun' "
        "are not supported by bench++ (see --cmdhelp)");
  CHECK(error_of("--name=x --rw_sequencr=1 --iodepht=2") ==
        "unknown fio options 'rw_sequencr', 'iodepht' (did you mean 'rw_sequencer' for 'rw_sequencr'?) (see --cmdhelp)");
  CHECK(error_of("--name=x --size=1m --ioengine=windowsaio") ==
        "invalid fio option ioengine='windowsaio': bench++ runs io_uring, libaio, posixaio, psync, sync, vsync, "
        "pvsync, pvsync2, mmap, falloc, null, filecreate, filestat, filedelete, ftruncate, cpuio and exec");
  CHECK(error_of("--name=x --size=1m --rw=readtrim") ==
        "invalid fio option rw='readtrim': bench++ runs read, write, randread, randwrite, rw (readwrite), randrw, "
        "trim, randtrim, trimwrite and randtrimwrite");
  CHECK(error_of("--name=x --size=1m --bs=4k,8k,8k,8k").find("at most three values") != std::string::npos);
  CHECK(error_of("--name=x --size=1m --direct") == "fio option '--direct' needs a value");
  CHECK(error_of("--name=x --size=1m --direct=yes") == "invalid fio option direct='yes': must be 0 or 1");
  CHECK(error_of("--name=x --size=1m --iodepth=40000") ==
        "invalid fio option iodepth='40000': must be between 1 and 32768");
  CHECK(error_of("--name=x --size=1m --iodepth=0") == "invalid fio option iodepth='0': must be between 1 and 32768");
  CHECK(error_of("--name=x --size=1m --numjobs=0") == "invalid fio option numjobs='0': must be between 1 and 4096");
  CHECK(error_of("--name=x --size=0") == "invalid fio option size='0': must be more than 0");
  CHECK(error_of("--name=x --size=1m --runtime=10w") ==
        "invalid fio option runtime='10w': unknown time unit 'w' (use us, ms, s, m, h or d)");
  CHECK(error_of("--name=x --size=1m --direct=1 --bs=1000") ==
        "workload 'x': bs=1000 is not a multiple of 512, which direct=1 (O_DIRECT) needs");
  CHECK(error_of("--name=x --size=1k --bs=4k") == "workload 'x': size=1024 is smaller than bs=4096");
  CHECK(error_of("--name=x --rw=read").find("needs size=") != std::string::npos);
  CHECK(error_of("--name=x --size=1m --time_based") == "workload 'x': time_based needs runtime= (how long to loop)");
  CHECK(error_of("--name=x --size=1m --name=x --size=2m") ==
        "two workloads are named 'x': each workload's results go under its own name");
  CHECK(error_of("--size=1m") == "the fio options need a --name=NAME to form a workload");
  CHECK(error_of("") == "no workload: give fio options with --name=NAME, or a job file");
  CHECK(error_of("--name=x --size=1m stray") ==
        "unexpected 'stray' among the fio options (they are written --option=value)");
  CHECK(error_of("--name=x --output-format=xml") ==
        "invalid fio option output-format='xml': 'xml' is none of normal, json, json+ and terse");
  CHECK(error_of("--name=x --size") == "fio option '--size' needs a value");
  CHECK(error_of("--name=x --size=1m --filename=:").find("no file name") != std::string::npos);
}

TEST_CASE("fio: job files as people write them: comments, [global] sections, flags, stonewall") {
  const std::string text =
      "; a job file\n"
      "# as fio reads it\n"
      "[global]\n"
      "ioengine=libaio\n"
      "direct = 1      ; spaces and a comment after the value\n"
      "size=64m\n"
      "thread\n"
      "\n"
      "[seq-read]\n"
      "rw=read\n"
      "bs=1m\n"
      "iodepth=8\n"
      "\n"
      "[global]\n"
      "runtime=5\n"
      "time_based\n"
      "[rand-write]\n"
      "stonewall\n"
      "rw=randwrite\n"
      "rwmixwrite=100\n"
      "filename=data.bin\n"
      "directory=/srv/test\n"
      "numjobs=4\n"
      "group_reporting\n";
  const std::vector<WorkloadSpec> specs = read_fio_job_file(text, "jobs.fio");
  REQUIRE(specs.size() == 2);
  CHECK(specs[0].name == "seq-read");
  CHECK(specs[0].engine == EngineKind::kLibaio);
  CHECK(specs[0].direct);
  CHECK(specs[0].size_bytes == 64 * kMiB);
  CHECK(specs[0].block_bytes == kMiB);
  CHECK(specs[0].iodepth == 8);
  CHECK(!specs[0].time_based);  // the second [global] comes after it
  CHECK(!specs[0].stonewall);
  CHECK(specs[1].name == "rand-write");
  CHECK(specs[1].stonewall);
  CHECK(specs[1].time_based);
  CHECK(specs[1].runtime == seconds(5));
  CHECK(specs[1].block_bytes == 4096);
  CHECK(specs[1].read_percent == 0);
  CHECK(specs[1].filename == "data.bin");
  CHECK(specs[1].directory == "/srv/test");
  CHECK(specs[1].jobs == 4);
  CHECK(specs[1].group_reporting);
}

TEST_CASE("fio: job file errors name the file and line") {
  const auto error_of = [](const std::string& text) {
    return usage_error_of([&] { read_fio_job_file(text, "bad.fio"); });
  };
  CHECK(error_of("[a]\nsize=1m\nno_such_option=2\n") ==
        "bad.fio:3: unknown fio option 'no_such_option' (did you mean 'description'?) (see --cmdhelp)");
  // All of them in one message, at the first one's line.
  CHECK(error_of("[global]\nlockfile=exclusive\n[a]\nsize=1m\ngpu_dev_id=2\n[b]\nsize=1m\ngpu_dev_id=3\nverify_state_load=2\n") ==
        "bad.fio:2: fio options 'lockfile', 'gpu_dev_id', 'verify_state_load' are not supported by bench++ (see bench++(1), "
        "WORKLOADS)");
  // zonemode=zbd's options: zoned block devices, which cannot be tested here.
  CHECK(error_of("[a]\nsize=1m\nzonecapacity=1m\nmax_open_zones=4\n") ==
        "bad.fio:3: fio options 'zonecapacity', 'max_open_zones' are for zoned block devices (zonemode=zbd), which "
        "cannot be tested here (see bench++(1), WORKLOADS)");
  CHECK(error_of("[a]\nsize=1m\nzonemode=zbd\n").find("bad.fio:3: invalid fio option zonemode='zbd': zoned block "
                                                        "devices (zonemode=zbd) cannot be tested here") == 0);
  CHECK(error_of("size=1m\n[a]\n") == "bad.fio:1: an option before the first [section]");
  CHECK(error_of("[a\nsize=1m\n") == "bad.fio:1: '[a' is not a [section] line");
  CHECK(error_of("[global]\nsize=1m\n") == "bad.fio: no workload (a [section] other than [global])");
  CHECK(error_of("[a]\nsize=1m\n[b]\nrw=read\n").find("bad.fio:3: workload 'b': needs size=") == 0);
  CHECK(error_of("[a]\nsize=1m\nbs=4x\n") == "bad.fio:3: invalid fio option bs='4x': unknown size suffix 'x'");
  CHECK(error_of("[a]\nsize=1m\ndirect\n") == "bad.fio:3: fio option 'direct' needs a value (direct=VALUE)");
  CHECK(error_of("[a]\nsize=1m\ninclude more.fio\n") == "bad.fio:3: include lines are not supported here (a job file on disk can have them)");
  CHECK(error_of("[a]\nsize=1m\noutput-format=json\n").find("'output-format' is not supported") !=
        std::string::npos);
  CHECK(error_of("[a]\nsize=1m\n[a]\nsize=2m\n") ==
        "two workloads are named 'a': each workload's results go under its own name");
}

TEST_CASE("fio: the suites shipped with bench++ are job files it reads (fio reads them too)") {
  const auto suite = [](const std::string& name) {
    const std::string file = std::string(BENCH_SOURCE_DIR) + "/suites/" + name + ".fio";
    return read_fio_job_file(test::read_file(file), file);
  };
  const std::vector<WorkloadSpec> tart = suite("tart");
  REQUIRE(tart.size() == 6);
  for (const WorkloadSpec& spec : tart) CHECK(spec.stonewall);
  CHECK(tart[1].jobs == 16);
  CHECK(tart[3].size_bytes == 2 * kGiB);
  CHECK(tart[5].fdatasync_every == 1);
  CHECK(tart[5].engine == EngineKind::kSync);
  const std::vector<WorkloadSpec> openstack = suite("openstack");
  REQUIRE(openstack.size() == 4);
  CHECK(openstack[0].jobs == 32);
  CHECK(openstack[0].iodepth == 10);
  CHECK(openstack[0].runtime == seconds(30));
  CHECK(openstack[3].pattern == IoPattern::kWrite);
  const std::vector<WorkloadSpec> cdm = suite("cdm");
  REQUIRE(cdm.size() == 8);
  CHECK(cdm[0].name == "seq1m-q8t1-read");
  CHECK(cdm[2].iodepth == 32);
  CHECK(cdm[7].pattern == IoPattern::kRandWrite);
  for (const WorkloadSpec& spec : cdm) {
    CHECK(spec.filename == "cdm-test-file");
    CHECK(spec.ramp_time == seconds(5));
    CHECK(spec.direct);
  }
}

TEST_CASE("fio: randseed takes a whole number, or hex after 0x as fio writes its default (0x89)") {
  const auto seed_of = [](const char* text) {
    WorkloadSpec spec;
    apply_fio_option(spec, {"randseed", text}, 1024);
    return spec.seed;
  };
  CHECK(seed_of("0x89") == 137u);
  CHECK(seed_of("0XfF") == 255u);
  CHECK(seed_of("89") == 89u);
  CHECK(usage_error_of([&] { seed_of("0x"); }) ==
        "invalid fio option randseed='0x': hex digits after 0x, up to 0xffffffff");
  CHECK(usage_error_of([&] { seed_of("0x100000000"); }) ==
        "invalid fio option randseed='0x100000000': hex digits after 0x, up to 0xffffffff");
  CHECK(!usage_error_of([&] { seed_of("0x1g"); }).empty());
}

TEST_CASE("fio: random offsets' options: norandommap, random_generator, random_distribution, percentage_random") {
  const WorkloadSpec plain = only_workload("--name=x --size=1m --rw=randread");
  CHECK(plain.random_map);
  CHECK(plain.random_generator == RandomGenerator::kTausworthe);
  CHECK(plain.random_distribution.kind == DistributionKind::kRandom);
  CHECK(plain.percentage_random == std::array<std::uint32_t, 3>{100, 100, 100});
  CHECK(!only_workload("--name=x --size=1m --norandommap").random_map);
  CHECK(only_workload("--name=x --size=1m --norandommap=0").random_map);
  CHECK(only_workload("--name=x --size=1m --random_generator=lfsr").random_generator == RandomGenerator::kLfsr);
  const WorkloadSpec zipf = only_workload("--name=x --size=1m --random_distribution=zipf:1.2");
  CHECK(zipf.random_distribution.kind == DistributionKind::kZipf);
  CHECK(zipf.random_distribution.parameter == 1.2);
  CHECK(zipf.random_distribution_text == "zipf:1.2");
  // zoned_abs sizes follow kb_base, like every size.
  const WorkloadSpec zoned =
      only_workload("--name=x --size=1m --kb_base=1000 --random_distribution=zoned_abs:60/4k:40/8k");
  CHECK(zoned.random_distribution.zones[0].front().size_bytes == 4000);
  CHECK(only_workload("--name=x --size=1m --percentage_random=30,60").percentage_random ==
        std::array<std::uint32_t, 3>{30, 60, 60});
  CHECK(only_workload("--name=x --size=1m --percentage_sequential=30").percentage_random ==
        std::array<std::uint32_t, 3>{70, 70, 70});
  const auto error_of = [](std::string_view line) { return usage_error_of([&] { from_command_line(line); }); };
  CHECK(error_of("--name=x --size=1m --random_generator=mt") ==
        "invalid fio option random_generator='mt': fio's generators are tausworthe, lfsr and tausworthe64");
  CHECK(error_of("--name=x --size=1m --random_distribution=zipf:1") ==
        "invalid fio option random_distribution='zipf:1': random_distribution 'zipf:1': zipf's theta must not be 1");
  CHECK(error_of("--name=x --size=1m --percentage_random=101") ==
        "invalid fio option percentage_random='101': must be between 0 and 100");
  CHECK(error_of("--name=x --size=1m --random_generator=lfsr --random_distribution=zoned:50/50:50/50") ==
        "workload 'x': random_generator=lfsr cannot draw a zoned random_distribution (fio ignores the zones)");
}

}  // namespace bench
