#include "report/text/cleanup_line.h"

#include <fmt/format.h>

#include "result/size_text.h"

namespace bench {

std::optional<std::string> cleanup_line(const FilesToRemove& files) {
  if (files.bytes < kLongCleanupBytes) return std::nullopt;
  return fmt::format("Removing {} file{}, {}", files.files, files.files == 1 ? "" : "s",
                     size_in_tenths(files.bytes, SmallestUnit::kMiB, TenthRounding::kDown));
}

}  // namespace bench
