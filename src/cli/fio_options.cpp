#include "cli/fio_options.h"

#include "cli/fio_run_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <fcntl.h>
#include <limits>
#include <stdexcept>

#include "cli/fio_distribution.h"
#include "data/pattern.h"
#include "data/verify.h"
#include "result/errors.h"
#include "result/job_file_names.h"
#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "result/result_keywords.h"
#include "result/size_arithmetic.h"
#include "text/split.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars; their ValueError becomes a UsageError naming the option

IoPattern io_pattern(std::string_view text) {
  if (text == "readwrite") return IoPattern::kReadWrite;  // fio's other spelling of rw
  if (const auto pattern = enum_from_keyword<IoPattern>(text)) return *pattern;
  fail("bench++ runs read, write, randread, randwrite, rw (readwrite), randrw, trim, randtrim, trimwrite and "
       "randtrimwrite");
}

// fio's engine names: which bench++ engine runs them.
EngineKind engine_for(std::string_view fio_engine) {
  if (const std::optional<EngineKind> kind = engine_for_fio_name(fio_engine)) return *kind;
  fail("bench++ runs io_uring, libaio, posixaio, psync, sync, vsync, pvsync, pvsync2, mmap and falloc");
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
  spec.size_bytes = fio_size_of(text, kb_base);
  spec.size_percent.reset();
  if (spec.size_bytes == 0) fail("must be more than 0");
}

// ---- Blocks (issue 26): bs=R,W[,T], blockalign=, bsrange=, bssplit= as fio 3.33 parses them. ----

// block_bytes follows the options: the largest request of either direction (each request buffer's size).
void update_block_bytes(WorkloadSpec& spec) {
  for (DirectionBlockSizes& direction : spec.block_sizes.direction) {
    if (direction.bs == 0) direction.bs = spec.block_bytes;
  }
  spec.block_bytes = spec.block_sizes.largest();
}

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

// fio's filename=: one name, or several (a:b; "\:" for a ':' inside a name), which every job of the workload uses.
void set_filename(WorkloadSpec& spec, std::string_view text) {
  if (split_fio_names(text).empty()) fail("no file name");
  spec.filename = text;
}
// A write_*_log's prefix: given bare (the value "1" apply_fio_option hands a bare flag), the workload's name ("").
std::string log_prefix(std::string_view text) { return text == "1" ? std::string() : std::string(text); }

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
  try {
    spec.random_distribution =
        parse_random_distribution(text, [kb_base](std::string_view size) { return fio_size_of(size, kb_base); });
  } catch (const std::invalid_argument& error) {
    fail(error.what());
  }
  spec.random_distribution_text = text;
}

// fio's data options (issue 26: verify= and the buffer options, result/data_options.h).
VerifyMethod verify_method(std::string_view text) {
  if (const std::optional<VerifyMethod> method = parse_verify_method(text)) return *method;
  fail("bench++ verifies with 0, md5, crc32c, crc32c-intel, sha1, sha256, sha512, xxhash, meta, pattern and null "
       "(not fio's crc64, crc32, crc16, crc7, sha3-*)");
}

FioPattern data_pattern(std::string_view text, bool allow_offset_fields) {
  try {
    return parse_fio_pattern(text, allow_offset_fields);
  } catch (const std::invalid_argument& error) {
    fail(error.what());
  }
}

DedupeMode dedupe_mode(std::string_view text) {
  if (text == "repeat") return DedupeMode::kRepeat;
  if (text == "working_set") return DedupeMode::kWorkingSet;
  fail("fio's dedupe modes are repeat and working_set");
}

// ---- Issue 26's options (rates, loops, batching, start delay, timing): their helpers. ----

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

// What fio's gtod_reduce and disable_* change is fio's own clock reading and its report: bench++ reads the clock
// once per batch anyway, and records the option (WorkloadSpec::gtod_reduce) with the workload.
void set_gtod_reduce(WorkloadSpec& spec, std::string_view text, unsigned) { spec.gtod_reduce = boolean(text); }

