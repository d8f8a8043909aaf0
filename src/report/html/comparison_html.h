#pragma once
// The comparison as one self-contained HTML page: inline CSS and one inline SVG bar chart per (test, metric),
// a bar per group with its mean, a whisker for ± one standard deviation and the value, and under each chart
// the phrases against the base; before the charts, an "At a glance" table with each other group's throughput
// and latency (p99, else max) phrase per test. Bars of other groups are green when better beyond the noise, red when worse
// beyond the noise, blue otherwise; the base is grey. A run whose job failed in a test is named with its error
// above the test's charts, and a group whose every run failed shows FAILED in red where its bar would be, its
// phrases saying why there is no ratio. A suite's runs have the suite's own table right after the answer. No scripts, no fonts, no links: nothing is fetched.
#include <string>

#include <vector>

#include "compare/comparison.h"
#include "report/text/suite_tables.h"

namespace bench {

// `suite`: the groups as a suite table's executors (report/text/suite_tables.h), its table right after the answer;
// none without.
std::string format_comparison_html(const Comparison& comparison, const std::vector<Executor>& suite = {});

}  // namespace bench
