#include "platform/io_uring_ring.h"

#include <doctest/doctest.h>

#include <string>
#include <system_error>
#include <utility>

#include "engine/engine_test_support.h"

namespace bench {

TEST_CASE("platform: an io_uring ring has at least the asked depth in both queues and moves") {
  SKIP_UNLESS_IO_URING();
  IoUringRing ring(10);
  CHECK(ring.sq_entries() >= 10);
  CHECK(ring.cq_entries() >= 10);
  // One of the choices, newest first: all three flags (6.1+), COOP_TASKRUN alone (5.19), none.
  const std::uint32_t newest = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN;
  const std::uint32_t flags = ring.setup_flags();
  CHECK((flags == newest || flags == IORING_SETUP_COOP_TASKRUN || flags == 0));
  IoUringRing moved = std::move(ring);
  CHECK(moved.sq_entries() >= 10);
  CHECK(moved.get().ring_fd >= 0);
  IoUringRing other(1);
  other = std::move(moved);  // the first ring of `other` is exited, the moved one kept
  CHECK(other.get().ring_fd >= 0);
}

TEST_CASE("platform: a ring deeper than the kernel allows is a system_error naming the depth") {
  SKIP_UNLESS_IO_URING();
  try {
    IoUringRing ring(1u << 20);
    FAIL("a ring of depth 2^20 was created");
  } catch (const std::system_error& error) {
    CHECK(std::string(error.what()).find("cannot create io_uring ring of depth 1048576") == 0);
  }
}

}  // namespace bench
