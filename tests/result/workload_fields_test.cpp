// Every member of WorkloadSpec (and of the parts it holds: request sizes, verify, buffers, io_uring's options, ...)
// is recorded by a field of result/workload_fields.h or named in its list of members not recorded, with a reason.
// C++ has no reflection, so the test reads the declarations from the source tree (src/result/) and checks their
// data members against the names the table's rows and the list give.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "result/workload_fields.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// The headers that declare WorkloadSpec and the structs its members hold.
const std::vector<std::string> kDeclaringHeaders = {"workload_spec.h", "block_sizes.h", "data_options.h",
                                                    "uring_options.h", "offset_spec.h", "fio_steady_state.h"};

struct DataMember {
  std::string type;
  std::string name;
};

// `text` without comments and without the contents of string and character literals.
std::string without_comments(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
      out += '\n';
    } else if (text.compare(i, 2, "/*") == 0) {
      i = text.find("*/", i + 2);
      if (i == std::string::npos) break;
      ++i;
    } else if (text[i] == '"' || text[i] == '\'') {
      const char quote = text[i];
      out += quote;
      for (++i; i < text.size() && text[i] != quote; ++i) {
        if (text[i] == '\\') ++i;
      }
      out += quote;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The index just past the brace that closes the one at `open`.
std::size_t past_closing_brace(const std::string& text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return i + 1;
  }
  FAIL("unbalanced braces");
  return text.size();
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

// A statement of a struct's body that declares a data member: its type and name; nullopt for a function, a
// friend, a static, a type or an alias.
std::optional<DataMember> data_member(const std::string& statement) {
  const std::string text = trimmed(statement);
  if (text.empty()) return std::nullopt;
  for (const char* word : {"friend ", "static ", "using ", "enum ", "struct ", "template", "typedef "}) {
    if (text.rfind(word, 0) == 0) return std::nullopt;
  }
  if (text.find("operator") != std::string::npos) return std::nullopt;  // an operator (operator== = default)
  const std::string declarator = text.substr(0, text.find_first_of("={"));
  if (declarator.find('(') != std::string::npos) return std::nullopt;  // a function
  std::size_t end = declarator.find_last_not_of(" \t\n") + 1;
  std::size_t begin = end;
  while (begin > 0 && (std::isalnum(static_cast<unsigned char>(declarator[begin - 1])) || declarator[begin - 1] == '_')) {
    --begin;
  }
  if (begin == end) return std::nullopt;
  return DataMember{trimmed(declarator.substr(0, begin)), declarator.substr(begin, end - begin)};
}

// The data members declared in a struct's body (the text between its braces), in order.
std::vector<DataMember> data_members(const std::string& body) {
  std::vector<DataMember> members;
  std::string statement;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (c == '{') {
      const std::size_t past = past_closing_brace(body, i);
      if (statement.find('(') != std::string::npos) {
        statement.clear();  // a function's body ends the function
      } else {
        statement += "{}";  // an initializer
      }
      i = past - 1;
    } else if (c == ';') {
      if (auto member = data_member(statement)) members.push_back(*member);
      statement.clear();
    } else {
      statement += c;
    }
  }
  return members;
}

// Every struct the text defines, by name: its data members.
std::map<std::string, std::vector<DataMember>> structs_in(const std::string& source) {
  const std::string text = without_comments(source);
  std::map<std::string, std::vector<DataMember>> structs;
  static const std::regex kStruct(R"(\bstruct\s+(\w+)\s*\{)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kStruct); it != std::sregex_iterator(); ++it) {
    const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0) - 1);
    const std::size_t past = past_closing_brace(text, open);
    structs[(*it)[1].str()] = data_members(text.substr(open + 1, past - open - 2));
  }
  return structs;
}

// The declared structs as a tree from WorkloadSpec: each path ("verify.method") and whether it is a leaf (its type
// holds none of the declared structs).
struct MemberTree {
  std::map<std::string, bool> leaf_of_path;
};

// The first declared struct named in a member's type ("std::array<DirectionBlockSizes, 3>"), or "".
std::string struct_in_type(const std::string& type, const std::map<std::string, std::vector<DataMember>>& structs) {
  static const std::regex kWord(R"(\w+)");
  for (auto it = std::sregex_iterator(type.begin(), type.end(), kWord); it != std::sregex_iterator(); ++it) {
    if (structs.contains(it->str())) return it->str();
  }
  return "";
}

void add_paths(const std::string& name, const std::string& prefix,
               const std::map<std::string, std::vector<DataMember>>& structs, MemberTree& tree) {
  for (const DataMember& member : structs.at(name)) {
    const std::string path = prefix + member.name;
    const std::string inner = struct_in_type(member.type, structs);
    tree.leaf_of_path[path] = inner.empty();
    if (!inner.empty()) add_paths(inner, path + ".", structs, tree);
  }
}

MemberTree workload_spec_tree() {
  std::string source;
  for (const std::string& header : kDeclaringHeaders) {
    source += test::read_file(fs::path(BENCH_SOURCE_DIR) / "src" / "result" / header) + "\n";
  }
  const auto structs = structs_in(source);
  REQUIRE(structs.contains("WorkloadSpec"));
  MemberTree tree;
  add_paths("WorkloadSpec", "", structs, tree);
  return tree;
}

