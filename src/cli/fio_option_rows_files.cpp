// fio's file options (FioOptionGroup::kFiles): which files a workload uses, where in them, how they are made,
// laid out and removed; the helpers that read their values (fio 3.33's grammars).
#include "cli/fio_option_rules.h"

#include <fmt/format.h>

#include <array>
#include <stdexcept>

#include "cli/fio_distribution.h"
#include "cli/fio_values.h"
#include "cli/fio_zones.h"
#include "cli/value_error.h"
#include "result/job_file_names.h"
#include "result/result_keywords.h"
#include "text/split.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kFiles = FioOptionGroup::kFiles;

// fio's filename=: one name, or several (a:b; "\:" for a ':' inside a name), which every job of the workload uses.
void set_filename(WorkloadSpec& spec, std::string_view text) {
  if (split_fio_names(text).empty()) fail("no file name");
  spec.filename = text;
}

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
    const DistributionSpec distribution = parse_ranked_distribution(ranked);  // its ValueError: the reason
    spec.file_service_parameter = distribution.parameter;
    spec.file_service_center = distribution.center;
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

void set_offset(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const BytesOrPercent value = bytes_or_percent(text, kb_base);
  spec.offset_bytes = value.bytes;
  spec.offset_percent = value.percent;
  spec.zone_counts.offset = value.zones;
}

void set_offset_increment(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  const BytesOrPercent value = bytes_or_percent(text, kb_base);
  spec.offset_increment_bytes = value.bytes;
  spec.offset_increment_percent = value.percent;
  spec.zone_counts.offset_increment = value.zones;
}

void set_offset_align(WorkloadSpec& spec, std::string_view text, unsigned kb_base) {
  spec.offset_align = fio_size_of(text, kb_base);
  if (spec.offset_align > kMaxBlockBytes) fail(fmt::format("must be at most {} bytes", kMaxBlockBytes));
}

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

// bench++ removes the files it made when the run ends (fio keeps them): a benchmark leaves no files behind.
constexpr FioOptionDefault kUnlinkDefault =
    FioOptionDefault::own("0", "1", "bench++ removes the files it made, so a run leaves none behind; fio keeps them");