// files: fio's file_service_type=roundrobin|sequential|random, each with an optional :N (requests to a file before
// the next is picked; fio's default 1), or zipf|pareto|normal|gauss with an optional :T[:C] (theta, h or dev, read
// as random_distribution reads them, and the center; gauss is fio's other name for normal).
void set_file_service_type(WorkloadSpec& spec, std::string_view text, unsigned) {
  const std::size_t colon = text.find(':');
  const std::string_view word = text.substr(0, colon);
  const std::string_view kind_word = word == "gauss" ? std::string_view("normal") : word;
  const std::optional<FileServiceKind> kind = enum_from_keyword<FileServiceKind>(kind_word);
  if (!kind) {
    fail(fmt::format("must be one of {} or gauss (with an optional :N, or :T[:C])", keyword_choices<FileServiceKind>()));
  }
  spec.file_service = *kind;
  spec.file_service_turn = 1;
  spec.file_service_parameter = 0;
  spec.file_service_center.reset();
  if (*kind == FileServiceKind::kZipf || *kind == FileServiceKind::kPareto || *kind == FileServiceKind::kNormal) {
    const std::string ranked =
        std::string(kind_word) + std::string(colon == std::string_view::npos ? "" : text.substr(colon));
    try {
      const DistributionSpec distribution = parse_ranked_distribution(ranked);
      spec.file_service_parameter = distribution.parameter;
      spec.file_service_center = distribution.center;
    } catch (const std::invalid_argument& error) {
      fail(error.what());
    }
    return;
  }
  if (colon != std::string_view::npos) spec.file_service_turn = whole_number32(text.substr(colon + 1), 1, 0xffffffffu);
}

// fio's filesize=: one size, or a range lo-hi (also lo:hi or lo,hi, as fio reads them) each file's size is drawn in.
void set_file_size(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const std::size_t dash = text.find_first_of(",:-");
  spec.file_size = fio_size_of(text.substr(0, dash), kb_base);
  spec.file_size_high = 0;
  if (spec.file_size == 0) fail("must be more than 0");
  if (dash == std::string_view::npos) return;
  const std::uint64_t high = fio_size_of(text.substr(dash + 1), kb_base);
  if (high < spec.file_size) fail("the range's low end comes first (filesize=LOW-HIGH)");
  if (high != spec.file_size) spec.file_size_high = high;
}

// fio's cpus_allowed=: CPU numbers and ranges, "0-3,6" (ascending, each at most 1023, the kernel's CPU_SETSIZE).
void set_cpus_allowed(WorkloadSpec& spec, std::string_view text, unsigned) {
  constexpr std::uint64_t kLargestCpu = 1023;
  spec.cpus_allowed.clear();
  for (const std::string_view item : split(text, ',')) {
    const std::size_t dash = item.find('-');
    const std::uint64_t first = whole_number(item.substr(0, dash), 0, kLargestCpu);
    const std::uint64_t last = dash == std::string_view::npos ? first : whole_number(item.substr(dash + 1), 0, kLargestCpu);
    if (last < first) fail(fmt::format("the range {} runs backwards", item));
    for (std::uint64_t cpu = first; cpu <= last; ++cpu) spec.cpus_allowed.push_back(static_cast<std::uint32_t>(cpu));
  }
}

