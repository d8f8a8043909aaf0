#include "run/job_start_line.h"

#include <system_error>

#include <fmt/format.h>

#include "platform/resource_limits.h"

namespace bench {

std::exception_ptr named_start_failure(const std::string& what) {
  try {
    throw;
  } catch (const std::system_error& error) {
    return std::make_exception_ptr(std::system_error(
        error.code(), fmt::format("cannot start {}{}", what, task_start_limits_note(read_resource_limits()))));
  } catch (...) {
    return std::current_exception();
  }
}

}  // namespace bench
