#include "cli/fio_options.h"

// check_workload (cli/fio_options.h): what a workload whose options are all applied may run, with fio's refusals
// and bench++'s own. Each refusal names the workload, in one line (UsageError).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/fio_zones.h"
#include "data/workload_data_rules.h"
#include "result/errors.h"
#include "result/job_file_names.h"
#include "result/size_arithmetic.h"

namespace bench {
namespace {

// fio 3.33's checks of the minimum rates (init.c fixup_options): not both kinds, and none above its rate.
template <typename Refuse>
void check_rate_minimums(const WorkloadSpec& spec, const Refuse& refuse) {
  const auto any = [](const std::array<std::uint64_t, kFioDirections>& values) {
    return std::any_of(values.begin(), values.end(), [](std::uint64_t value) { return value != 0; });
  };
  if (any(spec.rate_bytes) && any(spec.rate_iops)) refuse("rate= and rate_iops= are mutually exclusive (as in fio)");
  if (any(spec.rate_min_bytes) && any(spec.rate_iops_min)) {
    refuse("rate_min= and rate_iops_min= are mutually exclusive (as in fio)");
  }
  constexpr std::array<const char*, kFioDirections> kDirections{"reads", "writes", "trims"};
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    if ((spec.rate_bytes[d] != 0 && spec.rate_bytes[d] < spec.rate_min_bytes[d]) ||
        (spec.rate_iops[d] != 0 && spec.rate_iops[d] < spec.rate_iops_min[d])) {
      refuse(fmt::format("the minimum rate exceeds the rate of the {} (as fio refuses it)", kDirections[d]));
    }
  }
}

// Varying request sizes (bs=R,W, bsrange=, bssplit=, blockalign=): what bench++ runs with them.
template <typename Refuse>
void check_block_sizes(const WorkloadSpec& spec, const Refuse& refuse) {
  for (const DirectionBlockSizes& direction : spec.block_sizes.direction) {
    std::vector<std::uint32_t> sizes{direction.min(), direction.max(), direction.offset_unit()};
    for (const BlockSplit& item : direction.split) sizes.push_back(item.bytes);
    for (const std::uint32_t bytes : sizes) {
      if (spec.direct && bytes % 512 != 0)
        refuse(fmt::format("a request of {} bytes is not a multiple of 512, which direct=1 (O_DIRECT) needs", bytes));
    }
  }
  // verify= runs on a writing job: each write checked as it went, read back after the job (JobData); what reads
  // blocks of other sizes than they were written, or checks them in between, is refused.
  if (spec.verify.method == VerifyMethod::kNone && spec.verify.pattern.empty()) return;
  const auto refuse_with_verify = [&](std::string_view what) {
    refuse(fmt::format("verify= with requests of varying sizes (bs=R,W, bsrange=, bssplit=, blockalign=) {} is not "
                       "supported by bench++",
                       what));
  };
  if (reads_data(spec.pattern)) refuse_with_verify("on a reading job");
  if (spec.verify.verify_only) refuse_with_verify("and verify_only");
  if (spec.verify.verify_backlog != 0) refuse_with_verify("and verify_backlog=");
  if (spec.verify.interval != 0) refuse_with_verify("and verify_interval=");
}

// files: what bench++ runs with several files per job.
template <typename Refuse>
void check_files(const WorkloadSpec& spec, const Refuse& refuse) {
  if (files_per_job(spec) == 1) return;
  if (spec.verify.method != VerifyMethod::kNone) {
    refuse("verify= with several files per job (nrfiles=, filename=a:b) is not supported by bench++");
  }
  if (spec.size_percent) refuse("size=N% with several files per job (nrfiles=, filename=a:b) is not supported by bench++");
}

// io_uring's own options and hipri: only with the engines fio takes them on (their rows' EngineOptions); hipri
// (IORING_SETUP_IOPOLL) only with direct=1, as the kernel polls O_DIRECT requests only (fio's fail, each with
// EOPNOTSUPP).
template <typename Refuse>
void check_uring_options(const WorkloadSpec& spec, const Refuse& refuse) {
  const unsigned takes = engine_facts(spec.engine).options;
  const UringOptions& o = spec.uring;
  for (const auto& [given, name] : {std::pair{o.register_files, "registerfiles"}, {o.fixed_buffers, "fixedbufs"},
                                    {o.sq_poll, "sqthread_poll"}, {o.sq_poll_cpu.has_value(), "sqthread_poll_cpu"},
                                    {o.nonvectored.has_value(), "nonvectored"}}) {
    if (given && (takes & kRingOptions) == 0) {
      refuse(fmt::format("{} is an option of ioengine={}, not of ioengine={} (fio refuses it too)", name,
                         fio_names_where([](const EngineFacts& e) { return (e.options & kRingOptions) != 0; }, "and"),
                         spec.fio_engine));
    }
  }
  if (spec.hipri && (takes & kHipriOption) == 0) {
    refuse(fmt::format("hipri is an option of ioengine={}, not of ioengine={} (fio refuses it too)",
                       fio_names_where([](const EngineFacts& e) { return (e.options & kHipriOption) != 0; }, "and"),
                       spec.fio_engine));
  }
  const bool uring = (takes & kRingOptions) != 0;
  if (spec.hipri && uring && !spec.direct) {
    refuse("hipri (IORING_SETUP_IOPOLL) needs direct=1: the kernel polls O_DIRECT requests only, and fails the "
           "others with EOPNOTSUPP (as fio's)");
  }
}

// unlink_each_loop with more than one loop: only where fio's job runs and bench++ removes only its own files (a
// user's existing file is WorkloadFiles::plan's refusal).
template <typename Refuse>
void check_unlink_each_loop(const WorkloadSpec& spec, const Refuse& refuse) {
  if (!spec.unlinks_between_loops()) return;
  if (!writes_data(spec.pattern)) {
    refuse("unlink_each_loop with more than one loop (loops=, io_size=) on a job that writes nothing: its files are "
           "removed after the first loop and the next loop's open fails with ENOENT (as fio's does)");
  }
  if (spec.engine == EngineKind::kMmap) {
    refuse("unlink_each_loop with more than one loop and ioengine=mmap: the second loop's new, empty file cannot be "
           "written through its mapping (fio's job dies of SIGBUS)");
  }
  if (spec.uring.register_files || spec.uring.sq_poll) {
    refuse("unlink_each_loop with more than one loop and registerfiles (or sqthread_poll, which registers the files) "
           "is not supported by bench++: fio writes on into the removed, registered files and leaves none");
  }
}

// io_submit_mode=offload: with the engines whose row says how it runs them.
template <typename Refuse>
void check_offload(const WorkloadSpec& spec, const Refuse& refuse) {
  const auto offloads = [](const EngineFacts& e) {
    return e.offload == OffloadRule::kSameEngine || e.offload == OffloadRule::kDepthThreads;
  };
  switch (engine_facts(spec.engine).offload) {
    case OffloadRule::kFioRefuses:
      refuse(fmt::format("{} cannot be used with io_submit_mode=offload (fio refuses it too): use {}", spec.fio_engine,
                         fio_names_where(offloads, "or")));
      break;
    case OffloadRule::kNotInBench:
      refuse(fmt::format("io_submit_mode=offload runs with {} in bench++, not {}", fio_names_where(offloads, "or"),
                         spec.fio_engine));
      break;
    case OffloadRule::kSameEngine:
    case OffloadRule::kDepthThreads:
      break;
  }
}

}  // namespace

