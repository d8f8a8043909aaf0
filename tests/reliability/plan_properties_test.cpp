// Properties of what the plan decides before anything runs, walked over generated inputs (the known bad cases
// among them), so that --dry-run and the run agree for every input, not only the table's:
//   - request alignment (plan/request_alignment.h) against the requests the job loop really makes (JobOffsets):
//     a plan that takes a workload makes no request the kernel would refuse, and one that refuses a workload of one
//     request size would make one (with drawn sizes the refusal is conservative: it goes by the sizes the options
//     name, and fio's draw, which bench++ follows, may never take one: fio 3.33 with bssplit=A/50:B/50 takes A only);
//   - resource limits (plan/resource_limits.h): each limit refused exactly below the need the plan states, at every
//     limit, and each refusal one line naming the workload and the limit;
//   - directories (plan/disk_checks.h): a run whose workloads' directories (-d, directory=) include one that cannot
//     hold files is refused when planned, naming that directory, and one whose directories all can is not; the
//     probe leaves nothing behind.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cli/workload_command_line.h"
#include "plan/disk_checks.h"
#include "plan/plan.h"
#include "phases/workload/job_offsets.h"
#include "plan/request_alignment.h"
#include "plan/resource_limits.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kRegionBytes = 1 << 20;

// The one workload of a `bench++ job` command line (parsed as bench++ parses it: settled sizes and offsets).
WorkloadSpec parsed_workload(const std::vector<std::string>& words) {
  return parse_workload_command_line(WorkloadCommand::kJob, words, test::fixed_system_facts(),
                                     [](const std::string&) { return std::string(); })
      .config.setup.workloads.at(0);
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

// A random multiple of 256 in [256, 256 x units].
std::uint32_t random_size(std::mt19937_64& random, std::uint32_t units) {
  return 256 * std::uniform_int_distribution<std::uint32_t>(1, units)(random);
}

// A generated job command line on block device /dev/loop7: a direct reading or writing pattern, or a trim, with
// bs= or bsrange= or bssplit=, maybe blockalign=, offset= and rw's :nr skip.
std::vector<std::string> generated_job(std::mt19937_64& random) {
  static const std::vector<std::string> kPatterns = {"read", "randread", "write", "randwrite", "trim", "randtrim"};
  const std::string pattern = kPatterns[random() % kPatterns.size()];
  std::vector<std::string> words = {"--name=w", "--filename=/dev/loop7", "--size=1m"};
  const bool trims = pattern.find("trim") != std::string::npos;
  words.push_back(std::string("--rw=") + pattern + (pattern == "read" && random() % 3 == 0 ? ":" + std::to_string(random_size(random, 16)) : ""));
  if (!trims) words.push_back("--direct=1");
  switch (random() % 3) {
    case 0: words.push_back("--bs=" + std::to_string(random_size(random, 32))); break;
    case 1: {
      const std::uint32_t low = random_size(random, 16);
      words.push_back("--bsrange=" + std::to_string(low) + "-" + std::to_string(low + random_size(random, 16)));
      break;
    }
    default: {
      const std::uint32_t a = random_size(random, 32);
      words.push_back("--bssplit=" + std::to_string(a) + "/50:" + std::to_string(random_size(random, 32)) + "/50");
    }
  }
  if (random() % 4 == 0) words.push_back("--blockalign=" + std::to_string(random_size(random, 16)));
  if (random() % 3 == 0) words.push_back("--offset=" + std::to_string(random_size(random, 64)));
  return words;
}

// The first misaligned request of the first `count` the job loop makes for `spec` on a block device of
// `logical_block` bytes (its region starting at offset=), or nullopt.
std::optional<RequestPlace> first_misaligned(const WorkloadSpec& spec, std::uint32_t logical_block, int count) {
  JobOffsets offsets(spec, kRegionBytes, fio_seeds_for(spec, 0, "/dev/loop7", 1));
  const bool trims = spec.pattern == IoPattern::kTrim || spec.pattern == IoPattern::kRandTrim;
  const IoOp op = trims ? IoOp::kTrim : writes_data(spec.pattern) ? IoOp::kWrite : IoOp::kRead;
  for (int i = 0; i < count; ++i) {
    const std::optional<RequestPlace> place = offsets.next(op);
    if (!place) return std::nullopt;
    if ((spec.offset_bytes + place->offset) % logical_block != 0 || place->length % logical_block != 0) return place;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("plan properties: a request the plan takes the kernel takes, and a job it refuses would make one it refuses") {
  std::mt19937_64 random(41);
  // The known bad case among the generated ones: rw=trim with bs=1000 on a 512-byte device.
  std::vector<std::vector<std::string>> jobs = {{"--name=w", "--filename=/dev/loop7", "--size=1m", "--rw=trim",
                                                 "--bs=1000"}};
  for (int i = 0; i < 400; ++i) jobs.push_back(generated_job(random));
  std::size_t taken = 0, refused = 0, refused_when_parsed = 0;
  for (const std::vector<std::string>& words : jobs) {
    const std::string command = joined(words);
    CAPTURE(command);
    // The command line already refuses direct=1 sizes and offsets that are not multiples of 512 (the smallest
    // logical block): those jobs would make a request no device takes.
    const std::string parse_error = test::error_of<UsageError>([&] { (void)parsed_workload(words); }, "");
    if (!parse_error.empty()) {
      ++refused_when_parsed;
      CHECK(test::contains(parse_error, "direct=1"));
      std::vector<std::string> buffered = words;
      std::erase(buffered, "--direct=1");
      const WorkloadSpec spec = parsed_workload(buffered);
      if (!spec.block_sizes.varies()) CHECK(first_misaligned(spec, 512, 4096).has_value());
      continue;
    }
    const WorkloadSpec spec = parsed_workload(words);
    for (const std::uint32_t logical_block : {512u, 4096u}) {
      CAPTURE(logical_block);
      TargetLimits limits;
      limits.block_device = true;
      limits.logical_block_bytes = logical_block;
      limits.discards = true;
      const JobTarget target{"/dev", "/dev/loop7", false, true, true, spec.offset_bytes, kRegionBytes};
      const std::optional<std::string> refusal = request_refusal(spec, EngineKind::kPsync, target, limits);
      const std::optional<RequestPlace> misaligned = first_misaligned(spec, logical_block, 4096);
      if (refusal) {
        ++refused;
        if (!spec.block_sizes.varies()) CHECK(misaligned.has_value());
        CHECK(test::contains(*refusal, "'/dev/loop7'"));
        CHECK(refusal->find('\n') == std::string::npos);
      } else {
        ++taken;
        CHECK_FALSE(misaligned.has_value());
      }
    }
  }
  // The walk met both answers, many times.
  CHECK(taken > 50);
  CHECK(refused > 100);
  CHECK(refused_when_parsed > 10);
}

namespace {

// A generated plan: one group of `jobs` jobs of one reading workload on new files of `file_bytes` each, on a
// psync or posixaio engine.
Plan generated_plan(std::mt19937_64& random) {
  Plan plan;
  WorkloadSpec spec;
  spec.name = "w" + std::to_string(random() % 100);
  spec.jobs = 1 + static_cast<std::uint32_t>(random() % 64);
  plan.setup.workloads = {spec};
  PlannedTest test;
  test.workload = 0;
  test.jobs = spec.jobs;
  test.engine = random() % 2 == 0 ? EngineChoice{} : EngineChoice{EngineKind::kPosixAio, 32, "", true};
  for (std::uint32_t j = 0; j < spec.jobs; ++j) {
    JobTarget target;
    target.directory = "/d";
    target.path = spec.name + "." + std::to_string(j) + ".0";
    target.is_private = true;
    target.region_bytes = 4096 * (1 + random() % (1 << 20));
    test.targets.push_back(target);
  }
  plan.groups = {{test}};
  return plan;
}

std::string refusal_of(const Plan& plan, const ResourceLimits& limits) {
  return test::error_of<UsageError>([&] { check_resource_limits(plan, limits, 1); }, "");
}

}  // namespace

TEST_CASE("plan properties: each resource limit is refused exactly below the plan's need, naming the workload") {
  std::mt19937_64 random(17);
  for (int i = 0; i < 200; ++i) {
    const Plan plan = generated_plan(random);
    const std::string& name = plan.setup.workloads[0].name;
    CAPTURE(name);
    std::uint64_t largest_file = 0;
    for (const JobTarget& target : plan.groups[0][0].targets) largest_file = std::max(largest_file, target.extent());
    // The group's threads and processes, and rank 0's progress thread (one rank, on this host).
    const std::uint64_t tasks = group_tasks(plan, 0) + 1;
    const std::uint64_t buffers = group_buffer_bytes(plan, 0).value();
    CHECK(refusal_of(plan, {}).empty());
    // At, above and below each need, by a random distance too.
    const std::uint64_t jitter = 1 + random() % 4096;
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& limit_row : std::vector<std::tuple<std::uint64_t, std::string, void (*)(ResourceLimits&, std::uint64_t)>>{
             {largest_file, "ulimit -f", [](ResourceLimits& l, std::uint64_t v) { l.file_size_bytes = v; }},
             {tasks, "ulimit -u", [](ResourceLimits& l, std::uint64_t v) { l.tasks = v; }},
             {buffers, "ulimit -v", [](ResourceLimits& l, std::uint64_t v) { l.address_space_bytes = v; }}}) {
      const std::uint64_t need = std::get<0>(limit_row);
      const std::string& what = std::get<1>(limit_row);
      const auto set = std::get<2>(limit_row);
      CAPTURE(what);
      for (const std::uint64_t limit : {need, need + 1, need + jitter}) {
        ResourceLimits limits;
        set(limits, limit);
        CHECK(refusal_of(plan, limits).empty());
      }
      for (const std::uint64_t limit : {need - 1, need > jitter ? need - jitter : 0}) {
        ResourceLimits limits;
        set(limits, limit);
        const std::string refusal = refusal_of(plan, limits);
        CHECK(test::contains(refusal, "'" + name + "'"));
        CHECK(test::contains(refusal, what));
        CHECK(refusal.find('\n') == std::string::npos);
      }
    }
  }
}

TEST_CASE("plan properties: a directory that cannot hold files is refused when planned, wherever it is named") {
  const test::TempDir top;
  const std::filesystem::path good_a = top.path() / "a", good_b = top.path() / "b";
  std::filesystem::create_directories(good_a);
  std::filesystem::create_directories(good_b);
  std::ofstream(top.path() / "plain") << "x";
  // The known bad ones (a directory of /proc, of /sys, one not there, a file) and two that take files.
  const std::vector<std::pair<std::string, bool>> pool = {
      {good_a.string(), true},  {good_b.string(), true},           {"/proc", false},
      {"/sys/kernel", false},   {(top.path() / "none").string(), false}, {(top.path() / "plain").string(), false}};
  std::mt19937_64 random(23);
  std::size_t refused = 0, planned = 0;
  for (int i = 0; i < 80; ++i) {
    const auto& [directory, directory_good] = pool[random() % pool.size()];
    std::vector<std::string> words = {"-d", directory};
    std::vector<std::string> bad;
    const std::size_t workloads = 1 + random() % 3;
    for (std::size_t w = 0; w < workloads; ++w) {
      words.push_back("--name=w" + std::to_string(w));
      words.push_back("--size=64k");
      if (random() % 2 == 0) {
        const auto& [entry, entry_good] = pool[random() % pool.size()];
        words.push_back("--directory=" + entry);
        if (!entry_good) bad.push_back(entry);
      } else if (!directory_good) {
        bad.push_back(directory);
      }
    }
    const std::string command = joined(words);
    CAPTURE(command);
    std::string error;
    try {
      const Config config = parse_workload_command_line(WorkloadCommand::kJob, words, test::fixed_system_facts(),
                                                        [](const std::string&) { return std::string(); })
                                .config;
      PlanFacts facts;
      facts.directory = config.directory;
      facts.free_bytes_of_directory = std::uint64_t{1} << 40;
      facts.memory_bytes = std::uint64_t{1} << 33;
      check_plan_on_disk(make_plan(config.setup, facts), config.directory);
    } catch (const std::exception& failure) {
      error = failure.what();
    }
    if (bad.empty()) {
      ++planned;
      CHECK(error.empty());
    } else {
      ++refused;
      // The first bad directory the run would use is named (which one is first is the plan's order).
      bool names_one = false;
      for (const std::string& b : bad) names_one = names_one || test::contains(error, "'" + b + "'");
      CHECK(names_one);
      CHECK(error.find('\n') == std::string::npos);
    }
  }
  CHECK(planned > 10);
  CHECK(refused > 10);
  // The probes removed what they made.
  CHECK(std::filesystem::is_empty(good_a));
  CHECK(std::filesystem::is_empty(good_b));
}

}  // namespace bench
