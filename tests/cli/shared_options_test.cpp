// The options every run command shares (cli/shared_options.h): spelled, ranged, applied and documented the same
// in bench++'s own command line, `bench++ job` and `bench++ suite`.
#include "cli/shared_options.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <optional>

#include <string>
#include <vector>

#include "cli/workload_command_line.h"
#include "cli/bonnie_command_line.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

const SystemFacts kFacts{24104, "testhost", 1234};

std::string no_job_file(const std::string& path) { throw UsageError("no job file here: " + path); }

// The three commands' parses of the shared `options`, each with what the command needs besides.
struct Parsed {
  std::string command;
  std::optional<Config> config;  // nullopt: refused, with `error`
  std::string error;
};

std::vector<Parsed> parse_everywhere(const std::vector<std::string>& options) {
  std::vector<Parsed> all;
  const auto attempt = [&](const std::string& command, const auto& parse) {
    Parsed parsed{command, std::nullopt, {}};
    try {
      parsed.config = parse();
    } catch (const UsageError& e) {
      parsed.error = e.what();
    }
    all.push_back(std::move(parsed));
  };
  attempt("bench++", [&] { return parse_command_line(options, kFacts).config; });
  std::vector<std::string> job = options;
  job.insert(job.end(), {"--name=w", "--rw=read", "--size=1m"});
  attempt("job", [&] { return parse_workload_command_line(WorkloadCommand::kJob, job, kFacts, no_job_file).config; });
  std::vector<std::string> suite = {"tart"};
  suite.insert(suite.end(), options.begin(), options.end());
  attempt("suite",
          [&] { return parse_workload_command_line(WorkloadCommand::kSuite, suite, kFacts, no_job_file).config; });
  return all;
}

}  // namespace

TEST_CASE("shared options: the same section, word for word, in bench++ --help, job --help and suite --help") {
  const std::string section = shared_options_help();
  CHECK(test::contains(help_text(), section));
  CHECK(test::contains(workload_help_text(WorkloadCommand::kJob), section));
  CHECK(test::contains(workload_help_text(WorkloadCommand::kSuite), section));
  for (const SharedOption& option : shared_options()) {
    CAPTURE(option.name);
    CHECK(test::contains(section, "--" + std::string(option.name)));
    if (option.letter != 0) CHECK(test::contains(section, std::string("-") + option.letter + ", --"));
    for (const std::string_view alias : option.aliases) CHECK(test::contains(section, "--" + std::string(alias)));
  }
}

TEST_CASE("shared options: the binary prints the same section for each command") {
  const std::string section = shared_options_help();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--help"}, {"job", "--help"}, {"suite", "--help"}}) {
    const test::CommandOutput r = test::run_bench(args);
    CAPTURE(args.front());
    CHECK(r.exit_code == 0);
    CHECK(test::contains(r.out, section));
  }
}

TEST_CASE("shared options: every spelling sets the same field in every command") {
  struct Case {
    std::vector<std::vector<std::string>> forms;
    std::function<void(const Config&)> check;
  };
  const std::vector<Case> cases = {
      {{{"-d", "/tmp/x"}, {"-d/tmp/x"}, {"--directory", "/tmp/x"}, {"--directory=/tmp/x"}, {"--dir", "/tmp/x"}},
       [](const Config& c) { CHECK(c.directory == "/tmp/x"); }},
      {{{"-x", "3"}, {"--repeat", "3"}, {"--repeats=3"}},
       [](const Config& c) {
         CHECK(c.repeats == 3);
         CHECK(c.repeats_given);
       }},
      {{{"-z", "77"}, {"--seed", "77"}, {"--seed=77"}},
       [](const Config& c) {
         CHECK(c.setup.seed == 77);
         CHECK(c.seed_given);
       }},
      {{{"-q"}, {"--quiet"}}, [](const Config& c) { CHECK(c.quiet); }},
      {{{"--label", "L"}, {"--label=L"}}, [](const Config& c) { CHECK(c.label == "L"); }},
      {{{"--tag", "a=1", "--tag", "b=2"}}, [](const Config& c) { CHECK(c.tags == std::vector<std::string>{"a=1", "b=2"}); }},
      {{{"--json", "r.json"}}, [](const Config& c) { CHECK(c.result_file("json") == "r.json"); }},
      {{{"--csv", "r.csv"}}, [](const Config& c) { CHECK(c.result_file("csv") == "r.csv"); }},
      {{{"--html", "r.html"}}, [](const Config& c) { CHECK(c.result_file("html") == "r.html"); }},
      {{{"--cache", "keep", "-r", "0"}}, [](const Config& c) { CHECK(c.setup.cache == CacheMode::kKeep); }},
      {{{"--dry-run"}}, [](const Config& c) { CHECK(c.dry_run); }},
      {{{"--window-command", "echo \"$BENCH_WINDOW_JSON\""}, {"--window-command=echo \"$BENCH_WINDOW_JSON\""}},
       [](const Config& c) { CHECK(c.window_command == "echo \"$BENCH_WINDOW_JSON\""); }},
  };
  for (const Case& c : cases) {
    for (const std::vector<std::string>& form : c.forms) {
      // -r 0 is bonnie++'s own: the others refuse it, so it only goes to the first command.
      const bool bonnie_only = std::find(form.begin(), form.end(), "-r") != form.end();
      for (const Parsed& parsed : parse_everywhere(form)) {
        if (bonnie_only && parsed.command != "bench++") continue;
        CAPTURE(parsed.command);
        CAPTURE(form.front());
        REQUIRE_MESSAGE(parsed.config, parsed.error);
        c.check(*parsed.config);
      }
    }
  }
}

TEST_CASE("shared options: the same ranges and the same message everywhere") {
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"-x", "0"}, {"-x", "4294967296"}, {"--repeat", "two"}, {"-z", "-1"},
        {"-z", "4294967296"}, {"-d", ""}, {"--label", ""}, {"--json", ""}, {"--csv", ""}, {"--html", ""},
        {"--html", "-"}, {"--cache", "sometimes"}, {"--window-command", ""}, {"--tag", "no-equals"}, {"--json", "-", "--csv", "-"},
        {"-x", "2", "--repeats", "3"}, {"-d", "/a", "--dir", "/b"}}) {
    CAPTURE(bad.front());
    const std::vector<Parsed> parsed = parse_everywhere(bad);
    for (const Parsed& p : parsed) {
      CAPTURE(p.command);
      CHECK_FALSE(p.config);
      CHECK(p.error == parsed.front().error);
      CHECK_FALSE(p.error.empty());
    }
  }
  for (const std::vector<std::string>& good : {std::vector<std::string>{"-x", "4294967295"}, {"-z", "0"},
                                               {"-z", "4294967295"}}) {
    for (const Parsed& p : parse_everywhere(good)) {
      CAPTURE(p.command);
      CHECK_MESSAGE(p.config, p.error);
    }
  }
}

TEST_CASE("shared options: in bench++ job, --directory after a --name is that job's directory=, as in fio") {
  const ParsedCommandLine parsed = parse_workload_command_line(
      WorkloadCommand::kJob, {"-d", "/tmp", "--name=a", "--rw=read", "--size=1m", "--directory=/var/tmp"}, kFacts,
      no_job_file);
  CHECK(parsed.config.directory == "/tmp");
  REQUIRE(parsed.config.setup.workloads.size() == 1);
  CHECK(parsed.config.setup.workloads.front().directory == "/var/tmp");
}

}  // namespace bench
