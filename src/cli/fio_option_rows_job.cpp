// fio's job options (FioOptionGroup::kJob): what a workload does, how large, how deep, how long, at what rate,
// and where its random offsets fall; the helpers that read their values (fio 3.33's grammars).
#include "cli/fio_option_rules.h"
#include "cli/fio_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fcntl.h>
#include <stdexcept>

#include "cli/fio_distribution.h"
#include "cli/fio_values.h"
#include "cli/fio_zones.h"
#include "cli/value_error.h"
#include "result/result_keywords.h"
#include "text/number.h"
#include "text/split.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kJob = FioOptionGroup::kJob;

IoPattern io_pattern(std::string_view text) {
  if (text == "readwrite") return IoPattern::kReadWrite;  // fio's other spelling of rw
  if (const auto pattern = enum_from_keyword<IoPattern>(text)) return *pattern;
  fail("bench++ runs read, write, randread, randwrite, rw (readwrite), randrw, trim, randtrim, trimwrite and "
       "randtrimwrite");
}

// fio's engine names: which bench++ engine runs them.
EngineKind engine_for(std::string_view fio_engine) {
  if (const std::optional<EngineKind> kind = engine_for_fio_name(fio_engine)) return *kind;
  fail("bench++ runs " + fio_names_where([](const EngineFacts&) { return true; }, "and"));
}

// rw=<mode>[:<nr>]: the mode, and fio's offset modifier after it (str_rw_cb): for a random mode the requests per
// random offset (atoi, as fio reads it), for a sequential one the bytes to skip (a size, or negative).
void set_rw(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::size_t colon = text.find(':');
  spec.pattern = io_pattern(text.substr(0, colon));
  spec.sequential_skip = 0;
  spec.random_run = 1;
  if (colon == std::string_view::npos) return;
  const std::string_view modifier = text.substr(colon + 1);
  if (is_random(spec.pattern)) {
    spec.random_run = static_cast<std::uint32_t>(std::atoi(std::string(modifier).c_str()));
  } else if (!modifier.empty() && modifier.front() == '-') {
    spec.sequential_skip = -static_cast<std::int64_t>(
        std::min<std::uint64_t>(fio_size_of(modifier.substr(1), kb_base), std::uint64_t{1} << 62));
  } else {
    spec.sequential_skip =
        static_cast<std::int64_t>(std::min<std::uint64_t>(fio_size_of(modifier, kb_base), std::uint64_t{1} << 62));
  }
}

void set_size(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  if (!text.empty() && text.back() == '%') {
    spec.size_percent = whole_number32(text.substr(0, text.size() - 1), 1, 100);
    spec.size_bytes = 0;
    return;
  }
  spec.size_percent.reset();
  spec.zone_counts.size = zone_count_of(text);  // Nz: settle_workload makes it bytes (cli/fio_zones.h)
  if (spec.zone_counts.size) return;
  spec.size_bytes = fio_size_of(text, kb_base);
  if (spec.size_bytes == 0) fail("must be more than 0");
}

// ---- Blocks: bs=R,W[,T], blockalign=, bsrange=, bssplit= as fio 3.33 parses them. ----

void set_block_size(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::array<std::uint32_t, kFioDirections> sizes = per_direction_sizes(text, kb_base);
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    if (sizes[d] != 0) spec.block_sizes.direction[d].bs = sizes[d];
  }
  update_block_bytes(spec);
}

void set_block_align(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::array<std::uint32_t, kFioDirections> aligns = per_direction_sizes(text, kb_base);
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    if (aligns[d] != 0) spec.block_sizes.direction[d].align = aligns[d];
  }
  update_block_bytes(spec);
}

