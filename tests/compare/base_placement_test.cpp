// The base side named for what it is (compare/base_placement.h): a group labelled "host", or the base, whose runs
// were recorded in a guest is named so in the header, and a caveat says its figures are a guest's disk too.
#include "compare/base_placement.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "compare/compare_runs.h"
#include "report/text/comparison_text.h"
#include "test_support.h"

namespace bench {
namespace {

SourcedRun placed_run(const std::string& label, std::size_t input, std::optional<Role> role,
                      const std::string& hypervisor, const std::string& container) {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.role = role;
  r.run.info.hypervisor = hypervisor;
  r.run.info.container = container;
  r.run.info.setup.io = IoSpec{};
  PhaseResult p;
  p.bonnie_test = PhaseId::kBlockWrite;
  p.bytes = std::uint64_t{1} << 30;
  p.elapsed = std::chrono::milliseconds{1000 + 500 * static_cast<int>(input)};
  p.cpu = std::chrono::milliseconds{200};
  r.run.phases = {p};
  r.file = label + ".json";
  r.input = input;
  return r;
}

std::vector<std::string> guest_caveats(const Comparison& c) {
  std::vector<std::string> found;
  std::copy_if(c.caveats.begin(), c.caveats.end(), std::back_inserter(found),
               [](const std::string& caveat) { return caveat.find("a guest's disk") != std::string::npos; });
  return found;
}

TEST_CASE("base placement: the words for a guest") {
  CHECK(itself_a_guest_text("kvm", "docker") == "itself a kvm guest in docker");
  CHECK(itself_a_guest_text("kvm", "none") == "itself a kvm guest");
  CHECK(itself_a_guest_text("unknown", "") == "itself a guest");
}

TEST_CASE("base placement: a host that is a kvm guest in docker, against its own guest") {
  const std::vector<SourcedRun> runs = {placed_run("host", 0, Role::kGuest, "kvm", "docker"),
                                        placed_run("vm", 1, Role::kGuest, "qemu", "none")};
  const Comparison c = compare_runs(runs, {});
  CHECK(c.groups[0].itself == "the machine the guests ran on, itself a kvm guest in docker");
  CHECK(c.groups[1].itself.empty());
  const auto caveats = guest_caveats(c);
  REQUIRE(caveats.size() == 1);
  CHECK(caveats[0] == "host is itself a kvm guest in docker: its figures are a guest's disk too, so the ratios set "
                      "nested guests against their outer guest, not against bare metal");
  const std::string text = format_comparison_text(c);
  CHECK(test::contains(text, "base: host: the machine the guests ran on, itself a kvm guest in docker (host.json"));
  CHECK(text.find("Read first:") < text.find("host is itself a kvm guest in docker"));
}

TEST_CASE("base placement: a group labelled host that is not the base, and a base alone in a guest") {
  SUBCASE("--base vm: the host group is still named for what it is") {
    const std::vector<SourcedRun> runs = {placed_run("host", 0, Role::kGuest, "kvm", "docker"),
                                          placed_run("vm", 1, Role::kGuest, "qemu", "none")};
    CompareOptions options;
    options.base = "vm";
    const Comparison c = compare_runs(runs, options);
    REQUIRE(c.groups[1].name == "host");
    CHECK(c.groups[1].itself == "the machine the guests ran on, itself a kvm guest in docker");
    // The base (a guest too) is named so as well, as a guest only.
    CHECK(c.groups[0].itself == "itself a qemu guest");
    CHECK(guest_caveats(c).size() == 2);
  }
  SUBCASE("a cloud VM against a bare-metal run: no nested guests") {
    const std::vector<SourcedRun> runs = {placed_run("cloud", 0, Role::kGuest, "kvm", "none"),
                                          placed_run("metal", 1, Role::kHost, "none", "none")};
    const Comparison c = compare_runs(runs, {});
    CHECK(c.groups[0].itself == "itself a kvm guest");
    const auto caveats = guest_caveats(c);
    REQUIRE(caveats.size() == 1);
    CHECK(caveats[0] == "cloud is itself a kvm guest: its figures are a guest's disk, not bare metal's");
  }
}

TEST_CASE("base placement: a bare-metal host, or one whose role is not recorded, is not named otherwise") {
  const std::vector<SourcedRun> metal = {placed_run("host", 0, Role::kHost, "none", "none"),
                                         placed_run("vm", 1, Role::kGuest, "kvm", "none")};
  const Comparison c = compare_runs(metal, {});
  CHECK(c.groups[0].itself.empty());
  CHECK(guest_caveats(c).empty());
  CHECK(test::contains(format_comparison_text(c), "base: host (host.json"));
  const std::vector<SourcedRun> unrecorded = {placed_run("host", 0, std::nullopt, "", ""),
                                              placed_run("vm", 1, Role::kGuest, "kvm", "none")};
  CHECK(guest_caveats(compare_runs(unrecorded, {})).empty());
}

}  // namespace
}  // namespace bench
