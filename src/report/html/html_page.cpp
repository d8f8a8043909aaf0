#include "report/html/html_page.h"

#include <fmt/format.h>

#include "report/html/html_text.h"

namespace bench {
namespace {

constexpr std::string_view kStyle = R"(
body{font-family:system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff;font-size:14px}
h1{font-size:22px;margin:0 0 10px}
h2{font-size:17px;margin:26px 0 10px;border-bottom:1px solid #d8dde6;padding-bottom:4px}
h2 code{font-size:13px;color:#5b6475;font-weight:normal;margin-left:6px}
table.groups{border-collapse:collapse;margin:6px 0 10px}
table.groups td,table.groups th{padding:2px 12px 2px 0;text-align:left}
p.rule,p.legend{color:#5b6475;margin:4px 0}
.swatch{display:inline-block;width:11px;height:11px;border-radius:2px;margin:0 4px 0 10px;vertical-align:-1px}
.charts{display:flex;flex-wrap:wrap;gap:12px}
figure{margin:0;border:1px solid #d8dde6;border-radius:6px;padding:8px 10px;width:490px}
figure.wide{width:660px}
figcaption{font-weight:600;margin-bottom:4px}
figcaption span{font-weight:normal;color:#5b6475}
svg{display:block}
svg text{font-size:12px;fill:#1d2330}
svg text.missing{fill:#7a8294;font-style:italic}
svg text.failed{fill:#b3261e;font-weight:600}
ul.phrases{margin:4px 0 0;padding-left:18px}
.better{color:#1e7d45}.worse{color:#b3261e}.neutral{color:#1d2330}
ul.notes li{margin:3px 0}
pre.run{background:#f7f8fa;border:1px solid #d8dde6;border-radius:6px;padding:8px 10px;font-size:12px;overflow-x:auto}
table.glance{border-collapse:collapse;margin:4px 0 14px}
table.glance th,table.glance td{border:1px solid #d8dde6;padding:3px 10px;text-align:left}
table.glance th{background:#f3f5f8;font-weight:600}
table.glance td.number{text-align:right;font-variant-numeric:tabular-nums}
table.glance tr.failed td{background:#fdecea}
.failed,table.glance tr.failed strong{color:#b3261e}
p.failed{font-weight:600;margin:4px 0}
)";

}  // namespace

std::string html_page(std::string_view title, std::string_view heading, std::string_view body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{}</h1>\n{}</body>\n</html>\n",
      html_text(title), kStyle, html_text(heading), body);
}

std::string latency_cdf_figure(const std::vector<CdfSeries>& series) {
  const std::string svg = latency_cdf_svg(series);
  if (svg.empty()) return {};
  return "<figure class=\"wide\"><figcaption>latency CDF <span>(share of requests completed within a time, log "
         "scale)</span></figcaption>\n" +
         svg + "</figure>\n";
}

}  // namespace bench