// bsrange=lo-hi[,lo-hi[,lo-hi]] (or lo:hi): a range per direction, as bs= repeats them; lo > hi swapped, as fio.
void set_block_range(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  if (text.size() > 1 && text.back() == ',') text.remove_suffix(1);
  const std::vector<std::string_view> fields = split(text, ',');
  if (fields.size() > kFioDirections) fail("at most three ranges (read,write,trim)");
  std::array<std::pair<std::uint32_t, std::uint32_t>, kFioDirections> ranges{};
  for (std::size_t d = 0; d < fields.size(); ++d) {
    const std::string_view field = fields[d];
    std::size_t cut = field.find('-');
    if (cut == std::string_view::npos) cut = field.find(':');
    if (cut == std::string_view::npos) fail(fmt::format("'{}' is not a range lo-hi (bsrange=4k-64k)", field));
    std::uint32_t low = block_size_of(field.substr(0, cut), kb_base);
    std::uint32_t high = block_size_of(field.substr(cut + 1), kb_base);
    if (low > high) std::swap(low, high);
    ranges[d] = {low, high};
  }
  for (std::size_t d = std::max<std::size_t>(fields.size(), 1); d < kFioDirections; ++d) ranges[d] = ranges[d - 1];
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    spec.block_sizes.direction[d].range_min = ranges[d].first;
    spec.block_sizes.direction[d].range_max = ranges[d].second;
  }
  update_block_bytes(spec);
}

// bssplit=LIST[,LIST[,LIST]]: the reads', writes' and trims' lists (fio's str_split_parse: one list is every
// direction's; with two the trims take the writes'); an empty list leaves its direction to bs= and bsrange=.
void set_block_split(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::vector<std::string_view> lists = split(text, ',');
  if (lists.size() > kFioDirections) fail("at most three lists (read,write,trim)");
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    const std::string_view list = lists[std::min(d, lists.size() - 1)];
    spec.block_sizes.direction[d].split = block_split_list(list, kb_base);
  }
  update_block_bytes(spec);
}

// percentage_random=N or R,W[,T] (fio: a missing write takes the read's, a missing trim the write's).
void set_percentage_random(WorkloadSpec& spec, std::string_view text) {
  const std::vector<std::string_view> fields = split(text, ',');
  if (fields.size() > kFioDirections) fail("at most three values (read,write,trim)");
  std::array<std::uint32_t, kFioDirections> values{};
  for (std::size_t i = 0; i < fields.size(); ++i) values[i] = whole_number32(fields[i], 0, 100);
  for (std::size_t i = fields.size(); i < kFioDirections; ++i) values[i] = values[i - 1];
  spec.percentage_random = values;
}

void set_random_distribution(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.random_distribution =
      parse_random_distribution(text, [kb_base](std::string_view size) { return fio_size_of(size, kb_base); });
  spec.random_distribution_text = text;
}

// randseed=N: a whole number, or one in hex after 0x as fio reads it (its default is written 0x89).
std::uint32_t random_seed(std::string_view text) {
  if (text.starts_with("0x") || text.starts_with("0X")) {
    const std::optional<std::uint32_t> seed = read_number<std::uint32_t>(text.substr(2), 16);
    if (!seed) fail("hex digits after 0x, up to 0xffffffff");
    return *seed;
  }
  return whole_number32(text, 0, 0xffffffffu);
}

void set_rate_bytes(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.rate_bytes = per_direction_values(text, [kb_base](std::string_view v) { return fio_size_of(v, kb_base); });
}

void set_rate_iops(WorkloadSpec& spec, std::string_view text, unsigned) {
  spec.rate_iops = per_direction_values(text, [](std::string_view v) { return whole_number(v, 0, 0xffffffffu); });
}

void set_rate_process(WorkloadSpec& spec, std::string_view text, unsigned) {
  if (text == "linear") {
    spec.rate_poisson = false;
  } else if (text == "poisson") {
    spec.rate_poisson = true;
  } else {
    fail("fio's rate processes are linear and poisson");
  }
}

void set_start_delay(WorkloadSpec& spec, std::string_view text, unsigned) {
  if (text.find('-') != std::string_view::npos || text.find(':') != std::string_view::npos) {
    fail("one delay (startdelay=10s); a random range is not supported by bench++");
  }
  spec.start_delay = fio_time_of(text);
}