// fio's io_size= (io_limit=): a size; N% (of size) is refused.
void set_io_size(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  if (!text.empty() && text.back() == '%') fail("a share of size (io_size=N%) is not supported by bench++");
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

// ---- Issue 26's file options (offset=, offset_increment=, ...): their helpers. ----

void set_offset(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const BytesOrPercent value = bytes_or_percent(text, kb_base);
  spec.offset_bytes = value.bytes;
  spec.offset_percent = value.percent;
}

void set_offset_increment(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const BytesOrPercent value = bytes_or_percent(text, kb_base);
  spec.offset_increment_bytes = value.bytes;
  spec.offset_increment_percent = value.percent;
}

void set_offset_align(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.offset_align = fio_size_of(text, kb_base);
  if (spec.offset_align > kMaxBlockBytes) fail(fmt::format("must be at most {} bytes", kMaxBlockBytes));
}

// fio's io_submit_mode=: inline (the job's thread submits) or offload (fio's submission workers).
void set_submit_mode(WorkloadSpec& spec, std::string_view text, unsigned) {
  const std::string mode = lowercase(text);
  if (mode != "inline" && mode != "offload") fail("must be inline or offload");
  spec.submit_offload = mode == "offload";
}

// ---- Job control (issue 26: new_group, exitall, rate_min, nice, prio, fallocate, ...): their helpers. ----

// fio's fallocate= values (fio 3.33 on Linux; 0 and 1 are its former boolean spellings).
FallocateMode fallocate_mode(std::string_view text) {
  if (text == "none" || text == "0") return FallocateMode::kNone;
  if (text == "native") return FallocateMode::kNative;
  if (text == "posix" || text == "1") return FallocateMode::kPosix;
  if (text == "keep") return FallocateMode::kKeep;
  if (text == "truncate") return FallocateMode::kTruncate;
  fail("fio's values are none (0), native, posix (1), keep and truncate");
}

// fio's fadvise_hint= values (fio 3.33: 0, 1, random, sequential).
FadviseHint fadvise_hint(std::string_view text) {
  if (text == "0") return FadviseHint::kNone;
  if (text == "1") return FadviseHint::kByPattern;
  if (text == "random") return FadviseHint::kRandom;
  if (text == "sequential") return FadviseHint::kSequential;
  fail("fio's values are 0 (none), 1 (by the job's pattern, the default), random and sequential");
}

void set_rate_min(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.rate_min_bytes = per_direction_values(text, [kb_base](std::string_view v) { return fio_size_of(v, kb_base); });
}

void set_rate_iops_min(WorkloadSpec& spec, std::string_view text, unsigned) {
  spec.rate_iops_min = per_direction_values(text, [](std::string_view v) { return whole_number(v, 0, 0xffffffffu); });
}

using Apply = void (*)(WorkloadSpec&, std::string_view, unsigned kb_base);

struct Rule {
  std::string_view name;
  FioArgument argument;
  Apply apply;
};

// The workload options bench++ runs, with fio's aliases. kb_base is handled by fio_kb_base and only checked here.
constexpr std::array kRules = {
    Rule{"name", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.name = v; }},
    Rule{"description", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.description = v; }},
    Rule{"rw", FioArgument::kRequired, set_rw},
    Rule{"readwrite", FioArgument::kRequired, set_rw},
    Rule{"rw_sequencer", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           const std::optional<RwSequencer> sequencer = enum_from_keyword<RwSequencer>(v);
           if (!sequencer) fail("fio's sequencers are sequential and identical");
           s.rw_sequencer = *sequencer;
         }},
    Rule{"bs", FioArgument::kRequired, set_block_size},
    Rule{"blocksize", FioArgument::kRequired, set_block_size},
    Rule{"bsrange", FioArgument::kRequired, set_block_range},
    Rule{"blocksize_range", FioArgument::kRequired, set_block_range},
    Rule{"bssplit", FioArgument::kRequired, set_block_split},
    Rule{"blockalign", FioArgument::kRequired, set_block_align},
    Rule{"ba", FioArgument::kRequired, set_block_align},
    Rule{"size", FioArgument::kRequired, set_size},
    Rule{"numjobs", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.jobs = whole_number32(v, 1, kMaxJobs); }},
    Rule{"iodepth", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.iodepth = whole_number32(v, 1, kMaxIoDepth); }},
    Rule{"runtime", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.runtime = fio_time_of(v); }},
    Rule{"timeout", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.runtime = fio_time_of(v); }},
    Rule{"time_based", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.time_based = boolean(v); }},
    Rule{"ramp_time", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.ramp_time = fio_time_of(v); }},
    Rule{"direct", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.direct = boolean(v); }},
    Rule{"buffered", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.direct = !boolean(v); }},
    Rule{"rwmixread", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.read_percent = whole_number32(v, 0, 100); }},
    Rule{"rwmixwrite", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.read_percent = 100 - whole_number32(v, 0, 100); }},
    Rule{"fsync", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.fsync_every = whole_number32(v, 0, 0xffffffffu); }},
    Rule{"fdatasync", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.fdatasync_every = whole_number32(v, 0, 0xffffffffu); }},
    Rule{"end_fsync", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.end_fsync = boolean(v); }},
    Rule{"group_reporting", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.group_reporting = boolean(v); }},
    Rule{"filename", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { set_filename(s, v); }},
    Rule{"directory", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           if (split_fio_names(v).empty()) fail("no directory");  // several (a:b): the jobs spread over them
           s.directory = v;
         }},
    Rule{"offset", FioArgument::kRequired, set_offset},
    Rule{"fileoffset", FioArgument::kRequired, set_offset},
    Rule{"offset_increment", FioArgument::kRequired, set_offset_increment},
    Rule{"offset_align", FioArgument::kRequired, set_offset_align},
    Rule{"ioengine", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           s.engine = engine_for(v);
           s.fio_engine = v;
         }},
    Rule{"unlink", FioArgument::kRequired, [](WorkloadSpec& s, std::string_view v, unsigned) { s.unlink = boolean(v); }},
    Rule{"unlink_each_loop", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.unlink_each_loop = boolean(v); }},
    Rule{"invalidate", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.invalidate = boolean(v); }},
    // bench++ runs every job as a thread of one process, with or without fio's thread.
    Rule{"thread", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.thread = boolean(v); }},
    Rule{"stonewall", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.stonewall = boolean(v); }},
    Rule{"wait_for_previous", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.stonewall = boolean(v); }},
    Rule{"randseed", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.seed = whole_number32(v, 0, 0xffffffffu); }},
    Rule{"randrepeat", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.randrepeat = boolean(v); }},
    Rule{"norandommap", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.random_map = !boolean(v); }},
    Rule{"random_generator", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           const std::optional<RandomGenerator> generator = enum_from_keyword<RandomGenerator>(v);
           if (!generator) fail("fio's generators are tausworthe, lfsr and tausworthe64");
           s.random_generator = *generator;
         }},
    Rule{"random_distribution", FioArgument::kRequired, set_random_distribution},
    Rule{"percentage_random", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { set_percentage_random(s, v); }},
    Rule{"percentage_sequential", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           set_percentage_random(s, v);
           for (std::uint32_t& percent : s.percentage_random) percent = 100 - percent;
         }},
    Rule{"kb_base", FioArgument::kRequired, [](WorkloadSpec&, std::string_view, unsigned) {}},
    // fio's logs (issue 27's block: result/workload_spec.h, report/fio/fio_log.h). A bare write_*_log names the
    // log after the workload.
    Rule{"write_bw_log", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.bw_log = log_prefix(v); }},
    Rule{"write_lat_log", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.lat_log = log_prefix(v); }},
    Rule{"write_iops_log", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.iops_log = log_prefix(v); }},
    Rule{"log_avg_msec", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.log_avg_msec = whole_number32(v, 0, 86'400'000); }},
    Rule{"per_job_logs", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.per_job_logs = boolean(v); }},
    // What fio's latency statistics show (issue 27's block: result/workload_spec.h LatencyOutput). They change only
    // what fio's formats write: bench++ measures every latency whatever they say.
    Rule{"percentile_list", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           std::vector<double> list;
           for (const std::string_view piece : split(v, ':')) {
             const std::string item(piece);  // strtod needs the terminating NUL
             char* end = nullptr;
             const double percent = std::strtod(item.c_str(), &end);
             if (item.empty() || end != item.c_str() + item.size() || !(percent >= 0 && percent <= 100)) {
               fail(fmt::format("'{}' is not a percentile from 0 to 100 (percentile_list=99:99.9)", item));
             }
             list.push_back(percent);
           }
           if (list.size() > 20) fail("at most 20 percentiles, as fio");
           list.erase(std::find(list.begin(), list.end(), 0.0), list.end());  // fio's list ends at a 0
           std::sort(list.begin(), list.end());                              // and is sorted
           s.latency_output.percentile_list = std::move(list);
         }},
    Rule{"clat_percentiles", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.clat_percentiles = boolean(v); }},
    Rule{"lat_percentiles", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.lat_percentiles = boolean(v); }},
    Rule{"slat_percentiles", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.slat_percentiles = boolean(v); }},
    Rule{"disable_lat", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_lat = boolean(v); }},
    Rule{"disable_clat", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_clat = boolean(v); }},
    Rule{"disable_slat", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.latency_output.disable_slat = boolean(v); }},
    // fio's data (issue 26): verify= with its companions, and the write buffers' contents.
    Rule{"verify", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.method = verify_method(v); }},
    Rule{"verify_pattern", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.pattern = data_pattern(v, true); }},
    Rule{"verify_interval", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned kb) {
           s.verify.interval = static_cast<std::uint32_t>(std::min<std::uint64_t>(fio_size_of(v, kb), kMaxBlockBytes + 1));
           if (s.verify.interval == 0 || s.verify.interval > kMaxBlockBytes)
             fail(fmt::format("must be between 1 and {} bytes", kMaxBlockBytes));
         }},
    Rule{"do_verify", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.do_verify = boolean(v); }},
    Rule{"verify_only", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_only = boolean(v); }},
    Rule{"verify_fatal", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_fatal = boolean(v); }},
    Rule{"verify_backlog", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_backlog = whole_number(v, 0, UINT64_MAX); }},
    Rule{"verify_backlog_batch", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           s.verify.verify_backlog_batch = whole_number(v, 0, UINT64_MAX);
         }},
    Rule{"refill_buffers", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.refill_buffers = boolean(v); }},
    Rule{"zero_buffers", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.zero_buffers = boolean(v); }},
    Rule{"scramble_buffers", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.scramble_buffers = boolean(v); }},
    Rule{"buffer_pattern", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.buffer_pattern = data_pattern(v, false); }},
    Rule{"buffer_compress_percentage", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.compress_percentage = whole_number32(v, 0, 100); }},
    Rule{"buffer_compress_chunk", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned kb) {
           s.buffers.compress_chunk = static_cast<std::uint32_t>(std::min<std::uint64_t>(fio_size_of(v, kb), 0xffffffffu));
         }},
    Rule{"dedupe_percentage", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.dedupe_percentage = whole_number32(v, 0, 100); }},
    Rule{"dedupe_mode", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.dedupe_mode = dedupe_mode(v); }},
    Rule{"dedupe_working_set_percentage", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           s.buffers.dedupe_working_set_percentage = whole_number32(v, 0, 100);
         }},
    Rule{"dedupe_global", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.dedupe_global = boolean(v); }},
    // Issue 26's options (their helpers above): batching, rates, loops, start delay, clock and report switches.
    Rule{"iodepth_batch", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.batch_submit = whole_number32(v, 0, kMaxIoDepth); }},
    Rule{"iodepth_batch_submit", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.batch_submit = whole_number32(v, 0, kMaxIoDepth); }},
    Rule{"iodepth_batch_complete", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.batch_complete_min = whole_number32(v, 0, kMaxIoDepth); }},
    Rule{"iodepth_batch_complete_min", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.batch_complete_min = whole_number32(v, 0, kMaxIoDepth); }},
    Rule{"iodepth_batch_complete_max", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.batch_complete_max = whole_number32(v, 0, kMaxIoDepth); }},
    Rule{"rate", FioArgument::kRequired, set_rate_bytes},
    Rule{"rate_iops", FioArgument::kRequired, set_rate_iops},
    Rule{"rate_process", FioArgument::kRequired, set_rate_process},
    Rule{"loops", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.loops = whole_number32(v, 1, 0xffffffffu); }},
    Rule{"startdelay", FioArgument::kRequired, set_start_delay},
    Rule{"gtod_reduce", FioArgument::kFlag, set_gtod_reduce},
    Rule{"disable_bw_measurement", FioArgument::kFlag, [](WorkloadSpec&, std::string_view v, unsigned) { boolean(v); }},
    Rule{"sync", FioArgument::kRequired, set_sync},
    Rule{"filesize", FioArgument::kRequired, set_file_size},
    Rule{"cpus_allowed", FioArgument::kRequired, set_cpus_allowed},
    Rule{"number_ios", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.number_ios = whole_number(v, 0, UINT64_MAX); }},
    Rule{"io_size", FioArgument::kRequired, set_io_size},
    Rule{"io_limit", FioArgument::kRequired, set_io_size},
    Rule{"fsync_on_close", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.fsync_on_close = boolean(v); }},
    Rule{"overwrite", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.overwrite = boolean(v); }},
    Rule{"create_only", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.create_only = boolean(v); }},
    Rule{"io_submit_mode", FioArgument::kRequired, set_submit_mode},
    // files (nrfiles, file_service_type, openfiles; filename=a:b, directory=a:b and filesize=lo-hi above)
    Rule{"nrfiles", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.nrfiles = whole_number32(v, 1, kMaxFilesPerJob); }},
    Rule{"nr_files", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.nrfiles = whole_number32(v, 1, kMaxFilesPerJob); }},
    Rule{"file_service_type", FioArgument::kRequired, set_file_service_type},
    Rule{"openfiles", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.open_files = whole_number32(v, 1, kMaxFilesPerJob); }},
    // job control (new_group, exitall, rate_min, rate_iops_min, nice, prio, prioclass, fallocate, create_on_open):
    // result/workload_spec.h's block of the same name.
    Rule{"new_group", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.new_group = boolean(v); }},
    Rule{"exitall", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.exitall = boolean(v); }},
    Rule{"exit_what", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           const std::optional<ExitScope> scope = enum_from_keyword<ExitScope>(v);
           if (!scope) fail("must be group, stonewall or all");
           s.exit_what = *scope;
         }},
    Rule{"exitall_on_error", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.exitall_on_error = boolean(v); }},
    Rule{"rate_min", FioArgument::kRequired, set_rate_min},
    Rule{"ratemin", FioArgument::kRequired, set_rate_min},
    Rule{"rate_iops_min", FioArgument::kRequired, set_rate_iops_min},
    Rule{"nice", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.nice = static_cast<std::int32_t>(signed_number(v, -20, 19)); }},
    Rule{"prio", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.ioprio = whole_number32(v, 0, 7); }},
    Rule{"prioclass", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.ioprio_class = whole_number32(v, 0, 3); }},
    Rule{"fallocate", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.fallocate = fallocate_mode(v); }},
    Rule{"create_on_open", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.create_on_open = boolean(v); }},
    Rule{"fadvise_hint", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.fadvise_hint = fadvise_hint(v); }},
    // fio's output statistics (issue 27): disk_util, and the windows of the bandwidth and IOPS samples.
    Rule{"disk_util", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.disk_util = boolean(v); }},
    Rule{"bwavgtime", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           s.bw_avg_time = std::chrono::milliseconds(whole_number32(v, 1, 86'400'000));
         }},
    Rule{"iopsavgtime", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           s.iops_avg_time = std::chrono::milliseconds(whole_number32(v, 1, 86'400'000));
         }},
    // io_uring's own options (issue 26; result/uring_options.h), and hipri (io_uring and pvsync2). check_workload
    // refuses them with another engine, as fio does.
    Rule{"registerfiles", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.register_files = boolean(v); }},
    Rule{"fixedbufs", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.fixed_buffers = boolean(v); }},
    Rule{"sqthread_poll", FioArgument::kFlag,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.sq_poll = boolean(v); }},
    Rule{"sqthread_poll_cpu", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.sq_poll_cpu = whole_number32(v, 0, 65535); }},
    Rule{"nonvectored", FioArgument::kRequired,
         [](WorkloadSpec& s, std::string_view v, unsigned) {
           // fio's int: -1 (its default) probes, any other value is true or false
           if (v == "-1") {
             s.uring.nonvectored.reset();
           } else {
             s.uring.nonvectored = whole_number32(v, 0, 0x7fffffff) != 0;
           }
         }},
    Rule{"hipri", FioArgument::kFlag, [](WorkloadSpec& s, std::string_view v, unsigned) { s.hipri = boolean(v); }},
};

