#include "platform/io_uring_ring.h"

#include <cerrno>
#include <fstream>
#include <system_error>

namespace bench {

namespace {

// The value of kernel.io_uring_disabled (Linux 6.6+), or nullopt when the file is absent or unreadable.
std::optional<int> read_io_uring_disabled() {
  std::ifstream file("/proc/sys/kernel/io_uring_disabled");
  int value = 0;
  if (!(file >> value)) return std::nullopt;
  return value;
}

std::string errno_text(int error) { return std::generic_category().message(error); }

// Why io_uring_setup failed with `error`, in words, given what the sysctl said.
std::string setup_refusal(int error, std::optional<int> disabled) {
  std::string reason = "io_uring_setup: " + errno_text(error);
  if (error == ENOSYS) return reason + " (a kernel without io_uring or a sandbox refusing it)";
  if (error == ENOMEM) return reason + " (the ring's memory is over RLIMIT_MEMLOCK; see ulimit -l)";
  if (error != EPERM) return reason;
  if (disabled == 1) {
    return reason +
           " (kernel.io_uring_disabled=1 and this process is neither in kernel.io_uring_group nor "
           "CAP_SYS_ADMIN)";
  }
  if (disabled == 0) return reason + " (a seccomp filter such as a container's default profile)";
  return reason + " (seccomp or kernel.io_uring_disabled=2)";
}

// The operation the engine needs that the kernel of `ring` lacks, or nullopt when it has them all.
std::optional<std::string> missing_operation(io_uring& ring) {
  io_uring_probe* probe = io_uring_get_probe_ring(&ring);
  if (probe == nullptr) return "IORING_REGISTER_PROBE (Linux 5.6+)";
  struct Needed {
    int opcode;
    const char* name;
  };
  static constexpr Needed kNeeded[] = {{IORING_OP_READ, "IORING_OP_READ (Linux 5.6+)"},
                                       {IORING_OP_WRITE, "IORING_OP_WRITE (Linux 5.6+)"},
                                       {IORING_OP_READ_FIXED, "IORING_OP_READ_FIXED"},
                                       {IORING_OP_WRITE_FIXED, "IORING_OP_WRITE_FIXED"},
                                       {IORING_OP_FSYNC, "IORING_OP_FSYNC"}};
  std::optional<std::string> missing;
  for (const Needed& needed : kNeeded) {
    if (!io_uring_opcode_supported(probe, needed.opcode)) {
      missing = needed.name;
      break;
    }
  }
  io_uring_free_probe(probe);
  return missing;
}

}  // namespace

std::optional<std::string> io_uring_availability() {
  const std::optional<int> disabled = read_io_uring_disabled();
  if (disabled == 2) return "kernel.io_uring_disabled=2: io_uring is disabled for every process";
  io_uring ring{};
  const int result = io_uring_queue_init(1, &ring, 0);
  if (result < 0) return setup_refusal(-result, disabled);
  std::optional<std::string> missing = missing_operation(ring);
  io_uring_queue_exit(&ring);
  if (missing) return "io_uring: the kernel lacks " + *missing;
  return std::nullopt;
}

void IoUringRing::ExitRing::operator()(io_uring* ring) const {
  io_uring_queue_exit(ring);
  delete ring;
}

IoUringRing::IoUringRing(std::uint32_t depth, std::uint32_t required_flags, std::uint32_t sq_thread_cpu) {
  // fio's order (engines/io_uring.c): the newest flags first, each dropped when the kernel does not know it.
  static constexpr std::uint32_t kFlagChoices[] = {
      IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN, IORING_SETUP_COOP_TASKRUN,
      0};
  auto ring = std::make_unique<io_uring>();
  int result = -EINVAL;
  io_uring_params params{};
  for (const std::uint32_t flags : kFlagChoices) {
    params = io_uring_params{};
    params.flags = flags | required_flags;
    params.sq_thread_cpu = sq_thread_cpu;
    result = io_uring_queue_init_params(depth, ring.get(), &params);
    if (result != -EINVAL) break;
  }
  if (result < 0) {
    std::string what = "cannot create io_uring ring of depth " + std::to_string(depth);
    if (required_flags & IORING_SETUP_IOPOLL) what += " with IORING_SETUP_IOPOLL (hipri)";
    if (required_flags & IORING_SETUP_SQPOLL) what += " with IORING_SETUP_SQPOLL (sqthread_poll)";
    if (required_flags & IORING_SETUP_SQ_AFF) what += " on CPU " + std::to_string(sq_thread_cpu) + " (sqthread_poll_cpu)";
    throw std::system_error(-result, std::generic_category(), what);
  }
  ring_.reset(ring.release());
  setup_flags_ = params.flags;
  sq_entries_ = params.sq_entries;
  cq_entries_ = params.cq_entries;
  io_uring_register_ring_fd(ring_.get());  // an optimisation only: without it enter takes the plain fd
}

}  // namespace bench
