#pragma once
// Factories of the I/O phases and the fsync latency test (one .cpp per phase).
#include <memory>

#include "phases/phase.h"

namespace bench {

std::unique_ptr<Phase> make_per_char_write_phase();
std::unique_ptr<Phase> make_block_write_phase();
std::unique_ptr<Phase> make_rewrite_phase();
std::unique_ptr<Phase> make_per_char_read_phase();
std::unique_ptr<Phase> make_block_read_phase();
std::unique_ptr<Phase> make_random_seeks_phase();
std::unique_ptr<Phase> make_fsync_latency_phase();

}  // namespace bench
