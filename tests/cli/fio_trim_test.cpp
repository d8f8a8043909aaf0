// fio's trim workloads as bench++ reads them: rw=trim, randtrim, trimwrite, randtrimwrite, the trims'
// block sizes (the third value of bs=, bsrange=, bssplit=), and what is refused with them.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "cli/fio_options.h"
#include "fio_workload_support.h"
#include "result/result_keywords.h"

namespace bench {

TEST_CASE("fio trims: rw= takes fio's four trim words, each its own pattern") {
  const std::vector<std::pair<std::string, IoPattern>> words = {{"trim", IoPattern::kTrim},
                                                                {"randtrim", IoPattern::kRandTrim},
                                                                {"trimwrite", IoPattern::kTrimWrite},
                                                                {"randtrimwrite", IoPattern::kRandTrimWrite}};
  for (const auto& item : words) {  // not a structured binding: clang 14 cannot capture one in CAPTURE's lambda
    const std::string& word = item.first;
    const IoPattern pattern = item.second;
    CAPTURE(word);
    const WorkloadSpec spec = test::workload_of({"--rw=" + word});
    CHECK(spec.pattern == pattern);
    CHECK(keyword(spec.pattern) == word);
    CHECK(trims_data(spec.pattern));
    CHECK_FALSE(reads_data(spec.pattern));
    CHECK(writes_data(spec.pattern) == (word.find("write") != std::string::npos));
    CHECK(is_random(spec.pattern) == word.starts_with("rand"));
    CHECK(test::workload_of({"--readwrite=" + word}).pattern == pattern);
  }
  for (const IoPattern other : {IoPattern::kRead, IoPattern::kRandWrite, IoPattern::kRandRw}) {
    CHECK_FALSE(trims_data(other));
  }
}

TEST_CASE("fio trims: the trims' request sizes are bs='s third value, else the writes', as fio") {
  const WorkloadSpec three = test::workload_of({"--rw=randtrim", "--bs=4k,8k,16k"});
  CHECK(three.block_sizes.direction[2].min() == 16384);
  CHECK(three.block_bytes == 16384);  // the largest request of any direction
  const WorkloadSpec two = test::workload_of({"--rw=trim", "--bs=4k,8k"});
  CHECK(two.block_sizes.direction[2].min() == 8192);
  const WorkloadSpec one = test::workload_of({"--rw=trim", "--bs=64k"});
  CHECK(one.block_sizes.direction[2].min() == 65536);
  CHECK_FALSE(one.block_sizes.varies());
  const WorkloadSpec range = test::workload_of({"--rw=randtrim", "--bsrange=4k-8k,4k-8k,16k-64k"});
  CHECK(range.block_sizes.direction[2].min() == 16384);
  CHECK(range.block_sizes.direction[2].max() == 65536);
  const WorkloadSpec range_one = test::workload_of({"--rw=randtrim", "--bsrange=4k-32k"});
  CHECK(range_one.block_sizes.direction[2].max() == 32768);
  const WorkloadSpec split = test::workload_of({"--rw=randtrim", "--bssplit=4k/50:8k/50,16k"});
  CHECK(split.block_sizes.direction[2].split == split.block_sizes.direction[1].split);  // two lists: the writes'
}

namespace {
// The UsageError check_workload throws for the workload of `words` (after `--name=x --size=1m`), with --readonly
// when `read_only`.
std::string refusal_of(std::vector<std::string> words, bool read_only = false) {
  return test::error_of<UsageError>([&] {
    WorkloadSpec spec = test::workload_of(std::move(words));
    spec.read_only = read_only;
    check_workload(spec);
  });
}
}  // namespace

TEST_CASE("fio trims: --readonly is refused with trims, naming why, and the rates run with them") {
  CHECK(refusal_of({"--rw=trim"}).empty());
  CHECK(refusal_of({"--rw=randtrim"}, true) ==
        "workload 'x': trims, and --readonly allows no trim (fio refuses it too)");
  CHECK(refusal_of({"--rw=trimwrite"}, true) ==
        "workload 'x': writes, and --readonly allows no write (fio refuses it too)");
  CHECK(refusal_of({"--rw=randtrim", "--rate=1m"}).empty());
  CHECK(refusal_of({"--rw=trim", "--rate_iops=,,200"}).empty());
  CHECK(refusal_of({"--rw=trimwrite", "--rate_iops_min=5"}).empty());
  CHECK(refusal_of({"--rw=randtrimwrite", "--rate=,1m,2m", "--rate_min=,,1k"}).empty());
  CHECK(test::contains(test::workload_error_of({"--rw=readtrim"}), "rw='readtrim'"));
}

}  // namespace bench
