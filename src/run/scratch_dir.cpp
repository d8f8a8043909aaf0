#include "run/scratch_dir.h"

#include <stdlib.h>

#include <string>
#include <system_error>

#include "platform/posix_file.h"

namespace bench {

ScratchDir::ScratchDir(const std::filesystem::path& parent) {
  std::string pattern = (parent / "bench++.XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw_errno("create a directory in", parent);
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;  // a destructor must not throw; there is nothing better to do here
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace bench
