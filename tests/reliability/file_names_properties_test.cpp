// Properties of "one file by two names", walked over generated spellings in a real directory tree: every spelling
// of a file (relative or absolute, through '.', '..', doubled slashes, a linked directory, a link to a directory
// whose '..' is not its lexical parent, a symbolic or a hard link), there or not there yet, is found to be that file
// and no other (platform/file_identity.h); and a run's files collide exactly when an output and another file are
// one file, the first such pair named (app/output_files.h).
#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "app/output_files.h"
#include "platform/file_identity.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A tree with two files and two places where nothing is yet, each reachable by many spellings:
//   real/a (file), real/hard (a hard link to it), link_a -> real/a, real/sub/b (file), alias -> real,
//   deep -> real/sub (so deep/.. is real, not the tree's top).
struct NamedTree {
  test::TempDir top;
  static constexpr int kEntities = 4;  // 0: real/a, 1: real/sub/b, 2: real/new, 3: real/sub/new (not there)

  NamedTree() {
    fs::create_directories(top.path() / "real" / "sub");
    std::ofstream(top.path() / "real" / "a") << "a";
    std::ofstream(top.path() / "real" / "sub" / "b") << "b";
    fs::create_hard_link(top.path() / "real" / "a", top.path() / "real" / "hard");
    fs::create_symlink(top.path() / "real" / "a", top.path() / "link_a");
    fs::create_directory_symlink(top.path() / "real", top.path() / "alias");
    fs::create_directory_symlink(top.path() / "real" / "sub", top.path() / "deep");
  }

  // A random spelling of entity `entity`, relative to the tree's top.
  static std::string spelling(int entity, std::mt19937_64& random) {
    static const std::vector<std::string> kReal = {"real", "alias", "./real", "real/.", "real/sub/..", "deep/..",
                                                   "alias/./sub/..", "real//", "deep/../../alias"};
    static const std::vector<std::string> kSub = {"real/sub", "alias/sub", "deep", "deep/.", "real/sub/../sub",
                                                  "alias//sub", "deep/../sub"};
    const auto pick = [&](const std::vector<std::string>& from) { return from[random() % from.size()]; };
    switch (entity) {
      case 0: {
        const std::size_t way = random() % 4;
        if (way == 0) return "link_a";
        if (way == 1) return pick(kReal) + "/hard";
        return pick(kReal) + "/a";
      }
      case 1: return pick(kSub) + "/b";
      case 2: return pick(kReal) + "/new";
      default: return pick(kSub) + "/new";
    }
  }

  // The spelling as a path: absolute, or relative to the current directory (the tree's top while it is named).
  fs::path path(const std::string& spelling, bool absolute) const {
    return absolute ? top.path() / spelling : fs::path(spelling);
  }
};

// Runs `body` with the current directory at `directory`, and goes back.
template <typename Body>
void inside(const fs::path& directory, Body body) {
  const fs::path here = fs::current_path();
  fs::current_path(directory);
  body();
  fs::current_path(here);
}

}  // namespace

TEST_CASE("file name properties: every spelling of a file is that file and no other, there or not there yet") {
  const NamedTree tree;
  std::mt19937_64 random(2);
  std::size_t same = 0, different = 0;
  inside(tree.top.path(), [&] {
    for (int i = 0; i < 600; ++i) {
      const int first = static_cast<int>(random() % NamedTree::kEntities);
      const int second = random() % 2 == 0 ? first : static_cast<int>(random() % NamedTree::kEntities);
      const std::string a = NamedTree::spelling(first, random), b = NamedTree::spelling(second, random);
      const bool a_absolute = random() % 2 == 0, b_absolute = random() % 2 == 0;
      CAPTURE(a);
      CAPTURE(b);
      CHECK(same_file(identify_file(tree.path(a, a_absolute)), identify_file(tree.path(b, b_absolute))) ==
            (first == second));
      ++(first == second ? same : different);
    }
  });
  CHECK(same > 100);
  CHECK(different > 100);
}

TEST_CASE("file name properties: a run's files collide exactly when an output is one file with another") {
  const NamedTree tree;
  std::mt19937_64 random(3);
  std::size_t collisions = 0, clear = 0;
  inside(tree.top.path(), [&] {
    for (int i = 0; i < 300; ++i) {
      std::vector<RunFile> files;
      std::vector<int> entities;
      const std::size_t count = 2 + random() % 5;
      for (std::size_t f = 0; f < count; ++f) {
        const int entity = static_cast<int>(random() % NamedTree::kEntities);
        const std::string spelling = NamedTree::spelling(entity, random);
        const bool output = random() % 2 == 0;
        files.push_back({output ? "--json" : "the job file", spelling, output,
                         identify_file(tree.path(spelling, random() % 2 == 0))});
        entities.push_back(entity);
      }
      // The oracle: the first pair, later file by later file, of one entity with an output among the two.
      std::optional<std::pair<std::size_t, std::size_t>> expected;
      for (std::size_t later = 1; later < files.size() && !expected; ++later) {
        for (std::size_t earlier = 0; earlier < later && !expected; ++earlier) {
          if ((files[earlier].output || files[later].output) && entities[earlier] == entities[later]) {
            expected = std::pair(earlier, later);
          }
        }
      }
      std::string listed;
      for (const RunFile& file : files) listed += (file.output ? " out:" : " in:") + file.path;
      CAPTURE(listed);
      const auto found = first_collision(files);
      CHECK(found == expected);
      if (!found) {
        ++clear;
        continue;
      }
      ++collisions;
      const std::string message = collision_message(files[found->first], files[found->second]);
      CHECK(test::contains(message, files[found->first].path));
      CHECK(test::contains(message, files[found->second].path));
      CHECK(message.find('\n') == std::string::npos);
    }
  });
  CHECK(collisions > 50);
  CHECK(clear > 20);
}

}  // namespace bench
