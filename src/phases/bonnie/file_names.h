#pragma once
// Pure helpers of the file tests: bonnie++'s file names, the spreading of files over directories, file
// sizes, shuffles and the disk space a file set needs. No I/O; every random choice comes from the Rng
// given, so a seed (-z) reproduces names, sizes and orders.
//
// Name scheme (as bonnie++): for file i, L = rng.below(13) characters drawn from [0-9a-zA-Z], then
//   sequential: "%010x" of i followed by the characters   e.g. "00000000a3Qz"
//   random:     the characters followed by "%010x" of i   e.g. "Qz00000000a3"
// and, when the set spans several directories, the prefix "%05d/" of the file's directory.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "phases/rng.h"
#include "result/test_spec.h"

namespace bench {

enum class NameScheme { kSequential, kRandom };

// Random characters per name are drawn in [0, kMaxRandomNameChars].
inline constexpr std::uint64_t kMaxRandomNameChars = 12;

// "00042": the name of subdirectory `dir_index` (files_dir/00000, 00001, ...).
std::string directory_name(std::uint32_t dir_index);

// The subdirectory (0-based) holding file `index` of a set of `count` files spread over `dirs`
// directories: each gets count/dirs files, the first count%dirs one more, in index order.
// REQUIRES: index < count, dirs >= 1.
std::uint32_t directory_of_file(std::uint64_t index, std::uint64_t count, std::uint32_t dirs);

// The name of file `index` from its random characters, without a directory prefix.
std::string make_file_name(NameScheme scheme, std::uint64_t index, std::string_view random_chars);

// The names of a set of `count` files over `dirs` directories, in creation (index) order, relative to
// the files directory ("00003/00000000a3Qz" when dirs > 1). Draws from rng per name: the length, then
// the characters. REQUIRES: dirs >= 1.
std::vector<std::string> make_file_names(NameScheme scheme, std::uint64_t count, std::uint32_t dirs, Rng& rng);

// The size of the next created file: uniform in [min, max] bytes (rng.between) for FileContent::kData with
// max > 0 (max itself, with no draw, when min == max); 0 without a draw otherwise. Any range, 64 bits wide too.
std::uint64_t draw_file_size(const FileSpec& spec, Rng& rng);

// Fisher-Yates: a uniformly random permutation of `items`, drawn from rng (items.size() - 1 draws).
template <typename T>
void shuffle_in_place(std::span<T> items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.below(i));
    if (j != i - 1) std::swap(items[i - 1], items[j]);
  }
}

}  // namespace bench