// fio's thinktime times (options.c: FIO_OPT_INT with is_time): microseconds in 32 bits; a bare number is microseconds,
// or seconds where fio says is_seconds (thinktime_iotime=).
std::chrono::nanoseconds thinktime_of(std::string_view text, bool bare_is_seconds) {
  const bool bare = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  const std::chrono::nanoseconds time =
      bare && !bare_is_seconds ? fio_time_of(std::string(text) + "us") : fio_time_of(text);
  if (time > std::chrono::microseconds(0xffffffffu)) fail("at most 4294967295us (fio holds it in 32 bits)");
  return time;
}

void set_thinktime_blocks_type(WorkloadSpec& spec, std::string_view text, unsigned) {
  const auto type = std::find(kThinktimeBlocksTypes.begin(), kThinktimeBlocksTypes.end(), text);
  if (type == kThinktimeBlocksTypes.end()) fail("fio's thinktime_blocks_type is complete or issue");
  spec.thinktime_blocks_issue = type != kThinktimeBlocksTypes.begin();
}

// fio's io_size= (io_limit=): a size; N% (of size) is refused.
void set_io_size(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  if (!text.empty() && text.back() == '%') fail("a share of size (io_size=N%) is not supported by bench++");
  spec.zone_counts.io_size = zone_count_of(text);  // Nz: settle_workload makes it bytes (cli/fio_zones.h)
  if (spec.zone_counts.io_size) return;
  spec.io_size = fio_size_of(text, kb_base);
}

// fio's sync=: none or 0, sync or 1 (O_SYNC), dsync (O_DSYNC), added to the job's open.
void set_sync(WorkloadSpec& spec, std::string_view text, unsigned) {
  if (text == "none" || text == "0") {
    spec.sync_open_flag = 0;
  } else if (text == "sync" || text == "1") {
    spec.sync_open_flag = O_SYNC;
  } else if (text == "dsync") {
    spec.sync_open_flag = O_DSYNC;
  } else {
    fail("fio's values are none (0), sync (1) and dsync");
  }
}

// fio's io_submit_mode=: inline (the job's thread submits) or offload (fio's submission workers).
void set_submit_mode(WorkloadSpec& spec, std::string_view text, unsigned) {
  const std::string mode = lowercase(text);
  if (mode != "inline" && mode != "offload") fail("must be inline or offload");
  spec.submit_offload = mode == "offload";
}

// fio's randseed=0x89 when not given: with randrepeat=1 bench++ seeds with 0x89 as fio does, without it the run's
// seed (fio's: the time); a given seed is used either way.
// fio counts stalls after every request unless told (thinktime_blocks=1); bench++ records "not given" apart from
// a given 1, because without it thinktime_iotime= alone decides when a stall is due (fio's handle_thinktime).
constexpr FioOptionDefault kThinktimeBlocksDefault = FioOptionDefault::not_given(
    "1", "left unset: with thinktime_iotime= and no thinktime_blocks=, time alone decides a stall");

constexpr FioOptionDefault kRandseedDefault = FioOptionDefault::not_given(
    "0x89", "unset, randrepeat decides (1: fio's 0x89, 0: the run's seed), as in fio; a given seed is used either way");

