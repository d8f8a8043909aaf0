#pragma once
// bench++'s private directory: created inside the user's directory with a random name and mode 0700,
// removed with everything in it on destruction (success, error or interrupt). Nothing outside it is
// ever created or removed. Symbolic links inside are removed, never followed.
#include <filesystem>

namespace bench {

class ScratchDir {
 public:
  // Creates parent/bench++.XXXXXX. Throws std::system_error naming the parent when it cannot.
  explicit ScratchDir(const std::filesystem::path& parent);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace bench
