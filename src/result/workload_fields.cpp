#include "result/workload_fields.h"

#include <array>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "result/result_keywords.h"

namespace bench {
namespace {

struct AtSpec {
  static const WorkloadSpec& of(const WorkloadSpec& spec) { return spec; }
  static WorkloadSpec& of(WorkloadSpec& spec) { return spec; }
};

// io_uring's own options (result/uring_options.h).
struct AtUring {
  static const UringOptions& of(const WorkloadSpec& spec) { return spec.uring; }
  static UringOptions& of(WorkloadSpec& spec) { return spec.uring; }
};
template <auto Member>
constexpr FieldAccess<WorkloadSpec> uring_member() {
  return field_access<WorkloadSpec, AtUring, Member>();
}

// nonvectored: 0 or 1 as fio writes it, empty for fio's -1 (not given).
constexpr FieldAccess<WorkloadSpec> kNonvectored = {
    .format = {.codec = FieldCodec::kWhole, .max = 1, .may_be_empty = true},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      if (!spec.uring.nonvectored) return std::nullopt;
      return std::uint64_t{*spec.uring.nonvectored ? 1u : 0u};
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.uring.nonvectored = std::get<std::uint64_t>(value) != 0;
          return true;
        },
};

template <auto Member>
constexpr FieldAccess<WorkloadSpec> member() {
  return field_access<WorkloadSpec, AtSpec, Member>();
}

// A time recorded in whole milliseconds (fio's times are whole units of at least microseconds; a benchmark's are
// seconds).
template <auto Member>
constexpr FieldAccess<WorkloadSpec> milliseconds() {
  return {
      .format = {.codec = FieldCodec::kWhole},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(spec.*Member).count());
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::uint64_t ms = std::get<std::uint64_t>(value);
            if (ms > 1'000'000'000'000ull) return false;
            spec.*Member = std::chrono::milliseconds(ms);
            return true;
          },
  };
}

// fio's engine name, which also says which of bench++'s engines a workload asks for.
constexpr FieldAccess<WorkloadSpec> kFioEngine{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> { return spec.fio_engine; },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          spec.fio_engine = std::get<std::string>(std::move(value));
          const std::optional<EngineKind> kind = engine_for_fio_name(spec.fio_engine);
          if (kind) spec.engine = *kind;
          return kind.has_value();
        },
};

// percentage_random per direction: "R/W/T" (read, write, trim; fio writes R,W,T, which spreadsheets read as a
// number with thousands separators).
constexpr FieldAccess<WorkloadSpec> kPercentageRandom{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      const auto& p = spec.percentage_random;
      return std::to_string(p[0]) + "/" + std::to_string(p[1]) + "/" + std::to_string(p[2]);
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          unsigned r = 0, w = 0, t = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%u/%u/%u%c", &r, &w, &t, &end) != 3 || r > 100 || w > 100 || t > 100) {
            return false;
          }
          spec.percentage_random = {r, w, t};
          return true;
        },
};

// rw=<mode>:<nr>'s byte skip of a sequential job, signed: "-8192".
constexpr FieldAccess<WorkloadSpec> kSequentialSkip{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> { return std::to_string(spec.sequential_skip); },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          long long skip = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%lld%c", &skip, &end) != 1) return false;
          spec.sequential_skip = skip;
          return true;
        },
};

// file_service_type=zipf|pareto|normal's "T" or "T:C" (theta, h or dev, and the center); "" for the other kinds.
bool file_service_drawn(FileServiceKind kind) {
  return kind == FileServiceKind::kZipf || kind == FileServiceKind::kPareto || kind == FileServiceKind::kNormal;
}
std::string shortest_text(double value) {
  std::array<char, 32> text{};
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value);
  return std::string(text.data(), result.ptr);
}
bool read_double(std::string_view text, double& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc() && end == text.data() + text.size();
}
constexpr FieldAccess<WorkloadSpec> kFileServiceParameter{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      if (!file_service_drawn(spec.file_service)) return std::string();
      std::string text = shortest_text(spec.file_service_parameter);
      if (spec.file_service_center) text += ":" + shortest_text(*spec.file_service_center);
      return text;
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          spec.file_service_parameter = 0;
          spec.file_service_center.reset();
          if (text.empty()) return true;
          const std::size_t colon = text.find(':');
          const std::string_view all(text);
          if (!read_double(all.substr(0, colon), spec.file_service_parameter)) return false;
          if (colon == std::string_view::npos) return true;
          double center = 0;
          if (!read_double(all.substr(colon + 1), center) || !(center >= 0.0 && center <= 1.0)) return false;
          spec.file_service_center = center;
          return true;
        },
};

