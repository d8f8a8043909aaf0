// The first steps of the job and suite command lines (cli/workload_words.h): fio's switches of the whole command
// line taken out, and the other words sorted into bench++'s options, fio's and the words without "--".
#include "cli/workload_words.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "result/errors.h"

namespace bench {
namespace {

using Words = std::vector<std::string>;

// The options of `words` as "name=value", in order.
Words own_of(const WorkloadWords& words) {
  Words own;
  for (const OwnValue& value : words.own) own.push_back(std::string(value.option.name) + "=" + value.value);
  return own;
}

}  // namespace

TEST_CASE("workload words: --readonly, --parse-only and --section are taken out, with one dash or two") {
  const FioSwitches switches = take_fio_switches(
      {"-readonly", "--name=a", "--section", "one", "-parse-only", "--section=two", "-section", "three", "job.fio"});
  CHECK(switches.read_only);
  CHECK(switches.parse_only);
  CHECK(switches.sections == Words{"one", "two", "three"});
  CHECK(switches.args == Words{"--name=a", "job.fio"});

  const FioSwitches none = take_fio_switches({"--name=a", "--rw=read"});
  CHECK_FALSE(none.read_only);
  CHECK_FALSE(none.parse_only);
  CHECK(none.sections.empty());
  CHECK(none.args == Words{"--name=a", "--rw=read"});
}

TEST_CASE("workload words: fio's single-dash options become double-dash ones, bench++'s letters stay") {
  const FioSwitches switches = take_fio_switches({"-name=a", "-bs", "4k", "-d", "/tmp", "-d/tmp/x", "-q", "-x3"});
  CHECK(switches.args == Words{"--name=a", "--bs", "4k", "-d", "/tmp", "-d/tmp/x", "-q", "-x3"});
  // A single-dash word whose name is no fio option, and has no '=', is left for the later steps to refuse.
  CHECK(take_fio_switches({"-nosuchoption"}).args == Words{"-nosuchoption"});
}

TEST_CASE("workload words: a --section without a name, with an empty one, or naming [global] is refused") {
  CHECK_THROWS_WITH_AS(take_fio_switches({"--name=a", "--section"}), "fio option '--section' needs a value",
                       UsageError);
  CHECK_THROWS_WITH_AS(take_fio_switches({"--section="}), "invalid fio option section='': give a section's name",
                       UsageError);
  CHECK_THROWS_WITH_AS(
      take_fio_switches({"--section", "global"}),
      "invalid fio option section='global': [global] is always read; name a job's section (as fio)", UsageError);
}

TEST_CASE("workload words: bench++'s options, fio's options and job files are told apart") {
  const WorkloadWords words = sort_workload_words({"--json=out.json", "-q", "-d", "dir", "--bs", "4k", "--rw=read",
                                                   "--time_based", "job.fio", "--scale", "0.5", "-x3",
                                                   "--allow-overwrite=/dev/x", "--dir", "other", "second.fio"});
  CHECK_FALSE(words.help);
  CHECK(own_of(words) == Words{"json=out.json", "quiet=", "directory=dir", "scale=0.5", "repeat=3",
                               "allow-overwrite=/dev/x", "directory=other"});
  // --bs needs a value, so the next word is its; --time_based is a flag, so the word after it is a job file.
  CHECK(words.fio_words == Words{"--bs", "4k", "--rw=read", "--time_based"});
  CHECK(words.positionals == Words{"job.fio", "second.fio"});
}

TEST_CASE("workload words: --directory is bench++'s -d before any --name and that job's directory= after one") {
  const WorkloadWords words =
      sort_workload_words({"--directory=/a", "--name=w", "--directory=/b", "-d", "/c", "--directory", "/d"});
  CHECK(own_of(words) == Words{"directory=/a", "directory=/c"});
  CHECK(words.fio_words == Words{"--name=w", "--directory=/b", "--directory", "/d"});
}

TEST_CASE("workload words: -h or --help stops the sorting, so the words after it are not read") {
  const WorkloadWords words = sort_workload_words({"--json", "x", "--name=w", "--help", "job.fio", "--scale"});
  CHECK(words.help);
  CHECK(own_of(words) == Words{"json=x"});
  CHECK(words.fio_words == Words{"--name=w"});
  CHECK(words.positionals.empty());
  CHECK(sort_workload_words({"-h", "--json"}).help);
}

TEST_CASE("workload words: one of bench++'s options that needs a value is refused at the end of the words") {
  CHECK_THROWS_WITH_AS(sort_workload_words({"--name=w", "--scale"}), "option --scale needs a value", UsageError);
  CHECK_THROWS_WITH_AS(sort_workload_words({"-d"}), "option --directory needs a value", UsageError);
  // A fio option at the end keeps no value: fio's own reading says what is missing.
  CHECK(sort_workload_words({"--bs"}).fio_words == Words{"--bs"});
}

TEST_CASE("workload words: --name starts a fio job however it is spelled") {
  CHECK(names_fio_job("--name"));
  CHECK(names_fio_job("--name=w"));
  CHECK_FALSE(names_fio_job("--names"));
  CHECK_FALSE(names_fio_job("-name=w"));
  CHECK_FALSE(names_fio_job("name=w"));
}

}  // namespace bench
