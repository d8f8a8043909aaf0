// The never-destroy rules (phases/workload/target_rules.h), each alone: a refusal or none. Pure (the paths here are
// absolute, so the current directory plays no part).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "phases/workload/target_rules.h"
#include "test_support.h"

namespace bench {
namespace {

WorkloadSpec writer() {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = IoPattern::kWrite;
  spec.block_bytes = 4096;
  return spec;
}

TEST_CASE("target rules: an entry name is one name: not empty, '.', '..', with a '/' or too long") {
  CHECK_FALSE(entry_name_refusal("w.0.0", "name").has_value());
  for (const std::string& bad : std::vector<std::string>{"", ".", "..", "a/b", std::string(256, 'n')}) {
    CAPTURE(bad);
    CHECK(entry_name_refusal(bad, "name").has_value());
  }
  CHECK(entry_name_refusal("a/b", "filename").value_or("").starts_with("filename 'a/b' holds a '/'"));
}

TEST_CASE("target rules: bench++ creates only inside the workload's directory") {
  CHECK_FALSE(created_path_refusal("/d/run/new", "/d/run").has_value());
  CHECK_FALSE(created_path_refusal("/d/run/sub/../new", "/d/run").has_value());
  CHECK(test::contains(created_path_refusal("/d/run/../outside", "/d/run").value_or(""), "only inside"));
  CHECK(created_path_refusal("/elsewhere/new", "/d/run").has_value());
  CHECK(created_path_refusal("/d/run", "/d/run").has_value());
}

TEST_CASE("target rules: a user's file is only read, unless --allow-overwrite names it") {
  WorkloadSpec spec = writer();
  CHECK(test::contains(existing_target_refusal(spec, "/d/f", false).value_or(""), "--allow-overwrite=/d/f"));
  spec.overwrite_allowed = true;
  CHECK_FALSE(existing_target_refusal(spec, "/d/f", false).has_value());
  spec.pattern = IoPattern::kRead;
  spec.overwrite_allowed = false;
  CHECK_FALSE(existing_target_refusal(spec, "/d/f", true).has_value());
}

TEST_CASE("target rules: an existing file's region is never extended") {
  WorkloadSpec spec = writer();
  CHECK(existing_region(spec, 0, 8192, "/d/f", 0).bytes == 8192);       // no size=: to the end
  CHECK(existing_region(spec, 4096, 8192, "/d/f", 4096).bytes == 4096);
  CHECK(test::contains(existing_region(spec, 0, 8192, "/d/f", 16384).refusal.value_or(""), "does not extend"));
  CHECK(test::contains(existing_region(spec, 12288, 8192, "/d/f", 0).refusal.value_or(""), "beyond the end"));
  spec.size_percent = 50;
  CHECK(existing_region(spec, 0, 3 * 4096, "/d/f", 0).bytes == 4096);  // half, in whole blocks
}

TEST_CASE("target rules: file_append=1 extends a file in place under fio's rules for a job that does not read") {
  WorkloadSpec spec = writer();
  spec.file_append = true;
  // bench++'s rules extend no file they did not create
  CHECK(test::contains(existing_region(spec, 8192, 8192, "/d/f", 4096).refusal.value_or(""), "does not extend"));
  const ExistingRegion extended = existing_region(spec, 8192, 8192, "/d/f", 4096, FileRules::kFio);
  CHECK(extended.bytes == 4096);
  CHECK(extended.extends);
  CHECK_FALSE(extended.lays_out_again);
  CHECK(existing_region(spec, 8192, 8192, "/d/f", 0, FileRules::kFio).bytes == 8192);  // no size=: the file's size
  spec.pattern = IoPattern::kRandRw;  // one that reads: laid out anew, as fio's extend_file
  const ExistingRegion laid_out = existing_region(spec, 8192, 8192, "/d/f", 4096, FileRules::kFio);
  CHECK(laid_out.lays_out_again);
  CHECK_FALSE(laid_out.extends);
  spec.pattern = IoPattern::kWrite;
  CHECK(test::contains(existing_region(spec, 8192, 8192, "/dev/sdz", 4096, FileRules::kFio, true).refusal.value_or(""),
                       "does not extend"));  // a device is not extended
}

TEST_CASE("target rules: under MPI, a shared file only when it exists and is only read") {
  WorkloadSpec spec = writer();
  CHECK(test::contains(shared_rank_file_refusal(spec, "/d/f", true).value_or(""), "every MPI rank would write"));
  spec.pattern = IoPattern::kRead;
  CHECK_FALSE(shared_rank_file_refusal(spec, "/d/f", true).has_value());
  CHECK(test::contains(shared_rank_file_refusal(spec, "/d/f", false).value_or(""), "would create"));
}

}  // namespace
}  // namespace bench

namespace bench {
namespace {

TEST_CASE("target rules, fio's: an existing file is written as given, but a mounted device without "
          "allow_mounted_write=1") {
  WorkloadSpec spec = writer();
  CHECK_FALSE(existing_target_refusal(spec, "/d/theirs", false, false, FileRules::kFio).has_value());
  CHECK_FALSE(existing_target_refusal(spec, "/dev/sdz", true, false, FileRules::kFio).has_value());
  CHECK(existing_target_refusal(spec, "/dev/sdz", true, true, FileRules::kFio).value_or("") ==
        "'/dev/sdz' appears mounted, and allow_mounted_write=1 is not set: fio refuses to write it");
  spec.allow_mounted_write = true;
  CHECK_FALSE(existing_target_refusal(spec, "/dev/sdz", true, true, FileRules::kFio).has_value());
  WorkloadSpec reader = writer();
  reader.pattern = IoPattern::kRead;
  CHECK_FALSE(existing_target_refusal(reader, "/dev/sdz", true, true, FileRules::kFio).has_value());
  WorkloadSpec looping = writer();
  looping.unlink_each_loop = true;
  looping.loops = 2;
  CHECK_FALSE(existing_target_refusal(looping, "/d/theirs", false, false, FileRules::kFio).has_value());
  CHECK(existing_target_refusal(looping, "/d/theirs", false, false, FileRules::kBench).has_value());
}

TEST_CASE("target rules, fio's: a regular file too small is laid out anew, a device too small is refused") {
  const WorkloadSpec spec = writer();
  const ExistingRegion small = existing_region(spec, 0, 4096, "/d/f", 65536, FileRules::kFio, false);
  CHECK_FALSE(small.refusal.has_value());
  CHECK(small.lays_out_again);
  CHECK(small.bytes == 65536);
  const ExistingRegion large = existing_region(spec, 0, 1 << 20, "/d/f", 65536, FileRules::kFio, false);
  CHECK_FALSE(large.lays_out_again);
  CHECK(large.bytes == 65536);
  CHECK(existing_region(spec, 0, 4096, "/dev/sdz", 65536, FileRules::kFio, true).refusal.has_value());
  CHECK(existing_region(spec, 0, 4096, "/d/f", 65536, FileRules::kBench, false).refusal.has_value());
}

TEST_CASE("target rules, fio's: a new filename= may be made outside directory=") {
  CHECK_FALSE(created_path_refusal("/elsewhere/new", "/d/run", FileRules::kFio).has_value());
  CHECK(created_path_refusal(std::string(300, 'n'), "/d/run", FileRules::kFio).has_value());
}

}  // namespace
}  // namespace bench
