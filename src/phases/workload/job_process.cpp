#include "phases/workload/job_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cerrno>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "measure/stopwatch.h"
#include "phases/job_snapshot.h"
#include "phases/workload/job_outcome_codec.h"
#include "platform/posix_file.h"
#include "platform/resource_limits.h"

namespace bench {
namespace {

// What the parent's thread passes to the child while it runs, and the child's progress back: in memory both
// processes see (a shared anonymous mapping made before the fork).
struct SharedFlags {
  std::atomic<int> interrupt{0};
  std::atomic<bool> abort{false};
  std::atomic<bool> group_end{false};
  std::atomic<std::uint64_t> operations{0};
  std::atomic<std::uint64_t> snapshot_requests{0};  // the parent's JobSnapshot's count (phases/job_snapshot.h)
  LiveIo live_io;
};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free &&
                  std::atomic<std::uint64_t>::is_always_lock_free,
              "the flags are shared between processes: their atomics must not need a lock");

class SharedFlagsMapping {
 public:
  SharedFlagsMapping() {
    void* memory = ::mmap(nullptr, sizeof(SharedFlags), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      throw std::system_error(errno, std::generic_category(), "cannot map memory for a workload job's process");
    }
    flags_ = new (memory) SharedFlags;
  }
  ~SharedFlagsMapping() {
    flags_->~SharedFlags();
    ::munmap(flags_, sizeof(SharedFlags));
  }
  SharedFlagsMapping(const SharedFlagsMapping&) = delete;
  SharedFlagsMapping& operator=(const SharedFlagsMapping&) = delete;
  SharedFlags& flags() { return *flags_; }

 private:
  SharedFlags* flags_ = nullptr;
};

// The messages on the channel: the child's first byte says it waits at the start line (kReady) or that its outcome
// follows (kOutcome: it ended before the start line, or started at once); the parent answers kReady with kGo. After
// the start, before its outcome, the child may send its measurement so far (kSnapshot, then the encoding's length
// in kLengthBytes, then the encoding: job_outcome_codec.h without an error) when the parent asked for it.
constexpr char kReady = 'R';
constexpr char kOutcome = 'O';
constexpr char kGo = 'G';
constexpr char kSnapshot = 'S';
constexpr std::size_t kLengthBytes = sizeof(std::uint64_t);

// In the child: sends all of `bytes`, or ends the process (the parent is gone).
void send_or_exit(int channel, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(channel, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) ::_exit(1);
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

// The child's start line: tells the parent it is there and waits for its release.
class ChildStart final : public JobStart {
 public:
  explicit ChildStart(int channel) : channel_(channel) {}
  void arrive_and_wait() override {
    send_or_exit(channel_, std::string_view(&kReady, 1));
    char answer = 0;
    ssize_t received = 0;
    do {
      received = ::recv(channel_, &answer, 1, 0);
    } while (received < 0 && errno == EINTR);
    if (received != 1 || answer != kGo) ::_exit(1);
    at_release_ = process_usage();
    arrived_ = true;
  }
  bool arrived() const { return arrived_; }
  // This process's CPU time and the rest of its usage when it was released (REQUIRES: arrived()).
  const CpuBreakdown& at_release() const { return at_release_; }

 private:
  int channel_;
  bool arrived_ = false;
  CpuBreakdown at_release_;
};


// The child's whole life: runs the job on a context whose flags are the shared ones, sends its outcome, ends.
[[noreturn]] void run_child(int channel, pid_t parent, const PhaseContext& context, SharedFlags& flags,
                            const std::function<void(PhaseContext&)>& job) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the forking thread's end (it waits for this process) ends it too
  if (::getppid() != parent) ::_exit(1);
  // A session of its own, as fio's job process makes (backend.c thread_main): with the kernel's scheduler autogroups
  // each session is a scheduling group, so each job gets a group's share of the CPUs, as each of fio's does. (A
  // terminal's Ctrl-C then reaches the parent alone, which passes it on.)
  ::setsid();
  ChildStart start(channel);
  std::optional<JobSnapshot> snapshot;
  if (context.snapshot != nullptr) {
    snapshot.emplace(flags.snapshot_requests, [channel](const JobMeasurement& so_far) {
      const std::string encoded = encode_job_outcome(so_far, std::nullopt);
      const std::uint64_t length = encoded.size();
      std::string message(1, kSnapshot);
      message.append(reinterpret_cast<const char*>(&length), kLengthBytes);
      message += encoded;
      send_or_exit(channel, message);
    });
  }
  // Every member as the parent's context, but what the parent's thread passes on (a new member goes here too).
  PhaseContext child{.setup = context.setup,
                     .data_file = context.data_file,
                     .files_dir = context.files_dir,
                     .latency = context.latency,
                     .rng = context.rng,
                     .state = context.state,
                     .interrupt_signal = flags.interrupt,
                     .worker_index = context.worker_index,
                     .sync_file = context.sync_file,
                     .operations_started = &flags.operations,
                     .live_io = context.live_io != nullptr ? &flags.live_io : nullptr,
                     .pattern_seed = context.pattern_seed,
                     .cache_residency = context.cache_residency,
                     .measurement = context.measurement,
                     .abort = &flags.abort,
                     .group_end = &flags.group_end,
                     .start = context.start != nullptr ? &start : nullptr,
                     .rank = context.rank,
                     .snapshot = snapshot ? &*snapshot : nullptr};
  std::optional<JobError> error;
  try {
    job(child);
  } catch (...) {
    error = job_error_of(std::current_exception());
  }
  const CpuBreakdown at_job_end = process_usage();
  JobMeasurement& measurement = *child.measurement;
  // Its CPU time at the measured start (after a ramp) as the CPU it spent since its release: the parent adds that
  // to the process's at the release.
  if (measurement.cpu_at_measured_from && start.arrived()) {
    measurement.cpu_at_measured_from = *measurement.cpu_at_measured_from - start.at_release().user -
                                       start.at_release().system;
  } else {
    measurement.cpu_at_measured_from.reset();
  }
  // What it spent outside the group's run: all before its release (all of it, when it never was). Its message and
  // its exit, after this, are not counted out (small beside any run).
  measurement.cpu_outside_group = start.arrived() ? start.at_release() : at_job_end;
  std::string message(1, kOutcome);
  message += encode_job_outcome(measurement, error);
  send_or_exit(channel, message);
  ::_exit(0);
}

// In the parent: the child process until it has been waited for; killed first when the parent's thread leaves
// early (an exception), so that no job runs on unseen.
class ChildProcess {
 public:
  explicit ChildProcess(pid_t pid) : pid_(pid) {}
  ~ChildProcess() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    wait_status();
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Waits for it to end; returns its wait status.
  int wait_status() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = 0;
    return status;
  }