constexpr std::array kRules = {
    FioOptionRule{{"name", {}, kRequired, kJob, "NAME", "starts a workload of that name (a job file's section)",
                   {}, recorded_in("name")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.name = v; }},
    FioOptionRule{{"description", {}, kRequired, kJob, "TEXT", "free text about the workload",
                   {}, recorded_in("description")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.description = v; }},
    FioOptionRule{{"rw", {"readwrite"}, kRequired, kJob, "MODE[:N]",
                   "read, write, randread, randwrite, rw (readwrite), randrw, trim, randtrim, trimwrite, "
                   "randtrimwrite; :N is fio's offset modifier (read:8 skips 8 bytes, randread:4 draws every 4th)",
                   "read", recorded_in("rw rw_skip rw_random_run")},
                  set_rw},
    FioOptionRule{{"rw_sequencer", {}, kRequired, kJob, "sequential|identical",
                   "the offset of the requests between random ones of rw=randread:N",
                   "sequential", recorded_in("rw_sequencer")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    const std::optional<RwSequencer> sequencer = enum_from_keyword<RwSequencer>(v);
                    if (!sequencer) fail("fio's sequencers are sequential and identical");
                    s.rw_sequencer = *sequencer;
                  }},
    FioOptionRule{{"rwmixread", {}, kRequired, kJob, "PERCENT", "the share of reads in rw and randrw",
                   "50", recorded_in("rwmixread")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.read_percent = whole_number32(v, 0, 100); }},
    FioOptionRule{{"rwmixwrite", {}, kRequired, kJob, "PERCENT", "the share of writes in rw and randrw",
                   "50", recorded_in("rwmixread")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.read_percent = 100 - whole_number32(v, 0, 100);
                  }},
    FioOptionRule{{"bs", {"blocksize"}, kRequired, kJob, "R[,W[,T]]",
                   "request size of reads, writes and trims", "4096", recorded_in("bs bs_per_direction")},
                  set_block_size},
    FioOptionRule{{"bsrange", {"blocksize_range"}, kRequired, kJob, "LO-HI[,LO-HI[,LO-HI]]",
                   "request sizes drawn from a range per direction", {}, recorded_in("bsrange")},
                  set_block_range},
    FioOptionRule{{"bssplit", {}, kRequired, kJob, "SIZE/PERCENT:...[,...]",
                   "a mix of request sizes per direction, drawn as fio draws them", {}, recorded_in("bssplit")},
                  set_block_split},
    FioOptionRule{{"ba", {"blockalign"}, kRequired, kJob, "R[,W[,T]]",
                   "the unit of random offsets per direction (turns the random map off, as fio)",
                   {}, recorded_in("blockalign")},
                  set_block_align},
    FioOptionRule{{"size", {}, kRequired, kJob, "SIZE|N%|Nz", "bytes per job, or a share of an existing file or device",
                   {}, recorded_in("size_bytes size_percent")},
                  set_size},
    FioOptionRule{{"io_size", {"io_limit"}, kRequired, kJob, "SIZE|Nz", "bytes of I/O over the size= region (passes)",
                   {}, recorded_in("io_size")},
                  set_io_size},
    FioOptionRule{{"number_ios", {}, kRequired, kJob, "N", "a pass ends after N requests",
                   "0", recorded_in("number_ios")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.number_ios = whole_number(v, 0, UINT64_MAX); }},
    FioOptionRule{{"loops", {}, kRequired, kJob, "N", "run the workload N times over", "1", recorded_in("loops")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.loops = whole_number32(v, 1, 0xffffffffu); }},
    FioOptionRule{{"numjobs", {}, kRequired, kJob, "N", "jobs of the workload, each a thread with its own files",
                   "1", recorded_in("numjobs")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.jobs = whole_number32(v, 1, kMaxJobs); }},
    FioOptionRule{{"ioengine", {}, kRequired, kJob, "ENGINE",
                   "io_uring, libaio, posixaio, psync, sync, vsync, pvsync, pvsync2, mmap, falloc, null, ftruncate, "
                   "cpuio or exec",
                   "psync", recorded_in("ioengine")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.engine = engine_for(v);
                    s.fio_engine = v;
                  }},
    FioOptionRule{{"iodepth", {}, kRequired, kJob, "N", "requests in flight per job (asynchronous engines)",
                   "1", recorded_in("iodepth")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.iodepth = whole_number32(v, 1, kMaxIoDepth); }},
    FioOptionRule{{"iodepth_batch", {"iodepth_batch_submit"}, kRequired, kJob, "N",
                   "requests handed to the engine at a time (0: iodepth)", "1", recorded_in("iodepth_batch_submit")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.batch_submit = whole_number32(v, 0, kMaxIoDepth);
                  }},
    FioOptionRule{{"iodepth_batch_complete_min", {"iodepth_batch_complete"}, kRequired, kJob, "N",
                   "reap only with the queue full, waiting for at least N completions",
                   "1", recorded_in("iodepth_batch_complete_min")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.batch_complete_min = whole_number32(v, 0, kMaxIoDepth);
                  }},
    FioOptionRule{{"iodepth_batch_complete_max", {}, kRequired, kJob, "N", "a reap takes at most N completions",
                   {}, recorded_in("iodepth_batch_complete_max")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.batch_complete_max = whole_number32(v, 0, kMaxIoDepth);
                  }},
    FioOptionRule{{"io_submit_mode", {}, kRequired, kJob, "inline|offload",
                   "who submits: the job's thread, or fio's offload (iodepth threads on psync)",
                   "inline", recorded_in("io_submit_mode")},
                  set_submit_mode},
    FioOptionRule{{"direct", {}, kRequired, kJob, "0|1", "O_DIRECT: bypass the page cache", "0", recorded_in("direct")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.direct = boolean(v); }},
    FioOptionRule{{"buffered", {}, kRequired, kJob, "0|1", "the opposite of direct=", "1", recorded_in("direct")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.direct = !boolean(v); }},
    FioOptionRule{{"sync", {}, kRequired, kJob, "none|0|sync|1|dsync", "open the files with O_SYNC or O_DSYNC",
                   "none", recorded_in("sync")},
                  set_sync},
    FioOptionRule{{"fsync", {}, kRequired, kJob, "N", "an fsync after every N writes", "0", recorded_in("fsync")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.fsync_every = whole_number32(v, 0, 0xffffffffu);
                  }},
    FioOptionRule{{"fdatasync", {}, kRequired, kJob, "N", "an fdatasync after every N writes",
                   "0", recorded_in("fdatasync")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.fdatasync_every = whole_number32(v, 0, 0xffffffffu);
                  }},
    FioOptionRule{{"end_fsync", {}, kRequired, kJob, "0|1",
                   "an fsync when the writes are done, inside the measured time", "0", recorded_in("end_fsync")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.end_fsync = boolean(v); }},
    FioOptionRule{{"runtime", {"timeout"}, kRequired, kJob, "TIME", "stop after this time (measured, after ramp_time)",
                   "0", recorded_in("runtime_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.runtime = fio_time_of(v); }},
    FioOptionRule{{"time_based", {}, kFlag, kJob, "", "run for runtime= even when size= is done (passes over it)",
                   {}, recorded_in("time_based")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.time_based = boolean(v); }},
    FioOptionRule{{"ramp_time", {}, kRequired, kJob, "TIME", "run this long before measuring",
                   {}, recorded_in("ramp_time_ms")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.ramp_time = fio_time_of(v); }},
    FioOptionRule{{"startdelay", {}, kRequired, kJob, "TIME", "wait this long before the job starts",
                   "0", recorded_in("startdelay_ms")},
                  set_start_delay},
    FioOptionRule{{"thinktime", {}, kRequired, kJob, "TIME",
                   "after thinktime_blocks requests, stall this long (bare: us)", "0",
                   recorded_in("thinktime_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.thinktime = thinktime_of(v, false); }},
    FioOptionRule{{"thinktime_spin", {}, kRequired, kJob, "TIME", "spin this much of each thinktime stall (bare: us)",
                   "0", recorded_in("thinktime_spin_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.thinktime_spin = thinktime_of(v, false); }},
    FioOptionRule{{"thinktime_blocks", {}, kRequired, kJob, "N", "requests between two thinktime stalls",
                   kThinktimeBlocksDefault, recorded_in("thinktime_blocks")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.thinktime_blocks = whole_number32(v, 0, 0xffffffffu);
                  }},
    FioOptionRule{{"thinktime_blocks_type", {}, kRequired, kJob, "complete|issue",
                   "thinktime_blocks counts completed or issued requests", "complete",
                   recorded_in("thinktime_blocks_type")},
                  set_thinktime_blocks_type},
    FioOptionRule{{"thinktime_iotime", {}, kRequired, kJob, "TIME", "stall also after this long of I/O (bare: s)",
                   "0", recorded_in("thinktime_iotime_us")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.thinktime_iotime = thinktime_of(v, true); }},
    FioOptionRule{{"rate", {}, kRequired, kJob, "R[,W[,T]]", "bytes per second per job, at most",
                   {}, recorded_in("rate")},
                  set_rate_bytes},
    FioOptionRule{{"rate_iops", {}, kRequired, kJob, "R[,W[,T]]", "requests per second per job, at most",
                   {}, recorded_in("rate_iops")},
                  set_rate_iops},
    FioOptionRule{{"rate_process", {}, kRequired, kJob, "linear|poisson", "how rate= spaces the requests",
                   "linear", recorded_in("rate_process")},
                  set_rate_process},
    FioOptionRule{{"randseed", {}, kRequired, kJob, "N", "the seed of fio's random generators",
                   kRandseedDefault, recorded_in("randseed")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.seed = random_seed(v); }},
    FioOptionRule{{"randrepeat", {}, kRequired, kJob, "0|1", "the same random offsets every run",
                   "1", recorded_in("randrepeat")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.randrepeat = boolean(v); }},
    FioOptionRule{{"norandommap", {}, kFlag, kJob, "", "random offsets may repeat within a pass",
                   {}, recorded_in("randommap")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.random_map = !boolean(v); }},
    FioOptionRule{{"random_generator", {}, kRequired, kJob, "tausworthe|lfsr|tausworthe64",
                   "fio's generator of random offsets", "tausworthe", recorded_in("random_generator")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    const std::optional<RandomGenerator> generator = enum_from_keyword<RandomGenerator>(v);
                    if (!generator) fail("fio's generators are tausworthe, lfsr and tausworthe64");
                    s.random_generator = *generator;
                  }},
    FioOptionRule{{"random_distribution", {}, kRequired, kJob, "random|zipf:T|pareto:H|normal:DEV|zoned:...",
                   "how random offsets fall (all of fio's, with their centers and zones)",
                   "random", recorded_in("random_distribution")},
                  set_random_distribution},
    FioOptionRule{{"percentage_random", {}, kRequired, kJob, "R[,W[,T]]",
                   "the share of random offsets in a random mode", "100,100,100", recorded_in("percentage_random")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { set_percentage_random(s, v); }},
    FioOptionRule{{"percentage_sequential", {}, kRequired, kJob, "R[,W[,T]]", "100 - percentage_random",
                   {}, recorded_in("percentage_random")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    set_percentage_random(s, v);
                    for (std::uint32_t& percent : s.percentage_random) percent = 100 - percent;
                  }},
    // kb_base is read by fio_kb_base (cli/fio_options.h), which the caller passes on; the rule only checks it.
    FioOptionRule{{"kb_base", {}, kRequired, kJob, "1024|1000", "what k, m, g mean in the sizes after it",
                   "1024", not_recorded("how the sizes written after it are read: the sizes are recorded in bytes")},
                  [](WorkloadSpec&, std::string_view, unsigned) {}},
};

}  // namespace

void update_block_bytes(WorkloadSpec& spec) {
  for (DirectionBlockSizes& direction : spec.block_sizes.direction) {
    if (direction.bs == 0) direction.bs = spec.block_bytes;
  }
  spec.block_bytes = spec.block_sizes.largest();
}

std::span<const FioOptionRule> fio_job_rules() { return kRules; }

}  // namespace bench
