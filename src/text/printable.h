#pragma once
// Text from outside (a result file's names, labels and notes; a value quoted in an error) as it may reach a
// terminal: every byte that a terminal would act on instead of showing is written as an escape, the way the job
// file's errors name such a byte ("a control (0x1b) byte"). Pure.
#include <string>
#include <string_view>

namespace bench {

// `text` with each C0 control byte (0x00 to 0x1f, newline and tab too) and DEL written as "\xNN" (ESC is "\x1b",
// NUL "\x00"), and each C1 control in UTF-8 (U+0080 to U+009F, which some terminals obey like ESC sequences) as
// "\u00NN"; everything else, UTF-8 or not, as it is. Text without such bytes is returned unchanged.
std::string printable(std::string_view text);

// As printable(), but keeping newlines: for a whole text of lines (a table) whose own line ends are wanted.
std::string printable_lines(std::string_view text);

}  // namespace bench
