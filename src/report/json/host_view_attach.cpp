#include "report/json/host_view_attach.h"

#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/json/host_view_json.h"

namespace bench {

std::string attach_host_views(std::string_view report, const std::map<std::uint32_t, HostView>& views,
                              const std::string& source) {
  using nlohmann::ordered_json;
  const auto fail = [&](const std::string& what) -> void {
    throw std::runtime_error(fmt::format("{}: {}", source, what));
  };
  ordered_json document = ordered_json::parse(report, nullptr, false);
  if (document.is_discarded() || !document.is_object()) fail("not a JSON document");
  const auto runs = document.find("runs");
  if (runs == document.end() || !runs->is_array()) fail("not bench++'s JSON report (no \"runs\" list)");
  std::set<std::uint32_t> attached;
  for (ordered_json& run : *runs) {
    const auto index = run.is_object() ? run.find("run_index") : run.end();
    if (!run.is_object() || index == run.end() || !index->is_number_unsigned()) {
      fail("not bench++'s JSON report (a run without a \"run_index\")");
    }
    const auto view = views.find(index->get<std::uint32_t>());
    if (view == views.end()) continue;
    run["host_view"] = host_view_json(view->second);
    attached.insert(view->first);
  }
  for (const auto& [run_index, view] : views) {
    if (!attached.contains(run_index)) {
      fail(fmt::format("has no run with run_index {}, which the host saw {} window{} of", run_index,
                       view.windows.size(), view.windows.size() == 1 ? "" : "s"));
    }
  }
  return document.dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

}  // namespace bench
