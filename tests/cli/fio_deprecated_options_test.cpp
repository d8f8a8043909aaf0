// fio's deprecated options that fio 3.33 takes and ignores (cli/fio_option_rows_deprecated.cpp): any value taken,
// nothing of the workload changed, and fio's warning once for each one given, in order (a command line's word, a
// job file's line, a [global] line once whatever number of sections it reaches, none for a section --section
// leaves out, the command line's options beside job files once), in fio's persona as fio's own line.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "cli/workload_command_line.h"
#include "result/workload_fields.h"
#include "test_support.h"

namespace bench {
namespace {

const std::vector<std::string> kDeprecated = {"verifysort", "verifysort_nr", "flow_watermark"};

// Every recorded field of `spec`, each as its JSON value would show whether it is there.
std::map<std::string, bool> present_fields(const WorkloadSpec& spec) {
  std::map<std::string, bool> present;
  for (const WorkloadField& field : workload_fields()) {
    present[std::string(field.json_key)] = group_present(field, spec) && field.access.get(spec).has_value();
  }
  return present;
}

// What the command line says of deprecated options: the persona's lines for fio's output, else bench++'s warnings.
std::vector<std::string> warnings_of(WorkloadCommand command, const std::vector<std::string>& args,
                                     const std::map<std::string, std::string>& files = {}) {
  const Config config = parse_workload_command_line(command, args, test::fixed_system_facts(),
                                                    [&](const std::string& name) { return files.at(name); })
                            .config;
  if (command == WorkloadCommand::kFio) CHECK(config.warnings.empty());
  return command == WorkloadCommand::kFio ? config.fio_output_notes : config.warnings;
}

}  // namespace

TEST_CASE("deprecated fio options: known, any value taken, the workload as without them") {
  const WorkloadSpec plain = read_fio_command_line(std::vector<std::string>{"--name=a", "--size=4k"}).workloads.at(0);
  for (const std::string& name : kDeprecated) {
    CAPTURE(name);
    CHECK(is_deprecated_fio_option(name));
    CHECK(fio_option_argument(name) == FioArgument::kRequired);  // fio: "requires an argument"
    for (const char* value : {"1", "0", "abc"}) {
      const std::vector<std::string> words = {"--name=a", "--size=4k", "--" + name + "=" + value};
      const WorkloadSpec spec = read_fio_command_line(words).workloads.at(0);
      CHECK(present_fields(spec) == present_fields(plain));
      CHECK(spec.size_bytes == plain.size_bytes);
      CHECK(spec.verify.method == plain.verify.method);
    }
  }
  CHECK(!is_deprecated_fio_option("verify"));
  CHECK(!is_deprecated_fio_option("rwmixcycle"));  // fio 3.33 fails parsing it: refused
  CHECK(!fio_option_argument("rwmixcycle"));
}

TEST_CASE("deprecated fio options: each one given is named once, in order, on a command line and in a job file") {
  const FioJobs jobs = read_fio_command_line(std::vector<std::string>{
      "--verifysort=1", "--name=a", "--size=4k", "--verifysort_nr=8", "--name=b", "--size=4k", "--flow_watermark=3",
      "--verifysort=0"});
  CHECK(jobs.deprecated_options == std::vector<std::string>{"verifysort", "verifysort_nr", "flow_watermark", "verifysort"});
  CHECK(jobs.workloads.size() == 2);

  // fio 3.33 with this file: verifysort, verifysort_nr, verifysort (a [global] line once, each section's line once;
  // numjobs makes no more), and nothing of a section --section leaves out.
  const std::string text =
      "[global]\nverifysort=1\nsize=4k\n[a]\nverifysort_nr=3\n[b]\nverifysort=0\nnumjobs=2\n[c]\nflow_watermark=1\n";
  std::vector<std::string> met;
  JobFileReading reading;
  reading.deprecated_options = &met;
  CHECK(read_fio_job_file(text, "d.fio", reading).size() == 3);
  CHECK(met == std::vector<std::string>{"verifysort", "verifysort_nr", "verifysort", "flow_watermark"});
  met.clear();
  const std::vector<std::string> sections = {"a"};
  reading.sections = sections;
  CHECK(read_fio_job_file(text, "d.fio", reading).size() == 1);
  CHECK(met == std::vector<std::string>{"verifysort", "verifysort_nr"});
}

TEST_CASE("deprecated fio options: the persona says fio's line on fio's output, bench++ job warns with its own, beside job files once") {
  CHECK(warnings_of(WorkloadCommand::kFio, {"--name=a", "--size=4k", "--verifysort=1", "--flow_watermark=2"}) ==
        std::vector<std::string>{"Option verifysort is deprecated", "Option flow_watermark is deprecated"});
  const std::vector<std::string> own = warnings_of(WorkloadCommand::kJob, {"--name=a", "--size=4k", "--verifysort_nr=1"});
  REQUIRE(own.size() == 1);
  CHECK(own.front() == "fio option 'verifysort_nr' is deprecated: fio 3.33 ignores it, and so does bench++");
  // fio's options beside job files apply to the first file only, and are read once (fio 3.33: one line).
  const std::map<std::string, std::string> files = {{"one.fio", "[a]\nsize=4k\nverifysort=1\n"},
                                                    {"two.fio", "[b]\nsize=4k\n"}};
  CHECK(warnings_of(WorkloadCommand::kFio, {"--verifysort_nr=4", "one.fio", "two.fio"}, files) ==
        std::vector<std::string>{"Option verifysort_nr is deprecated", "Option verifysort is deprecated"});
  CHECK(warnings_of(WorkloadCommand::kFio, {"--name=a", "--size=4k"}).empty());
}

}  // namespace bench
