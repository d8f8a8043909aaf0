// The layers of src/ as docs/design.md states them ("Dependencies between layers": one table of what each layer
// may include, lowest layer first, and one of where each third-party library may be used), checked over the
// include graph of the source tree. The tables are read from docs/design.md, so the order is written once: a new
// include between layers is either allowed there (with its reason) or a failure here that names it.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(BENCH_SOURCE_DIR) / "src";

// One row of the layer table: a layer ("cli/", or "main.cpp" for the file at the top) and what it may include.
struct LayerRow {
  std::string layer;
  std::set<std::string> may_include;
};

// One row of the library table: the include prefix of a library and the places (a folder, or a file with or
// without its extension) that may include it.
struct LibraryRow {
  std::string name;
  std::string header_prefix;
  std::vector<std::string> places;
};

struct DesignTables {
  std::vector<LayerRow> layers;  // in the table's order: lowest first
  std::vector<LibraryRow> libraries;
};

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream stream(line);
  std::string cell;
  std::getline(stream, cell, '|');  // before the first '|'
  while (std::getline(stream, cell, '|')) cells.push_back(cell);
  if (!cells.empty() && cells.back().find_first_not_of(" \t") == std::string::npos) cells.pop_back();
  return cells;
}

std::vector<std::string> quoted_names(const std::string& cell) {
  static const std::regex kQuoted("`([^`]+)`");
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), kQuoted); it != std::sregex_iterator(); ++it) {
    names.push_back((*it)[1].str());
  }
  return names;
}

// The two tables that follow "**Dependencies between layers.**" in docs/design.md: a table row is a line that
// starts with '|'; the header and separator rows name nothing in backquotes and are skipped.
DesignTables design_tables() {
  const std::string design = test::read_file(fs::path(BENCH_SOURCE_DIR) / "docs" / "design.md");
  DesignTables tables;
  const std::size_t start = design.find("**Dependencies between layers");
  REQUIRE_MESSAGE(start != std::string::npos, "docs/design.md has no \"Dependencies between layers\" paragraph");
  std::stringstream lines(design.substr(start));
  std::string line;
  int table = 0;
  bool in_table = false;
  while (std::getline(lines, line) && table < 2) {
    const bool row = !line.empty() && line[0] == '|';
    if (!row) {
      if (in_table) ++table;
      in_table = false;
      continue;
    }
    in_table = true;
    const std::vector<std::string> cells = cells_of(line);
    if (cells.size() < 2) continue;
    const std::vector<std::string> first = quoted_names(cells[0]);
    if (first.empty()) continue;  // the header and separator rows
    if (table == 0) {
      const std::vector<std::string> allowed = quoted_names(cells[1]);
      tables.layers.push_back({first[0], {allowed.begin(), allowed.end()}});
    } else if (cells.size() >= 3) {
      const std::vector<std::string> header = quoted_names(cells[1]);
      REQUIRE_MESSAGE(header.size() == 1, "docs/design.md's library row names no header: " << line);
      tables.libraries.push_back({first[0], header[0], quoted_names(cells[2])});
    }
  }
  return tables;
}

