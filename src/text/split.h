#pragma once
// Splitting text into pieces and lines, for the readers of result files and of /proc and /sys. Pure; the
// views point into the text given, which must outlive them.
#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace bench {

// The pieces of `text` between `separator`s, empty ones included: split("a,,b", ',') is {"a", "", "b"} and
// split("", ',') is {""}.
std::vector<std::string_view> split(std::string_view text, char separator);

// fio's lists of names (filename=a:b, directory=a:b), read as fio 3.33 reads them: the pieces between ':'s, where
// a backslash before a ':' (fio's "\:") stands for a ':' inside a name; empty pieces are dropped ("a::b:" is {"a", "b"}).
std::vector<std::string> split_fio_names(std::string_view text);

// Calls visit(line) for each line of `text`, in order: the pieces between '\n's, where a final '\n' ends the last
// line rather than starting an empty one ("a\n\nb\n" is "a", "", "b"; "" has no line). A '\r' before a '\n' stays
// in its line. When visit returns bool, false stops the walk.
template <typename Visit>
void for_each_line(std::string_view text, Visit&& visit) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if constexpr (std::is_same_v<std::invoke_result_t<Visit&, std::string_view>, bool>) {
      if (!visit(line)) return;
    } else {
      visit(line);
    }
  }
}

}  // namespace bench
