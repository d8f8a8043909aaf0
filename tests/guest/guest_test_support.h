#pragma once
// Helpers of the guest tests (scripts/guest-run.sh, scripts/host-vs-guest.sh): the static bench++ they boot,
// why a test cannot run here, reading a run's results, a stand-in QEMU that fails as KVM does on a nested host,
// and finding processes a test left running.
#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mpi/namespace_hosts.h"
#include "reliability/background_process.h"
#include "result/run_result.h"
#include "test_support.h"

namespace bench::test {

inline const std::filesystem::path kStaticBinary = BENCH_STATIC_BINARY;
inline const std::filesystem::path kScripts = std::filesystem::path(BENCH_SOURCE_DIR) / "scripts";

// The sizes of an end-to-end run: a 16 MiB file, 256 KiB per-char, 1024 files, a short fsync test.
std::vector<std::string> small_run_args();

// Why the tests that need the static binary (and QEMU, when `needs_qemu`) cannot run here; nullopt if they can.
// Each is a tool scripts/test.sh provides (or BENCH_SKIP_GUEST_TEST, a choice): BENCH_REQUIRE_ALL_TESTS=1 fails
// them. Without /dev/kvm, or with a KVM that cannot run a guest, the tests run under TCG: no skip.
std::optional<Skip> guest_skip_reason(bool needs_qemu);

// The one run of a spreadsheet CSV (REQUIREs that there is exactly one).
RunResult only_run(const std::filesystem::path& csv);
// The test keys of a run's phases ("block_write", ...).
std::set<std::string> test_keys(const RunResult& run);

// A qemu-system-x86_64 stand-in in `dir`, put first on PATH by path_variable(). Under KVM it fails as on a
// nested host whose KVM cannot run a guest: -cpu host aborts at once with QEMU's "failed to set MSR 0x10a"
// assertion; any other CPU model logs a KVM internal error (emulation failure) and hangs, as a paused VM does.
// Everything else runs the real QEMU, which, with a Pause other than kNone, is stopped (SIGSTOP, as a paused VM)
// as soon as the guest's console says bench++ is running: with a KVM internal error on stderr, or silently.
class FakeQemu {
 public:
  enum class Pause { kNone, kWithKvmError, kSilently };
  FakeQemu(const std::filesystem::path& dir, Pause pause);
  // "PATH=<dir>:$PATH", for env(1).
  std::string path_variable() const;

 private:
  std::filesystem::path dir_;
};

// The text of `path` with every run of spaces and line ends as one space: compare's text wraps its prose at 120
// columns, so a phrase is looked for in it whatever line it starts on.
std::string flat_text(const std::filesystem::path& path);

// The pids of the processes (other than this one) whose command line contains `text`.
std::vector<int> processes_mentioning(const std::string& text);
// The command line of process `pid`, its arguments joined by spaces ("" once it is gone).
std::string command_line_of(int pid);

// A guest reached over ssh, as a cloud user reaches a VM: Debian's OpenSSH server on a host of its own (a
// network namespace of scripts/mpi-hosts.sh, tests/mpi/namespace_hosts.h), with throw-away keys in `dir`, its
// sessions' TMPDIR set to far_tmp() (the far side's temporary directory, inside `dir`). Nothing of the machine's
// own ssh setup is read or written: the server reads only its config in `dir`, the client runs with -F
// /dev/null and its known_hosts in `dir`. The destructor stops the server and removes the namespaces.
class SshGuest {
 public:
  static constexpr const char* kAddress = "198.18.0.2";  // node1 of the set
  // Why it cannot run here (not root, no OpenSSH, namespaces refused), or nullopt.
  static std::optional<Skip> unavailable_reason();
  // Makes the keys, the host and the server, and waits until it listens. Throws std::runtime_error if it
  // cannot. REQUIRES: `dir` exists and outlives this object.
  explicit SshGuest(const std::filesystem::path& dir);
  ~SshGuest();
  SshGuest(const SshGuest&) = delete;
  SshGuest& operator=(const SshGuest&) = delete;

  // The --guest-cmd prefix: "ssh -F /dev/null -i KEY ... root@198.18.0.2".
  std::string guest_cmd() const;
  // `argv` to run on the client's side (the set's head namespace, which reaches the server's).
  std::vector<std::string> on_client(const std::vector<std::string>& argv) const;
  const std::filesystem::path& far_tmp() const { return far_tmp_; }
  pid_t server_pid() const { return server_->pid(); }
  // The processes that run on the server's host now (its namespace): the listening sshd, and whatever a session
  // started there.
  std::vector<pid_t> server_host_processes() const;

 private:
  std::filesystem::path dir_;
  std::filesystem::path far_tmp_;
  bool made_privilege_separation_dir_ = false;
  std::unique_ptr<NamespaceHosts> hosts_;
  std::unique_ptr<BackgroundProcess> server_;
};

}  // namespace bench::test
