// `bench++ --detect`, and the placement every run records (table line, spreadsheet CSV, JSON), through the real
// binary.
#include "app/detect_command.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/bonnie_command_line.h"
#include "result/result_keywords.h"
#include "test_support.h"

namespace bench {
namespace {

const std::vector<std::string> kQuick = {"-s", "1M:4k", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"};

}  // namespace

TEST_CASE("detect: --detect is an action of its own, as --version") {
  const SystemFacts facts{1024, "testhost", 7};
  CHECK(parse_command_line({"--detect"}, facts).action == Action::kDetect);
  CHECK(parse_command_line({"-s", "0", "-n", "0", "--detect"}, facts).action == Action::kDetect);
  CHECK(parse_command_line({"--detect", "--help"}, facts).action == Action::kHelp);
  CHECK(help_text().find(
            "      --detect          print whether this runs on a host or in a guest, with the evidence, and exit\n") !=
        std::string::npos);
}

TEST_CASE("detect: the report format") {
  const Placement placement{Role::kGuest, "kvm", "docker",
                            {"CPUID: hypervisor bit set, leaf 0x40000000 vendor 'KVMKVMKVM' (kvm)",
                             "/.dockerenv exists (docker)"}};
  CHECK(format_placement_report(placement) ==
        "role: guest\n"
        "hypervisor: kvm\n"
        "container: docker\n"
        "evidence:\n"
        "  CPUID: hypervisor bit set, leaf 0x40000000 vendor 'KVMKVMKVM' (kvm)\n"
        "  /.dockerenv exists (docker)\n"
        "as a base: a run here is itself a kvm guest in docker, not bare metal: beside guests started here (the "
        "\"host\" of scripts/host-vs-guest.sh) it is their outer guest\n");
  CHECK(format_placement_report(Placement{Role::kUnknown, "unknown", "none", {}}) ==
        "role: unknown\nhypervisor: unknown\ncontainer: none\nevidence:\n");
}

TEST_CASE("detect: bench++ --detect prints this machine's placement and exits 0") {
  const auto r = test::run_bench({"--detect"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  // The same machine read in this process gives the same report.
  CHECK(r.out == format_placement_report(classify_placement(read_virt_evidence())));
  const auto lines = test::lines_of(r.out);
  REQUIRE(lines.size() >= 5);
  CHECK((lines[0] == "role: host" || lines[0] == "role: guest" || lines[0] == "role: unknown"));
  CHECK(lines[1].rfind("hypervisor: ", 0) == 0);
  CHECK(lines[2].rfind("container: ", 0) == 0);
  CHECK(lines[3] == "evidence:");
  // The evidence, then for a guest one line on what a base run here is.
  const bool guest = lines[0] == "role: guest";
  for (std::size_t i = 4; i + (guest ? 1 : 0) < lines.size(); ++i) CHECK(lines[i].rfind("  ", 0) == 0);
  if (guest) CHECK(lines.back().rfind("as a base: a run here is itself a", 0) == 0);
  // Like --version, it ignores the other options and creates nothing.
  test::TempDir dir;
  CHECK(test::run_bench({"-d", dir.path().string(), "-s", "1M", "--detect"}).out == r.out);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("detect: every run records its placement in the table, the spreadsheet CSV and the JSON") {
  const Placement here = classify_placement(read_virt_evidence());
  test::TempDir dir;
  test::TempDir out_dir;
  const auto csv = out_dir.path() / "r.csv";
  const auto json_path = out_dir.path() / "r.json";
  std::vector<std::string> args = kQuick;
  for (const auto& a : {std::string("-d"), dir.path().string(), std::string("--csv"), csv.string(),
                        std::string("--json"), json_path.string()}) {
    args.push_back(a);
  }
  const auto r = test::run_bench(args);
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);

  // The line above the bonnie++ table (on stderr with -q); the table itself starts as before.
  const std::string role(keyword(here.role));
  const std::string where = here.role == Role::kGuest ? "guest (" + here.hypervisor + ")" : role;
  const std::string line = "Running on: " + where + ", container: " + here.container + "\n";
  const std::size_t at = r.err.find(line);
  REQUIRE_MESSAGE(at != std::string::npos, r.err);
  CHECK(r.err.compare(at + line.size(), 7, "Version") == 0);
  // The bonnie++ CSV line on stdout is unchanged: 50 fields.
  const auto out = test::lines_of(r.out);
  REQUIRE(out.size() == 1);
  CHECK(std::count(out[0].begin(), out[0].end(), ',') == 49);

  const auto rows = test::lines_of(test::read_file(csv));
  REQUIRE(rows.size() >= 2);
  CHECK(rows[0].find(",fsync_each,verify,role,hypervisor,container,cpus,") != std::string::npos);
  CHECK(rows[1].find("," + role + "," + here.hypervisor + "," + here.container + ",") != std::string::npos);

  const auto doc = nlohmann::json::parse(test::read_file(json_path));
  const auto& placement = doc["runs"][0]["placement"];
  CHECK(placement["role"] == role);
  CHECK(placement["hypervisor"] == here.hypervisor);
  CHECK(placement["container"] == here.container);
  CHECK(placement["evidence"] == nlohmann::json(here.evidence));
}

}  // namespace bench
