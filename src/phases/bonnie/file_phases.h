#pragma once
// The six file-test phases (bonnie++'s "Sequential Create" and "Random Create" groups), run in this order
// on one worker's context: seq create, seq stat, seq delete, random create, random stat, random delete.
// They work in PhaseContext::files_dir, which must exist and be empty before each create phase's
// prepare(), and is left empty (its subdirectories removed, itself kept) by each delete phase.
// Each create phase's prepare() fills WorkerState::file_names (relative to files_dir) from context.rng;
// the random stat and delete phases' prepare() shuffle that list in place (untimed).
// Operations are files; bytes are the bytes written (create) or read (stat), 0 for delete.
#include <memory>

#include "phases/bonnie/bonnie_test.h"

namespace bench {

std::unique_ptr<BonnieTest> make_seq_create_phase();
std::unique_ptr<BonnieTest> make_seq_stat_phase();
std::unique_ptr<BonnieTest> make_seq_delete_phase();
std::unique_ptr<BonnieTest> make_random_create_phase();
std::unique_ptr<BonnieTest> make_random_stat_phase();
std::unique_ptr<BonnieTest> make_random_delete_phase();

}  // namespace bench
