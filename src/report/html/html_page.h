#pragma once
// What bench++'s HTML pages share (the comparison's, report/html/comparison_html.h, and a run's, report/html/run_html.h):
// the page around a body, with one inline style sheet and nothing fetched (no scripts, fonts or links), and the
// figure that holds a latency CDF.
#include <string>
#include <string_view>
#include <vector>

#include "report/html/latency_cdf_svg.h"

namespace bench {

// A whole document: <title> `title`, an <h1> `heading` (both escaped), then `body` (HTML as given).
std::string html_page(std::string_view title, std::string_view heading, std::string_view body);

// A wide <figure> with the latency CDF of `series` and its caption; "" when no series has samples.
std::string latency_cdf_figure(const std::vector<CdfSeries>& series);

}  // namespace bench
