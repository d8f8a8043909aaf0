#include "cli/size_spec.h"

#include "cli/value_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "result/errors.h"
#include "result/size_arithmetic.h"
#include "text/split.h"

namespace bench {
namespace {

constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();

using cli_value::fail;  // cli/value_error.h: the public functions turn a ValueError into a UsageError
using cli_value::times;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }


struct LeadingNumber {
  std::uint64_t value = 0;
  std::string_view rest;  // what follows the digits
};

// The decimal digits at the start of `text`; the rest is left to the caller.
LeadingNumber leading_number(std::string_view text) {
  if (text.empty()) fail("empty value");
  if (text.front() == '-') fail("must not be negative");
  std::uint64_t value = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    if (value > (kMaxU64 - digit) / 10) fail("too large");
    value = value * 10 + digit;
  }
  if (i == 0) fail("not a number");
  if (i < text.size() && (text[i] == '.' || text[i] == ',')) fail("must be a whole number");
  return {value, text.substr(i)};
}

std::uint64_t size_of(std::string_view text, SizeUnit default_unit) {
  const auto [value, rest] = leading_number(text);
  if (rest.empty()) return times(value, static_cast<std::uint64_t>(default_unit));
  if (rest.size() == 1) {
    switch (lower(rest.front())) {
      case 'k': return times(value, std::uint64_t{1} << 10);
      case 'm': return times(value, std::uint64_t{1} << 20);
      case 'g': return times(value, std::uint64_t{1} << 30);
      case 't': return times(value, std::uint64_t{1} << 40);
      default: break;
    }
  }
  fail(fmt::format("unknown size suffix '{}' (use k, m, g or t)", rest));
}

std::uint64_t count_of(std::string_view text, char kilo_suffix) {
  const auto [value, rest] = leading_number(text);
  if (rest.empty()) return value;
  if (kilo_suffix != '\0' && rest.size() == 1 && lower(rest.front()) == lower(kilo_suffix)) {
    return times(value, 1024);
  }
  if (kilo_suffix != '\0') fail(fmt::format("unknown suffix '{}' (only '{}' is allowed)", rest, kilo_suffix));
  fail(fmt::format("unexpected '{}' after the number", rest));
}

// Runs `parse` and prefixes any problem with the field's name, e.g. "chunk: unknown size suffix 'x'"; an
// empty name (the first field of a value that has only one) adds nothing.
template <class Parse>
auto in_field(std::string_view field, Parse&& parse) {
  try {
    return parse();
  } catch (const ValueError& e) {
    if (field.empty()) throw;
    fail(fmt::format("{}: {}", field, e.what()));
  }
}

// The name of the first field of a compound value, or "" when the value is that field alone.
std::string_view first_field_name(const std::vector<std::string_view>& fields, std::string_view name) {
  return fields.size() > 1 ? name : std::string_view();
}

// Runs `parse` and turns a ValueError into the one-line UsageError naming the option and the value.
template <class Parse>
auto with_context(std::string_view option, std::string_view text, Parse&& parse) {
  try {
    return parse();
  } catch (const ValueError& e) {
    throw UsageError(fmt::format("invalid {} value '{}': {}", option, text, e.what()));
  }
}

std::uint64_t check_range(std::string_view field, std::uint64_t value, std::uint64_t low, std::uint64_t high) {
  if (value < low || value > high) fail(fmt::format("{} must be from {} to {}, not {}", field, low, high, value));
  return value;
}

std::uint32_t chunk_of(std::string_view text) {
  const std::uint64_t bytes = in_field("chunk", [&] { return size_of(text, SizeUnit::kBytes); });
  const bool power_of_two = bytes != 0 && (bytes & (bytes - 1)) == 0;
  if (!power_of_two || bytes < kMinChunkBytes || bytes > kMaxChunkBytes) {
    fail(fmt::format("chunk must be a power of two from {} to {} bytes, not {}", kMinChunkBytes, kMaxChunkBytes,
                     bytes));
  }
  return static_cast<std::uint32_t>(bytes);
}

// Splits "a:b:c" at its colons; more than `max_fields` fields is an error.
std::vector<std::string_view> split_fields(std::string_view text, std::size_t max_fields, std::string_view grammar) {
  std::vector<std::string_view> fields = split(text, ':');
  if (fields.size() > max_fields) fail(fmt::format("too many fields (expected {})", grammar));
  return fields;
}

