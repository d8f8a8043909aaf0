// fio 3.33's option names (cli/fio_option_names.h) against the installed fio's own lists, and the one message for
// the options bench++ does not run: fio's "not supported", anything else unknown with fio's nearest-name rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "cli/fio_option_names.h"
#include "cli/fio_options.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// The option names of fio's "NAME : help" listings (--cmdhelp=all, --enghelp=ENGINE): each line's first word.
std::set<std::string> listed_names(const std::string& listing) {
  std::set<std::string> names;
  std::size_t start = 0;
  while (start < listing.size()) {
    const std::size_t end = std::min(listing.find('\n', start), listing.size());
    const std::string line = listing.substr(start, end - start);
    start = end + 1;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty() && name.find(' ') == std::string::npos) names.insert(name);
  }
  return names;
}

TEST_CASE("fio option names: sorted and each once, and every option bench++ runs is one of fio's") {
  const auto names = fio_option_names_of_fio();
  CHECK(std::adjacent_find(names.begin(), names.end(), std::greater_equal<>()) == names.end());
  for (const std::string_view name : fio_option_names()) {
    INFO(name);
    CHECK(is_fio_option_name(name));
  }
  CHECK_FALSE(is_fio_option_name("sizee"));
  CHECK_FALSE(is_fio_option_name(""));
}

TEST_CASE("fio option names: every option the installed fio lists, its engines' included, is in the list") {
  if (!test::fio_available()) return;
  const test::CommandOutput all = test::run_program({"fio", "--cmdhelp=all"});
  REQUIRE(all.exit_code == 0);
  std::set<std::string> listed = listed_names(all.out);
  REQUIRE(listed.size() > 150);  // fio 3.33 lists some 200
  for (const char* engine : {"io_uring", "libaio", "net", "rbd", "sg", "mmap", "e4defrag", "falloc"}) {
    const test::CommandOutput options = test::run_program({"fio", std::string("--enghelp=") + engine});
    const std::set<std::string> of_engine = listed_names(options.out);
    listed.insert(of_engine.begin(), of_engine.end());
  }
  for (const std::string& name : listed) {
    INFO(name);
    CHECK(is_fio_option_name(name));
  }
}

TEST_CASE("fio option names: the nearest option bench++ runs, by fio's rule of half the name's length") {
  CHECK(nearest_option_name("sizee") == "size");
  CHECK(nearest_option_name("iodepht") == "iodepth");
  CHECK(nearest_option_name("runtim") == "runtime");
  CHECK(nearest_option_name("zzzzzzzzzz").empty());
  // A fio option bench++ does not run is never suggested: the nearest one bench++ runs is.
  CHECK(nearest_option_name("verify_state_loa") != "verify_state_load");
}

TEST_CASE("fio option names: one line for what is not run, fio's first as not supported, then unknown ones") {
  CHECK(not_run_options_message({"gpu_dev_id"}) ==
        "fio option 'gpu_dev_id' is not supported by bench++ (see bench++(1), WORKLOADS)");
  CHECK(not_run_options_message({"output-format"}).find("'output-format' is not supported by bench++") !=
        std::string::npos);  // fio's own command-line option, in a job file
  CHECK(not_run_options_message({"sizee", "gpu_dev_id", "cmdprio"}) ==
        "unknown fio option 'sizee' (did you mean 'size'?); fio options 'gpu_dev_id', 'cmdprio' are not supported by "
        "bench++ (see --cmdhelp)");
}

}  // namespace
}  // namespace bench
