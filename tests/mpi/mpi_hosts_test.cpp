// The MPI mode across hosts for real: `mpirun -np 4` over two hosts of two ranks each, the hosts being network
// namespaces with host names of their own (scripts/mpi-hosts.sh, tests/mpi/namespace_hosts.h), the directory a
// shared filesystem. Checks what only separate hosts show: the report names both hosts, CPU per host, the host
// of the slowest rank (of bonnie-style tests, and of bench++ job's workloads); a directory the hosts do not share is refused, saying so; a rank killed on one host (in
// the middle of a test, or while the others wait for it) stops every rank and the others remove their files;
// one Ctrl-C to mpirun stops the job and nothing is left, neither files nor processes on any host. Built with
// -DBENCH_WITH_MPI=ON only; skipped (said so) where namespaces cannot be made.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "mpi/mpi_test_support.h"
#include "mpi/namespace_hosts.h"
#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

using nlohmann::json;
using test::NamespaceHosts;
using Clock = std::chrono::steady_clock;

constexpr int kHosts = 2;
constexpr int kRanksPerHost = 2;
constexpr int kRanks = kHosts * kRanksPerHost;

// Open MPI fills the hostfile's hosts in order, slot by slot: ranks 0 and 1 on node1, 2 and 3 on node2.
std::string host_of_rank(std::uint32_t rank) { return "node" + std::to_string(rank / kRanksPerHost + 1); }

bool hosts_usable() {
  if (!test::mpirun_usable()) return false;
  return !test::skip_if(NamespaceHosts::unavailable_reason());
}

// mpirun -np 4 over the hosts (their hostfile comes with the head's environment) running bench++ on `dir`.
std::vector<std::string> bench_job(const NamespaceHosts& hosts, const test::TempDir& dir,
                                   const std::vector<std::string>& options) {
  std::vector<std::string> argv = test::mpirun_command(kRanks);
  argv.insert(argv.end(), {BENCH_BINARY, "-d", dir.path().string(), "-r", "0", "-q"});
  return hosts.in_head(test::with(argv, options));
}

// Polls `done` every 20 ms until it holds or `timeout` passed; returns its last value.
bool eventually(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// Every rank has its test file: the per-char write (one-byte writes of 256 MiB, many seconds) is under way.
bool every_rank_writing(const test::TempDir& dir) {
  std::size_t files = 0;
  for (const auto& entry : test::list_tree(dir.path())) files += entry.ends_with("/data") ? 1 : 0;
  return files == kRanks;
}

// What runs in the set's namespaces, "<host>: <pid> ..." per host that has any; empty when nothing does.
std::string processes_left(const NamespaceHosts& hosts) {
  std::string left;
  for (const std::string host : {"head", "node1", "node2"}) {
    const std::vector<pid_t> pids = hosts.processes(host);
    if (pids.empty()) continue;
    left += host + ":";
    for (const pid_t pid : pids) left += " " + std::to_string(pid);
    left += "\n";
  }
  return left;
}

bool contains_rank_3(const std::string& path) { return path.find("/rank-3/") != std::string::npos; }

std::string comm_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(in, name);
  return name;
}

// The rate rank_spread compares: KiB/s for a bytes test, operations/s otherwise.
double rank_rate(const json& part) {
  return part["kib_per_sec"].is_null() ? part["ops_per_sec"].get<double>() : part["kib_per_sec"].get<double>();
}

// The Ranks section of `err` (a row per test, in the JSON's order, after its header), at least `tests` rows.
std::vector<std::string> ranks_rows(const std::string& err, std::size_t tests) {
  const std::size_t ranks_at = err.find("\nRanks (4) ");
  REQUIRE(ranks_at != std::string::npos);
  std::vector<std::string> rows = test::lines_of(err.substr(ranks_at + 1));
  REQUIRE(rows.size() > tests);
  return rows;
}

