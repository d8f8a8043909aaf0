#include "result/workload_fields.h"

#include <array>
#include <chrono>
#include <string_view>
#include <type_traits>
#include <utility>

#include "result/result_keywords.h"
#include "result/workload_field_access.h"

namespace bench {
namespace {

using namespace workload_access;

using R = DifferenceReading;

// A time recorded in whole `Unit`s (std::chrono::microseconds: fio's thinktime and its kin), up to the largest the
// member holds. (Local to this table until result/workload_field_access.h takes it; milliseconds<> is its case.)
template <typename Unit, auto Member>
constexpr FieldAccess<WorkloadSpec> duration_in() {
  using Duration = std::remove_cvref_t<decltype(std::declval<const WorkloadSpec&>().*Member)>;
  return {
      .format = {.codec = FieldCodec::kWhole,
                 .max = static_cast<std::uint64_t>(std::chrono::duration_cast<Unit>(Duration::max()).count())},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<Unit>(spec.*Member).count());
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            spec.*Member = std::chrono::duration_cast<Duration>(
                Unit(static_cast<typename Unit::rep>(std::get<std::uint64_t>(value))));
            return true;
          },
  };
}

// What compare shows for the words of the fields below.
constexpr std::array<std::string_view, 3> kGivenFlagShown = {"not given", "off", "on"};
constexpr std::array<std::string_view, 3> kSyncShown = {"off", "O_SYNC", "O_DSYNC"};

