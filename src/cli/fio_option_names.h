#pragma once
// Which option names are fio 3.33's (cli/fio_options.h's not_run_options_message tells fio's options that
// bench++ does not run from names that are no option at all). Pure.
#include <span>
#include <string_view>

namespace bench {

// True when `name` is one of fio 3.33's option names or aliases (its engines' options included).
bool is_fio_option_name(std::string_view name);

// fio 3.33's option names and aliases, sorted (the list the check above searches).
std::span<const std::string_view> fio_option_names_of_fio();

}  // namespace bench
