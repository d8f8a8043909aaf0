#include "phases/bonnie/file_names.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace bench {
namespace {

bool all_alnum(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

}  // namespace

TEST_CASE("file names: one name puts the hex index first (sequential) or last (random)") {
  CHECK(make_file_name(NameScheme::kSequential, 0x2a, "Ab9") == "000000002aAb9");
  CHECK(make_file_name(NameScheme::kRandom, 0x2a, "Ab9") == "Ab9000000002a");
  CHECK(make_file_name(NameScheme::kSequential, 0xfffffffffULL, "") == "0fffffffff");
  CHECK(directory_name(0) == "00000");
  CHECK(directory_name(42) == "00042");
  CHECK(directory_name(99999) == "99999");
}

TEST_CASE("file names: a set follows bonnie++'s scheme with 0 to 12 random characters") {
  for (const NameScheme scheme : {NameScheme::kSequential, NameScheme::kRandom}) {
    Rng rng(11);
    const auto names = make_file_names(scheme, 1024, 1, rng);
    REQUIRE(names.size() == 1024);
    std::set<std::size_t> lengths;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string& name = names[i];
      REQUIRE(name.size() >= 10);
      REQUIRE(name.size() <= 10 + kMaxRandomNameChars);
      const std::string hex = fmt::format("{:010x}", i);
      const std::string_view chars = scheme == NameScheme::kSequential
                                         ? std::string_view(name).substr(10)
                                         : std::string_view(name).substr(0, name.size() - 10);
      CHECK(all_alnum(chars));
      if (scheme == NameScheme::kSequential) {
        CHECK(name.substr(0, 10) == hex);
      } else {
        CHECK(name.substr(name.size() - 10) == hex);
      }
      lengths.insert(chars.size());
    }
    CHECK(lengths.size() == kMaxRandomNameChars + 1);  // every length 0..12 occurs in 1024 names
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
  }
}

TEST_CASE("file names: the same seed gives the same names, another seed others") {
  Rng a(5), b(5), c(6);
  const auto first = make_file_names(NameScheme::kRandom, 1024, 4, a);
  CHECK(first == make_file_names(NameScheme::kRandom, 1024, 4, b));
  CHECK(first != make_file_names(NameScheme::kRandom, 1024, 4, c));
}

TEST_CASE("file names: files spread evenly over directories, the first ones taking the remainder") {
  auto counts = [](std::uint64_t count, std::uint32_t dirs) {
    std::vector<std::uint64_t> per_dir(dirs, 0);
    std::uint32_t previous = 0;
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint32_t d = directory_of_file(i, count, dirs);
      REQUIRE(d < dirs);
      REQUIRE(d >= previous);  // index order fills directories one after another
      previous = d;
      ++per_dir[d];
    }
    return per_dir;
  };
  CHECK(counts(10, 4) == std::vector<std::uint64_t>{3, 3, 2, 2});
  CHECK(counts(1024, 3) == std::vector<std::uint64_t>{342, 341, 341});
  CHECK(counts(1024, 1) == std::vector<std::uint64_t>{1024});
  CHECK(counts(1024, 4) == std::vector<std::uint64_t>{256, 256, 256, 256});
  CHECK(counts(3, 5) == std::vector<std::uint64_t>{1, 1, 1, 0, 0});

  Rng rng(1);
  const auto names = make_file_names(NameScheme::kSequential, 10, 4, rng);
  CHECK(names[0].substr(0, 16) == "00000/0000000000");
  CHECK(names[3].substr(0, 16) == "00001/0000000003");
  CHECK(names[9].substr(0, 16) == "00003/0000000009");
}

TEST_CASE("file names: sizes are drawn in [min, max]") {
  Rng rng(3);
  FileSpec spec;
  spec.min_size_bytes = 10;
  spec.max_size_bytes = 12;
  std::map<std::uint64_t, int> seen;
  for (int i = 0; i < 300; ++i) ++seen[draw_file_size(spec, rng)];
  CHECK(seen.size() == 3);
  CHECK(seen.begin()->first == 10);
  CHECK(seen.rbegin()->first == 12);

  spec.min_size_bytes = spec.max_size_bytes = 4096;
  CHECK(draw_file_size(spec, rng) == 4096);
  spec.min_size_bytes = spec.max_size_bytes = 0;
  CHECK(draw_file_size(spec, rng) == 0);
  spec.content = FileContent::kHardLink;
  CHECK(draw_file_size(spec, rng) == 0);
}

TEST_CASE("file names: a size range as wide as 64 bits is drawn from, not divided by zero") {
  // -n 1:18446744073709551615: max - min + 1 wraps to 0, which once reached rng.below() and died of SIGFPE.
  Rng rng(3);
  FileSpec spec;
  spec.max_size_bytes = UINT64_MAX;
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 100; ++i) seen.insert(draw_file_size(spec, rng));
  CHECK(seen.size() > 90);  // drawn over the whole range: 64-bit values hardly repeat
  spec.min_size_bytes = UINT64_MAX - 1;
  for (int i = 0; i < 20; ++i) CHECK(draw_file_size(spec, rng) >= UINT64_MAX - 1);
}

TEST_CASE("file names: a shuffle is a permutation, reproducible from its seed") {
  std::vector<int> identity(1000);
  std::iota(identity.begin(), identity.end(), 0);
  auto shuffled = [&](std::uint64_t seed) {
    std::vector<int> items = identity;
    Rng rng(seed);
    shuffle_in_place(std::span(items), rng);
    return items;
  };
  const auto first = shuffled(1);
  CHECK(first != identity);
  CHECK(std::is_permutation(first.begin(), first.end(), identity.begin()));
  CHECK(first == shuffled(1));
  CHECK(first != shuffled(2));
  std::vector<int> empty;
  Rng rng(1);
  shuffle_in_place(std::span(empty), rng);  // no draw, no crash
  CHECK(empty.empty());
}

}  // namespace bench
