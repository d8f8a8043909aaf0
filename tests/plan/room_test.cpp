// The room a run needs against what is free (plan/room.h: check_room, Room's totals), on rooms made by hand: no
// disk.
#include "plan/room.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

FilesystemRoom filesystem(const std::string& directory, std::uint64_t bytes, std::uint64_t free_bytes,
                          std::uint64_t inodes = 1, std::uint64_t free_inodes = 1000) {
  return FilesystemRoom{directory, bytes, inodes, free_bytes, free_inodes};
}

// check_room's refusal of `room`, or "(fits)".
std::string refusal(const Room& room) {
  return test::error_of<std::runtime_error>([&] { check_room(room); }, "(fits)");
}

}  // namespace

TEST_CASE("room: a run fits when every filesystem has the bytes and inodes it needs, to the byte") {
  Room room;
  room.filesystems = {filesystem("/a", 20 * kMiB, 20 * kMiB, 10, 10), filesystem("/b", 0, 0, 0, 0)};
  CHECK(refusal(room) == "(fits)");
  room.filesystems[0].free_bytes = 20 * kMiB - 1;
  CHECK(refusal(room) == "not enough free space in /a: the run's files need 20.0 MiB, 19.9 MiB are free");
}

TEST_CASE("room: the first filesystem short of room is named, the need rounded up and what is free down") {
  Room room;
  room.filesystems = {filesystem("/fits", kMiB, 2 * kMiB),
                      filesystem("/short", 20 * kMiB + kMiB / 10 + 1, 20 * kMiB),
                      filesystem("/also-short", 5 * kMiB, kMiB)};
  CHECK(refusal(room) == "not enough free space in /short: the run's files need 20.2 MiB, 20.0 MiB are free");
  room.filesystems[1].bytes = (std::uint64_t{3} << 30) + 1;
  room.filesystems[1].free_bytes = (std::uint64_t{3} << 30) - 1;
  CHECK(refusal(room) == "not enough free space in /short: the run's files need 3.1 GiB, 2.9 GiB are free");
}

TEST_CASE("room: inodes are checked where the filesystem has a limit, not where it reports none") {
  Room room;
  room.filesystems = {filesystem("/ext4", kMiB, 2 * kMiB, 1001, 1000)};
  CHECK(refusal(room) == "not enough free inodes in /ext4: the run's files need 1001, 1000 are free");
  room.filesystems[0].free_inodes = 0;  // btrfs: no inode limit
  CHECK(refusal(room) == "(fits)");
  // Bytes are checked before inodes.
  room.filesystems[0] = filesystem("/both", 3 * kMiB, 2 * kMiB, 5, 4);
  CHECK(test::contains(refusal(room), "not enough free space in /both"));
}

TEST_CASE("room: the totals add every filesystem's, and saturate rather than wrap") {
  Room room;
  CHECK(room.bytes() == 0);
  CHECK(room.inodes() == 0);
  room.filesystems = {filesystem("/a", 3 * kMiB, 0, 7, 0), filesystem("/b", kMiB, 0, 2, 0)};
  CHECK(room.bytes() == 4 * kMiB);
  CHECK(room.inodes() == 9);
  room.filesystems.push_back(filesystem("/c", UINT64_MAX, 0, UINT64_MAX, 0));
  CHECK(room.bytes() == UINT64_MAX);
  CHECK(room.inodes() == UINT64_MAX);
}

}  // namespace bench