const Rule* find_rule(std::string_view name) {
  for (const Rule& rule : kRules) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

}  // namespace

std::optional<FioArgument> fio_option_argument(std::string_view name) {
  if (const auto run_option = fio_run_option_argument(name)) return run_option;
  const Rule* rule = find_rule(name);
  if (rule == nullptr) return std::nullopt;
  return rule->argument;
}

bool is_fio_run_option(std::string_view name) { return fio_run_option_argument(name).has_value(); }

std::vector<std::string_view> fio_option_names() {
  std::vector<std::string_view> names;
  names.reserve(kRules.size());
  for (const Rule& rule : kRules) names.push_back(rule.name);
  return names;
}

std::optional<unsigned> fio_kb_base(const FioOption& option) {
  if (option.name != "kb_base") return std::nullopt;
  const std::string value = option.value.value_or("");  // a copy: a view of value_or's temporary would dangle
  if (value == "1024") return 1024;
  if (value == "1000") return 1000;
  throw UsageError(fmt::format("invalid fio option kb_base='{}': must be 1000 or 1024", value));
}

void apply_fio_option(WorkloadSpec& spec, const FioOption& option, unsigned kb_base) {
  const Rule* rule = find_rule(option.name);
  if (rule == nullptr) {
    throw UsageError(fmt::format("fio option '{}' is not supported by bench++ (see bench++(1), WORKLOADS)",
                                 option.name));
  }
  if (!option.value && rule->argument == FioArgument::kRequired) {
    throw UsageError(fmt::format("fio option '{}' needs a value ({}=VALUE)", option.name, option.name));
  }
  try {
    rule->apply(spec, option.value.value_or("1"), kb_base);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid fio option {}='{}': {}", option.name, option.value.value_or(""),
                                 error.what()));
  }
  if (option.name == "kb_base") fio_kb_base(option);
}

void settle_workload(WorkloadSpec& spec) {
  update_block_bytes(spec);  // bs=, bsrange=, bssplit=: each direction's sizes, block_bytes the largest
  // fio (filesetup.c): with one file of filesize=, the job's size is the file's unless size= asks for less (with
  // several files, or a range, the planner adds the files' sizes up: phases/job_files.h).
  if (spec.file_size != 0 && spec.file_size_high == 0 && files_per_job(spec) == 1 && !spec.size_percent &&
      (spec.size_bytes == 0 || spec.size_bytes > spec.file_size)) {
    spec.size_bytes = spec.file_size;
  }
}

std::uint64_t parse_fio_size(std::string_view text, unsigned kb_base) {
  try {
    return fio_size_of(text, kb_base);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid size '{}': {}", text, error.what()));
  }
}

std::chrono::nanoseconds parse_fio_time(std::string_view text) {
  try {
    return fio_time_of(text);
  } catch (const ValueError& error) {
    throw UsageError(fmt::format("invalid time '{}': {}", text, error.what()));
  }
}

}  // namespace bench