// Checks a test of a run over both hosts: every rank's host, the slowest rank (the one of the lowest rate) and
// its host at the end of `ranks_row`, CPU per host (its ranks' CPU, and that as a percentage of the test's time).
void check_across_hosts(const json& test, const std::string& ranks_row) {
  INFO(test["test"].get<std::string>());
  const json& across = test["mpi"];
  REQUIRE(across.is_object());
  const json& per_rank = across["per_rank"];
  REQUIRE(per_rank.size() == kRanks);
  double slowest_rate = rank_rate(per_rank[0]);
  double cpu_node1 = 0;
  double cpu_node2 = 0;
  for (std::uint32_t r = 0; r < kRanks; ++r) {
    CHECK(per_rank[r]["rank"] == r);
    CHECK(per_rank[r]["host"] == host_of_rank(r));
    slowest_rate = std::min(slowest_rate, rank_rate(per_rank[r]));
    (r < kRanksPerHost ? cpu_node1 : cpu_node2) += per_rank[r]["cpu_sec"].get<double>();
  }
  const auto slowest = across["slowest_rank"].get<std::uint32_t>();
  CHECK(rank_rate(per_rank[slowest]) == slowest_rate);
  CHECK(ranks_row.ends_with("  " + std::to_string(slowest) + " (" + host_of_rank(slowest) + ")"));
  const json& by_host = across["hosts"];
  REQUIRE(by_host.size() == kHosts);
  const double elapsed = test["elapsed_sec"].get<double>();
  CHECK(by_host[0]["host"] == "node1");
  CHECK(by_host[1]["host"] == "node2");
  CHECK(by_host[0]["ranks"] == kRanksPerHost);
  CHECK(by_host[1]["ranks"] == kRanksPerHost);
  CHECK(by_host[0]["cpu_sec"].get<double>() == doctest::Approx(cpu_node1));
  CHECK(by_host[1]["cpu_sec"].get<double>() == doctest::Approx(cpu_node2));
  CHECK(by_host[0]["cpu_percent"].get<double>() == doctest::Approx(cpu_node1 * 100 / elapsed));
  CHECK(by_host[1]["cpu_percent"].get<double>() == doctest::Approx(cpu_node2 * 100 / elapsed));
  CHECK(test["cpu_sec"].get<double>() == doctest::Approx(cpu_node1 + cpu_node2));
}

// The one run of the JSON report at `path`, checked to be of both hosts' 4 ranks.
json run_over_both_hosts(const std::filesystem::path& path) {
  const json doc = json::parse(test::read_file(path));
  REQUIRE(doc["runs"].size() == 1);
  const json run = doc["runs"][0];
  CHECK(run["ranks"] == kRanks);
  CHECK(run["hosts"] == json::array({"node1", "node2"}));
  CHECK(run["host_name"] == "node1");  // rank 0's
  return run;
}

TEST_CASE("mpi hosts: mpirun -np 4 over 2 hosts: both hosts, each host's CPU and the slowest rank's host") {
  if (!hosts_usable()) return;
  NamespaceHosts hosts(kHosts, kRanksPerHost);
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "run.json";
  const auto result = test::run_program(test::with(
      {"timeout", "120"}, bench_job(hosts, dir, {"-s", "1M:4k", "-f", "-n", "1:4k:1k:2", "--sync-size", "23000",
                                                 "--json", json_path.string()})));
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());
  CHECK(test::count_of(result.err, "MPI: 4 ranks x 1 worker on 2 hosts: node1, node2\n") == 1);

  const json run = run_over_both_hosts(json_path);
  const json& tests = run["tests"];
  REQUIRE(tests.size() >= 8);

  const std::vector<std::string> rows = ranks_rows(result.err, tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) check_across_hosts(tests[i], rows[1 + i]);
}

TEST_CASE("mpi hosts: bench++ job over 2 hosts x 2 ranks: the report names both hosts and the slowest rank's host") {
  if (!hosts_usable()) return;
  NamespaceHosts hosts(kHosts, kRanksPerHost);
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "job.json";
  std::vector<std::string> argv = test::mpirun_command(kRanks);
  argv.insert(argv.end(), {BENCH_BINARY, "job", "-d", dir.path().string(), "-q", "--json", json_path.string(),
                           "--name=writes", "--rw=randwrite", "--bs=4k", "--size=1m", "--name=reads", "--stonewall",
                           "--rw=randread", "--bs=4k", "--size=1m"});
  const auto result = test::run_program(test::with({"timeout", "120"}, hosts.in_head(argv)));
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());  // each host's ranks removed their files from the shared directory
  CHECK(test::count_of(result.err, "MPI: 4 ranks on 2 hosts: node1, node2; each rank runs every workload\n") == 1);

  const json run = run_over_both_hosts(json_path);
  const json& tests = run["tests"];
  REQUIRE(tests.size() == 2);
  const std::vector<std::string> rows = ranks_rows(result.err, tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    check_across_hosts(tests[i], rows[1 + i]);
    CHECK(tests[i]["operations"] == kRanks * 256);
    for (const json& part : tests[i]["mpi"]["per_rank"]) CHECK(part["bytes"] == 1 << 20);  // each its own file
  }
}

