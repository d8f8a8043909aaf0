#pragma once
// fio's pseudo-random generators, bit for bit: the same seed gives the same sequence as fio 3.33, so a job run
// by bench++ and by fio draws the same offsets (engine/random_offsets.h). Pure, no allocation, each a few
// words of state and a few nanoseconds a draw. Written from the published algorithms and fio's documented
// seeding; the facts (constants, seeding order) are fio's, the code is ours.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace bench {

// L'Ecuyer's maximally equidistributed combined Tausworthe generator "taus88" (period about 2^88): fio's
// random_generator=tausworthe and the generator behind its zipf, pareto, normal and zoned draws. Seeded as fio
// seeds it (an LCG over the seed fills the three words, then six draws are discarded).
class FioTausworthe32 {
 public:
  explicit FioTausworthe32(std::uint32_t seed);
  std::uint32_t next();
  // fio's rand_between: uniform-ish in [low, high] from one draw (high - low < 2^32).
  std::uint32_t between(std::uint32_t low, std::uint32_t high);

 private:
  std::uint32_t s1_, s2_, s3_;
};

// L'Ecuyer's five-component 64-bit Tausworthe generator "taus258": fio's random_generator=tausworthe64.
class FioTausworthe64 {
 public:
  explicit FioTausworthe64(std::uint64_t seed);
  std::uint64_t next();

 private:
  std::array<std::uint64_t, 5> s_;
};

// fio's random_generator=lfsr: a maximal-length Galois LFSR over the smallest width n >= 3 with 2^n > count,
// in fio's XNOR-style step (the all-ones state is the excluded one), values >= count skipped. From one seed,
// count draws give each of 0..count-1 exactly once; the next draw reports the pass over (nullopt) until
// reset(). No spin (fio's lfsr_init with spin 0, as its offsets use). 40 bytes.
class FioLfsr {
 public:
  // REQUIRES: 1 <= count < 2^63 (else std::invalid_argument). Throws std::invalid_argument when the seed,
  // masked to n bits, is the excluded all-ones state (fio refuses it too).
  FioLfsr(std::uint64_t count, std::uint64_t seed);
  std::optional<std::uint64_t> next();
  void reset(std::uint64_t seed);
  std::uint64_t count() const { return max_value_ + 1; }

 private:
  std::uint64_t xor_mask_;
  std::uint64_t top_bit_;
  std::uint64_t max_value_;
  std::uint64_t state_ = 0;
  std::uint64_t drawn_ = 0;
};

// The 64-bit multiplicative hash fio scatters zipf, pareto and normal ranks with (Knuth's golden ratio).
constexpr std::uint64_t fio_hash_u64(std::uint64_t value) { return value * 0x61C8864680B583EBULL; }

// fio's jhash of a name (Bob Jenkins' hash as fio 3.33 codes it, which mixes one byte of each 4-byte word in
// its main loop): seeds the zipf, pareto and normal generators from a file's name.
std::uint32_t fio_jhash(std::string_view key, std::uint32_t initval);

// The seeds of one fio job (its thread_data's rand_seeds[] and what fio derives from them), for the streams
// bench++ draws as fio does. thread_number is fio's: 1 for the first job, counting each numjobs copy.
struct FioSeeds {
  std::uint64_t block_offsets = 0;    // uniform offsets (tausworthe, tausworthe64) and the lfsr's seed
  std::uint64_t zone = 0;             // which zone of zoned / zoned_abs (32-bit)
  std::uint64_t sequential_mix = 0;   // percentage_random: random or sequential, per request (32-bit)
  std::uint64_t buffer = 0;           // buffer contents
  std::uint64_t verify = 0;           // verify's data seeds
  std::uint64_t dedupe = 0;           // dedupe_percentage's choice per buffer (32-bit)
  std::uint64_t dedupe_working_set = 0;
  std::uint32_t distribution = 0;     // zipf, pareto, normal: fio_distribution_seed() with randrepeat
  std::array<std::uint64_t, 3> block_sizes{};  // bsrange= and bssplit=: the reads', writes' and trims' draws
  std::uint64_t next_file = 0;        // file_service_type=random: which file next
  std::uint64_t file_size = 0;        // filesize=lo-hi: each file's size

  // fio's setup_random_seeds and td_fill_rand_seeds: randseed (fio's default 0x89) and randrepeat (default
  // on). With randrepeat off and no randseed fio takes seeds from /dev/urandom; pass such a value as `entropy`
  // (it then stands for randseed). file_name is the name fio gives the job's (first) file, which seeds the
  // non-uniform distributions under randrepeat.
  static FioSeeds for_job(std::optional<std::uint64_t> randseed, bool randrepeat, std::uint32_t thread_number,
                          std::string_view file_name, std::uint64_t entropy = 0);
};

}  // namespace bench
