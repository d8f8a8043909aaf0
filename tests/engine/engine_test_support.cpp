#include "engine_test_support.h"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string_view>
#include <system_error>

#include "platform/aligned_buffer.h"
#include "platform/io_uring_ring.h"

namespace bench::test {

namespace {

std::uint64_t pattern_word(std::uint64_t block, std::size_t word) {
  return (block << 20) ^ (word * 0x9e3779b97f4a7c15ULL) ^ 0x5a5a5a5a5a5a5a5aULL;
}

}  // namespace

void fill_block(std::span<std::byte> bytes, std::uint64_t block) {
  for (std::size_t word = 0; word < bytes.size() / 8; ++word) {
    const std::uint64_t value = pattern_word(block, word);
    std::memcpy(bytes.data() + word * 8, &value, 8);
  }
}

bool block_matches(std::span<const std::byte> bytes, std::uint64_t block) {
  for (std::size_t word = 0; word < bytes.size() / 8; ++word) {
    std::uint64_t value = 0;
    std::memcpy(&value, bytes.data() + word * 8, 8);
    if (value != pattern_word(block, word)) return false;
  }
  return true;
}

void write_pattern_file(const std::filesystem::path& path, std::uint64_t blocks, std::uint32_t block_bytes) {
  PosixFile file(path, O_WRONLY | O_CREAT | O_TRUNC);
  AlignedBuffer buffer(block_bytes);
  const auto bytes = std::as_writable_bytes(buffer.span());
  for (std::uint64_t block = 0; block < blocks; ++block) {
    fill_block(bytes, block);
    file.write_all(bytes.data(), bytes.size());
  }
  file.close();
}

PosixFile open_maybe_direct(const std::filesystem::path& path, int flags, bool& direct) {
  try {
    direct = true;
    return PosixFile(path, flags | O_DIRECT);
  } catch (const std::system_error& error) {
    if (error.code().value() != EINVAL) throw;
  }
  direct = false;
  return PosixFile(path, flags);
}

bool child_skipped(const std::string& report) {
  constexpr std::string_view kSkip = "skip: ";
  if (!report.starts_with(kSkip)) return false;
  return skip_unless(false, Need::kMachine, report.substr(kSkip.size()));
}

std::optional<Skip> io_uring_skip_reason() {
  static const std::optional<std::string> reason = io_uring_availability();
  if (!reason) return std::nullopt;
  return Skip{Need::kMachine, "io_uring: " + *reason};
}

WatchedPages::WatchedPages(std::size_t pages) : bytes_(pages * kPageBytes) {
  uffd_ = UniqueFd(static_cast<int>(::syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK)));
  if (!uffd_.is_open()) {
    error_ = std::string("userfaultfd: ") + std::strerror(errno);
    return;
  }
  uffdio_api api{UFFD_API, 0, 0};
  void* memory = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (::ioctl(uffd_.get(), UFFDIO_API, &api) != 0 || memory == MAP_FAILED) {
    error_ = std::string("userfaultfd set-up: ") + std::strerror(errno);
    if (memory != MAP_FAILED) ::munmap(memory, bytes_);
    return;
  }
  base_ = static_cast<std::byte*>(memory);
  ::madvise(base_, bytes_, MADV_NOHUGEPAGE);
  uffdio_register registration{{reinterpret_cast<std::uintptr_t>(base_), bytes_}, UFFDIO_REGISTER_MODE_MISSING, 0};
  if (::ioctl(uffd_.get(), UFFDIO_REGISTER, &registration) != 0)
    error_ = std::string("UFFDIO_REGISTER: ") + std::strerror(errno);
}

WatchedPages::~WatchedPages() {
  stop_watching();
  if (base_ != nullptr) ::munmap(base_, bytes_);
}

long WatchedPages::next_fault(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    uffd_msg message{};
    if (::read(uffd_.get(), &message, sizeof message) == sizeof message) {
      if (message.event != UFFD_EVENT_PAGEFAULT) continue;
      return static_cast<long>((message.arg.pagefault.address - reinterpret_cast<std::uintptr_t>(base_)) / kPageBytes);
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return -1;
    pollfd ready{uffd_.get(), POLLIN, 0};
    ::poll(&ready, 1, static_cast<int>(left.count()));
  }
}

void WatchedPages::stop_watching() {
  if (base_ == nullptr) return;
  uffdio_range range{reinterpret_cast<std::uintptr_t>(base_), bytes_};
  ::ioctl(uffd_.get(), UFFDIO_UNREGISTER, &range);
}

void WatchedPages::resolve(long page) {
  alignas(kPageBytes) static std::byte zeros[kPageBytes] = {};
  uffdio_copy copy{reinterpret_cast<std::uintptr_t>(base_) + static_cast<std::uintptr_t>(page) * kPageBytes,
                   reinterpret_cast<std::uintptr_t>(zeros), kPageBytes, 0, 0};
  ::ioctl(uffd_.get(), UFFDIO_COPY, &copy);
}

