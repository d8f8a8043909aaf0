// QEMU's process as /proc shows it (platform/qemu_process.h): the stat line's comm and times on fixed text, the
// thread kinds by QEMU's names, and a process tree read from a made-up /proc.
#include "platform/qemu_process.h"

#include <doctest/doctest.h>

#include <fstream>

#include <unistd.h>

#include "platform/cpu_load.h"
#include "test_support.h"

namespace bench {

TEST_CASE("qemu process: utime and stime after the parenthesised comm, which may hold spaces and ')'") {
  // QEMU 7.2's vCPU thread, as /proc/PID/task/TID/stat has it (fields after stime cut).
  CHECK(parse_proc_stat_times("14610 (CPU 0/TCG) S 1 14593 20984 0 -1 138412224 802 0 0 0 9 4 0 0 20 0 7 0") ==
        ProcStatTimes{"CPU 0/TCG", 9, 4});
  CHECK(parse_proc_stat_times("7 (a) b (c)) R 1 2 3 4 5 6 7 8 9 10 123456789012 42 0") ==
        ProcStatTimes{"a) b (c)", 123456789012, 42});
  CHECK(parse_proc_stat_times("7 () R 1 2 3 4 5 6 7 8 9 10 1 2") == ProcStatTimes{"", 1, 2});
  CHECK_FALSE(parse_proc_stat_times("7 (x) R 1 2 3 4 5 6 7 8 9 10 1"));     // no stime
  CHECK_FALSE(parse_proc_stat_times("7 (x) R 1 2 3 4 5 6 7 8 9 10 -1 2"));  // not a count
  CHECK_FALSE(parse_proc_stat_times("7 x R 1 2 3 4 5 6 7 8 9 10 1 2"));     // no comm
  CHECK_FALSE(parse_proc_stat_times(""));
}

TEST_CASE("qemu process: a thread's kind by the name QEMU gives it") {
  CHECK(qemu_thread_kind("CPU 0/KVM", false) == QemuThreadKind::kVcpu);
  CHECK(qemu_thread_kind("CPU 15/TCG", false) == QemuThreadKind::kVcpu);
  CHECK(qemu_thread_kind("CPU x/KVM", false) == QemuThreadKind::kOther);
  CHECK(qemu_thread_kind("CPU 1", false) == QemuThreadKind::kOther);
  CHECK(qemu_thread_kind("IO io0", false) == QemuThreadKind::kIothread);
  CHECK(qemu_thread_kind("IO mon_iothread", false) == QemuThreadKind::kOther);  // the monitor's
  CHECK(qemu_thread_kind("IO ", false) == QemuThreadKind::kOther);
  CHECK(qemu_thread_kind("worker", false) == QemuThreadKind::kWorker);
  CHECK(qemu_thread_kind("qemu-system-x86", true) == QemuThreadKind::kMainLoop);
  CHECK(qemu_thread_kind("qemu-system-x86", false) == QemuThreadKind::kOther);
  CHECK(qemu_thread_kind("call_rcu", false) == QemuThreadKind::kOther);
}

TEST_CASE("qemu process: the process's times and each thread's, in nanoseconds, from /proc") {
  const test::TempDir proc;
  const auto write = [&](const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
  };
  const std::string tail = " S 1 2 3 4 5 6 7 8 9 10 ";
  write(proc.path() / "40/stat", "40 (qemu-system-x86)" + tail + "300 200 0 0\n");
  write(proc.path() / "40/task/40/stat", "40 (qemu-system-x86)" + tail + "100 150 0 0\n");
  write(proc.path() / "40/task/41/stat", "41 (CPU 0/KVM)" + tail + "200 50 0 0\n");
  write(proc.path() / "40/task/43/stat", "43 (IO io0)" + tail + "0 1\n");
  write(proc.path() / "40/task/44/stat", "44 (ended");  // a thread gone while read: left out
  const std::optional<QemuProcessSample> sample = read_qemu_process(40, 100, proc.path());
  REQUIRE(sample);
  CHECK(sample->user_ns == 3'000'000'000);
  CHECK(sample->system_ns == 2'000'000'000);
  CHECK(sample->threads == std::vector<QemuThreadSample>{
                              {40, "qemu-system-x86", QemuThreadKind::kMainLoop, 1'000'000'000, 1'500'000'000},
                              {41, "CPU 0/KVM", QemuThreadKind::kVcpu, 2'000'000'000, 500'000'000},
                              {43, "IO io0", QemuThreadKind::kIothread, 0, 10'000'000}});
  CHECK_FALSE(read_qemu_process(41, 100, proc.path()));  // no such process
  // This very process, as the kernel has it.
  const std::optional<QemuProcessSample> self = read_qemu_process(::getpid(), clock_ticks_per_second());
  REQUIRE(self);
  CHECK_FALSE(self->threads.empty());
  CHECK(self->threads.front().tid == std::uint64_t(::getpid()));
  CHECK(self->threads.front().kind == QemuThreadKind::kMainLoop);
}

}  // namespace bench
