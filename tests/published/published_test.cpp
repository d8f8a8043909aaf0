// The collection: fio command lines and job files as people publish them (tests/published/commands.txt and
// jobs/*.fio, each citing its source), scaled only in size, runtime and paths, each run by `bench++ job`. Every
// one runs (exit 0) and leaves its directory as it found it, but those marked "refused-by: OPTION", which bench++
// refuses (exit 2, before anything is created) with an error naming that option: the list of what still
// blocks a published command. When an option lands, its entries fail here until their mark goes.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kCollection = fs::path(BENCH_SOURCE_DIR) / "tests" / "published";

struct Published {
  std::string source;                // the "source:" line
  std::string refused_by;            // the "refused-by:" option, or empty
  std::vector<std::string> arguments;  // bench++ job's, {DIR} for the directory
  std::string environment;             // NAME=VALUE words the publisher's tool sets around it (a job file's ${NAME})
};

// What follows `marker` at the start of `line`, or "".
std::string after(std::string_view line, std::string_view marker) {
  if (!line.starts_with(marker)) return {};
  std::string_view rest = line.substr(marker.size());
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return std::string(rest);
}

std::vector<Published> command_lines() {
  std::vector<Published> out;
  Published next;
  for_each_line(test::read_file(kCollection / "commands.txt"), [&](std::string_view line) {
    if (!after(line, "# source:").empty()) next.source = after(line, "# source:");
    if (!after(line, "# refused-by:").empty()) next.refused_by = after(line, "# refused-by:");
    if (!line.starts_with("fio ")) return;
    for (std::string_view word : split(line.substr(4), ' ')) {
      if (!word.empty()) next.arguments.emplace_back(word);
    }
    out.push_back(next);
    next = {};
  });
  return out;
}

std::vector<Published> job_files() {
  std::vector<Published> out;
  for (const fs::directory_entry& entry : fs::directory_iterator(kCollection / "jobs")) {
    Published job;
    for_each_line(test::read_file(entry.path()), [&](std::string_view line) {
      if (job.source.empty()) job.source = after(line, "; source:");
      if (job.refused_by.empty()) job.refused_by = after(line, "; refused-by:");
      if (job.environment.empty()) job.environment = after(line, "; environment:");
    });
    job.arguments = {entry.path().string()};
    out.push_back(job);
  }
  return out;
}

// Runs one entry in a directory of its own and checks what it did.
void check_runs(const Published& published) {
  INFO(published.source);
  REQUIRE_FALSE(published.source.empty());  // every entry cites where it was published
  const test::TempDir dir;
  // Run from the entry's own directory (env -C), so that what an entry writes under a relative name (fio's logs)
  // lands there, where the check below sees it, and never in the caller's directory.
  std::vector<std::string> args = {"env", "-C", dir.path().string()};
  for (std::string_view word : split(published.environment, ' ')) {
    if (!word.empty()) args.emplace_back(word);
  }
  args.insert(args.end(), {BENCH_BINARY, "job", "-q"});
  // fio's --directory before any --name is every job's, as bench++'s -d: given, it stands for -d.
  const bool has_directory = std::any_of(published.arguments.begin(), published.arguments.end(),
                                         [](const std::string& a) { return a.starts_with("--directory="); });
  if (!has_directory) args.insert(args.end(), {"-d", dir.path().string()});
  for (std::string argument : published.arguments) {
    for (std::size_t at; (at = argument.find("{DIR}")) != std::string::npos;) argument.replace(at, 5, dir.path().string());
    args.push_back(argument);
  }
  const test::CommandOutput result = test::run_program(args);
  INFO(result.err);
  if (published.refused_by.empty()) {
    CHECK(result.exit_code == 0);
  } else {
    CHECK(result.exit_code == 2);
    CHECK((test::contains(result.err, "'" + published.refused_by + "'") ||
           test::contains(result.err, published.refused_by + "=")));
  }
  // What bench++ created, it removed, but the fio logs an entry asks for (write_*_log=, kept as fio keeps them).
  std::vector<std::string> left = test::list_tree(dir.path());
  std::erase_if(left, [](const std::string& name) { return name.ends_with(".log"); });
  CHECK(left.empty());
}

}  // namespace

TEST_CASE("published: fio command lines from vendors' pages, guides and tools run unchanged") {
  const std::vector<Published> commands = command_lines();
  CHECK(commands.size() >= 21);
  for (const Published& published : commands) check_runs(published);
}

TEST_CASE("published: fio job files (fio's examples, kubestr, fio-plot) run unchanged") {
  const std::vector<Published> jobs = job_files();
  CHECK(jobs.size() >= 19);
  for (const Published& published : jobs) check_runs(published);
}

}  // namespace bench