void check_workload(const WorkloadSpec& spec) {
  const auto refuse = [&](const std::string& reason) {
    throw UsageError(fmt::format("workload '{}': {}", spec.name, reason));
  };
  if (spec.name.empty()) throw UsageError("a workload needs a name (--name=NAME, or a [section] in a job file)");
  if (const std::optional<std::string> reason = zone_refusal(spec)) refuse(*reason);
  if (spec.direct && spec.block_bytes % 512 != 0) {
    refuse(fmt::format("bs={} is not a multiple of 512, which direct=1 (O_DIRECT) needs", spec.block_bytes));
  }
  for (const std::uint64_t offset : {spec.offset_bytes, spec.offset_increment_bytes}) {
    if (spec.direct && offset % 512 != 0) {
      refuse(fmt::format("offset {} is not a multiple of 512, which direct=1 (O_DIRECT) needs", offset));
    }
  }
  if (spec.block_sizes.varies()) check_block_sizes(spec, refuse);
  if (spec.size_bytes != 0 && spec.size_bytes < spec.block_bytes) {
    refuse(fmt::format("size={} is smaller than bs={}", spec.size_bytes, spec.block_bytes));
  }
  if (spec.file_size != 0 && spec.file_size_high == 0 && files_per_job(spec) == 1 && spec.size_bytes < spec.file_size &&
      !spec.size_percent) {
    refuse(fmt::format("size={} below filesize={}: a file larger than the job's size is not supported by bench++",
                       spec.size_bytes, spec.file_size));
  }
  if (spec.engine == EngineKind::kCpuio && spec.cpu_load == 0) {
    refuse("ioengine=cpuio needs cpuload= (1..100, the percentage of a CPU it burns; fio refuses it too)");
  }
  if (spec.engine != EngineKind::kCpuio && (spec.cpu_load != 0 || spec.cpu_qsort || spec.cpu_chunk_us != 50000)) {
    refuse(fmt::format("cpuload, cpuchunks and cpumode are options of ioengine=cpuio, not of ioengine={} (fio "
                       "refuses them too)",
                       spec.fio_engine));
  }
  if ((engine_facts(spec.engine).options & kStatOption) == 0 && spec.stat_type != StatCall::kStat) {
    refuse(fmt::format("stat_type is an option of ioengine=filestat, not of ioengine={} (fio refuses it too)",
              spec.fio_engine));
  }
  if (spec.engine == EngineKind::kExec && spec.exec.program.empty()) {
    refuse("ioengine=exec needs program= (the program it runs; fio fails the job without one)");
  }
  if (spec.engine == EngineKind::kExec && spec.runtime.count() == 0) {
    refuse("ioengine=exec needs runtime= (what ends its job: without one fio's never ends)");
  }
  if (spec.engine != EngineKind::kExec && spec.exec != ExecOptions{}) {
    refuse(fmt::format("program, arguments, grace_time and std_redirect are options of ioengine=exec, not of "
                       "ioengine={} (fio refuses them too)",
                       spec.fio_engine));
  }
  if (spec.fill_device && (spec.pattern != IoPattern::kWrite || spec.overwrite)) {
    refuse("fill_device=1 other than with rw=write (sequential writes to a new file) is not supported by bench++ "
           "(fio: it only makes sense with sequential writes)");
  }
  // filename_format= names files for jobs to share, which an earlier run may have made: under fio's rules the
  // planner takes their sizes (phases/workload/workload_files.h), and refuses a missing one.
  if (spec.size_bytes == 0 && !spec.size_percent && spec.filename.empty() && spec.file_size == 0 &&
      spec.filename_format.empty() && !spec.fill_device) {
    refuse("needs size= (how much each job writes or reads), unless filename= names an existing file or device");
  }
  if (spec.random_generator == RandomGenerator::kLfsr &&
      (spec.random_distribution.kind == DistributionKind::kZoned ||
       spec.random_distribution.kind == DistributionKind::kZonedAbsolute)) {
    refuse("random_generator=lfsr cannot draw a zoned random_distribution (fio ignores the zones)");
  }
  if (spec.time_based && spec.runtime.count() == 0) refuse("time_based needs runtime= (how long to loop)");
  if (spec.read_only && changes_data(spec.pattern)) {
    refuse(writes_data(spec.pattern) ? "writes, and --readonly allows no write (fio refuses it too)"
                                     : "trims, and --readonly allows no trim (fio refuses it too)");
  }
  if (!checked_multiply(spec.size_bytes, spec.jobs)) refuse("size x numjobs does not fit in 64 bits");
  if (spec.submit_offload) check_offload(spec, refuse);
  if (const std::optional<std::string> reason = refused_data_options(spec)) refuse(*reason);
  check_files(spec, refuse);
  check_rate_minimums(spec, refuse);
  check_uring_options(spec, refuse);
  check_unlink_each_loop(spec, refuse);
}

}  // namespace bench
