#include "phases/bonnie/file_names.h"

#include <fmt/format.h>

#include <array>

namespace bench {
namespace {

constexpr std::string_view kNameChars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

}  // namespace

std::string directory_name(std::uint32_t dir_index) { return fmt::format("{:05d}", dir_index); }

std::uint32_t directory_of_file(std::uint64_t index, std::uint64_t count, std::uint32_t dirs) {
  const std::uint64_t per_dir = count / dirs;
  const std::uint64_t bigger_dirs = count % dirs;  // the first ones, with per_dir + 1 files
  const std::uint64_t in_bigger_dirs = bigger_dirs * (per_dir + 1);
  if (index < in_bigger_dirs) return static_cast<std::uint32_t>(index / (per_dir + 1));
  // Here per_dir > 0: when per_dir == 0 every file is in a bigger directory.
  return static_cast<std::uint32_t>(bigger_dirs + (index - in_bigger_dirs) / per_dir);
}

std::string make_file_name(NameScheme scheme, std::uint64_t index, std::string_view random_chars) {
  return scheme == NameScheme::kSequential ? fmt::format("{:010x}{}", index, random_chars)
                                           : fmt::format("{}{:010x}", random_chars, index);
}

std::vector<std::string> make_file_names(NameScheme scheme, std::uint64_t count, std::uint32_t dirs, Rng& rng) {
  std::vector<std::string> names;
  names.reserve(count);
  std::array<char, kMaxRandomNameChars> chars{};
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto length = static_cast<std::size_t>(rng.below(kMaxRandomNameChars + 1));
    for (std::size_t c = 0; c < length; ++c) chars[c] = kNameChars[rng.below(kNameChars.size())];
    std::string name = make_file_name(scheme, i, std::string_view(chars.data(), length));
    if (dirs > 1) name = directory_name(directory_of_file(i, count, dirs)) + '/' + name;
    names.push_back(std::move(name));
  }
  return names;
}

std::uint64_t draw_file_size(const FileSpec& spec, Rng& rng) {
  if (spec.content != FileContent::kData || spec.max_size_bytes == 0) return 0;
  if (spec.min_size_bytes >= spec.max_size_bytes) return spec.max_size_bytes;
  // between(), not below(max - min + 1): that count wraps to 0 for the full 64-bit range.
  return rng.between(spec.min_size_bytes, spec.max_size_bytes);
}

}  // namespace bench
