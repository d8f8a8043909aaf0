// The man page's list of the spreadsheet CSV's workload columns (FILES, the spreadsheet CSV) is the table's:
// every column of result/workload_fields.h and of the result's own documented, in the file's order, and no
// workload_ column documented that the table lacks.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "report/csv/workload_columns.h"
#include "result/workload_fields.h"
#include "test_support.h"

namespace bench {
namespace {

// The first word of each .B, .BR and .BI line of the man page between `from` and `to`.
std::vector<std::string> bold_words_between(const std::string& page, std::string_view from, std::string_view to) {
  const std::size_t begin = page.find(from);
  const std::size_t end = page.find(to, begin);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  std::istringstream lines(page.substr(begin, end - begin));
  std::vector<std::string> words;
  for (std::string line; std::getline(lines, line);) {
    for (const char* macro : {".B ", ".BR ", ".BI "}) {
      if (line.rfind(macro, 0) != 0) continue;
      std::istringstream rest(line.substr(std::string_view(macro).size()));
      std::string word;
      rest >> word;
      words.push_back(word);
    }
  }
  return words;
}

TEST_CASE("man page: the spreadsheet CSV's workload columns are the table's, in the file's order") {
  const std::string page = test::read_file(std::filesystem::path(BENCH_SOURCE_DIR) / "man" / "bench++.1");
  const std::vector<std::string> words =
      bold_words_between(page, "Workload columns come after these", "Readers should find columns by name");
  const std::vector<std::string_view> names = workload_column_names();
  const std::set<std::string_view> columns(names.begin(), names.end());
  std::set<std::string_view> spec_columns;
  for (const WorkloadField& field : workload_fields()) spec_columns.insert(field.csv_column);

  std::vector<std::string_view> documented;
  for (const std::string& word : words) {
    CAPTURE(word);
    // A workload_ word is a spec column: one the table has.
    if (word.rfind("workload", 0) == 0) CHECK_MESSAGE(spec_columns.contains(word), "documented, not in the table");
    if (const auto found = columns.find(word); found != columns.end()) documented.push_back(*found);
  }
  CHECK(documented.size() > 100);
  CHECK(documented == names);  // each once, in order
}

}  // namespace
}  // namespace bench