// bench++ -s SIZE under mpirun -np 4 over two hosts of its own, in the background; made once every rank's
// per-char write (one byte a call: seconds for a few MiB) is under way.
struct WritingJob {
  explicit WritingJob(const std::string& size)
      : job(bench_job(hosts, dir, {"-s", size, "-n", "0", "--no-sync-test"})) {
    REQUIRE(job.wait_until([&] { return every_rank_writing(dir); }, std::chrono::seconds(60)));
  }
  // Rank 3's bench++, on node2.
  pid_t rank_3() const {
    const std::optional<pid_t> pid = hosts.rank_process("node2", 3);
    REQUIRE(pid.has_value());
    return *pid;
  }

  NamespaceHosts hosts{kHosts, kRanksPerHost};
  test::TempDir dir;
  test::BackgroundProcess job;
};

// SIGKILL to rank 3 (on node2); then every other rank stops, removes its own files, and the job ends non-zero;
// left: the private directory with rank 3's files, which no process can remove now; no process on any host.
void kill_rank_3_and_check(WritingJob& run, pid_t victim) {
  const NamespaceHosts& hosts = run.hosts;
  REQUIRE(::kill(victim, SIGKILL) == 0);
  const auto killed_at = Clock::now();
  const auto result = run.job.finish(std::chrono::seconds(60));
  INFO(result.err);
  CHECK(Clock::now() - killed_at < std::chrono::seconds(30));  // stopped, not killed by finish()'s deadline
  CHECK(result.exit_code != 0);
  CHECK(result.out.find("1.98,") == std::string::npos);  // no CSV line for a run that did not finish
  const std::vector<std::string> left = test::list_tree(run.dir.path());
  std::string listing;
  for (const auto& entry : left) listing += entry + " ";
  INFO("left behind: " << listing);
  REQUIRE(!left.empty());
  const std::string private_dir = left.front();
  CHECK(private_dir.starts_with("bench++."));
  CHECK(std::find(left.begin(), left.end(), private_dir + "/rank-3/worker-0/data") != left.end());
  for (const auto& entry : left) CHECK((entry == private_dir || entry.starts_with(private_dir + "/rank-3")));
  CHECK(eventually([&] { return processes_left(hosts).empty(); }, std::chrono::seconds(10)));
  INFO("still running: " << processes_left(hosts));
  CHECK(processes_left(hosts).empty());
}

TEST_CASE("mpi hosts: a -d the hosts do not share: node2's ranks cannot start there, and bench++ says why") {
  if (!hosts_usable()) return;
  NamespaceHosts hosts(kHosts, kRanksPerHost);
  test::TempDir dir;
  // Each host gets a tmpfs of its own at `dir` (the agent mounts it), as a node-local directory would be.
  const auto result = test::run_program(
      test::with({"timeout", "120", "env", "BENCH_MPI_HOSTS_LOCAL_DIR=" + dir.path().string()},
                 bench_job(hosts, dir, {"-s", "1M:4k", "-n", "0", "--no-sync-test"})));
  INFO(result.err);
  CHECK(result.exit_code == 1);
  // Said once, by rank 0, for the lowest failing rank: node2's ranks do not see the directory rank 0 made.
  REQUIRE(test::count_of(result.err, "bench++: ") == 1);
  const std::string line = result.err.substr(result.err.find("bench++: "));
  CHECK(line.rfind("bench++: rank 2 (node2): cannot create " + dir.path().string() + "/bench++.", 0) == 0);
  CHECK(test::contains(line, "/rank-2: No such file or directory (with several ranks, -d must be a directory "
                             "every rank sees, on a filesystem shared by their hosts)\n"));
  CHECK(result.out.empty());
  CHECK(test::list_tree(dir.path()).empty());  // the machine's own view of `dir`: nothing was made in it
  CHECK(eventually([&] { return processes_left(hosts).empty(); }, std::chrono::seconds(10)));
}

TEST_CASE("mpi hosts: a rank killed on node2 mid-test stops every rank, the others remove their files, non-zero") {
  if (!hosts_usable()) return;
  WritingJob run("256M");
  kill_rank_3_and_check(run, run.rank_3());
}

