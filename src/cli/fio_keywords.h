#pragma once
// fio's keywords in a job file's option values (fio 3.33's options.c fio_keyword_replace): $pagesize, $mb_memory
// and $ncpus become the machine's page size, megabytes of memory and CPUs; and a value where one was replaced
// that holds + - * or / is then worked out as fio has bc(1) work it out: whole numbers, integer division. Pure:
// the caller gives the machine's figures.
#include <cstdint>
#include <string>
#include <string_view>

namespace bench {

struct FioKeywordValues {
  std::uint64_t page_size = 0;  // $pagesize: sysconf(_SC_PAGESIZE)
  std::uint64_t mb_memory = 0;  // $mb_memory: physical memory in MiB (pages times page size, as fio's os_phys_mem)
  std::uint64_t cpus = 0;       // $ncpus: the CPUs configured (fio's cpus_configured)
};

// This machine's figures.
FioKeywordValues machine_keyword_values();

// `line` (an option line, "name=value") with the keywords replaced, and its value worked out when fio would (see
// above). Throws UsageError when that value is no arithmetic bc takes (fio then fails the option).
std::string with_fio_keywords(std::string_view line, const FioKeywordValues& values);

}  // namespace bench
