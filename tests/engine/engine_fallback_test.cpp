// The container case without a container: in a forked child a seccomp filter refuses io_uring as Docker's
// default profile does (EPERM) or as a kernel without io_uring does (ENOSYS), or refuses only the
// registrations (ENOMEM, as RLIMIT_MEMLOCK does); availability says why, and the engines still work.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/syscall.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "test_support.h"
#include "engine/make_io_engine.h"
#include "result/result_keywords.h"
#include "engine/uring_engine.h"
#include "engine_test_support.h"
#include "platform/aligned_buffer.h"
#include "platform/io_uring_ring.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;
constexpr std::uint64_t kBlocks = 64;

// "" when `kind` at `depth` reads back the pattern file at `path` in one pass; else what went wrong.
std::string read_back(EngineKind kind, std::uint32_t depth, const std::filesystem::path& path) {
  PosixFile file(path, O_RDONLY);
  AlignedBuffer buffers(std::size_t{depth} * kBlock);
  const int fds[] = {file.fd()};
  const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
  std::vector<IoRequest> requests;
  for (std::uint64_t i = 0; i < kBlocks; ++i) requests.push_back({IoOp::kRead, 0, i * kBlock, kBlock, 0, i});
  const test::DriveResult run = test::drive(*engine, requests, depth, std::as_writable_bytes(buffers.span()), kBlock);
  if (run.completions.size() != kBlocks || run.wrong_data != 0) {
    return std::string(keyword(kind)) + " depth " + std::to_string(depth) + ": " +
           std::to_string(run.completions.size()) + " completions, " + std::to_string(run.wrong_data) + " wrong";
  }
  return "";
}

// In a child with io_uring_setup refused with `error`: "" when availability's reason holds each of
// `expected_texts` and the ring cannot be made but the sync engine works; else what went wrong.
std::string refused_setup_report(int error, const std::vector<std::string>& expected_texts,
                                 const std::filesystem::path& path) {
  return test::run_in_child([&]() -> std::string {
    if (std::string skip = test::install_seccomp_refusals({{SYS_io_uring_setup, error, {}}}); !skip.empty())
      return skip;
    const std::optional<std::string> reason = io_uring_availability();
    if (!reason) return "io_uring_availability() says available under the filter";
    for (const std::string& text : expected_texts) {
      if (reason->find(text) == std::string::npos) return "reason: " + *reason;
    }
    try {
      read_back(EngineKind::kIoUring, 8, path);
      return "the io_uring engine started under the filter";
    } catch (const std::system_error& e) {
      if (e.code().value() != error || std::string(e.what()).find("cannot create io_uring ring") != 0) {
        return std::string("ring error: ") + e.what();
      }
    }
    for (const std::uint32_t depth : {1u, 8u}) {
      const EngineKind stand_in = depth == 1 ? EngineKind::kPsync : EngineKind::kPsyncThreads;
      if (std::string failure = read_back(stand_in, depth, path); !failure.empty()) return failure;
    }
    return "";
  });
}

// "" for a skip (the child could not install its seccomp filter, a capability of the machine), else the report.
std::string skip_or_check(const std::string& report) { return test::child_skipped(report) ? "" : report; }

}  // namespace

TEST_CASE("engine: with io_uring_setup refused (EPERM as seccomp gives, ENOSYS as old kernels), sync still works") {
  const test::TempDir tmp;
  test::write_pattern_file(tmp.path() / "data", kBlocks, kBlock);
  const std::pair<int, std::vector<std::string>> refusals[] = {
      {EPERM, {"io_uring_setup: Operation not permitted (", "seccomp"}},
      {ENOSYS, {"io_uring_setup: Function not implemented ("}}};
  // Named variables, not a structured binding: clang 14 cannot capture one in INFO's lambda.
  for (const auto& refusal : refusals) {
    const int error = refusal.first;
    const std::vector<std::string>& texts = refusal.second;
    INFO(texts.front());
    CHECK(skip_or_check(refused_setup_report(error, texts, tmp.path() / "data")) == "");
  }
}

TEST_CASE("engine: io_uring registers nothing by default, and fails as fio's when an asked registration is refused") {
  SKIP_UNLESS_IO_URING();
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, kBlocks, kBlock);
  const std::string report = test::run_in_child([&]() -> std::string {
    const std::vector<std::uint32_t> registrations = {IORING_REGISTER_BUFFERS, IORING_REGISTER_FILES};
    if (std::string skip = test::install_seccomp_refusals({{SYS_io_uring_register, ENOMEM, registrations}});
        !skip.empty()) {
      return skip;
    }
    if (io_uring_availability()) return "io_uring unavailable with only the registrations refused";
    PosixFile file(path, O_RDONLY);
    AlignedBuffer buffers(8 * kBlock);
    const int fds[] = {file.fd()};
    EngineSetup fixed{8, fds, std::as_writable_bytes(buffers.span()), kBlock};
    fixed.uring.fixed_buffers = true;
    try {
      UringEngine refused(fixed);
      return "fixedbufs: registration succeeded under the filter";
    } catch (const std::system_error& error) {
      if (std::string(error.what()).find("fixedbufs") == std::string::npos) return "not named: " + std::string(error.what());
    }
    UringEngine engine({8, fds, std::as_writable_bytes(buffers.span()), kBlock});
    if (engine.buffers_registered() || engine.files_registered()) return "registered without being asked";
    std::vector<IoRequest> requests;
    for (std::uint64_t i = 0; i < kBlocks; ++i) requests.push_back({IoOp::kRead, 0, i * kBlock, kBlock, 0, i});
    const test::DriveResult run = test::drive(engine, requests, 8, std::as_writable_bytes(buffers.span()), kBlock);
    if (run.completions.size() != kBlocks || run.wrong_data != 0) return "reads without registration failed";
    return "";
  });
  CHECK(skip_or_check(report) == "");
}

}  // namespace bench
