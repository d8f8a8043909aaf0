#include "result/window_edge.h"

#include <fmt/format.h>

namespace bench {
namespace {

std::string json_string(std::string_view text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      quoted += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    } else {
      quoted += c;
    }
  }
  return quoted + '"';
}

}  // namespace

std::string_view window_edge_word(WindowEdgeKind edge) { return edge == WindowEdgeKind::kStart ? "start" : "end"; }

std::string window_edge_json(const WindowEdge& edge) {
  std::string tests;
  for (const std::string& test : edge.tests) tests += (tests.empty() ? "" : ",") + json_string(test);
  return fmt::format(R"({{"edge":"{}","run":{},"group":{},"tests":[{}]}})", window_edge_word(edge.edge), edge.run,
                     edge.group, tests);
}

}  // namespace bench
