// fio 3.33's option names: every job option of its options.c and of its engines' option tables, with their
// aliases (what fio's parser accepts on a command line or in a job file, ioengine-specific ones included), and
// threads, its tiobench profile's option, which fio's parser takes in any job.
// A fact about fio, read from its sources; tests/cli/fio_option_names_test.cpp checks it against the installed
// fio's --cmdhelp=all and --enghelp=ENGINE, and that every option bench++ runs is fio's.
#include "cli/fio_option_names.h"

#include <algorithm>
#include <array>


namespace bench {
namespace {

// Sorted, so that a name is found by binary search.
constexpr std::array<std::string_view, 343> kFioOptionNames = {
    "allow_file_create", "allow_mounted_write", "allrandrepeat", "arguments", "atomic", "ba", "bindname",
    "block_error_percentiles", "blockalign", "blocksize", "blocksize_range", "blocksize_unaligned", "brick", "bs",
    "bs_is_seq_rand", "bs_unaligned", "bsrange", "bssplit", "buffer_compress_chunk", "buffer_compress_percentage",
    "buffer_pattern", "buffered", "busy_poll", "busy_wait_polling", "bwavgtime", "cgroup", "cgroup_nodelete",
    "cgroup_weight", "chunck_size", "chunk_size", "clat_percentiles", "clientname", "clocksource", "clustername",
    "cmd_type", "cmdprio", "cmdprio_bssplit", "cmdprio_class", "cmdprio_percentage", "conf", "cont",
    "continue_on_error", "cpuchunks", "cpuload", "cpumask", "cpumode", "cpus_allowed", "cpus_allowed_policy",
    "create_fsync", "create_on_open", "create_only", "create_serialize", "cuda_io", "dedupe_global", "dedupe_mode",
    "dedupe_percentage", "dedupe_working_set_percentage", "description", "direct", "direct_write_to_pmem",
    "directory", "disable_bw", "disable_bw_measurement", "disable_clat", "disable_lat", "disable_slat", "disk_util",
    "do_verify", "donorname", "dummy", "end_fsync", "error_dump", "exec_postrun", "exec_prerun", "exit_on_io_done",
    "exit_what", "exitall", "exitall_on_error", "experimental_verify", "fadvise_hint", "fallocate", "fdatasync",
    "file_append", "file_service_type", "filename", "filename_format", "fileoffset", "filesize", "fill_device",
    "fill_fs", "fixedbufs", "flow", "flow_id", "flow_sleep", "flow_watermark", "force_async", "fsync",
    "fsync_on_close", "gid", "gpu_dev_id", "gpu_dev_ids", "grace_time", "group_reporting", "gtod_cpu",
    "gtod_reduce", "hdfs_use_direct", "hdfsdirectory", "hipri", "hipri_percentage", "hostname", "http_host",
    "http_mode", "http_pass", "http_s3_key", "http_s3_keyid", "http_s3_region", "http_s3_sse_customer_algorithm",
    "http_s3_sse_customer_key", "http_s3_storage_class", "http_swift_auth_token", "http_user", "http_verbose",
    "https", "hugepage-size", "ignore_error", "ignore_zone_limits", "initiator", "inplace", "interface",
    "invalidate", "io_limit", "io_size", "io_submit_mode", "iodepth", "iodepth_batch", "iodepth_batch_complete",
    "iodepth_batch_complete_max", "iodepth_batch_complete_min", "iodepth_batch_submit", "iodepth_low", "ioengine",
    "iomem", "iomem_align", "iopsavgtime", "ioscheduler", "job_max_open_zones", "kb_base", "lat_percentiles",
    "latency_percentile", "latency_run", "latency_target", "latency_window", "listen", "lockfile", "lockmem",
    "log_alternate_epoch", "log_alternate_epoch_clock_id", "log_avg_msec", "log_compression",
    "log_compression_cpus", "log_entries", "log_hist_coarseness", "log_hist_msec", "log_max_value", "log_offset",
    "log_prio", "log_store_compressed", "log_unix_epoch", "loops", "max_latency", "max_open_zones", "mem",
    "mem_align", "merge_blktrace_file", "merge_blktrace_iters", "merge_blktrace_scalars", "mss", "name", "namenode",
    "new_group", "nfs_url", "nice", "no_completion_thread", "nodelay", "nonvectored", "norandommap", "nowait",
    "nr_files", "nrfiles", "numa_cpu_nodes", "numa_mem_policy", "number_ios", "numjobs", "object_class", "offset",
    "offset_align", "offset_increment", "opendir", "openfiles", "overwrite", "per_job_logs", "percentage_random",
    "percentage_sequential", "percentile_list", "pingpong", "pool", "port", "pre_read", "prio", "prioclass",
    "profile", "program", "proto", "protocol", "ramp_time", "random_distribution", "random_generator", "randrepeat",
    "randseed", "rate", "rate_cycle", "rate_ignore_thinktime", "rate_iops", "rate_iops_min", "rate_min",
    "rate_process", "ratecycle", "ratemin", "rbdname", "read_beyond_wp", "read_iolog", "read_iolog_chunked",
    "readfua", "readwrite", "refill_buffers", "registerfiles", "replay_align", "replay_no_stall", "replay_redirect",
    "replay_scale", "replay_skip", "replay_time_scale", "runtime", "rw", "rw_sequencer", "rwmixcycle", "rwmixread",
    "rwmixwrite", "scramble_buffers", "serialize_overlap", "serverip", "sg_write_mode", "significant_figures",
    "single-instance", "single_instance", "size", "skip_bad", "slat_percentiles", "softrandommap", "sqthread_poll",
    "sqthread_poll_cpu", "ss", "ss_dur", "ss_ramp", "startdelay", "stat_type", "stats", "std_redirect",
    "steadystate", "steadystate_duration", "steadystate_ramp_time", "stonewall", "stream_id", "svcl", "sync",
    "sync_file_range", "thinktime", "thinktime_blocks", "thinktime_blocks_type", "thinktime_iotime",
    "thinktime_spin", "thp", "thread", "threads", "time_based", "timeout", "touch_objects", "trim_backlog",
    "trim_backlog_batch", "trim_percentage", "trim_verify_zero", "ttl", "uid", "uncached", "unified_rw_reporting",
    "unique_filename", "unit_base", "unlink", "unlink_each_loop", "uri", "userspace_reap", "verb", "verify",
    "verify_async", "verify_async_cpus", "verify_backlog", "verify_backlog_batch", "verify_dump", "verify_fatal",
    "verify_interval", "verify_offset", "verify_only", "verify_pattern", "verify_state_load", "verify_state_save",
    "verifysort", "verifysort_nr", "volume", "wait_for", "wait_for_previous", "window_size", "write_barrier",
    "write_bw_log", "write_hint", "write_hist_log", "write_iolog", "write_iops_log", "write_lat_log", "writefua",
    "xnvme_admin", "xnvme_async", "xnvme_be", "xnvme_dev_nsid", "xnvme_iovec", "xnvme_sync", "zero_buffers",
    "zone_reset_frequency", "zone_reset_threshold", "zonecapacity", "zonemode", "zonerange", "zonesize", "zoneskip",
};

}  // namespace

bool is_fio_option_name(std::string_view name) {
  return std::binary_search(kFioOptionNames.begin(), kFioOptionNames.end(), name);
}

std::span<const std::string_view> fio_option_names_of_fio() { return kFioOptionNames; }

}  // namespace bench