// "R/W" or "R/W/T" (whole numbers): the values, the trims' 0 when absent; nullopt for anything else.
std::optional<std::array<std::uint64_t, kFioDirections>> per_direction_numbers(std::string_view text) {
  std::array<std::uint64_t, kFioDirections> values{};
  std::size_t count = 0;
  while (count < kFioDirections) {
    const std::string_view field = text.substr(0, text.find('/'));
    const char* end = field.data() + field.size();
    if (field.empty() || std::from_chars(field.data(), end, values[count]).ptr != end) return std::nullopt;
    ++count;
    if (field.size() == text.size()) return count >= 2 ? std::optional(values) : std::nullopt;
    text.remove_prefix(field.size() + 1);
  }
  return std::nullopt;  // a fourth value
}

// A value per direction (rate_min=, rate_iops_min=): "R/W", or "R/W/T" when the trims' is given (results written
// before trims had one read back with none).
template <auto Member>
constexpr FieldAccess<WorkloadSpec> per_direction_values() {
  return {
      .format = {.codec = FieldCodec::kText},
      .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
        const auto& values = spec.*Member;
        std::string text = std::to_string(values[0]) + "/" + std::to_string(values[1]);
        if (values[2] != 0) text += "/" + std::to_string(values[2]);
        return text;
      },
      .set =
          [](WorkloadSpec& spec, FieldValue value) {
            const std::optional<std::array<std::uint64_t, kFioDirections>> values =
                per_direction_numbers(std::get<std::string>(value));
            if (values) spec.*Member = *values;
            return values.has_value();
          },
  };
}

// nice=, signed: "-5"; "" when not given.
constexpr FieldAccess<WorkloadSpec> kNice{
    .format = {.codec = FieldCodec::kText},
    .get = [](const WorkloadSpec& spec) -> std::optional<FieldValue> {
      return spec.nice ? std::to_string(*spec.nice) : std::string();
    },
    .set =
        [](WorkloadSpec& spec, FieldValue value) {
          const std::string text = std::get<std::string>(std::move(value));
          if (text.empty()) {
            spec.nice.reset();
            return true;
          }
          int nice = 0;
          char end = 0;
          if (std::sscanf(text.c_str(), "%d%c", &nice, &end) != 1 || nice < -20 || nice > 19) return false;
          spec.nice = nice;
          return true;
        },
};

using R = DifferenceReading;

