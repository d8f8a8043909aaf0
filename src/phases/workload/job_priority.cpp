#include "phases/workload/job_priority.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <exception>
#include <system_error>
#include <thread>

#include "result/errors.h"

namespace bench {
namespace {

constexpr int kIoprioWhoProcess = 1;  // with who = 0: the calling thread

}  // namespace

bool sets_job_priority(const WorkloadSpec& spec) { return spec.nice || spec.ioprio || spec.ioprio_class; }

void apply_job_priority(const WorkloadSpec& spec) {
  if (spec.nice) {
    const auto thread = static_cast<id_t>(::syscall(SYS_gettid));
    if (::setpriority(PRIO_PROCESS, thread, *spec.nice) != 0) {
      throw std::system_error(errno, std::generic_category(),
                              fmt::format("workload '{}': cannot set nice={} (a value below the current one needs "
                                          "CAP_SYS_NICE or RLIMIT_NICE)",
                                          spec.name, *spec.nice));
    }
  }
  if (spec.ioprio || spec.ioprio_class) {
    const unsigned value = spec.ioprio_value();  // the kernel's encoding, as fio's ioprio_value
    if (::syscall(SYS_ioprio_set, kIoprioWhoProcess, 0, value) != 0) {
      throw std::system_error(errno, std::generic_category(),
                              fmt::format("workload '{}': cannot set prio={} prioclass={} (ioprio_set; the realtime "
                                          "class 1 needs CAP_SYS_ADMIN)",
                                          spec.name, spec.ioprio.value_or(0), spec.ioprio_class.value_or(0)));
    }
  }
}

void check_job_priority(const WorkloadSpec& spec) {
  if (!sets_job_priority(spec)) return;
  std::exception_ptr failure;
  std::thread([&] {
    try {
      apply_job_priority(spec);
    } catch (...) {
      failure = std::current_exception();
    }
  }).join();
  if (!failure) return;
  try {
    std::rethrow_exception(failure);
  } catch (const std::system_error& error) {
    throw UsageError(fmt::format("{}: the kernel refuses it here", error.what()));
  }
}

}  // namespace bench