TEST_CASE("mpi hosts: a rank killed on node2 while the others wait for it: they still remove their files") {
  // The others are blocked in a collective, where they notice the SIGTERM that mpirun passes on 1 s before
  // its SIGKILL only because bench++'s collectives poll (RankGroup::watch_while_waiting).
  if (!hosts_usable()) return;
  constexpr std::uintmax_t kFileBytes = 2 << 20;
  WritingJob run("2M");
  const pid_t victim = run.rank_3();
  REQUIRE(::kill(victim, SIGSTOP) == 0);  // rank 3 stays in its per-char write
  // The others have written their whole file one byte at a time: they are done and wait for rank 3.
  const auto others_done = [&] {
    std::size_t done = 0;
    for (const auto& entry : test::list_tree(run.dir.path())) {
      std::error_code error;
      const bool whole = entry.ends_with("/data") && !contains_rank_3(entry) &&
                         std::filesystem::file_size(run.dir.path() / entry, error) == kFileBytes;
      done += whole ? 1 : 0;
    }
    return done == kRanks - 1;
  };
  REQUIRE(run.job.wait_until(others_done, std::chrono::seconds(60)));
  kill_rank_3_and_check(run, victim);
}

TEST_CASE("mpi hosts: one Ctrl-C to mpirun stops the ranks on both hosts, and nothing is left anywhere") {
  if (!hosts_usable()) return;
  WritingJob run("256M");
  const NamespaceHosts& hosts = run.hosts;
  const test::TempDir& dir = run.dir;
  test::BackgroundProcess& job = run.job;
  REQUIRE(comm_of(job.pid()) == "mpirun");  // the signal goes to mpirun itself, as a terminal's Ctrl-C would
  job.send_signal(SIGINT);
  const auto interrupted_at = Clock::now();
  const auto result = job.finish(std::chrono::seconds(60));
  INFO(result.err);
  CHECK(Clock::now() - interrupted_at < std::chrono::seconds(30));
  CHECK(result.exit_code != 0);
  CHECK(result.out.find("1.98,") == std::string::npos);
  std::string listing;
  for (const auto& entry : test::list_tree(dir.path())) listing += entry + " ";
  INFO("left behind: " << listing);
  CHECK(test::list_tree(dir.path()).empty());  // mpirun returns once every rank has ended
  CHECK(eventually([&] { return processes_left(hosts).empty(); }, std::chrono::seconds(10)));
  INFO("still running: " << processes_left(hosts));
  CHECK(processes_left(hosts).empty());
}

TEST_CASE("mpi hosts: scripts/mpi-hosts.sh removes its namespaces, and those of a set whose owner is gone") {
  if (!hosts_usable()) return;
  // A set owned by a process that has ended, as a test killed before its destructor ran leaves one.
  const pid_t gone = ::fork();
  REQUIRE(gone >= 0);
  if (gone == 0) ::_exit(0);
  REQUIRE(::waitpid(gone, nullptr, 0) == gone);
  const auto up = test::run_program({std::string(BENCH_SOURCE_DIR) + "/scripts/mpi-hosts.sh", "up", "--owner",
                                     std::to_string(gone), "1"});
  INFO(up.err);
  REQUIRE(up.exit_code == 0);
  const std::string leftover = up.out.substr(0, up.out.find('\n'));
  const auto namespaces_named = [](const std::string& prefix) {
    std::vector<std::string> found;
    for (const auto& line : test::lines_of(test::run_program({"ip", "netns", "list"}).out)) {
      if (line.starts_with(prefix + "-")) found.push_back(line.substr(0, line.find(' ')));
    }
    return found;
  };
  CHECK(namespaces_named(leftover).size() == 2);  // head and node1
  std::string name;
  {
    NamespaceHosts hosts(1, 1);  // its `up` removes the leftover set
    name = hosts.name();
    CHECK(namespaces_named(leftover).empty());
    CHECK(!std::filesystem::exists("/run/benchpp-mpi-hosts/" + leftover));
    CHECK(hosts.namespaces() == std::vector<std::string>{name + "-head", name + "-node1"});
    const auto head = test::run_program(hosts.in_head({"hostname"}));
    CHECK(head.out == "head\n");
  }
  CHECK(namespaces_named(name).empty());
  CHECK(!std::filesystem::exists("/run/benchpp-mpi-hosts/" + name));
}

}  // namespace
}  // namespace bench
