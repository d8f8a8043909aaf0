// host-view attach's edit of a guest's JSON report (report/json/host_view_attach.h): the views go into their runs,
// the rest of the document stays byte for byte, and bench++'s reader gets the views back.
#include "report/json/host_view_attach.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "report/json/json_report.h"
#include "report/machine_readable_samples.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

HostView view_of(std::uint64_t group) {
  HostViewWindow window;
  window.group = group;
  window.tests = {"randread"};
  window.elapsed = 2s;
  window.qemu.read = {100, 409'600, 0, 5'000'000};
  return HostView{"bench", {window}};
}

}  // namespace

TEST_CASE("host-view attach: each view into the run of its run_index, the rest of the document as it was") {
  std::vector<RunResult> runs = test::machine_readable_samples();
  REQUIRE(runs.size() >= 2);
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].info.run_index = static_cast<std::uint32_t>(i);
  const std::string report = format_json(runs);
  CHECK(attach_host_views(report, {}, "r.json") == report);  // nothing to attach: byte for byte

  const std::string attached = attach_host_views(report, {{1, view_of(3)}}, "r.json");
  const std::vector<RunResult> read = read_json_report(attached, "r.json");
  REQUIRE(read.size() == runs.size());
  CHECK_FALSE(read[0].host_view);
  CHECK(read[1].host_view == view_of(3));
  // The same document as bench++ writes for runs that carry the view.
  std::vector<RunResult> with_view = runs;
  with_view[1].host_view = view_of(3);
  CHECK(attached == format_json(with_view));
  // Attached again: the view replaced, not added.
  const std::string again = attach_host_views(attached, {{1, view_of(5)}}, "r.json");
  CHECK(read_json_report(again, "r.json")[1].host_view == view_of(5));
  CHECK(test::count_of(again, "\"host_view\"") == 1);
}

TEST_CASE("host-view attach: a document that is not bench++'s report, or lacks a run of the views, is refused") {
  const std::string report = format_json(test::machine_readable_samples());
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"{", "r.json: not a JSON document"},
      {"[]", "r.json: not a JSON document"},
      {R"({"tool": "bench++"})", "r.json: not bench++'s JSON report (no \"runs\" list)"},
      {R"({"runs": [{"label": "x"}]})", "r.json: not bench++'s JSON report (a run without a \"run_index\")"},
      {report, "r.json: has no run with run_index 7, which the host saw 1 window of"},
  };
  for (const Case& c : cases) {
    CHECK(test::error_of<std::runtime_error>([&] { attach_host_views(c.text, {{7, view_of(0)}}, "r.json"); }) ==
          c.error);
  }
}

}  // namespace bench
