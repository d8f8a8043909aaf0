#pragma once
// Which option names are fio's, and the one message for the options of a command line or job file that bench++
// does not run: a name fio 3.33 knows is "not supported by bench++"; any other is unknown, with the nearest name
// bench++ runs suggested by fio's own rule (parse.c: the smallest edit distance, when it is at most half the
// name's length). Pure.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// True when `name` is one of fio 3.33's option names or aliases (its engines' options included).
bool is_fio_option_name(std::string_view name);

// fio 3.33's option names and aliases, sorted (the list the check above searches).
std::span<const std::string_view> fio_option_names_of_fio();

// The name bench++ runs nearest to `name` when near enough by fio's rule, else empty.
std::string nearest_option_name(std::string_view name);

// One line naming every option of `names` (each as written, in the order met) that bench++ does not run, e.g.
//   unknown fio option 'sizee' (did you mean 'size'?); fio option 'ss' is not supported by bench++ (see ...)
std::string not_run_options_message(const std::vector<std::string>& names);

}  // namespace bench
