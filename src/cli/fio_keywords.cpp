#include "cli/fio_keywords.h"

#include <fmt/format.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

#include "result/errors.h"

namespace bench {
namespace {

// bc's integer arithmetic (scale=0) over the value: + - * / % with their precedence, parentheses and unary minus;
// nullopt for anything else (a unit suffix, a word), as bc fails on it.
class Arithmetic {
 public:
  explicit Arithmetic(std::string_view text) : text_(text) {}

  std::optional<std::int64_t> whole() {
    const std::optional<std::int64_t> value = sum();
    skip_blanks();
    if (!value || at_ != text_.size()) return std::nullopt;
    return value;
  }

 private:
  void skip_blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }
  bool take(char c) {
    skip_blanks();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  std::optional<std::int64_t> sum() {
    std::optional<std::int64_t> value = product();
    while (value) {
      if (take('+')) {
        const auto right = product();
        value = right ? std::optional(*value + *right) : std::nullopt;
      } else if (take('-')) {
        const auto right = product();
        value = right ? std::optional(*value - *right) : std::nullopt;
      } else {
        break;
      }
    }
    return value;
  }
  std::optional<std::int64_t> product() {
    std::optional<std::int64_t> value = factor();
    while (value) {
      const bool times = take('*');
      const bool divide = !times && take('/');
      const bool remainder = !times && !divide && take('%');
      if (!times && !divide && !remainder) break;
      const auto right = factor();
      if (!right || (!times && *right == 0)) return std::nullopt;  // bc: "Divide by zero"
      value = times ? *value * *right : divide ? *value / *right : *value % *right;
    }
    return value;
  }
  std::optional<std::int64_t> factor() {
    if (take('-')) {
      const auto value = factor();
      return value ? std::optional(-*value) : std::nullopt;
    }
    if (take('(')) {
      const auto value = sum();
      return value && take(')') ? value : std::nullopt;
    }
    skip_blanks();
    std::int64_t value = 0;
    const std::size_t start = at_;
    for (; at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; ++at_) value = value * 10 + (text_[at_] - '0');
    if (at_ == start) return std::nullopt;
    return value;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

FioKeywordValues machine_keyword_values() {
  const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  const auto pages = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES));
  return {page, pages * page / (1024 * 1024), static_cast<std::uint64_t>(sysconf(_SC_NPROCESSORS_CONF))};
}

std::string with_fio_keywords(std::string_view line, const FioKeywordValues& values) {
  const std::array<std::pair<std::string_view, std::uint64_t>, 3> keywords = {
      {{"$pagesize", values.page_size}, {"$mb_memory", values.mb_memory}, {"$ncpus", values.cpus}}};
  std::string out(line);
  bool replaced = false;
  for (const auto& [word, value] : keywords) {
    for (std::size_t at; (at = out.find(word)) != std::string::npos;) {
      out.replace(at, word.size(), std::to_string(value));
      replaced = true;
    }
  }
  // fio hands the value to bc only when a keyword was replaced, the option holds + - * or /, and no quote.
  const std::size_t equals = out.find('=');
  if (!replaced || out.find_first_of("+-*/") == std::string::npos || out.find('\'') != std::string::npos ||
      equals == std::string::npos) {
    return out;
  }
  const std::string_view value = std::string_view(out).substr(equals + 1);
  const std::optional<std::int64_t> worked_out = Arithmetic(value).whole();
  if (!worked_out) {
    throw UsageError(fmt::format("'{}': fio works a value with $pagesize, $mb_memory or $ncpus out with bc: whole "
                                 "numbers, + - * / % and parentheses only",
                                 value));
  }
  return out.substr(0, equals + 1) + std::to_string(*worked_out);
}

}  // namespace bench
