// cpuio's own options (`fio --enghelp=cpuio`, engine/cpu_engine.h), fio 3.33's engines/cpu.c: cpuload= (which a
// cpuio job needs: check_workload), cpuchunks= and cpumode=. fio takes them only with ioengine=cpuio (an error
// otherwise); bench++ refuses them with another engine too. And filestat's own stat_type= (`fio
// --enghelp=filestat`, fio 3.33's engines/fileoperations.c; engine/file_call_engine.h), likewise refused with any
// other engine.
#include "cli/fio_option_rules.h"

#include <algorithm>
#include <array>
#include <optional>

#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kCpuio = FioOptionGroup::kCpuio;
constexpr FioOptionRecord kCpuRecord =
    not_recorded("what a cpuio job burns, which moves no data: its engine is recorded, its figures are counts");

constexpr std::array kRules = {
    FioOptionRule{{"cpuload", {}, kRequired, kCpuio, "PERCENT", "cpuio: the percentage of a CPU each job burns", {},
                   kCpuRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    // fio: any int, above 100 taken as 100, 0 refused by the engine (as no cpuload at all)
                    s.cpu_load = std::min<std::uint32_t>(whole_number32(v, 0, 0xffffffffu), 100);
                  }},
    FioOptionRule{{"cpuchunks", {}, kRequired, kCpuio, "USEC", "cpuio: the microseconds of each burn (cpumode=noop)",
                   "50000", kCpuRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.cpu_chunk_us = whole_number32(v, 0, 0x7fffffffu);
                  }},
    FioOptionRule{{"cpumode", {}, kRequired, kCpuio, "noop|qsort", "cpuio: spin on the clock, or sort", "noop",
                   kCpuRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    if (v != "noop" && v != "qsort") fail("fio's values are noop and qsort");
                    s.cpu_qsort = v == "qsort";
                  }},
};

constexpr std::array kFilestatRules = {
    FioOptionRule{{"stat_type", {}, kRequired, FioOptionGroup::kFilestat, "stat|lstat|statx",
                   "filestat: the call on each file (statx: of its real path)", "stat", recorded_in("stat_type")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    const std::optional<StatCall> call = enum_from_keyword<StatCall>(v);
                    if (!call) fail("fio's values are stat, lstat and statx");
                    s.stat_type = *call;
                  }},
};

}  // namespace

std::span<const FioOptionRule> fio_cpuio_rules() { return kRules; }
std::span<const FioOptionRule> fio_filestat_rules() { return kFilestatRules; }

}  // namespace bench
