// fio's persona's own answers (cli/fio_persona.h): --version, --help, --cmdhelp and --enghelp, read the way the
// tools that run `fio` read them. Each tool's call is cited from its source.
#include "cli/fio_persona.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "cli/workload_command_line.h"
#include "result/fio_release.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

using test::contains;

ParsedCommandLine answer(const std::vector<std::string>& words) {
  const std::optional<ParsedCommandLine> parsed = fio_persona_answer(words);
  REQUIRE(parsed.has_value());
  return *parsed;
}

// The part of `text` before the first `separator`, as `sed 's/-.*//'` keeps it.
std::string before(const std::string& text, char separator) { return text.substr(0, text.find(separator)); }

}  // namespace

TEST_CASE("fio persona: the version line is fio 3.33's, one word, saying bench++ underneath") {
  const std::string version = fio_persona_version_line();
  CHECK(version == fio_version_string(BENCH_VERSION));  // the string fio's outputs carry too
  CHECK(version == std::string(kFioRelease) + "-bench++-" + BENCH_VERSION);
  CHECK(std::none_of(version.begin(), version.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n'; }));
  // KDiskMark, src/benchmark.cpp: QProcess "fio" {"--version"}, readAllStandardOutput().simplified(), and
  // isFIODetected() is m_FIOVersion.indexOf("fio-") == 0.
  CHECK(version.find("fio-") == 0);
  // fio-plot, bench_fio/benchlib/checks.py check_fio_version: `if "fio-3" in result` (after .strip()).
  CHECK(contains(version, "fio-3"));
  CHECK_FALSE(contains(version, "fio-2"));
  // fio-plot, bench_fio/scripts/bench-fio.sh: `if [ ! $($FIO --version | grep -i fio-3) ]` takes the line unquoted:
  // one word keeps `[` to two arguments (a space would make it "[: too many arguments").
  CHECK(test::run_program({"bash", "-c", "[ ! $(echo '" + version + "' | grep -i fio-3) ] && echo old || echo ok"}).out ==
        "ok\n");
  // blktests, common/fio _have_fio_ver: `IFS='.' read -r a b c < <(fio --version | cut -c 5- | sed 's/-.*//')`
  // then $((a * 65536 + b * 256 + c)): the version after "fio-" up to the next '-' is 3.33.
  CHECK(before(version.substr(4), '-') == "3.33");
  // The scripts that read the JSON's "fio version" (the same string) as `version.split("-")[1]` get the release.
  CHECK(before(version.substr(version.find('-') + 1), '-') == "3.33");
}

TEST_CASE("fio persona: --version, -v and -version answer with the version, -h and --help with fio's usage") {
  for (const char* word : {"--version", "-v", "-version"}) {
    CAPTURE(word);
    CHECK(answer({word}).action == Action::kVersion);
    CHECK(answer({"--name=x", word}).action == Action::kVersion);  // anywhere on the line, as fio's getopt loop
  }
  for (const char* word : {"--help", "-h", "-help"}) {
    CAPTURE(word);
    const ParsedCommandLine help = answer({word});
    CHECK(help.action == Action::kHelp);
    CHECK(help.help_text == fio_persona_usage());
  }
  CHECK_FALSE(fio_persona_answer({"--name=x", "--rw=read", "job.fio"}).has_value());
}

TEST_CASE("fio persona: the usage is fio's: the version, fio's usage line, then a line per option of its own") {
  const std::vector<std::string> lines = test::lines_of(fio_persona_usage());
  REQUIRE(lines.size() > 2);
  CHECK(lines[0] == fio_persona_version_line());
  CHECK(lines[1] == "fio [options] [job options] <job file(s)>");  // init.c's usage(), argv[0] "fio"
  for (const FioOptionRow& row : fio_run_option_rows()) {
    CAPTURE(row.name);
    const std::string start = "  --" + std::string(row.name);
    CHECK(std::count_if(lines.begin(), lines.end(), [&](const std::string& line) {
            return line.starts_with(start + "\t") || line.starts_with(start + "=");
          }) == 1);
  }
  for (const char* own : {"  --version\t", "  --help\t", "  --cmdhelp=cmd\t", "  --enghelp=engine\t"}) {
    CHECK(std::any_of(lines.begin(), lines.end(), [&](const std::string& line) { return line.starts_with(own); }));
  }
}

TEST_CASE("fio persona: --cmdhelp lists each job option as fio's \"name : help\" lines, --cmdhelp=all the same") {
  std::vector<FioOptionRow> rows = fio_option_rows();  // fio's list leaves its deprecated options out
  std::erase_if(rows, [](const FioOptionRow& row) { return is_deprecated_fio_option(row.name); });
  REQUIRE(rows.size() + 3 <= fio_option_rows().size());
  for (const std::vector<std::string>& words : {std::vector<std::string>{"--cmdhelp"}, {"--cmdhelp=all"}}) {
    const ParsedCommandLine help = answer(words);
    CHECK(help.action == Action::kHelp);
    CHECK(help.notice.empty());
    const std::vector<std::string> lines = test::lines_of(help.help_text);
    REQUIRE(lines.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      CAPTURE(lines[i]);
      // parse.c's print_option: "%-24s: %s"
      CHECK(lines[i].starts_with(std::string(rows[i].name)));
      CHECK(lines[i].find(": ") == std::max<std::size_t>(24, rows[i].name.size()));
    }
  }
}

TEST_CASE("fio persona: --cmdhelp=OPTION (or its alias) is fio's block of \"%20s: \" lines") {
  const ParsedCommandLine bs = answer({"--cmdhelp=bs"});
  CHECK(answer({"--cmdhelp=blocksize"}).help_text == bs.help_text);
  const std::vector<std::string> lines = test::lines_of(bs.help_text);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].starts_with("                  bs: "));
  CHECK(lines[1] == "               alias: blocksize");
  CHECK(lines[2].starts_with("                type: "));
  CHECK(lines[3] == "             default: 4096");  // fio 3.33's `fio --cmdhelp=bs`
  CHECK(contains(answer({"-cmdhelp=time_based"}).help_text, "                type: empty or boolean value ([0|1])"));
}

