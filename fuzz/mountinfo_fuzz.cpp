// libFuzzer target: the /proc/self/mountinfo parser (platform/system_info.h) on any text; it never throws.
#include "fuzz_input.h"
#include "platform/system_info.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = bench::fuzz::as_text(data, size);
  for (const char* path : {"/", "/tmp/bench", "/mnt/a b"}) (void)bench::find_mount(text, path);
  return 0;
}
