#include "result/error_tolerance.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <stdexcept>

namespace bench {
namespace {

constexpr std::uint32_t kAllClasses = 0xffff;  // fio's ERROR_TYPE_ANY

// fio's default list of each class, where ignore_error= gave none (td_error.c __NON_FATAL_ERR).
constexpr std::array<int, 2> kDefaultIgnored = {EIO, EILSEQ};

// The errno names fio's str2error knows, in errno order from EPERM (1): a name's number is its index + 1.
constexpr std::array<std::string_view, 34> kErrorNames = {
    "EPERM",  "ENOENT", "ESRCH",  "EINTR",   "EIO",    "ENXIO",  "E2BIG",  "ENOEXEC", "EBADF",
    "ECHILD", "EAGAIN", "ENOMEM", "EACCES",  "EFAULT", "ENOTBLK", "EBUSY", "EEXIST",  "EXDEV",
    "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG",
    "ENOSPC", "ESPIPE", "EROFS",  "EMLINK",  "EPIPE",  "EDOM",   "ERANGE"};

int error_number(std::string_view entry) {
  if (entry.starts_with('E')) {
    const auto* found = std::find(kErrorNames.begin(), kErrorNames.end(), entry);
    if (found != kErrorNames.end()) return static_cast<int>(found - kErrorNames.begin()) + 1;
  } else {
    const std::string_view digits = entry.starts_with('-') ? entry.substr(1) : entry;
    int number = 0;
    const auto [end, problem] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (problem == std::errc() && end == digits.data() + digits.size() && number > 0) return number;
  }
  throw std::invalid_argument("unknown error '" + std::string(entry) +
                              "': an errno's number, or its name from EPERM to ERANGE (fio's list)");
}

}  // namespace

ErrorClass error_class(bool read, int error) {
  if (error == EILSEQ) return ErrorClass::kVerify;
  return read ? ErrorClass::kRead : ErrorClass::kWrite;
}

ErrorVerdict judge_error(const ErrorTolerance& tolerance, ErrorClass kind, int error) {
  const auto index = static_cast<std::size_t>(kind);
  if ((tolerance.continue_on & (1U << index)) == 0) return ErrorVerdict::kStop;
  const std::optional<std::vector<int>>& listed = tolerance.ignore[index];
  const bool ignored = listed ? std::ranges::find(*listed, error) != listed->end()
                              : std::ranges::find(kDefaultIgnored, error) != kDefaultIgnored.end();
  return ignored ? ErrorVerdict::kContinue : ErrorVerdict::kStopCounted;
}

std::optional<std::uint32_t> continue_on_error_bits(std::string_view word) {
  if (word == "none" || word == "0") return 0U;
  if (word == "read") return 1U << static_cast<unsigned>(ErrorClass::kRead);
  if (word == "write") return 1U << static_cast<unsigned>(ErrorClass::kWrite);
  if (word == "io") return (1U << static_cast<unsigned>(ErrorClass::kRead)) | (1U << static_cast<unsigned>(ErrorClass::kWrite));
  if (word == "verify") return 1U << static_cast<unsigned>(ErrorClass::kVerify);
  if (word == "all" || word == "1") return kAllClasses;
  return std::nullopt;
}

void apply_ignore_error(ErrorTolerance& tolerance, std::string_view value) {
  std::size_t index = 0;
  while (true) {
    const std::size_t comma = value.find(',');
    const std::string_view field = value.substr(0, comma);
    if (index >= kErrorClasses) {
      throw std::invalid_argument("at most three lists (reads', writes', verify's), not '" + std::string(field) + "'");
    }
    std::vector<int> errors;
    std::string_view rest = field;
    while (!rest.empty()) {  // fio stops a list at its first empty entry
      const std::size_t colon = rest.find(':');
      const std::string_view entry = rest.substr(0, colon);
      if (entry.empty()) break;
      errors.push_back(error_number(entry));
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    if (!errors.empty()) {
      tolerance.continue_on |= 1U << index;
      tolerance.ignore[index] = std::move(errors);
    }
    if (comma == std::string_view::npos) break;
    value = value.substr(comma + 1);
    ++index;
  }
}

void JobErrors::add(const JobErrors& other) {
  total += other.total;
  first = other.first;
  first_message = other.first_message;
  for (std::size_t d = 0; d < failed_requests.size(); ++d) failed_requests[d] += other.failed_requests[d];
  told.insert(told.end(), other.told.begin(), other.told.end());
}

}  // namespace bench