TEST_CASE("fio persona: --cmdhelp of an option bench++ does not run says so on stderr, exit 0, as fio 3.33") {
  // blktests, common/fio _have_fio_zbd_zonemode: `fio --cmdhelp=zonemode 2>&1 | grep -q zbd`: bench++ runs
  // zonemode=none and strided but not zbd, so the check finds no "zbd" and blktests skips its zoned tests.
  const ParsedCommandLine zonemode = answer({"--cmdhelp=zonemode"});
  CHECK(zonemode.action == Action::kHelp);
  CHECK_FALSE(contains(zonemode.notice + zonemode.help_text, "zbd"));
  const ParsedCommandLine capacity = answer({"--cmdhelp=zonecapacity"});
  CHECK(capacity.help_text.empty());
  CHECK(capacity.notice == "No such command: zonecapacity");
  const ParsedCommandLine deprecated = answer({"--cmdhelp=verifysort"});  // taken, but fio 3.33 lists it not
  CHECK(deprecated.help_text.empty());
  CHECK(deprecated.notice == "No such command: verifysort");
}

TEST_CASE("fio persona: --enghelp lists the engines bench++ runs by fio's names, an unknown one is an error") {
  // Scripts pick an engine with `fio --enghelp 2>/dev/null | grep -qw libaio || engine=psync`.
  const std::string list = answer({"--enghelp"}).help_text;
  CHECK(list.starts_with("Available IO engines:\n"));
  for (const char* engine : {"\tlibaio\n", "\tpsync\n", "\tio_uring\n", "\tposixaio\n", "\tnull\n"}) {
    CHECK(contains(list, engine));
  }
  CHECK_FALSE(contains(list, "psync_threads"));  // bench++'s own, which fio has not
  CHECK(answer({"--enghelp=psync"}).help_text == "IO engine psync has no options\n");
  CHECK(answer({"--enghelp=null"}).help_text == "IO engine null has no options\n");  // fio 3.33's answer
  CHECK(contains(answer({"--enghelp=io_uring"}).help_text, "hipri"));
  CHECK(answer({"--enghelp=filestat"}).help_text.starts_with("stat_type               : "));  // fio 3.33's one option
  CHECK(contains(answer({"--enghelp=cpuio"}).help_text, "cpuload"));
  CHECK(test::error_of<UsageError>([] { (void)fio_persona_answer({"--enghelp=nosuch"}); }) ==
        "engine nosuch not loadable");
}

TEST_CASE("fio persona: parse_workload_command_line answers the persona's words and marks the Config") {
  const auto parse = [](WorkloadCommand command, const std::vector<std::string>& words) {
    return parse_workload_command_line(command, words, test::fixed_system_facts(),
                                       [](const std::string&) -> std::string { throw UsageError("no file"); });
  };
  const ParsedCommandLine version = parse(WorkloadCommand::kFio, {"--version"});
  CHECK(version.action == Action::kVersion);
  CHECK(version.config.persona == Persona::kFio);
  CHECK(parse(WorkloadCommand::kFio, {"--help"}).help_text == fio_persona_usage());
  CHECK(workload_help_text(WorkloadCommand::kFio) == fio_persona_usage());
  // bench++ job keeps its own words: fio's --version is a fio option it does not run.
  CHECK(contains(test::error_of<UsageError>([&] { (void)parse(WorkloadCommand::kJob, {"--version"}); }), "version"));
  const ParsedCommandLine job_help = parse(WorkloadCommand::kJob, {"--help"});
  CHECK(job_help.config.persona == Persona::kBench);
  CHECK(job_help.help_text.starts_with("usage: bench++ job"));
  CHECK(contains(job_help.help_text, "fio's output: --output-format=normal, or `bench++ fio`"));
}

TEST_CASE("fio persona: fio's normal output is the default, bench++ job's stays its table") {
  const auto parse = [](WorkloadCommand command, const std::vector<std::string>& words) {
    return parse_workload_command_line(command, words, test::fixed_system_facts(),
                                       [](const std::string&) -> std::string { throw UsageError("no file"); });
  };
  const std::vector<std::string> job = {"--name=x", "--rw=read", "--size=1m"};
  CHECK(parse(WorkloadCommand::kFio, job).config.fio_output.formats == std::vector<std::string>{"normal"});
  CHECK_FALSE(parse(WorkloadCommand::kJob, job).config.fio_output.any());
  CHECK(parse(WorkloadCommand::kFio, test::with(job, {"--output-format=json"})).config.fio_output.formats ==
        std::vector<std::string>{"json"});
  // bench++'s own JSON report on stdout is then stdout's one output.
  CHECK_FALSE(parse(WorkloadCommand::kFio, test::with(job, {"--json", "-"})).config.fio_output.any());
}

}  // namespace bench
