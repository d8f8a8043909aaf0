#include "engine/ftruncate_engine.h"

#include <unistd.h>

#include <cerrno>

#include "engine/inline_engine.h"
#include "platform/posix_file.h"

namespace bench {
namespace {

class TruncatePerformer final : public RequestPerformer {
 public:
  IoCompletion perform(const CheckedSetup& setup, const IoRequest& request) override {
    if (request.op != IoOp::kWrite) return {request.tag, -std::int64_t{EINVAL}};
    const int fd = setup.fds[request.file_index];
    const off_t size = static_cast<off_t>(request.offset);
    const int returned = retry_on_eintr([&] { return ::ftruncate(fd, size); });
    return {request.tag, returned < 0 ? -std::int64_t{errno} : std::int64_t{request.length}};
  }
};

}  // namespace

std::unique_ptr<IoEngine> make_ftruncate_engine(EngineKind kind, const EngineSetup& setup) {
  return std::make_unique<InlineEngine>(kind, check_engine_setup(setup), std::make_unique<TruncatePerformer>());
}

}  // namespace bench