// The member paths the table's rows and the list name, each with where it is named.
std::multimap<std::string, std::string> named_members() {
  std::multimap<std::string, std::string> named;
  for (const WorkloadField& field : workload_fields()) {
    CAPTURE(field.csv_column);
    CHECK(!field.members.empty());
    std::string members(field.members);
    std::istringstream words(members);
    for (std::string member; words >> member;) named.emplace(member, "the row " + std::string(field.csv_column));
  }
  for (const MemberNotRecorded& entry : workload_members_not_recorded()) {
    CAPTURE(entry.member);
    CHECK(entry.reason.size() > 10);
    named.emplace(std::string(entry.member), "the list of members not recorded");
  }
  return named;
}

std::string parent_of(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string::npos ? "" : path.substr(0, dot);
}

TEST_CASE("workload fields: the declarations' reader finds data members, not functions, friends or initializers") {
  const auto structs = structs_in(R"(
    // struct Commented { int no; };
    struct Part {
      std::array<std::uint64_t, 3> rates{0, 0, 0};  // a comment; with a semicolon
      std::optional<std::string> text = "a ; { string";
      bool given() const {
        for (int i = 0; i < 2; ++i) { if (i) return true; }
        return false;
      }
      friend bool operator==(const Part&, const Part&) = default;
      bool operator==(const Part&) const = default;
      static constexpr int kLimit = 3;
      std::chrono::nanoseconds delay{0};
    };
    struct Whole { Part part; std::vector<Part> parts; int plain; };
  )");
  REQUIRE(structs.size() == 2);
  std::vector<std::string> names;
  for (const DataMember& member : structs.at("Part")) names.push_back(member.name);
  CHECK(names == std::vector<std::string>{"rates", "text", "delay"});
  CHECK(structs.at("Part").front().type == "std::array<std::uint64_t, 3>");
  CHECK(struct_in_type("std::vector<Part>", structs) == "Part");
  CHECK(struct_in_type("std::uint32_t", structs).empty());
}

TEST_CASE("workload fields: every member of WorkloadSpec is recorded by a field or on the list of members not recorded") {
  const MemberTree tree = workload_spec_tree();
  // The reader found the declarations: the spec's first and last members, and parts' members.
  for (const char* path : {"name", "given_job_options", "verify.method", "buffers.dedupe_global", "uring.nonvectored",
                           "block_sizes.direction.bs", "latency_output.disable_slat"}) {
    CAPTURE(path);
    CHECK(tree.leaf_of_path.contains(path));
  }
  std::size_t top_level = 0;
  for (const auto& [path, leaf] : tree.leaf_of_path) top_level += path.find('.') == std::string::npos ? 1 : 0;
  CHECK(top_level > 90);

  const auto named = named_members();
  // Every name is a member (or a part's member), named once, and not inside a member named whole.
  // Named variables, not a structured binding: clang 14 cannot capture a binding in CAPTURE's lambda.
  for (const auto& entry : named) {
    const std::string& path = entry.first;
    const std::string& where = entry.second;
    CAPTURE(path);
    CAPTURE(where);
    CHECK_MESSAGE(tree.leaf_of_path.contains(path), "names no member of WorkloadSpec");
    CHECK_MESSAGE(named.count(path) == 1, "named more than once");
    for (std::string up = parent_of(path); !up.empty(); up = parent_of(up)) {
      CHECK_MESSAGE(!named.contains(up), "inside " << up << ", which is named whole");
    }
  }
  // Every member is held: itself, or a member it is part of, named.
  std::vector<std::string> neither;
  for (const auto& [path, leaf] : tree.leaf_of_path) {
    if (!leaf) continue;
    bool held = false;
    for (std::string up = path; !up.empty() && !held; up = parent_of(up)) held = named.contains(up);
    if (!held) neither.push_back(path);
  }
  std::string list;
  for (const std::string& path : neither) list += (list.empty() ? "" : ", ") + path;
  CHECK_MESSAGE(neither.empty(), "neither recorded (result/workload_fields.cpp) nor on its list of members not "
                                 "recorded: " << list);
}

TEST_CASE("workload fields: columns and keys are unique, named after fio's options, every one compared or said why") {
  std::set<std::string_view> columns;
  std::set<std::string_view> keys;
  for (const WorkloadField& field : workload_fields()) {
    CAPTURE(field.csv_column);
    CHECK(columns.insert(field.csv_column).second);
    CHECK(keys.insert(field.json_key).second);
    if (field.csv_column != "workload") CHECK(field.csv_column.substr(0, 9) == "workload_");
  }
  // The rows recorded but not compared (result/workload_fields.cpp says why): the name pairs the workloads, the
  // rest says nothing of what the workload did.
  std::set<std::string_view> not_compared;
  for (const WorkloadField& field : workload_fields()) {
    if (field.difference.reading == DifferenceReading::kNotCompared) not_compared.insert(field.json_key);
  }
  CHECK(not_compared == std::set<std::string_view>{"name", "group_reporting", "filename", "directory", "unlink",
                                                    "description", "new_group", "disk_util", "bwavgtime_ms",
                                                    "iopsavgtime_ms", "filename_format"});
}

}  // namespace
}  // namespace bench
