// io_uring's own options (FioOptionGroup::kIoUring; `fio --enghelp=io_uring`, result/uring_options.h), and
// hipri (io_uring and pvsync2). check_workload refuses them with another engine, as fio does.
#include "cli/fio_option_rules.h"

#include <array>

#include "cli/fio_values.h"
#include "cli/value_error.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kIoUring = FioOptionGroup::kIoUring;

constexpr std::array kRules = {
    FioOptionRule{{"registerfiles", {}, kFlag, kIoUring, "", "register the job's files (IOSQE_FIXED_FILE)",
                   {}, recorded_in("registerfiles")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.register_files = boolean(v); }},
    FioOptionRule{{"fixedbufs", {}, kFlag, kIoUring, "", "register the buffers (READ_FIXED, WRITE_FIXED)",
                   {}, recorded_in("fixedbufs")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.fixed_buffers = boolean(v); }},
    FioOptionRule{{"hipri", {}, kFlag, kIoUring, "", "polled completions (IORING_SETUP_IOPOLL; pvsync2: RWF_HIPRI)",
                   {}, recorded_in("hipri")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.hipri = boolean(v); }},
    FioOptionRule{{"sqthread_poll", {}, kFlag, kIoUring, "", "a kernel thread submits (IORING_SETUP_SQPOLL)",
                   {}, recorded_in("sqthread_poll")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.uring.sq_poll = boolean(v); }},
    FioOptionRule{{"sqthread_poll_cpu", {}, kRequired, kIoUring, "CPU", "the CPU of sqthread_poll's thread",
                   {}, recorded_in("sqthread_poll_cpu")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.uring.sq_poll_cpu = whole_number32(v, 0, 65535);
                  }},
    FioOptionRule{{"nonvectored", {}, kRequired, kIoUring, "-1|0|1", "READ/WRITE (1), READV/WRITEV (0), probed (-1)",
                   "-1", recorded_in("nonvectored")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    // fio's int: -1 (its default) probes, any other value is true or false
                    if (v == "-1") {
                      s.uring.nonvectored.reset();
                    } else {
                      s.uring.nonvectored = whole_number32(v, 0, 0x7fffffff) != 0;
                    }
                  }},
};

}  // namespace

std::span<const FioOptionRule> fio_io_uring_rules() { return kRules; }

}  // namespace bench