// The rows, in the spreadsheet CSV's and the JSON objects' order: a new field goes last (the CSV's later spec
// columns follow the result's own, report/csv/workload_columns.h). A row without a difference reading is recorded
// but not compared: its value says nothing of what the workload did (the name is the key compare pairs workloads
// by; where the files were, which differs from machine to machine; free text; how fio's report groups and samples).
constexpr std::array kWorkloadFields = {
    WorkloadField{"workload", "name", nullptr, member<&WorkloadSpec::name>(), {}, {}, "name"},
    WorkloadField{"workload_rw", "rw", nullptr, member<&WorkloadSpec::pattern>(), {}, {"rw", R::kWord}, "pattern"},
    WorkloadField{"workload_bs", "bs", nullptr, member<&WorkloadSpec::block_bytes>(), {}, {"bs", R::kSize},
                  "block_bytes"},
    WorkloadField{"workload_size_bytes", "size_bytes", nullptr, member<&WorkloadSpec::size_bytes>(), {},
                  {"size", R::kSize}, "size_bytes"},
    WorkloadField{"workload_size_percent", "size_percent", nullptr, member<&WorkloadSpec::size_percent>(), {},
                  {"size %", R::kCount}, "size_percent"},
    WorkloadField{"workload_offset_bytes", "offset_bytes", nullptr, member<&WorkloadSpec::offset_bytes>(), {},
                  {"offset", R::kSize}, "offset_bytes"},
    WorkloadField{"workload_offset_percent", "offset_percent", nullptr, member<&WorkloadSpec::offset_percent>(), {},
                  {"offset %", R::kCount}, "offset_percent"},
    WorkloadField{"workload_offset_increment_bytes", "offset_increment_bytes", nullptr,
                  member<&WorkloadSpec::offset_increment_bytes>(), {}, {"offset_increment", R::kSize},
                  "offset_increment_bytes"},
    WorkloadField{"workload_offset_increment_percent", "offset_increment_percent", nullptr,
                  member<&WorkloadSpec::offset_increment_percent>(), {}, {"offset_increment %", R::kCount},
                  "offset_increment_percent"},
    WorkloadField{"workload_offset_align", "offset_align", nullptr, member<&WorkloadSpec::offset_align>(), {},
                  {"offset_align", R::kSize}, "offset_align"},
    WorkloadField{"workload_numjobs", "numjobs", nullptr, member<&WorkloadSpec::jobs>(), {}, {"numjobs", R::kCount},
                  "jobs"},
    WorkloadField{"workload_iodepth", "iodepth", nullptr, member<&WorkloadSpec::iodepth>(), {},
                  {"iodepth", R::kCount}, "iodepth"},
    WorkloadField{"workload_runtime_ms", "runtime_ms", nullptr, milliseconds<&WorkloadSpec::runtime>(), {},
                  {"runtime ms", R::kCount}, "runtime"},
    WorkloadField{"workload_time_based", "time_based", nullptr, member<&WorkloadSpec::time_based>(), {},
                  {"time_based", R::kOnOff}, "time_based"},
    WorkloadField{"workload_ramp_ms", "ramp_time_ms", nullptr, milliseconds<&WorkloadSpec::ramp_time>(), {},
                  {"ramp_time ms", R::kCount}, "ramp_time"},
    WorkloadField{"workload_direct", "direct", nullptr, member<&WorkloadSpec::direct>(), {}, {"direct", R::kOnOff},
                  "direct"},
    WorkloadField{"workload_rwmixread", "rwmixread", nullptr,
                  percent_access<WorkloadSpec, AtSpec, &WorkloadSpec::read_percent>(), {}, {"rwmixread", R::kPercent},
                  "read_percent"},
    WorkloadField{"workload_fsync", "fsync", nullptr, member<&WorkloadSpec::fsync_every>(), {}, {"fsync", R::kCount},
                  "fsync_every"},
    WorkloadField{"workload_fdatasync", "fdatasync", nullptr, member<&WorkloadSpec::fdatasync_every>(), {},
                  {"fdatasync", R::kCount}, "fdatasync_every"},
    WorkloadField{"workload_end_fsync", "end_fsync", nullptr, member<&WorkloadSpec::end_fsync>(), {},
                  {"end_fsync", R::kOnOff}, "end_fsync"},
    WorkloadField{"workload_group_reporting", "group_reporting", nullptr, member<&WorkloadSpec::group_reporting>(),
                  {}, {}, "group_reporting"},
    WorkloadField{"workload_filename", "filename", nullptr, member<&WorkloadSpec::filename>(), {}, {}, "filename"},
    WorkloadField{"workload_directory", "directory", nullptr, member<&WorkloadSpec::directory>(), {}, {},
                  "directory"},
    WorkloadField{"workload_ioengine", "ioengine", nullptr, kFioEngine, "a fio engine bench++ runs",
                  {"ioengine", R::kWord}, "fio_engine engine"},
    WorkloadField{"workload_unlink", "unlink", nullptr, member<&WorkloadSpec::unlink>(), {}, {}, "unlink"},
    WorkloadField{"workload_unlink_each_loop", "unlink_each_loop", nullptr, member<&WorkloadSpec::unlink_each_loop>(),
                  {}, {"unlink_each_loop", R::kOnOff}, "unlink_each_loop"},
    WorkloadField{"workload_invalidate", "invalidate", nullptr, member<&WorkloadSpec::invalidate>(), {},
                  {"invalidate", R::kOnOff}, "invalidate"},
    WorkloadField{"workload_stonewall", "stonewall", nullptr, member<&WorkloadSpec::stonewall>(), {},
                  {"stonewall", R::kOnOff}, "stonewall"},
    WorkloadField{"workload_randseed", "randseed", nullptr, member<&WorkloadSpec::seed>(), {}, {"randseed", R::kCount},
                  "seed"},
    WorkloadField{"workload_randrepeat", "randrepeat", nullptr, member<&WorkloadSpec::randrepeat>(), {},
                  {"randrepeat", R::kOnOff}, "randrepeat"},
    WorkloadField{"workload_description", "description", nullptr, member<&WorkloadSpec::description>(), {}, {},
                  "description"},
    WorkloadField{"workload_randommap", "randommap", nullptr, member<&WorkloadSpec::random_map>(), {},
                  {"random map", R::kOnOff}, "random_map"},
    WorkloadField{"workload_random_generator", "random_generator", nullptr,
                  member<&WorkloadSpec::random_generator>(), {}, {"random_generator", R::kWord}, "random_generator"},
    WorkloadField{"workload_random_distribution", "random_distribution", nullptr,
                  member<&WorkloadSpec::random_distribution_text>(), {}, {"random_distribution", R::kWord},
                  "random_distribution_text"},
    WorkloadField{"workload_percentage_random", "percentage_random", nullptr, kPercentageRandom, {},
                  {"percentage_random", R::kWord}, "percentage_random"},
    WorkloadField{"workload_rw_skip", "rw_skip", nullptr, kSequentialSkip, {}, {"rw skip", R::kWord},
                  "sequential_skip"},
    WorkloadField{"workload_rw_random_run", "rw_random_run", nullptr, member<&WorkloadSpec::random_run>(), {},
                  {"rw random run", R::kCount}, "random_run"},
    WorkloadField{"workload_rw_sequencer", "rw_sequencer", nullptr, member<&WorkloadSpec::rw_sequencer>(), {},
                  {"rw_sequencer", R::kWord}, "rw_sequencer"},
    // files (nrfiles, filesize, file_service_type, openfiles)
    WorkloadField{"workload_nrfiles", "nrfiles", nullptr, member<&WorkloadSpec::nrfiles>(), {},
                  {"nrfiles", R::kCount}, "nrfiles"},
    WorkloadField{"workload_filesize", "filesize", nullptr, member<&WorkloadSpec::file_size>(), {},
                  {"filesize", R::kSize}, "file_size"},
    WorkloadField{"workload_filesize_high", "filesize_high", nullptr, member<&WorkloadSpec::file_size_high>(), {},
                  {"filesize high", R::kSize}, "file_size_high"},
    WorkloadField{"workload_file_service_type", "file_service_type", nullptr, member<&WorkloadSpec::file_service>(),
                  {}, {"file_service_type", R::kWord}, "file_service"},
    WorkloadField{"workload_file_service_turn", "file_service_turn", nullptr,
                  member<&WorkloadSpec::file_service_turn>(), {}, {"file_service_type :N", R::kCount},
                  "file_service_turn"},
    WorkloadField{"workload_file_service_parameter", "file_service_parameter", nullptr, kFileServiceParameter, {},
                  {"file_service_type :T", R::kText}, "file_service_parameter file_service_center"},
    WorkloadField{"workload_openfiles", "openfiles", nullptr, member<&WorkloadSpec::open_files>(), {},
                  {"openfiles", R::kCount}, "open_files"},
    // job control (new_group, exitall, rate_min, rate_iops_min, nice, prio, prioclass, fallocate, create_on_open)
    WorkloadField{"workload_new_group", "new_group", nullptr, member<&WorkloadSpec::new_group>(), {}, {},
                  "new_group"},
    WorkloadField{"workload_exitall", "exitall", nullptr, member<&WorkloadSpec::exitall>(), {},
                  {"exitall", R::kOnOff}, "exitall"},
    WorkloadField{"workload_exit_what", "exit_what", nullptr, member<&WorkloadSpec::exit_what>(), {},
                  {"exit_what", R::kWord}, "exit_what"},
    WorkloadField{"workload_exitall_on_error", "exitall_on_error", nullptr, member<&WorkloadSpec::exitall_on_error>(),
                  {}, {"exitall_on_error", R::kOnOff}, "exitall_on_error"},
    WorkloadField{"workload_rate_min", "rate_min", nullptr, per_direction_values<&WorkloadSpec::rate_min_bytes>(), {},
                  {"rate_min", R::kText}, "rate_min_bytes"},
    WorkloadField{"workload_rate_iops_min", "rate_iops_min", nullptr,
                  per_direction_values<&WorkloadSpec::rate_iops_min>(), {}, {"rate_iops_min", R::kText},
                  "rate_iops_min"},
    WorkloadField{"workload_nice", "nice", nullptr, kNice, {}, {"nice", R::kText}, "nice"},
    WorkloadField{"workload_prio", "prio", nullptr, member<&WorkloadSpec::ioprio>(), {}, {"prio", R::kCount},
                  "ioprio"},
    WorkloadField{"workload_prioclass", "prioclass", nullptr, member<&WorkloadSpec::ioprio_class>(), {},
                  {"prioclass", R::kCount}, "ioprio_class"},
    WorkloadField{"workload_fallocate", "fallocate", nullptr, member<&WorkloadSpec::fallocate>(), {},
                  {"fallocate", R::kWord}, "fallocate"},
    WorkloadField{"workload_create_on_open", "create_on_open", nullptr, member<&WorkloadSpec::create_on_open>(), {},
                  {"create_on_open", R::kOnOff}, "create_on_open"},
    WorkloadField{"workload_thread", "thread", nullptr, member<&WorkloadSpec::thread>(), {}, {"thread", R::kOnOff},
                  "thread"},
    WorkloadField{"workload_fadvise_hint", "fadvise_hint", nullptr, member<&WorkloadSpec::fadvise_hint>(), {},
                  {"fadvise_hint", R::kWord}, "fadvise_hint"},
    // fio's output statistics
    WorkloadField{"workload_disk_util", "disk_util", nullptr, member<&WorkloadSpec::disk_util>(), {}, {},
                  "disk_util"},
    WorkloadField{"workload_bwavgtime_ms", "bwavgtime_ms", nullptr, milliseconds<&WorkloadSpec::bw_avg_time>(), {},
                  {}, "bw_avg_time"},
    WorkloadField{"workload_iopsavgtime_ms", "iopsavgtime_ms", nullptr, milliseconds<&WorkloadSpec::iops_avg_time>(),
                  {}, {}, "iops_avg_time"},
    // io_uring's own options, and hipri
    WorkloadField{"workload_registerfiles", "registerfiles", nullptr, uring_member<&UringOptions::register_files>(),
                  {}, {"registerfiles", R::kOnOff}, "uring.register_files"},
    WorkloadField{"workload_fixedbufs", "fixedbufs", nullptr, uring_member<&UringOptions::fixed_buffers>(), {},
                  {"fixedbufs", R::kOnOff}, "uring.fixed_buffers"},
    WorkloadField{"workload_sqthread_poll", "sqthread_poll", nullptr, uring_member<&UringOptions::sq_poll>(), {},
                  {"sqthread_poll", R::kOnOff}, "uring.sq_poll"},
    WorkloadField{"workload_sqthread_poll_cpu", "sqthread_poll_cpu", nullptr,
                  uring_member<&UringOptions::sq_poll_cpu>(), {}, {"sqthread_poll_cpu", R::kCount},
                  "uring.sq_poll_cpu"},
    WorkloadField{"workload_nonvectored", "nonvectored", nullptr, kNonvectored, {}, {"nonvectored", R::kCount},
                  "uring.nonvectored"},
    WorkloadField{"workload_hipri", "hipri", nullptr, member<&WorkloadSpec::hipri>(), {}, {"hipri", R::kOnOff},
                  "hipri"},
    // Request sizes per direction (bs=R,W,T, bsrange=, bssplit=, blockalign=; "R/W/T" each)
    WorkloadField{"workload_bs_per_direction", "bs_per_direction", nullptr, direction_sizes<&DirectionBlockSizes::bs>(),
                  {}, {"bs per direction", R::kText}, "block_sizes.direction.bs"},
    WorkloadField{"workload_bsrange", "bsrange", nullptr, kBlockSizeRanges, {}, {"bsrange", R::kText},
                  "block_sizes.direction.range_min block_sizes.direction.range_max"},
    WorkloadField{"workload_bssplit", "bssplit", nullptr, kBlockSizeSplits, {}, {"bssplit", R::kText},
                  "block_sizes.direction.split"},
    WorkloadField{"workload_blockalign", "blockalign", nullptr, direction_sizes<&DirectionBlockSizes::align>(), {},
                  {"blockalign", R::kText}, "block_sizes.direction.align"},
    // verify= and its companions
    WorkloadField{"workload_verify", "verify", nullptr, part_member<&WorkloadSpec::verify, &VerifyOptions::method>(),
                  {}, {"verify", R::kWord}, "verify.method"},
    WorkloadField{"workload_verify_pattern", "verify_pattern", nullptr, pattern<&WorkloadSpec::verify,
                  &VerifyOptions::pattern>(), {}, {"verify_pattern", R::kText}, "verify.pattern"},
    WorkloadField{"workload_verify_interval", "verify_interval", nullptr,
                  part_member<&WorkloadSpec::verify, &VerifyOptions::interval>(), {}, {"verify_interval", R::kSize},
                  "verify.interval"},
    WorkloadField{"workload_do_verify", "do_verify", nullptr,
                  part_member<&WorkloadSpec::verify, &VerifyOptions::do_verify>(), {}, {"do_verify", R::kOnOff},
                  "verify.do_verify"},
    WorkloadField{"workload_verify_only", "verify_only", nullptr,
                  part_member<&WorkloadSpec::verify, &VerifyOptions::verify_only>(), {}, {"verify_only", R::kOnOff},
                  "verify.verify_only"},
    WorkloadField{"workload_verify_backlog", "verify_backlog", nullptr,
                  part_member<&WorkloadSpec::verify, &VerifyOptions::verify_backlog>(), {},
                  {"verify_backlog", R::kCount}, "verify.verify_backlog"},
    WorkloadField{"workload_verify_backlog_batch", "verify_backlog_batch", nullptr,
                  part_member<&WorkloadSpec::verify, &VerifyOptions::verify_backlog_batch>(), {},
                  {"verify_backlog_batch", R::kCount}, "verify.verify_backlog_batch"},
    // The write buffers' contents (refill_buffers, zero_buffers, scramble_buffers: "" when not given, else 0 or 1)
    WorkloadField{"workload_refill_buffers", "refill_buffers", nullptr,
                  given_flag<&WorkloadSpec::buffers, &BufferOptions::refill_buffers>(), {},
                  {"refill_buffers", R::kWord, false, kGivenFlagShown}, "buffers.refill_buffers"},
    WorkloadField{"workload_zero_buffers", "zero_buffers", nullptr,
                  given_flag<&WorkloadSpec::buffers, &BufferOptions::zero_buffers>(), {},
                  {"zero_buffers", R::kWord, false, kGivenFlagShown}, "buffers.zero_buffers"},
    WorkloadField{"workload_scramble_buffers", "scramble_buffers", nullptr,
                  given_flag<&WorkloadSpec::buffers, &BufferOptions::scramble_buffers>(), {},
                  {"scramble_buffers", R::kWord, false, kGivenFlagShown}, "buffers.scramble_buffers"},
    WorkloadField{"workload_buffer_pattern", "buffer_pattern", nullptr,
                  pattern<&WorkloadSpec::buffers, &BufferOptions::buffer_pattern>(), {}, {"buffer_pattern", R::kText},
                  "buffers.buffer_pattern"},
    WorkloadField{"workload_buffer_compress_percentage", "buffer_compress_percentage", nullptr,
                  given_percent<&WorkloadSpec::buffers, &BufferOptions::compress_percentage>(), "a percent, 0 to 100",
                  {"buffer_compress_percentage", R::kText}, "buffers.compress_percentage"},
    WorkloadField{"workload_buffer_compress_chunk", "buffer_compress_chunk", nullptr,
                  part_member<&WorkloadSpec::buffers, &BufferOptions::compress_chunk>(), {},
                  {"buffer_compress_chunk", R::kSize}, "buffers.compress_chunk"},
    WorkloadField{"workload_dedupe_percentage", "dedupe_percentage", nullptr,
                  given_percent<&WorkloadSpec::buffers, &BufferOptions::dedupe_percentage>(), "a percent, 0 to 100",
                  {"dedupe_percentage", R::kText}, "buffers.dedupe_percentage"},
    WorkloadField{"workload_dedupe_mode", "dedupe_mode", nullptr,
                  part_member<&WorkloadSpec::buffers, &BufferOptions::dedupe_mode>(), {}, {"dedupe_mode", R::kWord},
                  "buffers.dedupe_mode"},
    WorkloadField{"workload_dedupe_working_set_percentage", "dedupe_working_set_percentage", nullptr,
                  percent_access<WorkloadSpec, AtPart<&WorkloadSpec::buffers>,
                                 &BufferOptions::dedupe_working_set_percentage>(),
                  {}, {"dedupe_working_set_percentage", R::kPercent}, "buffers.dedupe_working_set_percentage"},
    WorkloadField{"workload_dedupe_global", "dedupe_global", nullptr,
                  part_member<&WorkloadSpec::buffers, &BufferOptions::dedupe_global>(), {},
                  {"dedupe_global", R::kOnOff}, "buffers.dedupe_global"},
    // Batching, pacing and the job's passes
    WorkloadField{"workload_iodepth_batch_submit", "iodepth_batch_submit", nullptr,
                  member<&WorkloadSpec::batch_submit>(), {}, {"iodepth_batch_submit", R::kCount}, "batch_submit"},
    WorkloadField{"workload_iodepth_batch_complete_min", "iodepth_batch_complete_min", nullptr,
                  member<&WorkloadSpec::batch_complete_min>(), {}, {"iodepth_batch_complete_min", R::kCount},
                  "batch_complete_min"},
    WorkloadField{"workload_iodepth_batch_complete_max", "iodepth_batch_complete_max", nullptr,
                  member<&WorkloadSpec::batch_complete_max>(), {}, {"iodepth_batch_complete_max", R::kCount},
                  "batch_complete_max"},
    WorkloadField{"workload_rate", "rate", nullptr, per_direction_values<&WorkloadSpec::rate_bytes>(), {},
                  {"rate", R::kText}, "rate_bytes"},
    WorkloadField{"workload_rate_iops", "rate_iops", nullptr, per_direction_values<&WorkloadSpec::rate_iops>(), {},
                  {"rate_iops", R::kText}, "rate_iops"},
    WorkloadField{"workload_rate_process", "rate_process", nullptr,
                  flag_words<&WorkloadSpec::rate_poisson, kRateProcessWords>(), {}, {"rate_process", R::kWord},
                  "rate_poisson"},
    WorkloadField{"workload_loops", "loops", nullptr, member<&WorkloadSpec::loops>(), {}, {"loops", R::kCount},
                  "loops"},
    WorkloadField{"workload_number_ios", "number_ios", nullptr, member<&WorkloadSpec::number_ios>(), {},
                  {"number_ios", R::kCount}, "number_ios"},
    WorkloadField{"workload_io_size", "io_size", nullptr, member<&WorkloadSpec::io_size>(), {}, {"io_size", R::kSize},
                  "io_size"},
    WorkloadField{"workload_startdelay_ms", "startdelay_ms", nullptr, milliseconds<&WorkloadSpec::start_delay>(), {},
                  {"startdelay ms", R::kCount}, "start_delay"},
    // How the job opens, lays out, syncs and pins
    WorkloadField{"workload_sync", "sync", nullptr, kSyncOpenFlag, "none, sync or dsync",
                  {"sync", R::kWord, false, kSyncShown}, "sync_open_flag"},
    WorkloadField{"workload_overwrite", "overwrite", nullptr, member<&WorkloadSpec::overwrite>(), {},
                  {"overwrite", R::kOnOff}, "overwrite"},
    WorkloadField{"workload_create_only", "create_only", nullptr, member<&WorkloadSpec::create_only>(), {},
                  {"create_only", R::kOnOff}, "create_only"},
    WorkloadField{"workload_fsync_on_close", "fsync_on_close", nullptr, member<&WorkloadSpec::fsync_on_close>(), {},
                  {"fsync_on_close", R::kOnOff}, "fsync_on_close"},
    WorkloadField{"workload_io_submit_mode", "io_submit_mode", nullptr,
                  flag_words<&WorkloadSpec::submit_offload, kSubmitModeWords>(), {}, {"io_submit_mode", R::kWord},
                  "submit_offload"},
    WorkloadField{"workload_cpus_allowed", "cpus_allowed", nullptr, kCpusAllowed, "CPU numbers and ranges, ascending",
                  {"cpus_allowed", R::kText}, "cpus_allowed"},
    WorkloadField{"workload_thinktime_us", "thinktime_us", nullptr,
                  duration_in<std::chrono::microseconds, &WorkloadSpec::thinktime>(), {}, {"thinktime us", R::kCount},
                  "thinktime"},
    WorkloadField{"workload_thinktime_spin_us", "thinktime_spin_us", nullptr,
                  duration_in<std::chrono::microseconds, &WorkloadSpec::thinktime_spin>(), {},
                  {"thinktime_spin us", R::kCount}, "thinktime_spin"},
    WorkloadField{"workload_thinktime_blocks", "thinktime_blocks", nullptr,
                  member<&WorkloadSpec::thinktime_blocks>(), {}, {"thinktime_blocks", R::kCount}, "thinktime_blocks"},
    WorkloadField{"workload_thinktime_blocks_type", "thinktime_blocks_type", nullptr,
                  flag_words<&WorkloadSpec::thinktime_blocks_issue, kThinktimeBlocksTypes>(), {},
                  {"thinktime_blocks_type", R::kWord}, "thinktime_blocks_issue"},
    WorkloadField{"workload_thinktime_iotime_us", "thinktime_iotime_us", nullptr,
                  duration_in<std::chrono::microseconds, &WorkloadSpec::thinktime_iotime>(), {},
                  {"thinktime_iotime us", R::kCount}, "thinktime_iotime"},
};

