#pragma once
// The fio options of `bench++ job --help` and `bench++ suite --help`, made from their rows
// (cli/fio_option_rows_*.cpp, cli/fio_run_options.cpp): a section per FioOptionGroup, a line per option with its
// value, help, default and aliases, wrapped as shared_options_help lays out its options. Pure.
#include <string>

namespace bench {

std::string fio_options_help();

}  // namespace bench
