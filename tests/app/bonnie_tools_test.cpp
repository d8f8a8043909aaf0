// The real bonnie++ converters (bon_csv2txt, bon_csv2html) read the CSV line of the real binary, run as a user
// runs them.
#include <doctest/doctest.h>

#include <algorithm>

#include "test_support.h"

namespace bench {
namespace {

bool no_bonnie_tools() {
  return test::skip_unless(test::tool_installed("bon_csv2txt") && test::tool_installed("bon_csv2html"), test::Need::kTool,
                           "bon_csv2txt/bon_csv2html are not installed (Debian bonnie++)");
}

TEST_CASE("bonnie tools: bench++ -d DIR -s 64M -n 0 -r 0 -q feeds bon_csv2txt and bon_csv2html") {
  if (no_bonnie_tools()) return;
  test::TempDir dir;
  std::filesystem::create_directory(dir.path() / "existing");
  const auto before = test::list_tree(dir.path());
  const auto run = test::run_bench({"-d", dir.path().string(), "-s", "64M", "-n", "0", "-r", "0", "-q", "-m", "box"});
  REQUIRE(run.exit_code == 0);
  CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 1);
  CHECK(std::count(run.out.begin(), run.out.end(), ',') == 49);
  CHECK(test::list_tree(dir.path()) == before);

  const auto text = test::run_program({"bon_csv2txt"}, run.out);
  CHECK(text.exit_code == 0);
  CHECK(text.err == "");
  CHECK(text.out.find(" 64M:8k:8192:5 ") != std::string::npos);
  const auto html = test::run_program({"bon_csv2html"}, run.out);
  CHECK(html.exit_code == 0);
  CHECK(html.err == "");
  CHECK(html.out.find(">box<") != std::string::npos);
  CHECK(html.out.find(">64M<") != std::string::npos);
}

TEST_CASE("bonnie tools: the file test fields of -n 1:4k:1k:4 land in the right columns") {
  if (no_bonnie_tools()) return;
  test::TempDir dir;
  const auto run =
      test::run_bench({"-d", dir.path().string(), "-s", "0", "-n", "1:4k:1k:4", "-q", "-m", "box", "--no-sync-test"});
  REQUIRE(run.exit_code == 0);
  // Fields 21-25: files (in 1024s), max, min, directories, file chunk.
  CHECK(run.out.find(",,1,4096,1024,4,8k,") != std::string::npos);
  const auto text = test::run_program({"bon_csv2txt"}, run.out);
  CHECK(text.err == "");
  CHECK(text.out.find(" 1:4096:1024/4:8k ") != std::string::npos);
  const auto html = test::run_program({"bon_csv2html"}, run.out);
  CHECK(html.err == "");
  // The optional Max Size, Min Size, Num Dirs and Chunk Size columns appear, with our values.
  for (const char* cell : {">4096<", ">1024<", ">4<", ">8k<"}) {
    CAPTURE(cell);
    CHECK(html.out.find(cell) != std::string::npos);
  }
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
