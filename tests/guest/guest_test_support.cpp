#include "guest/guest_test_support.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "result/phase_id.h"
#include "result/test_id.h"
#include "test_support.h"

namespace bench::test {
namespace {

namespace fs = std::filesystem;

std::string path_variable_value() {
  const char* path = std::getenv("PATH");
  return path != nullptr ? path : "";
}

// The first executable `program` on PATH, or nullopt.
std::optional<fs::path> find_in_path(const std::string& program) {
  std::istringstream dirs(path_variable_value());
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir) / program;
    if (!dir.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// The stand-in's script; @REAL@ and @PAUSE@ are filled in.
constexpr const char* kFakeQemuScript = R"(#!/bin/bash
# Written by bench++'s guest tests (tests/guest/guest_test_support.cpp): a qemu-system-x86_64 whose KVM fails as
# on a nested host that cannot run a guest, and whose TCG guests can be paused mid-run.
real=@REAL@ pause=@PAUSE@
ulimit -c 0
args=" $* "
if [[ $args == *" -accel kvm "* ]]; then
  if [[ $args == *" -cpu host "* ]]; then
    echo "qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69" >&2
    echo "qemu-system-x86_64: ../../target/i386/kvm/kvm.c:3183: kvm_buf_set_msrs: Assertion \`ret == cpu->kvm_msr_buf->nmsrs' failed." >&2
    kill -ABRT $$
  fi
  printf 'KVM internal error. Suberror: 1\nemulation failure\n' >&2
  exec sleep 600
fi
if [ "$pause" = none ] || [[ $args == *" -S "* ]] || [[ $args == *bench_probe=1* ]]; then exec "$real" "$@"; fi
console="" previous=""
for arg in "$@"; do
  if [ "$previous" = -serial ] && [ -z "$console" ]; then console=${arg#file:}; fi
  previous=$arg
done
"$real" "$@" &
qemu=$!
until grep -q 'bench++-guest: running:' "$console" 2>/dev/null; do
  kill -0 $qemu 2>/dev/null || { wait $qemu; exit; }
  sleep 0.1
done
kill -STOP $qemu
[ "$pause" = silently ] || printf 'KVM internal error. Suberror: 1\nemulation failure\n' >&2
wait $qemu
)";

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::vector<std::string> small_run_args() {
  return {"-s", "16M", "-f256k", "-n", "1", "--sync-size", "230k", "-r", "0", "-z", "1", "-q"};
}

std::optional<Skip> guest_skip_reason(bool needs_qemu) {
  if (std::getenv("BENCH_SKIP_GUEST_TEST") != nullptr) return Skip{Need::kTool, "BENCH_SKIP_GUEST_TEST is set"};
  if (!fs::exists(kStaticBinary)) {
    return Skip{Need::kTool, "no static bench++ at " + kStaticBinary.string() + " (build the target bench_static)"};
  }
  if (needs_qemu && !find_in_path("qemu-system-x86_64")) {
    return Skip{Need::kTool, "qemu-system-x86_64 is not installed (scripts/install-deps.sh guest)"};
  }
  return std::nullopt;
}

RunResult only_run(const fs::path& csv) {
  const std::vector<RunResult> runs = parse_result_text(read_file(csv), csv.string()).runs;
  REQUIRE(runs.size() == 1);
  return runs.front();
}

std::set<std::string> test_keys(const RunResult& run) {
  std::set<std::string> keys;
  for (const PhaseResult& phase : run.phases) keys.emplace(test_key(test_id(phase)));
  return keys;
}

FakeQemu::FakeQemu(const fs::path& dir, Pause pause) : dir_(dir) {
  const std::optional<fs::path> real = find_in_path("qemu-system-x86_64");
  if (!real) throw std::runtime_error("FakeQemu: no qemu-system-x86_64 on PATH");
  std::string script = kFakeQemuScript;
  replace_all(script, "@REAL@", real->string());
  replace_all(script, "@PAUSE@",
              pause == Pause::kNone ? "none" : pause == Pause::kWithKvmError ? "with-kvm-error" : "silently");
  fs::create_directories(dir_);
  const fs::path file = dir_ / "qemu-system-x86_64";
  std::ofstream(file) << script;
  fs::permissions(file, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
}

std::string FakeQemu::path_variable() const { return "PATH=" + dir_.string() + ":" + path_variable_value(); }

std::string flat_text(const std::filesystem::path& path) {
  std::string flat;
  for (const char c : read_file(path)) {
    const bool space = c == ' ' || c == '\n';
    if (!space || (!flat.empty() && flat.back() != ' ')) flat += space ? ' ' : c;
  }
  return flat;
}

std::string command_line_of(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::string line;
  for (std::string arg; std::getline(in, arg, '\0');) line += (line.empty() ? "" : " ") + arg;
  return line;
}

std::vector<int> processes_mentioning(const std::string& text) {
  std::vector<int> pids;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos || std::stoi(name) == ::getpid()) continue;
    // Through an ostream, which turns a read error into failbit: a process that exits meanwhile makes
    // read() fail (ESRCH), which an istreambuf_iterator would throw out of here.
    std::ifstream cmdline(entry.path() / "cmdline");
    std::ostringstream line;
    line << cmdline.rdbuf();
    if (line.str().find(text) != std::string::npos) pids.push_back(std::stoi(name));
  }
  return pids;
}

namespace {

const fs::path kSshd = "/usr/sbin/sshd";
const fs::path kPrivilegeSeparationDir = "/run/sshd";  // sshd's compiled-in chroot for its unprivileged child

}  // namespace

std::optional<Skip> SshGuest::unavailable_reason() {
  if (std::optional<Skip> hosts = NamespaceHosts::unavailable_reason()) return hosts;
  for (const char* tool : {"ssh", "ssh-keygen"}) {
    if (!tool_installed(tool)) return Skip{Need::kTool, std::string(tool) + " is not installed (Debian openssh-client)"};
  }
  if (!fs::exists(kSshd)) return Skip{Need::kTool, "no /usr/sbin/sshd (Debian openssh-server)"};
  return std::nullopt;
}

SshGuest::SshGuest(const fs::path& dir) : dir_(dir), far_tmp_(dir / "far") {
  fs::create_directory(far_tmp_);
  for (const char* key : {"client_key", "host_key"}) {
    const CommandOutput made = run_program({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "bench++ test",
                                            "-f", (dir_ / key).string()});
    if (made.exit_code != 0) throw std::runtime_error("ssh-keygen failed: " + made.err);
  }
  fs::copy_file(dir_ / "client_key.pub", dir_ / "authorized_keys");
  std::ofstream(dir_ / "sshd_config") << "ListenAddress " << kAddress << "\n"
                                      << "HostKey " << (dir_ / "host_key").string() << "\n"
                                      << "AuthorizedKeysFile " << (dir_ / "authorized_keys").string() << "\n"
                                      << "PidFile " << (dir_ / "sshd.pid").string() << "\n"
                                      << "SetEnv TMPDIR=" << far_tmp_.string() << "\n"
                                      << "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                                         "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\n"
                                         "PrintMotd no\nLogLevel INFO\n";
  if (!fs::exists(kPrivilegeSeparationDir)) {
    fs::create_directory(kPrivilegeSeparationDir);
    fs::permissions(kPrivilegeSeparationDir, fs::perms::owner_all);
    made_privilege_separation_dir_ = true;
  }
  hosts_ = std::make_unique<NamespaceHosts>(1, 1);
  server_ = std::make_unique<BackgroundProcess>(std::vector<std::string>{
      "ip", "netns", "exec", hosts_->name() + "-node1", kSshd.string(), "-D", "-e", "-f",
      (dir_ / "sshd_config").string()});
  if (!server_->wait_for_stderr("Server listening on", std::chrono::seconds(20))) {
    throw std::runtime_error("sshd did not start: " + server_->err());
  }
}

SshGuest::~SshGuest() {
  server_.reset();  // SIGKILL, reaped
  hosts_.reset();   // the namespaces, and whatever still ran in them
  std::error_code ignored;
  if (made_privilege_separation_dir_) fs::remove(kPrivilegeSeparationDir, ignored);
}

std::string SshGuest::guest_cmd() const {
  return "ssh -F /dev/null -i " + (dir_ / "client_key").string() +
         " -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=" +
         (dir_ / "known_hosts").string() + " -o LogLevel=ERROR -o ConnectTimeout=20 root@" + kAddress;
}

std::vector<std::string> SshGuest::on_client(const std::vector<std::string>& argv) const {
  return hosts_->in_head(argv);
}

std::vector<pid_t> SshGuest::server_host_processes() const { return hosts_->processes("node1"); }

}  // namespace bench::test