// The members no row records, each with the reason.
constexpr std::array kMembersNotRecorded = {
    MemberNotRecorded{"random_distribution",
                      "parsed from random_distribution_text, which is recorded as written (workload_random_distribution)"},
    MemberNotRecorded{"overwrite_allowed",
                      "a permission of the run's command line (--allow-overwrite=PATH), not a setting: a workload that "
                      "runs does the same with it or without"},
    MemberNotRecorded{"bw_log", "which of fio's log files the run writes (report/fio/fio_log.h): files of their own"},
    MemberNotRecorded{"lat_log", "which of fio's log files the run writes (report/fio/fio_log.h): files of their own"},
    MemberNotRecorded{"iops_log", "which of fio's log files the run writes (report/fio/fio_log.h): files of their own"},
    MemberNotRecorded{"log_avg_msec", "how fio's log files average their entries: the logs' own layout"},
    MemberNotRecorded{"per_job_logs", "whether fio's log files are one per job: the logs' own layout"},
    MemberNotRecorded{"latency_output",
                      "what fio's formats print of the latency statistics; bench++ measures every latency whatever "
                      "it says"},
    MemberNotRecorded{"gtod_reduce",
                      "changes fio's clock readings and report; bench++ reads the clock once per batch whatever it "
                      "says (man page)"},
    MemberNotRecorded{"read_only",
                      "a guard: a workload that writes is refused, so one that runs does the same with it or without"},
    MemberNotRecorded{"verify.verify_fatal", "bench++ stops at the first bad block whatever it says"},
    MemberNotRecorded{"given_global_options",
                      "the options as written, for fio's JSON; each one's effect is in the member it sets"},
    MemberNotRecorded{"given_job_options",
                      "the options as written, for fio's JSON; each one's effect is in the member it sets"},
};

}  // namespace

std::span<const WorkloadField> workload_fields() { return kWorkloadFields; }

std::span<const MemberNotRecorded> workload_members_not_recorded() { return kMembersNotRecorded; }

}  // namespace bench