constexpr std::array kRules = {
    FioOptionRule{{"filename", {}, kRequired, kFiles, "NAME[:NAME...]",
                   "the file or device every job uses, or several (\\: for a ':' in a name)",
                   {}, recorded_in("filename")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { set_filename(s, v); }},
    FioOptionRule{{"directory", {}, kRequired, kFiles, "DIR[:DIR...]",
                   "where the jobs' files go (several: job N's in the Nth, modulo their number)",
                   {}, recorded_in("directory")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    if (split_fio_names(v).empty()) fail("no directory");  // several (a:b): the jobs spread over them
                    s.directory = v;
                  }},
    FioOptionRule{{"nrfiles", {"nr_files"}, kRequired, kFiles, "N", "files per job, size= split among them",
                   "1", recorded_in("nrfiles")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.nrfiles = whole_number32(v, 1, kMaxFilesPerJob);
                  }},
    FioOptionRule{{"file_service_type", {}, kRequired, kFiles,
                   "roundrobin|sequential|random[:N]|zipf|pareto|normal[:T[:C]]",
                   "which file takes the next request",
                   "roundrobin", recorded_in("file_service_type file_service_turn file_service_parameter")},
                  set_file_service_type},
    FioOptionRule{{"openfiles", {}, kRequired, kFiles, "N", "at most N files take requests at once",
                   {}, recorded_in("openfiles")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.open_files = whole_number32(v, 1, kMaxFilesPerJob);
                  }},
    FioOptionRule{{"filesize", {}, kRequired, kFiles, "SIZE|LOW-HIGH", "each file's size, or a range it is drawn in",
                   {}, recorded_in("filesize filesize_high")},
                  set_file_size},
    FioOptionRule{{"offset", {"fileoffset"}, kRequired, kFiles, "SIZE|N%|Nz", "where in each file the job's I/O starts",
                   "0", recorded_in("offset_bytes offset_percent")},
                  set_offset},
    FioOptionRule{{"offset_increment", {}, kRequired, kFiles, "SIZE|N%|Nz", "job N starts at offset + N x increment",
                   "0", recorded_in("offset_increment_bytes offset_increment_percent")},
                  set_offset_increment},
    FioOptionRule{{"zonemode", {}, kRequired, kFiles, "none|strided",
                   "strided: zonesize bytes in each zone of zonerange, then zoneskip on", "none",
                   recorded_in("zonemode")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { set_zone_mode(s, v); }},
    FioOptionRule{{"zonesize", {}, kRequired, kFiles, "SIZE", "bytes transferred in a zone before the next",
                   "0", recorded_in("zonesize")},
                  [](WorkloadSpec& s, std::string_view v, unsigned kb) { s.zone_size = fio_size_of(v, kb); }},
    FioOptionRule{{"zonerange", {}, kRequired, kFiles, "SIZE", "a zone's length (0: zonesize)", "0",
                   recorded_in("zonerange")},
                  [](WorkloadSpec& s, std::string_view v, unsigned kb) { s.zone_range = fio_size_of(v, kb); }},
    FioOptionRule{{"zoneskip", {}, kRequired, kFiles, "SIZE|Nz", "the gap after each zone", "0",
                   recorded_in("zoneskip")},
                  set_zone_skip},
    FioOptionRule{{"create_serialize", {}, kRequired, kFiles, "0|1",
                   "accepted: bench++ lays the jobs' files out one job at a time either way", "1",
                   not_recorded("the order in which the jobs' files are laid out, before anything is measured: "
                                "bench++ lays them out one job at a time whatever it says")},
                  [](WorkloadSpec&, std::string_view v, unsigned) { (void)boolean(v); }},
    FioOptionRule{{"pre_read", {}, kRequired, kFiles, "0|1",
                   "read each job's files into the page cache before it starts (invalidate off)", "0",
                   recorded_in("pre_read")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.pre_read = boolean(v); }},
    FioOptionRule{{"offset_align", {}, kRequired, kFiles, "SIZE", "aligns an offset given as a percent (0: bs)",
                   "0", recorded_in("offset_align")},
                  set_offset_align},
    FioOptionRule{{"file_append", {}, kRequired, kFiles, "0|1",
                   "1: each job's region starts at its file's size (a regular file's), not at offset=", "0",
                   recorded_in("file_append")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.file_append = boolean(v); }},
    FioOptionRule{{"fallocate", {}, kRequired, kFiles, "none|native|posix|keep|truncate|0|1",
                   "how a new file's space is allocated", "native", recorded_in("fallocate")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fallocate = fallocate_mode(v); }},
    FioOptionRule{{"create_on_open", {}, kRequired, kFiles, "0|1", "a new file made by the job's open, not laid out",
                   "0", recorded_in("create_on_open")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.create_on_open = boolean(v); }},
    FioOptionRule{{"fill_device", {"fill_fs"}, kRequired, kFiles, "0|1",
                   "write until the filesystem is full (ENOSPC ends the job, no error); size= only caps it", "0",
                   recorded_in("fill_device")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fill_device = boolean(v); }},
    FioOptionRule{{"create_only", {}, kRequired, kFiles, "0|1", "make and lay out the files, no request",
                   "0", recorded_in("create_only")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.create_only = boolean(v); }},
    FioOptionRule{{"overwrite", {}, kRequired, kFiles, "0|1",
                   "lay a new file out with data first, so writes overwrite", "0", recorded_in("overwrite")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.overwrite = boolean(v); }},
    FioOptionRule{{"invalidate", {}, kRequired, kFiles, "0|1",
                   "drop the files' pages from the cache first", "1", recorded_in("invalidate")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.invalidate = boolean(v); }},
    FioOptionRule{{"fadvise_hint", {}, kRequired, kFiles, "0|1|random|sequential", "posix_fadvise on open",
                   "1", recorded_in("fadvise_hint")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fadvise_hint = fadvise_hint(v); }},
    FioOptionRule{{"fsync_on_close", {}, kRequired, kFiles, "0|1", "an untimed fsync of each file at the job's end",
                   "0", recorded_in("fsync_on_close")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.fsync_on_close = boolean(v); }},
    FioOptionRule{{"unlink", {}, kRequired, kFiles, "0|1", "remove the files bench++ made at the end",
                   kUnlinkDefault, recorded_in("unlink")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.unlink = boolean(v);
                    s.unlink_written = true;
                  }},
    FioOptionRule{{"allow_mounted_write", {}, kRequired, kFiles, "0|1",
                   "fio's persona: a writing job may write a mounted block device", "0",
                   not_recorded("a permission of fio's file rules, not a setting: a workload that runs does the same "
                                "with it or without")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.allow_mounted_write = boolean(v); }},
    FioOptionRule{{"filename_format", {}, kRequired, kFiles, "FORMAT",
                   "the jobs' own files' names: $jobname, $jobnum, $filenum ($clientuid: empty); jobs share a name",
                   FioOptionDefault::not_given("$jobname.$jobnum.$filenum",
                                               "fio's names, $jobname.$jobnum.$filenum"),
                   recorded_in("filename_format")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.filename_format = v; }},
    FioOptionRule{{"unique_filename", {}, kRequired, kFiles, "0|1",
                   "accepted: fio's client-address prefix is of its network client mode, which bench++ has not",
                   "1",
                   not_recorded("fio prefixes names with it only in its network client mode (fio --client), which "
                                "bench++ does not have: either value names files as fio does without --client")},
                  [](WorkloadSpec&, std::string_view v, unsigned) { (void)boolean(v); }},
    FioOptionRule{{"create_fsync", {}, kRequired, kFiles, "0|1", "fsync a new file after its layout (untimed)",
                   "1", not_recorded("an untimed step of a new file's layout: what the workload measures starts "
                                     "after it either way")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.create_fsync = boolean(v); }},
    FioOptionRule{{"allow_file_create", {}, kRequired, kFiles, "0|1",
                   "0: a file that does not exist is refused, not made", "1",
                   not_recorded("a permission of the file rules, not a setting: a workload that runs does the same "
                                "with it or without")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.allow_file_create = boolean(v); }},
    FioOptionRule{{"unlink_each_loop", {}, kRequired, kFiles, "0|1", "remove and make the files anew each loop",
                   "0", recorded_in("unlink_each_loop")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.unlink_each_loop = boolean(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_file_rules() { return kRules; }

}  // namespace bench