constexpr std::array kWorkloadFields = {
    WorkloadField{"workload", "name", nullptr, member<&WorkloadSpec::name>()},
    WorkloadField{"workload_rw", "rw", nullptr, member<&WorkloadSpec::pattern>(), {}, {"rw", R::kWord}},
    WorkloadField{"workload_bs", "bs", nullptr, member<&WorkloadSpec::block_bytes>(), {}, {"bs", R::kSize}},
    WorkloadField{"workload_size_bytes", "size_bytes", nullptr, member<&WorkloadSpec::size_bytes>(), {},
                  {"size", R::kSize}},
    WorkloadField{"workload_size_percent", "size_percent", nullptr, member<&WorkloadSpec::size_percent>(), {},
                  {"size %", R::kCount}},
    WorkloadField{"workload_offset_bytes", "offset_bytes", nullptr, member<&WorkloadSpec::offset_bytes>(), {},
                  {"offset", R::kSize}},
    WorkloadField{"workload_offset_percent", "offset_percent", nullptr, member<&WorkloadSpec::offset_percent>(), {},
                  {"offset %", R::kCount}},
    WorkloadField{"workload_offset_increment_bytes", "offset_increment_bytes", nullptr,
                  member<&WorkloadSpec::offset_increment_bytes>(), {}, {"offset_increment", R::kSize}},
    WorkloadField{"workload_offset_increment_percent", "offset_increment_percent", nullptr,
                  member<&WorkloadSpec::offset_increment_percent>(), {}, {"offset_increment %", R::kCount}},
    WorkloadField{"workload_offset_align", "offset_align", nullptr, member<&WorkloadSpec::offset_align>(), {},
                  {"offset_align", R::kSize}},
    WorkloadField{"workload_numjobs", "numjobs", nullptr, member<&WorkloadSpec::jobs>(), {}, {"numjobs", R::kCount}},
    WorkloadField{"workload_iodepth", "iodepth", nullptr, member<&WorkloadSpec::iodepth>(), {},
                  {"iodepth", R::kCount}},
    WorkloadField{"workload_runtime_ms", "runtime_ms", nullptr, milliseconds<&WorkloadSpec::runtime>(), {},
                  {"runtime ms", R::kCount}},
    WorkloadField{"workload_time_based", "time_based", nullptr, member<&WorkloadSpec::time_based>(), {},
                  {"time_based", R::kOnOff}},
    WorkloadField{"workload_ramp_ms", "ramp_time_ms", nullptr, milliseconds<&WorkloadSpec::ramp_time>(), {},
                  {"ramp_time ms", R::kCount}},
    WorkloadField{"workload_direct", "direct", nullptr, member<&WorkloadSpec::direct>(), {}, {"direct", R::kOnOff}},
    WorkloadField{"workload_rwmixread", "rwmixread", nullptr,
                  percent_access<WorkloadSpec, AtSpec, &WorkloadSpec::read_percent>(), {}, {"rwmixread", R::kPercent}},
    WorkloadField{"workload_fsync", "fsync", nullptr, member<&WorkloadSpec::fsync_every>(), {}, {"fsync", R::kCount}},
    WorkloadField{"workload_fdatasync", "fdatasync", nullptr, member<&WorkloadSpec::fdatasync_every>(), {},
                  {"fdatasync", R::kCount}},
    WorkloadField{"workload_end_fsync", "end_fsync", nullptr, member<&WorkloadSpec::end_fsync>(), {},
                  {"end_fsync", R::kOnOff}},
    WorkloadField{"workload_group_reporting", "group_reporting", nullptr, member<&WorkloadSpec::group_reporting>()},
    WorkloadField{"workload_filename", "filename", nullptr, member<&WorkloadSpec::filename>()},
    WorkloadField{"workload_directory", "directory", nullptr, member<&WorkloadSpec::directory>()},
    WorkloadField{"workload_ioengine", "ioengine", nullptr, kFioEngine, "a fio engine bench++ runs",
                  {"ioengine", R::kWord}},
    WorkloadField{"workload_unlink", "unlink", nullptr, member<&WorkloadSpec::unlink>()},
    WorkloadField{"workload_unlink_each_loop", "unlink_each_loop", nullptr, member<&WorkloadSpec::unlink_each_loop>()},
    WorkloadField{"workload_invalidate", "invalidate", nullptr, member<&WorkloadSpec::invalidate>(), {},
                  {"invalidate", R::kOnOff}},
    WorkloadField{"workload_stonewall", "stonewall", nullptr, member<&WorkloadSpec::stonewall>()},
    WorkloadField{"workload_randseed", "randseed", nullptr, member<&WorkloadSpec::seed>()},
    WorkloadField{"workload_randrepeat", "randrepeat", nullptr, member<&WorkloadSpec::randrepeat>()},
    WorkloadField{"workload_description", "description", nullptr, member<&WorkloadSpec::description>()},
    WorkloadField{"workload_randommap", "randommap", nullptr, member<&WorkloadSpec::random_map>(), {},
                  {"random map", R::kOnOff}},
    WorkloadField{"workload_random_generator", "random_generator", nullptr,
                  member<&WorkloadSpec::random_generator>(), {}, {"random_generator", R::kWord}},
    WorkloadField{"workload_random_distribution", "random_distribution", nullptr,
                  member<&WorkloadSpec::random_distribution_text>(), {}, {"random_distribution", R::kWord}},
    WorkloadField{"workload_percentage_random", "percentage_random", nullptr, kPercentageRandom, {},
                  {"percentage_random", R::kWord}},
    WorkloadField{"workload_rw_skip", "rw_skip", nullptr, kSequentialSkip, {}, {"rw skip", R::kWord}},
    WorkloadField{"workload_rw_random_run", "rw_random_run", nullptr, member<&WorkloadSpec::random_run>(), {},
                  {"rw random run", R::kCount}},
    WorkloadField{"workload_rw_sequencer", "rw_sequencer", nullptr, member<&WorkloadSpec::rw_sequencer>(), {},
                  {"rw_sequencer", R::kWord}},
    // files (nrfiles, filesize, file_service_type, openfiles)
    WorkloadField{"workload_nrfiles", "nrfiles", nullptr, member<&WorkloadSpec::nrfiles>(), {},
                  {"nrfiles", R::kCount}},
    WorkloadField{"workload_filesize", "filesize", nullptr, member<&WorkloadSpec::file_size>(), {},
                  {"filesize", R::kSize}},
    WorkloadField{"workload_filesize_high", "filesize_high", nullptr, member<&WorkloadSpec::file_size_high>(), {},
                  {"filesize high", R::kSize}},
    WorkloadField{"workload_file_service_type", "file_service_type", nullptr, member<&WorkloadSpec::file_service>(),
                  {}, {"file_service_type", R::kWord}},
    WorkloadField{"workload_file_service_turn", "file_service_turn", nullptr,
                  member<&WorkloadSpec::file_service_turn>(), {}, {"file_service_type :N", R::kCount}},
    WorkloadField{"workload_file_service_parameter", "file_service_parameter", nullptr, kFileServiceParameter, {},
                  {"file_service_type :T", R::kText}},
    WorkloadField{"workload_openfiles", "openfiles", nullptr, member<&WorkloadSpec::open_files>(), {},
                  {"openfiles", R::kCount}},
    // job control (new_group, exitall, rate_min, rate_iops_min, nice, prio, prioclass, fallocate, create_on_open):
    // recorded, not compared (compare notes none of them)
    WorkloadField{"workload_new_group", "new_group", nullptr, member<&WorkloadSpec::new_group>()},
    WorkloadField{"workload_exitall", "exitall", nullptr, member<&WorkloadSpec::exitall>()},
    WorkloadField{"workload_exit_what", "exit_what", nullptr, member<&WorkloadSpec::exit_what>()},
    WorkloadField{"workload_exitall_on_error", "exitall_on_error", nullptr, member<&WorkloadSpec::exitall_on_error>()},
    WorkloadField{"workload_rate_min", "rate_min", nullptr, per_direction_values<&WorkloadSpec::rate_min_bytes>()},
    WorkloadField{"workload_rate_iops_min", "rate_iops_min", nullptr, per_direction_values<&WorkloadSpec::rate_iops_min>()},
    WorkloadField{"workload_nice", "nice", nullptr, kNice},
    WorkloadField{"workload_prio", "prio", nullptr, member<&WorkloadSpec::ioprio>()},
    WorkloadField{"workload_prioclass", "prioclass", nullptr, member<&WorkloadSpec::ioprio_class>()},
    WorkloadField{"workload_fallocate", "fallocate", nullptr, member<&WorkloadSpec::fallocate>()},
    WorkloadField{"workload_create_on_open", "create_on_open", nullptr, member<&WorkloadSpec::create_on_open>()},
    WorkloadField{"workload_thread", "thread", nullptr, member<&WorkloadSpec::thread>(), {}, {"thread", R::kOnOff}},
    WorkloadField{"workload_fadvise_hint", "fadvise_hint", nullptr, member<&WorkloadSpec::fadvise_hint>(), {},
                  {"fadvise_hint", R::kWord}},
    // fio's output statistics: disk_util and the sample windows
    WorkloadField{"workload_disk_util", "disk_util", nullptr, member<&WorkloadSpec::disk_util>()},
    WorkloadField{"workload_bwavgtime_ms", "bwavgtime_ms", nullptr, milliseconds<&WorkloadSpec::bw_avg_time>()},
    WorkloadField{"workload_iopsavgtime_ms", "iopsavgtime_ms", nullptr, milliseconds<&WorkloadSpec::iops_avg_time>()},
    // io_uring's own options, and hipri
    WorkloadField{"workload_registerfiles", "registerfiles", nullptr, uring_member<&UringOptions::register_files>(), {},
                  {"registerfiles", R::kOnOff}},
    WorkloadField{"workload_fixedbufs", "fixedbufs", nullptr, uring_member<&UringOptions::fixed_buffers>(), {},
                  {"fixedbufs", R::kOnOff}},
    WorkloadField{"workload_sqthread_poll", "sqthread_poll", nullptr, uring_member<&UringOptions::sq_poll>(), {},
                  {"sqthread_poll", R::kOnOff}},
    WorkloadField{"workload_sqthread_poll_cpu", "sqthread_poll_cpu", nullptr, uring_member<&UringOptions::sq_poll_cpu>()},
    WorkloadField{"workload_nonvectored", "nonvectored", nullptr, kNonvectored},
    WorkloadField{"workload_hipri", "hipri", nullptr, member<&WorkloadSpec::hipri>(), {}, {"hipri", R::kOnOff}},
};

}  // namespace

std::span<const WorkloadField> workload_fields() { return kWorkloadFields; }

}  // namespace bench