DriveResult drive(IoEngine& engine, std::vector<IoRequest> requests, std::uint32_t depth, std::span<std::byte> buffers,
                  std::uint32_t block_bytes) {
  DriveResult result;
  const auto slot = [&](std::uint32_t index) { return buffers.subspan(std::size_t{index} * block_bytes, block_bytes); };
  std::vector<std::uint32_t> free_slots;
  for (std::uint32_t i = depth; i > 0; --i) free_slots.push_back(i - 1);
  std::size_t next = 0;
  double depth_sum = 0;
  std::size_t depth_samples = 0;
  std::vector<IoRequest> batch;
  std::vector<IoCompletion> reaped;
  while (result.completions.size() < requests.size()) {
    batch.clear();
    while (next < requests.size() && engine.in_flight() + batch.size() < depth) {
      IoRequest& request = requests[next++];
      request.buffer_index = free_slots.back();
      free_slots.pop_back();
      if (request.op == IoOp::kWrite) fill_block(slot(request.buffer_index), request.offset / block_bytes);
      batch.push_back(request);
    }
    engine.submit(batch);
    result.max_in_flight = std::max(result.max_in_flight, engine.in_flight());
    if (!batch.empty() && next < requests.size()) {
      depth_sum += static_cast<double>(engine.in_flight());
      ++depth_samples;
    }
    reaped.clear();
    engine.reap(1, depth, reaped);
    for (const IoCompletion& completion : reaped) {
      const IoRequest& request = requests.at(completion.tag);
      if (request.op == IoOp::kRead && (completion.result != request.length ||
                                        !block_matches(slot(request.buffer_index), request.offset / block_bytes))) {
        ++result.wrong_data;
      }
      free_slots.push_back(request.buffer_index);
      result.completions.push_back(completion);
    }
  }
  result.mean_in_flight = depth_samples == 0 ? 0 : depth_sum / static_cast<double>(depth_samples);
  return result;
}

std::string run_in_child(const std::function<std::string()>& body) {
  int report_pipe[2];
  if (::pipe(report_pipe) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "fork");
  if (pid == 0) {
    ::close(report_pipe[0]);
    ::alarm(30);
    std::string report;
    try {
      report = body();
    } catch (const std::exception& error) {
      report = std::string("exception: ") + error.what();
    } catch (...) {
      report = "exception";
    }
    for (std::size_t done = 0; done < report.size();) {
      const ssize_t n = ::write(report_pipe[1], report.data() + done, report.size() - done);
      if (n <= 0) ::_exit(3);
      done += static_cast<std::size_t>(n);
    }
    ::_exit(0);
  }
  ::close(report_pipe[1]);
  std::string report;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(report_pipe[0], chunk, sizeof chunk);
    if (n > 0) {
      report.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(report_pipe[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) return "child killed by signal " + std::to_string(WTERMSIG(status)) + "; " + report;
  if (WEXITSTATUS(status) != 0) return "child exited with " + std::to_string(WEXITSTATUS(status)) + "; " + report;
  return report;
}

std::string install_seccomp_refusals(const std::vector<SyscallRefusal>& refusals) {
#if defined(__x86_64__)
  constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
  constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#else
  return "skip: no seccomp architecture constant for this machine in the test";
#endif
  constexpr std::uint32_t kNr = offsetof(seccomp_data, nr);
  constexpr std::uint32_t kArchField = offsetof(seccomp_data, arch);
  constexpr std::uint32_t kArgs = offsetof(seccomp_data, args);  // args[i]'s little-endian low word at kArgs + 8 i
  std::vector<sock_filter> program = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kArchField),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  for (const SyscallRefusal& refusal : refusals) {
    const std::uint32_t refuse = SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(refusal.error) & SECCOMP_RET_DATA);
    const auto number = static_cast<std::uint32_t>(refusal.syscall_number);
    const auto args = static_cast<std::uint8_t>(refusal.second_args.size());
    // [load nr] [nr matches? on : skip this refusal] ([load arg] ([arg matches? refuse : next])...) [refuse]
    program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kNr));
    program.push_back(
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, number, 0, static_cast<std::uint8_t>(args == 0 ? 1 : 2 + args)));
    if (args > 0) {
      program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, kArgs + 8 * refusal.argument));
      for (std::uint8_t i = 0; i < args; ++i) {
        // the last miss jumps over the refusal; a hit jumps to it
        program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, refusal.second_args[i],
                                   static_cast<std::uint8_t>(args - 1 - i),
                                   static_cast<std::uint8_t>(i + 1 == args ? 1 : 0)));
      }
    }
    program.push_back(BPF_STMT(BPF_RET | BPF_K, refuse));
  }
  program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  sock_fprog filter{static_cast<unsigned short>(program.size()), program.data()};
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return "skip: prctl(PR_SET_NO_NEW_PRIVS): " + std::string(std::strerror(errno));
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter) != 0) {
    return "skip: seccomp(SECCOMP_SET_MODE_FILTER): " + std::string(std::strerror(errno));
  }
  return "";
}

IoCompletion run_one(IoEngine& engine, const IoRequest& request) {
  engine.submit({&request, 1});
  std::vector<IoCompletion> out;
  REQUIRE(engine.reap(1, 1, out) == 1);
  return out.front();
}

}  // namespace bench::test
