#include "result/run_fields.h"

#include <array>

namespace bench {
namespace {

// The parts of a RunInfo that the rows reach (field_access()'s `At`).
struct AtInfo {
  static const RunInfo& of(const RunInfo& info) { return info; }
  static RunInfo& of(RunInfo& info) { return info; }
};
struct AtSetup {
  static const RunSetup& of(const RunInfo& info) { return info.setup; }
  static RunSetup& of(RunInfo& info) { return info.setup; }
};
// REQUIRES: the group is present (the writers and readers check kIoGroup and kFilesGroup first).
struct AtIo {
  static const IoSpec& of(const RunInfo& info) { return *info.setup.io; }
  static IoSpec& of(RunInfo& info) { return *info.setup.io; }
};
struct AtFiles {
  static const FileSpec& of(const RunInfo& info) { return *info.setup.files; }
  static FileSpec& of(RunInfo& info) { return *info.setup.files; }
};

template <typename At, auto Member>
constexpr FieldAccess<RunInfo> member() {
  return field_access<RunInfo, At, Member>();
}

constexpr FieldGroup<RunInfo> kIoGroup{"io", [](const RunInfo& info) { return info.setup.io.has_value(); },
                                       [](RunInfo& info) { info.setup.io.emplace(); }};
constexpr FieldGroup<RunInfo> kFilesGroup{"files", [](const RunInfo& info) { return info.setup.files.has_value(); },
                                          [](RunInfo& info) { info.setup.files.emplace(); }};
constexpr FieldGroup<RunInfo> kPlacementGroup{"placement"};
constexpr FieldGroup<RunInfo> kMachineGroup{"machine"};

// Files, not thousands: count_k x 1024.
constexpr FieldAccess<RunInfo> kFileCount{
    .format = {.codec = FieldCodec::kWhole},
    .get = [](const RunInfo& info) -> std::optional<FieldValue> { return info.setup.files->file_count(); },
    .set =
        [](RunInfo& info, FieldValue value) {
          const std::uint64_t files = std::get<std::uint64_t>(value);
          if (files % 1024 != 0 || files / 1024 > std::numeric_limits<std::uint32_t>::max()) return false;
          info.setup.files->count_k = static_cast<std::uint32_t>(files / 1024);
          return true;
        },
};

// How compare names the file contents (the keywords are "data", "hardlink", "symlink").
constexpr std::array<std::string_view, 3> kContentShown = {"data", "hard links", "symbolic links"};

using R = DifferenceReading;

constexpr std::array kRunFields = {
    RunField{"label", "label", nullptr, member<AtInfo, &RunInfo::label>()},
    RunField{"run_index", "run_index", nullptr, member<AtInfo, &RunInfo::run_index>()},
    RunField{"started_utc", "started_utc", nullptr, member<AtInfo, &RunInfo::started_utc>()},
    RunField{"bench_version", "bench_version", nullptr, member<AtInfo, &RunInfo::version>()},
    RunField{"host_name", "host_name", nullptr, member<AtInfo, &RunInfo::host_name>()},
    RunField{"kernel", "kernel", nullptr, member<AtInfo, &RunInfo::kernel>()},
    RunField{"filesystem", "filesystem", nullptr, member<AtInfo, &RunInfo::filesystem>()},
    RunField{"mount_options", "mount_options", nullptr, spaced_list_access<RunInfo, AtInfo, &RunInfo::mount_options>()},
    RunField{"directory", "directory", nullptr, member<AtInfo, &RunInfo::directory>()},
    RunField{"concurrency", "concurrency", nullptr, member<AtSetup, &RunSetup::concurrency>(), {},
             {"concurrency", R::kCount, true}},
    RunField{"", "ranks", nullptr, member<AtInfo, &RunInfo::ranks>()},
    RunField{"", "hosts", nullptr, member<AtInfo, &RunInfo::hosts>()},
    RunField{"seed", "seed", nullptr, member<AtSetup, &RunSetup::seed>()},
    RunField{"file_size_choice", "file_size_choice", nullptr, member<AtSetup, &RunSetup::file_size_choice>()},
    RunField{"file_size_bytes", "file_size_bytes", &kIoGroup, member<AtIo, &IoSpec::file_size_bytes>(), {},
             {"file size", R::kSize, true}},
    RunField{"io_chunk_bytes", "chunk_bytes", &kIoGroup, member<AtIo, &IoSpec::chunk_bytes>(), {},
             {"I/O chunk", R::kSize, true}},
    RunField{"seeks", "seeks", &kIoGroup, member<AtIo, &IoSpec::seeks>(), {}, {"seeks", R::kCount, true}},
    RunField{"seekers", "seekers", &kIoGroup, member<AtIo, &IoSpec::seekers>(), {}, {"seekers", R::kCount, true}},
    // A bonnie++ line reads as 10 %: bonnie++ always writes back one seek in ten.
    RunField{"seek_write_percent", "seek_write_percent", &kIoGroup,
             percent_access<RunInfo, AtIo, &IoSpec::seek_write_percent>(), {}, {"seek writes", R::kPercent, true}},
    RunField{"per_char_bytes", "per_char_bytes", &kIoGroup, member<AtIo, &IoSpec::per_char_bytes>()},
    RunField{"file_count", "count", &kFilesGroup, kFileCount, "a multiple of 1024 files", {"files", R::kCount, true}},
    RunField{"file_max_bytes", "max_bytes", &kFilesGroup, member<AtFiles, &FileSpec::max_size_bytes>(), {},
             {"file max size", R::kSize, true}},
    RunField{"file_min_bytes", "min_bytes", &kFilesGroup, member<AtFiles, &FileSpec::min_size_bytes>(), {},
             {"file min size", R::kSize, true}},
    RunField{"file_content", "content", &kFilesGroup, member<AtFiles, &FileSpec::content>(), {},
             {"file content", R::kWord, true, kContentShown}},
    RunField{"file_dirs", "dirs", &kFilesGroup, member<AtFiles, &FileSpec::dirs>(), {},
             {"directories", R::kCount, true}},
    RunField{"file_chunk_bytes", "chunk_bytes", &kFilesGroup, member<AtFiles, &FileSpec::chunk_bytes>()},
    RunField{"cache", "cache", nullptr, member<AtSetup, &RunSetup::cache>(), {}, {"cache", R::kWord}},
    RunField{"data", "data", nullptr, member<AtSetup, &RunSetup::data>(), {}, {"data", R::kWord}},
    RunField{"direct_io", "direct_io", nullptr, member<AtSetup, &RunSetup::direct_io>(), {}, {"direct I/O", R::kOnOff}},
    RunField{"fsync_each", "fsync_each", nullptr, member<AtSetup, &RunSetup::fsync_each>(), {},
             {"fsync each", R::kOnOff}},
    // The check costs the read tests CPU time.
    RunField{"verify", "verify", nullptr, member<AtSetup, &RunSetup::verify>(), {}, {"verify", R::kOnOff}},
    RunField{"role", "role", &kPlacementGroup, member<AtInfo, &RunInfo::role>()},
    RunField{"hypervisor", "hypervisor", &kPlacementGroup, member<AtInfo, &RunInfo::hypervisor>()},
    RunField{"container", "container", &kPlacementGroup, member<AtInfo, &RunInfo::container>()},
    RunField{"", "evidence", &kPlacementGroup, member<AtInfo, &RunInfo::placement_evidence>()},
    // The machine's facts are where a run ran, not how it was asked to run: compare shows them beside each
    // group's name rather than as differing settings.
    RunField{"cpus", "cpus", &kMachineGroup, member<AtInfo, &RunInfo::cpus>()},
    RunField{"memory_bytes", "memory_bytes", &kMachineGroup, member<AtInfo, &RunInfo::memory_bytes>()},
    RunField{"device", "device", &kMachineGroup, member<AtInfo, &RunInfo::device>()},
    RunField{"device_driver", "driver", &kMachineGroup, member<AtInfo, &RunInfo::device_driver>()},
    RunField{"device_model", "model", &kMachineGroup, member<AtInfo, &RunInfo::device_model>()},
    RunField{"tags", "tags", nullptr, member<AtInfo, &RunInfo::tags>()},
    RunField{"suite", "suite", nullptr, member<AtSetup, &RunSetup::suite>(), {}, {"suite", R::kText}},
    // Not a setting but what the machine was doing (result/busy_machine.h): compare notes the busy runs instead.
    // No spreadsheet CSV column: its rows are written as each test ends, before the run's figure exists.
    RunField{"", "other_cpu_percent", nullptr, percent_access<RunInfo, AtInfo, &RunInfo::other_cpu_percent>()},
};

}  // namespace

std::span<const RunField> run_fields() { return kRunFields; }

}  // namespace bench