// The layer a file of src/ belongs to: the longest of the table's layers its path starts with ("phases/bonnie/"
// before "phases/"), else its folder under src/ ("cli/"), or its own name at the top ("main.cpp").
std::string layer_of(const std::string& path, const std::vector<LayerRow>& layers) {
  std::string longest;
  for (const LayerRow& row : layers) {
    if (row.layer.back() == '/' && path.rfind(row.layer, 0) == 0 && row.layer.size() > longest.size()) longest = row.layer;
  }
  if (!longest.empty()) return longest;
  const std::size_t slash = path.find('/');
  return slash == std::string::npos ? path : path.substr(0, slash + 1);
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// A file with its header: "cli/size_spec" for cli/size_spec.h and cli/size_spec.cpp.
std::string component_of(const std::string& path) { return fs::path(path).replace_extension().string(); }

struct Include {
  std::string file;    // the including file, relative to src/
  std::size_t line = 0;
  std::string header;  // as written
  bool quoted = true;  // "..." (a file of src/), else <...>

  std::string where() const { return file + ":" + std::to_string(line) + " -> " + header; }
};

std::vector<std::string> source_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(kSource)) {
    const std::string extension = entry.path().extension().string();
    if (entry.is_regular_file() && (extension == ".h" || extension == ".cpp")) {
      files.push_back(entry.path().lexically_relative(kSource).generic_string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Include> includes_of(const std::vector<std::string>& files) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
  std::vector<Include> includes;
  for (const std::string& file : files) {
    std::stringstream lines(test::read_file(kSource / file));
    std::string line;
    std::size_t number = 0;
    while (std::getline(lines, line)) {
      ++number;
      std::smatch match;
      if (std::regex_search(line, match, kInclude)) {
        includes.push_back({file, number, match[2].str(), match[1].str() == "\""});
      }
    }
  }
  return includes;
}

// The cycles of `edges` (each edge with the include that makes it), one for each edge that closes one in a depth-first
// walk (every cycle has at least one), each told by its includes: "a.cpp:3 -> b.h, b.h:5 -> a.h".
template <class Edges>
std::vector<std::string> cycles_of(const Edges& edges) {
  std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> path;
  std::vector<std::string> found;
  std::function<void(const std::string&)> visit = [&](const std::string& node) {
    state[node] = 1;
    path.push_back(node);
    const auto out = edges.find(node);
    if (out != edges.end()) {
      for (const auto& [next, include] : out->second) {
        if (state[next] == 1) {
          std::vector<std::string> cycle(std::find(path.begin(), path.end(), next), path.end());
          cycle.push_back(next);
          std::string text;
          for (std::size_t i = 0; i + 1 < cycle.size(); ++i) {
            text += (i == 0 ? "" : ", ") + edges.at(cycle[i]).at(cycle[i + 1]).where();
          }
          found.push_back(text);
        } else if (state[next] == 0) {
          visit(next);
        }
      }
    }
    path.pop_back();
    state[node] = 2;
  };
  for (const auto& [node, out] : edges) {
    if (state[node] == 0) visit(node);
  }
  return found;
}

}  // namespace

TEST_CASE("layers: the cycle check names each cycle by the includes that make it") {
  std::map<std::string, std::map<std::string, Include>> edges;
  edges["a"].emplace("b", Include{"a.cpp", 3, "b.h"});
  edges["b"].emplace("c", Include{"b.h", 5, "c.h"});
  edges["c"].emplace("a", Include{"c.cpp", 7, "a.h"});
  edges["c"].emplace("d", Include{"c.cpp", 8, "d.h"});
  CHECK(cycles_of(edges) == std::vector<std::string>{"a.cpp:3 -> b.h, b.h:5 -> c.h, c.cpp:7 -> a.h"});
  edges["c"].erase("a");
  CHECK(cycles_of(edges).empty());
}

TEST_CASE("layers: a file's layer is the longest row of the table its path starts with") {
  const std::vector<LayerRow> layers = {{"phases/", {}}, {"phases/bonnie/", {}}, {"main.cpp", {}}};
  CHECK(layer_of("phases/bonnie/bonnie_test.h", layers) == "phases/bonnie/");
  CHECK(layer_of("phases/phase.h", layers) == "phases/");
  CHECK(layer_of("phases/workload/workload_job.h", layers) == "phases/");  // no row of its own: its folder's
  CHECK(layer_of("cli/config.h", layers) == "cli/");
  CHECK(layer_of("main.cpp", layers) == "main.cpp");
}

TEST_CASE("layers: docs/design.md's table orders every folder of src/, each using only the layers before it") {
  const DesignTables tables = design_tables();
  REQUIRE(tables.layers.size() >= 10);
  std::set<std::string> below;
  for (const LayerRow& row : tables.layers) {
    CAPTURE(row.layer);
    for (const std::string& used : row.may_include) {
      CHECK_MESSAGE(below.count(used) == 1, row.layer << " may include " << used
                                                      << ", which is not a layer before it in the table");
    }
    CHECK_MESSAGE(below.insert(row.layer).second, row.layer << " has two rows");
  }
  for (const std::string& file : source_files()) {
    CHECK_MESSAGE(below.count(layer_of(file, tables.layers)) == 1,
                  "src/" << file << ": its layer " << layer_of(file, tables.layers) << " has no row in docs/design.md's table");
  }
}

TEST_CASE("layers: every include between folders of src/ is one docs/design.md's table allows") {
  const DesignTables tables = design_tables();
  std::map<std::string, std::set<std::string>> allowed;
  for (const LayerRow& row : tables.layers) allowed[row.layer] = row.may_include;
  std::size_t checked = 0;
  for (const Include& include : includes_of(source_files())) {
    if (!include.quoted) continue;
    ++checked;
    CHECK_MESSAGE(fs::is_regular_file(kSource / include.header),
                  include.where() << ": not a file of src/ (includes name their folder: \"cli/config.h\")");
    const std::string from = layer_of(include.file, tables.layers);
    const std::string to = layer_of(include.header, tables.layers);
    if (from == to) continue;
    CHECK_MESSAGE(allowed[from].count(to) == 1,
                  include.where() << ": " << from << " may not include " << to << " (docs/design.md, Dependencies "
                                  << "between layers)");
  }
  CHECK(checked > 500);
}

TEST_CASE("layers: third-party headers are included only where docs/design.md says") {
  const DesignTables tables = design_tables();
  REQUIRE(tables.libraries.size() >= 5);
  std::set<std::string> seen;
  for (const Include& include : includes_of(source_files())) {
    if (include.quoted) continue;
    for (const LibraryRow& library : tables.libraries) {
      if (include.header.rfind(library.header_prefix, 0) != 0) continue;
      seen.insert(library.header_prefix);
      const bool allowed = std::any_of(library.places.begin(), library.places.end(), [&](const std::string& place) {
        return include.file.rfind(place, 0) == 0;
      });
      CHECK_MESSAGE(allowed, include.where() << ": " << library.name << " may be included only in "
                                             << joined(library.places));
    }
  }
  // Each row matches the headers it is about: a misspelt prefix would allow nothing and check nothing.
  for (const LibraryRow& library : tables.libraries) {
    CHECK_MESSAGE(seen.count(library.header_prefix) == 1, library.header_prefix << " is included nowhere");
  }
}

TEST_CASE("layers: no cycle between folders or between files of src/") {
  const DesignTables tables = design_tables();
  std::map<std::string, std::map<std::string, Include>> folders;
  std::map<std::string, std::map<std::string, Include>> files;  // a header and its .cpp are one file here
  for (const Include& include : includes_of(source_files())) {
    if (!include.quoted || !fs::is_regular_file(kSource / include.header)) continue;
    const std::string from_layer = layer_of(include.file, tables.layers);
    const std::string to_layer = layer_of(include.header, tables.layers);
    if (from_layer != to_layer) folders[from_layer].emplace(to_layer, include);
    const std::string from = component_of(include.file);
    const std::string to = component_of(include.header);
    if (from != to) files[from].emplace(to, include);
  }
  CHECK(folders.size() >= 10);
  for (const std::string& cycle : cycles_of(folders)) FAIL_CHECK("a cycle between folders: " << cycle);
  for (const std::string& cycle : cycles_of(files)) FAIL_CHECK("a cycle between files: " << cycle);
}

}  // namespace bench
