#include "result/exec_command.h"

#include <fmt/format.h>

#include <algorithm>

namespace bench {
namespace {

// Every `from` in `text` replaced by `to`, left to right (fio's str_replace).
std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

std::string or_null(const std::optional<std::string>& text) { return text ? *text : "(null)"; }  // glibc's %s

}  // namespace

std::optional<std::string> expand_exec_arguments(const std::optional<std::string>& arguments,
                                                 std::chrono::nanoseconds runtime, std::string_view job_name) {
  if (!arguments) return std::nullopt;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(runtime).count();
  return replace_all(replace_all(*arguments, "%r", std::to_string(seconds)), "%n", job_name);
}

std::vector<std::string> exec_argv(std::string_view program, const std::optional<std::string>& expanded) {
  const std::string line = expanded ? fmt::format("{} {}", program, *expanded) : std::string(program);
  std::vector<std::string> words;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(' ', at)) != std::string::npos) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

std::string exec_info_lines(const ExecOptions& exec, std::chrono::nanoseconds runtime, std::string_view job_name) {
  std::string text = fmt::format("{} : program={}, arguments={}\n", job_name, exec.program, or_null(exec.arguments));
  const std::string expanded = or_null(expand_exec_arguments(exec.arguments, runtime, job_name));
  if (exec.std_redirect) {
    return text + fmt::format("{0} : Saving output of {1} {2} : stdout={0}.stdout stderr={0}.stderr\n", job_name,
                              exec.program, expanded);
  }
  return text + fmt::format("{} : Running {} {}\n", job_name, exec.program, expanded);
}

}  // namespace bench
