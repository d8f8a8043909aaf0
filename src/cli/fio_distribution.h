#pragma once
// fio's random_distribution= as fio 3.33 reads it, into result/offset_spec.h's DistributionSpec. Pure.
#include <cstdint>
#include <functional>
#include <string_view>

#include "result/offset_spec.h"

namespace bench {

// A size as the option's caller reads fio sizes (cli's fio_size_of with the job's kb_base); the ValueError it
// throws for bad text is passed on with its message, naming the zone's size.
using SizeParser = std::function<std::uint64_t(std::string_view)>;

// random_distribution's value as fio 3.33 reads it: random, zipf[:theta[:center]], pareto[:h[:center]],
// normal[:dev[:center]], zoned:A/S:A/S..., zoned_abs:A/SIZE:... with up to three
// comma-separated lists (read,write,trim; one list serves all three, two lists give trim the write list's: fio's
// manual has them, fio 3.33's option matcher refuses any value with a comma).
// In a zone a missing or zero size takes an equal part of what the others leave; access shares must add up to
// 100. Throws ValueError (result/errors.h) with a one-line message naming what was wrong (the value, not the option).
DistributionSpec parse_random_distribution(std::string_view text, const SizeParser& parse_size);

// zipf[:theta[:center]], pareto[:h[:center]] or normal[:dev[:center]] alone, read as random_distribution reads
// them (fio's file_service_type= reads its distributions so). Throws ValueError with what was wrong,
// naming neither the option nor the value (its caller does).
DistributionSpec parse_ranked_distribution(std::string_view text);

}  // namespace bench
