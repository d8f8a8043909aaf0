#pragma once
// A size as people read it in a message: "1.5 GiB", to a tenth of the largest binary unit of which it holds one.
#include <cstdint>
#include <string>

namespace bench {

// The smallest unit a size is written in: below it, a size reads as a fraction of it ("0.5 MiB").
enum class SmallestUnit { kKiB, kMiB };

// Which way the tenth is rounded: down for a limit (it is not reached by what reads as just below it), up for what
// a run needs (it does not read as fitting where it does not).
enum class TenthRounding { kDown, kUp };

// "1023.9 KiB", "1.5 GiB": `bytes` in the largest of KiB (or MiB), MiB, GiB, TiB, PiB and EiB of which it holds one
// (else `smallest`), to a tenth, rounded as `rounding` says. Exact for every 64-bit size.
std::string size_in_tenths(std::uint64_t bytes, SmallestUnit smallest, TenthRounding rounding);

}  // namespace bench