std::optional<IoSpec> io_spec_of(std::string_view text) {
  const auto fields = split_fields(text, 4, "size[:chunk[:seeks[:seekers]]]");
  IoSpec spec;
  const std::uint64_t size =
      in_field(first_field_name(fields, "size"), [&] { return size_of(fields[0], SizeUnit::kMiB); });
  if (fields.size() > 1) spec.chunk_bytes = chunk_of(fields[1]);
  if (fields.size() > 2) {
    const auto seeks = in_field("seeks", [&] { return count_of(fields[2], 'k'); });
    spec.seeks = static_cast<std::uint32_t>(check_range("seeks", seeks, 1, kMaxU32));
  }
  if (fields.size() > 3) {
    const auto seekers = in_field("seekers", [&] { return count_of(fields[3], '\0'); });
    spec.seekers = static_cast<std::uint32_t>(check_range("seekers", seekers, 1, kMaxSeekers));
  }
  if (size == 0) return std::nullopt;
  if (size < spec.chunk_bytes) {
    fail(fmt::format("size {} bytes is smaller than one chunk ({} bytes)", size, spec.chunk_bytes));
  }
  spec.file_size_bytes = size;
  spec.per_char_bytes = std::min(spec.per_char_bytes, size);
  return spec;
}

// -n max: a size in bytes, or -1 (hard links) / -2 (symbolic links).
void apply_file_max(std::string_view text, FileSpec& spec) {
  if (text == "-1") {
    spec.content = FileContent::kHardLink;
  } else if (text == "-2") {
    spec.content = FileContent::kSymLink;
  } else if (!text.empty() && text.front() == '-') {
    fail("max: negative values other than -1 (hard links) and -2 (symbolic links) are not allowed");
  } else {
    spec.max_size_bytes = in_field("max", [&] { return size_of(text, SizeUnit::kBytes); });
  }
}

std::optional<FileSpec> file_spec_of(std::string_view text) {
  const auto fields = split_fields(text, 5, "num[:max[:min[:dirs[:chunk]]]]");
  FileSpec spec;
  const std::uint64_t count_k = in_field(first_field_name(fields, "num"), [&] { return count_of(fields[0], 'm'); });
  if (count_k > kMaxFileCountK) {
    fail(fmt::format("{} x 1024 files is too many to track (at most {} x 1024)", count_k, kMaxFileCountK));
  }
  spec.count_k = static_cast<std::uint32_t>(count_k);
  if (fields.size() > 1) apply_file_max(fields[1], spec);
  if (fields.size() > 2) {
    spec.min_size_bytes = in_field("min", [&] { return size_of(fields[2], SizeUnit::kBytes); });
    if (spec.content != FileContent::kData && spec.min_size_bytes != 0) {
      fail("min must be absent or 0 when max is -1 or -2 (links)");
    }
    if (spec.content == FileContent::kData && spec.min_size_bytes > spec.max_size_bytes) {
      fail(fmt::format("min {} is larger than max {}", spec.min_size_bytes, spec.max_size_bytes));
    }
  }
  if (fields.size() > 3) {
    const auto dirs = in_field("dirs", [&] { return count_of(fields[3], 'k'); });
    spec.dirs = static_cast<std::uint32_t>(check_range("dirs", dirs, 1, kMaxFileDirs));
  }
  if (fields.size() > 4) spec.chunk_bytes = chunk_of(fields[4]);
  if (count_k == 0) return std::nullopt;
  return spec;
}

SyncTestSpec sync_spec_of(std::string_view text) {
  const auto fields = split_fields(text, 2, "total[:write]");
  SyncTestSpec spec;
  spec.total_bytes = in_field(first_field_name(fields, "total"), [&] { return size_of(fields[0], SizeUnit::kBytes); });
  if (fields.size() > 1) {
    const auto write = in_field("write", [&] { return size_of(fields[1], SizeUnit::kBytes); });
    spec.write_bytes = static_cast<std::uint32_t>(check_range("write", write, 1, kMaxSyncWriteBytes));
  }
  if (spec.total_bytes < spec.write_bytes) {
    fail(fmt::format("total {} bytes is less than one write ({} bytes)", spec.total_bytes, spec.write_bytes));
  }
  return spec;
}

}  // namespace

std::uint64_t parse_size(std::string_view text, SizeUnit default_unit, std::string_view option) {
  return with_context(option, text, [&] { return size_of(text, default_unit); });
}

std::uint64_t parse_count(std::string_view text, std::string_view option, char kilo_suffix) {
  return with_context(option, text, [&] { return count_of(text, kilo_suffix); });
}

std::optional<IoSpec> parse_io_spec(std::string_view text) {
  return with_context("-s", text, [&] { return io_spec_of(text); });
}

std::optional<FileSpec> parse_file_spec(std::string_view text) {
  return with_context("-n", text, [&] { return file_spec_of(text); });
}

SyncTestSpec parse_sync_spec(std::string_view text) {
  return with_context("--sync-size", text, [&] { return sync_spec_of(text); });
}

}  // namespace bench
