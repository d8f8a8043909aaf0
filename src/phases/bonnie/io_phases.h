#pragma once
// Factories of the I/O phases and the fsync latency test (one .cpp per phase).
#include <memory>

#include "phases/bonnie/bonnie_test.h"

namespace bench {

std::unique_ptr<BonnieTest> make_per_char_write_phase();
std::unique_ptr<BonnieTest> make_block_write_phase();
std::unique_ptr<BonnieTest> make_rewrite_phase();
std::unique_ptr<BonnieTest> make_per_char_read_phase();
std::unique_ptr<BonnieTest> make_block_read_phase();
std::unique_ptr<BonnieTest> make_random_seeks_phase();
std::unique_ptr<BonnieTest> make_fsync_latency_phase();

}  // namespace bench
