#pragma once
// fio's number formatting (lib/num2str.c), which its normal output writes every size, rate and count with. Pure.
#include <cstdint>
#include <string>

namespace bench {

// fio's num2str: `value` with at most `digits` digits (the point counted), scaled by 1000 (SI) or 1024 (IEC)
// with the prefix and `unit` after it: fio_number_text(2031616, 4, true, "B") is "1984KiB".
std::string fio_number_text(std::uint64_t value, unsigned digits, bool iec, const char* unit);

}  // namespace bench