 private:
  pid_t pid_;
};

// The parent's side of the channel while the child runs.
class ChildChannel {
 public:
  ChildChannel(int channel, pid_t child, const PhaseContext& context, SharedFlags& flags)
      : channel_(channel), child_(child), context_(context), flags_(flags) {}

  // Passes the parent's flags on and the child's progress back, now.
  void relay() {
    const int signal_number = context_.interrupt_signal.load(std::memory_order_relaxed);
    if (signal_number != 0) flags_.interrupt.store(signal_number);
    if (context_.abort != nullptr && context_.abort->load()) flags_.abort.store(true);
    if (context_.group_end != nullptr && context_.group_end->load()) flags_.group_end.store(true);
    if (context_.operations_started != nullptr) {
      const std::uint64_t operations = flags_.operations.load(std::memory_order_relaxed);
      context_.operations_started->fetch_add(operations - reported_operations_, std::memory_order_relaxed);
      reported_operations_ = operations;
    }
    if (context_.live_io != nullptr) context_.live_io->copy_from(flags_.live_io);
    if (context_.snapshot != nullptr) {
      flags_.snapshot_requests.store(context_.snapshot->requests(), std::memory_order_relaxed);
    }
  }

  // Reads what the child sends until it has sent `bytes` more, or until it closes its end (then fewer); relays
  // every kRelayInterval meanwhile.
  void receive(std::size_t bytes = SIZE_MAX) {
    const std::size_t wanted = bytes == SIZE_MAX ? SIZE_MAX : received_.size() + bytes;
    char chunk[65536];
    while (received_.size() < wanted && !closed_) {
      relay();
      pollfd ready{channel_, POLLIN, 0};
      const int polled = ::poll(&ready, 1, static_cast<int>(kRelayInterval.count()));
      if (polled < 0 && errno != EINTR) {
        throw std::system_error(errno, std::generic_category(), "cannot wait for a workload job's process");
      }
      if (polled == 0 && child_ended()) {
        // Its end of the channel may stay open in another job's process, forked while it was still this one's
        // (a fork copies every descriptor): what it sent is all here, so take it without waiting for the end.
        drain(wanted);
        closed_ = true;
      }
      if (polled <= 0) continue;
      const std::size_t room = std::min(sizeof chunk, wanted - received_.size());
      const ssize_t got = ::recv(channel_, chunk, room, 0);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        closed_ = true;  // its end closed (it ended), or broken: what came is all there is
      } else {
        received_.append(chunk, static_cast<std::size_t>(got));
        take_snapshots();
      }
    }
    take_snapshots();
    relay();
  }

  void send_go() {
    const char go = kGo;
    ssize_t sent = 0;
    do {
      sent = ::send(channel_, &go, 1, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    // A failed send leaves the child without its release: it ends (EOF at its recv), and receive() sees it end.
  }

  std::string& received() { return received_; }

 private:
  // Whether the child has ended (not reaped: ChildProcess waits for it).
  bool child_ended() const {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(child_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
  }
  // The child's whole snapshot messages at the front of what it sent, each handed to the parent's JobSnapshot (its
  // CPU figures are its own process's, so the ramp's CPU reading is left out).
  void take_snapshots() {
    if (context_.snapshot == nullptr) return;
    while (received_.size() > kLengthBytes && received_.front() == kSnapshot) {
      std::uint64_t length = 0;
      std::memcpy(&length, received_.data() + 1, kLengthBytes);
      if (received_.size() - 1 - kLengthBytes < length) return;
      JobOutcome so_far = decode_job_outcome(std::string_view(received_).substr(1 + kLengthBytes, length));
      so_far.measurement.cpu_at_measured_from.reset();
      context_.snapshot->answer(so_far.measurement);
      received_.erase(0, 1 + kLengthBytes + length);
    }
  }
  // What is left to read on the channel now, without waiting, up to `wanted` bytes in all.
  void drain(std::size_t wanted) {
    char chunk[65536];
    while (received_.size() < wanted) {
      const std::size_t room = std::min(sizeof chunk, wanted - received_.size());
      const ssize_t got = ::recv(channel_, chunk, room, MSG_DONTWAIT);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return;
      received_.append(chunk, static_cast<std::size_t>(got));
    }
  }

  int channel_;
  pid_t child_;
  const PhaseContext& context_;
  SharedFlags& flags_;
  std::uint64_t reported_operations_ = 0;
  std::string received_;
  bool closed_ = false;
};

std::string describe_end(int status) {
  if (WIFSIGNALED(status)) return fmt::format("was killed by signal {}", WTERMSIG(status));
  if (WIFEXITED(status)) return fmt::format("ended with status {}", WEXITSTATUS(status));
  return "ended";
}

}  // namespace

void run_in_own_process(PhaseContext& context, const std::function<void(PhaseContext&)>& job) {
  SharedFlagsMapping mapping;
  SharedFlags& flags = mapping.flags();
  // The child's JobSnapshot answers only the requests made after it began, as the parent's.
  if (context.snapshot != nullptr) flags.snapshot_requests.store(context.snapshot->answered());
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    throw std::system_error(errno, std::generic_category(), "cannot make a channel to a workload job's process");
  }
  UniqueFd parent_end(ends[0]);
  UniqueFd child_end(ends[1]);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    throw std::system_error(error, std::generic_category(), "cannot start a workload job's process (fork)" +
                                                                task_start_limits_note(read_resource_limits()));
  }
  if (pid == 0) {
    parent_end.close();
    run_child(child_end.get(), parent, context, flags, job);
  }
  ChildProcess child(pid);
  child_end.close();
  ChildChannel channel(parent_end.get(), pid, context, flags);
  channel.receive(1);
  std::optional<std::chrono::nanoseconds> released_cpu;
  if (channel.received() == std::string(1, kReady)) {
    context.wait_for_start();
    released_cpu = process_cpu_time();
    channel.relay();  // another job's failure before the release reaches the child before it starts
    channel.send_go();
    channel.received().clear();
  }
  channel.receive();
  const int status = child.wait_status();
  std::string& message = channel.received();
  if (message.empty() || message.front() != kOutcome) {
    throw std::runtime_error(fmt::format("a workload job's process {} without a result", describe_end(status)));
  }
  JobOutcome outcome = decode_job_outcome(std::string_view(message).substr(1));
  if (outcome.measurement.cpu_at_measured_from) {
    outcome.measurement.cpu_at_measured_from =
        released_cpu.value_or(std::chrono::nanoseconds{0}) + *outcome.measurement.cpu_at_measured_from;
  }
  outcome.measurement.failure = std::move(context.measurement->failure);
  *context.measurement = std::move(outcome.measurement);
  if (outcome.error) rethrow_job_error(*outcome.error);
}

}  // namespace bench
