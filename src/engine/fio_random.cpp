#include "engine/fio_random.h"

#include <bit>
#include <stdexcept>
#include <string>

namespace bench {

namespace {

// L'Ecuyer's seeding rule: each component must exceed a small bound (its low bits are shifted out).
constexpr std::uint64_t at_least(std::uint64_t value, std::uint64_t bound) {
  return value < bound ? value + bound : value;
}

// The first LCG step's input: fio writes it (2^31)+(2^17)+(2^7), in which C's ^ is exclusive or, so 53.
constexpr std::uint64_t kLcgStart = 53;

constexpr std::uint32_t taus_step(std::uint32_t s, unsigned a, unsigned b, std::uint32_t c, unsigned d) {
  return ((s & c) << d) ^ (((s << a) ^ s) >> b);
}

constexpr std::uint64_t taus64_step(std::uint64_t s, unsigned a, unsigned b, std::uint64_t c, unsigned d) {
  return ((s & c) << d) ^ (((s << a) ^ s) >> b);
}

// The taps of a maximal-length LFSR of each width 3..63 (the published table fio uses), highest first.
struct Taps {
  std::uint8_t bits[6];
};
constexpr Taps kLfsrTaps[64] = {
    {}, {}, {}, {{3, 2}}, {{4, 3}}, {{5, 3}}, {{6, 5}}, {{7, 6}}, {{8, 6, 5, 4}}, {{9, 5}}, {{10, 7}},
    {{11, 9}}, {{12, 6, 4, 1}}, {{13, 4, 3, 1}}, {{14, 5, 3, 1}}, {{15, 14}}, {{16, 15, 13, 4}}, {{17, 14}},
    {{18, 11}}, {{19, 6, 2, 1}}, {{20, 17}}, {{21, 19}}, {{22, 21}}, {{23, 18}}, {{24, 23, 22, 17}},
    {{25, 22}}, {{26, 6, 2, 1}}, {{27, 5, 2, 1}}, {{28, 25}}, {{29, 27}}, {{30, 6, 4, 1}}, {{31, 28}},
    {{32, 31, 29, 1}}, {{33, 20}}, {{34, 27, 2, 1}}, {{35, 33}}, {{36, 25}}, {{37, 5, 4, 3, 2, 1}},
    {{38, 6, 5, 1}}, {{39, 35}}, {{40, 38, 21, 19}}, {{41, 38}}, {{42, 41, 20, 19}}, {{43, 42, 38, 37}},
    {{44, 43, 18, 17}}, {{45, 44, 42, 41}}, {{46, 45, 26, 25}}, {{47, 42}}, {{48, 47, 21, 20}}, {{49, 40}},
    {{50, 49, 24, 23}}, {{51, 50, 36, 35}}, {{52, 49}}, {{53, 52, 38, 37}}, {{54, 53, 18, 17}}, {{55, 31}},
    {{56, 55, 35, 34}}, {{57, 50}}, {{58, 39}}, {{59, 58, 38, 37}}, {{60, 59}}, {{61, 60, 46, 45}},
    {{62, 61, 6, 5}}, {{63, 62}},
};

constexpr std::uint64_t kFioRandSeed = 0xb1899bedULL;  // fio's FIO_RANDSEED
constexpr std::uint64_t kSeedMultiplier = 0x9e370001ULL;

// The order of fio 3.33's rand_seeds[] (enum FIO_RAND_*_OFF): each seed's index in the job's table.
enum SeedIndex : unsigned {
  kReadBlockSizes = 0,
  kWriteBlockSizes = 1,
  kTrimBlockSizes = 2,
  kBlockOffsets = 6,
  kBuffer = 9,
  kVerify = 3,
  kNextFile = 5,
  kFileSize = 7,
  kSequentialMix = 10,
  kDedupe = 14,
  kZone = 16,
  kDedupeWorkingSet = 20,
};

}  // namespace

FioTausworthe32::FioTausworthe32(std::uint32_t seed) {
  const auto lcg = [seed](std::uint32_t x) { return (x * 69069u) ^ seed; };
  s1_ = static_cast<std::uint32_t>(at_least(lcg(static_cast<std::uint32_t>(kLcgStart)), 1));
  s2_ = static_cast<std::uint32_t>(at_least(lcg(s1_), 7));
  s3_ = static_cast<std::uint32_t>(at_least(lcg(s2_), 15));
  for (int crank = 0; crank < 6; ++crank) next();
}

std::uint32_t FioTausworthe32::next() {
  s1_ = taus_step(s1_, 13, 19, 4294967294u, 12);
  s2_ = taus_step(s2_, 2, 25, 4294967288u, 4);
  s3_ = taus_step(s3_, 3, 11, 4294967280u, 17);
  return s1_ ^ s2_ ^ s3_;
}

std::uint32_t FioTausworthe32::between(std::uint32_t low, std::uint32_t high) {
  const std::uint32_t draw = next();
  const double span = static_cast<double>(high - low) + 1.0;
  return low + static_cast<std::uint32_t>(span * (draw / 4294967296.0));
}

FioTausworthe64::FioTausworthe64(std::uint64_t seed) {
  constexpr std::uint64_t kBounds[5] = {1, 7, 15, 33, 49};
  std::uint64_t previous = kLcgStart;
  for (int i = 0; i < 5; ++i) {
    s_[i] = at_least((previous * 6906969069ULL) ^ seed, kBounds[i]);
    previous = s_[i];
  }
  for (int crank = 0; crank < 6; ++crank) next();
}

std::uint64_t FioTausworthe64::next() {
  s_[0] = taus64_step(s_[0], 1, 53, 18446744073709551614ULL, 10);
  s_[1] = taus64_step(s_[1], 24, 50, 18446744073709551104ULL, 5);
  s_[2] = taus64_step(s_[2], 3, 23, 18446744073709547520ULL, 29);
  s_[3] = taus64_step(s_[3], 5, 24, 18446744073709420544ULL, 23);
  s_[4] = taus64_step(s_[4], 3, 33, 18446744073701163008ULL, 8);
  return s_[0] ^ s_[1] ^ s_[2] ^ s_[3] ^ s_[4];
}

FioLfsr::FioLfsr(std::uint64_t count, std::uint64_t seed) : xor_mask_(0), top_bit_(0), max_value_(count - 1) {
  if (count == 0 || count >= (std::uint64_t{1} << 63))
    throw std::invalid_argument("lfsr: " + std::to_string(count) + " values are beyond its range");
  const unsigned width = std::max(3u, static_cast<unsigned>(std::bit_width(count)));  // 2^width > count
  for (const std::uint8_t tap : kLfsrTaps[width].bits) {
    if (tap != 0) xor_mask_ |= std::uint64_t{1} << (tap - 1);
  }
  top_bit_ = std::uint64_t{1} << (width - 1);
  reset(seed);
}

void FioLfsr::reset(std::uint64_t seed) {
  const std::uint64_t all_ones = (top_bit_ << 1) - 1;
  state_ = seed & all_ones;
  drawn_ = 0;
  if (state_ == all_ones) throw std::invalid_argument("lfsr: the seed is its excluded all-ones state");
}

std::optional<std::uint64_t> FioLfsr::next() {
  if (drawn_ > max_value_) return std::nullopt;
  ++drawn_;
  do {
    // Shift right with the top bit set, and fold the taps in when the bit shifted out was 0.
    state_ = ((state_ >> 1) | top_bit_) ^ (((state_ & 1) - 1) & xor_mask_);
  } while (state_ > max_value_);
  return state_;
}

std::uint32_t fio_jhash(std::string_view key, std::uint32_t initval) {
  const auto rol = [](std::uint32_t word, unsigned shift) { return (word << shift) | (word >> (32 - shift)); };
  const auto* k = reinterpret_cast<const unsigned char*>(key.data());
  auto length = static_cast<std::uint32_t>(key.size());
  std::uint32_t a = 0x61C88647u + length + initval;
  std::uint32_t b = a;
  std::uint32_t c = a;
  while (length > 12) {
    a += k[0];
    b += k[4];
    c += k[8];
    a -= c, a ^= rol(c, 4), c += b;
    b -= a, b ^= rol(a, 6), a += c;
    c -= b, c ^= rol(b, 8), b += a;
    a -= c, a ^= rol(c, 16), c += b;
    b -= a, b ^= rol(a, 19), a += c;
    c -= b, c ^= rol(b, 4), b += a;
    length -= 12;
    k += 12;
  }
  if (length == 0) return c;
  // The last 1..12 bytes, little-endian into a, b, c.
  std::uint32_t words[3] = {0, 0, 0};
  for (std::uint32_t i = 0; i < length; ++i) words[i / 4] += static_cast<std::uint32_t>(k[i]) << (8 * (i % 4));
  a += words[0];
  b += words[1];
  c += words[2];
  c ^= b, c -= rol(b, 14);
  a ^= c, a -= rol(c, 11);
  b ^= a, b -= rol(a, 25);
  c ^= b, c -= rol(b, 16);
  a ^= c, a -= rol(c, 4);
  b ^= a, b -= rol(a, 14);
  c ^= b, c -= rol(b, 24);
  return c;
}

FioSeeds FioSeeds::for_job(std::optional<std::uint64_t> randseed, bool randrepeat, std::uint32_t thread_number,
                           std::string_view file_name, std::uint64_t entropy) {
  // fio's table: randseed scrambled four times, then seed x thread_number + index, scrambling between entries.
  std::uint64_t seed = randseed.value_or(randrepeat ? 0x89 : entropy);
  for (int i = 0; i < 4; ++i) seed *= kSeedMultiplier;
  std::array<std::uint64_t, 21> table{};
  for (unsigned i = 0; i < table.size(); ++i) {
    table[i] = seed * thread_number + i;
    seed *= kSeedMultiplier;
  }
  if (randrepeat) table[kBlockOffsets] = kFioRandSeed * thread_number;
  FioSeeds seeds;
  seeds.block_offsets = table[kBlockOffsets];
  seeds.zone = table[kZone];
  seeds.block_sizes = {table[kReadBlockSizes], table[kWriteBlockSizes], table[kTrimBlockSizes]};
  seeds.sequential_mix = table[kSequentialMix];
  seeds.buffer = table[kBuffer];
  seeds.verify = table[kVerify];
  seeds.dedupe = table[kDedupe];
  seeds.dedupe_working_set = table[kDedupeWorkingSet];
  seeds.next_file = table[kNextFile];
  seeds.file_size = table[kFileSize];
  seeds.distribution = randrepeat ? fio_jhash(file_name, 0) * thread_number
                                  : static_cast<std::uint32_t>(table[kBlockOffsets]);
  return seeds;
}

}  // namespace bench
