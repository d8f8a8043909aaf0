#pragma once
// The fields of a run's record (RunInfo) that the outputs carry, in one table (result/record_field.h): when and
// where the run ran, and its setup (RunSetup: what was asked). The spreadsheet CSV's run columns, the JSON
// report's run keys (written and read) and compare's notes on runs made with other settings all follow it.
//
// Adding a setup field: the member of RunSetup (result/run_setup.h), its row here (names and how a difference
// reads; the format follows from the member's type), the option that sets it (cli/bonnie_command_line.cpp), the code that
// uses it, and the docs. Adding a fact about where a run ran: the member of RunInfo, its row here, and the code
// that finds it out (app/cli_app.cpp make_run_info). A row is a spreadsheet column and a JSON key, which the
// readers require (format_version tells reports of another layout apart).
#include <span>

#include "result/record_field.h"
#include "result/run_result.h"

namespace bench {

using RunField = RecordField<RunInfo>;

// In the order of the spreadsheet CSV's run columns. The JSON report keeps that order too, each group's object
// ("io", "files", "placement") where its first field is; compare's notes list differences in it.
std::span<const RunField> run_fields();

}  // namespace bench
