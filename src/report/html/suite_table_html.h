#pragma once
// A suite's published table (report/text/suite_tables.h: SuiteTable) as an HTML section for the run's page and
// compare's: the table's name as a heading, its explanation under it, then one table (a group's heading as a row
// across it, a failed row marked "failed", a row's note in a row of its own) and the table's notes.
#include <string>

#include "report/text/suite_tables.h"

namespace bench {

std::string format_suite_table_html(const SuiteTable& table);

// format_suite_table_html of the executors' suite table; "" unless they have one (suite_table).
std::string suite_table_section(const std::vector<Executor>& executors);

}  // namespace bench
