// fio 3.33's options that fio no longer uses but still takes (options.c's FIO_OPT_SOFT_DEPRECATED: parse.c says
// "Option NAME is deprecated" for each one given, with any value, and the job runs as without it): accepted and
// ignored the same, the warning written by the front end (cli/workload_command_line.cpp). fio's other deprecated
// options (FIO_OPT_DEPRECATED: rwmixcycle; percentage_sequential) fail fio's parsing, and are not among them.
#include "cli/fio_option_rules.h"

#include <array>

namespace bench {
namespace {

using enum FioArgument;
constexpr FioOptionRecord kIgnored = not_recorded("deprecated: fio 3.33 takes it and does nothing with it");

void ignore(WorkloadSpec&, std::string_view, unsigned) {}

constexpr std::array kRules = {
    FioOptionRule{{"verifysort", {}, kRequired, FioOptionGroup::kData, "VALUE",
                   "deprecated (fio 3.33 sorts no verify reads): ignored with fio's warning", {}, kIgnored},
                  ignore},
    FioOptionRule{{"verifysort_nr", {}, kRequired, FioOptionGroup::kData, "VALUE",
                   "deprecated (fio 3.33 sorts no verify reads): ignored with fio's warning", {}, kIgnored},
                  ignore},
    FioOptionRule{{"flow_watermark", {}, kRequired, FioOptionGroup::kJobControl, "VALUE",
                   "deprecated (fio 3.33's flow has no watermark): ignored with fio's warning", {}, kIgnored},
                  ignore},
};

}  // namespace

std::span<const FioOptionRule> fio_deprecated_rules() { return kRules; }

}  // namespace bench
