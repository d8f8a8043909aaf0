// Which engine a workload runs on: the one its fio engine names, at what depth, and what the note says when it
// is not what was asked (io_uring refused) or the depth has no effect (fio's synchronous engines).
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "phases/workload/engine_choice.h"
#include "result/result_keywords.h"
#include "test_support.h"

namespace bench {
namespace {

WorkloadSpec spec_named(const std::string& fio_engine, std::uint32_t iodepth) {
  WorkloadSpec spec;
  spec.fio_engine = fio_engine;
  spec.engine = engine_for_fio_name(fio_engine).value();
  spec.iodepth = iodepth;
  return spec;
}

}  // namespace

TEST_CASE("engine choice: each of fio's engines runs on the engine of its name") {
  for (const std::string name : {"io_uring", "libaio", "posixaio", "psync", "sync", "vsync", "pvsync", "pvsync2",
                                 "mmap", "falloc"}) {
    for (const std::uint32_t depth : {1u, 32u}) {
      INFO(name << " iodepth " << depth);
      const EngineChoice choice = choose_engine(spec_named(name, depth), std::nullopt);
      CHECK(keyword(choice.engine) == name);
      const bool asynchronous = name == "io_uring" || name == "libaio" || name == "posixaio";
      CHECK(choice.depth == (asynchronous ? depth : 1));
      if (asynchronous || depth == 1) {
        CHECK(choice.note == "");
      } else {
        CHECK(choice.note == name + " is synchronous: one request at a time as in fio (iodepth=32 has no effect)");
      }
    }
  }
  CHECK(WorkloadSpec{}.engine == EngineKind::kPsync);  // fio's default engine
  CHECK(WorkloadSpec{}.fio_engine == "psync");
}

TEST_CASE("engine choice: io_uring refused runs on psync at QD1 and psync_threads above, and says so") {
  const std::optional<std::string> refusal = "io_uring_setup: Operation not permitted (seccomp)";
  const EngineChoice qd1 = choose_engine(spec_named("io_uring", 1), refusal);
  CHECK(qd1.engine == EngineKind::kPsync);
  CHECK(qd1.depth == 1);
  CHECK(qd1.note == "io_uring is unavailable (io_uring_setup: Operation not permitted (seccomp)): psync makes its "
                    "requests");
  const EngineChoice qd32 = choose_engine(spec_named("io_uring", 32), refusal);
  CHECK(qd32.engine == EngineKind::kPsyncThreads);
  CHECK(qd32.depth == 32);
  CHECK(test::contains(qd32.note, "io_uring is unavailable (io_uring_setup: Operation not permitted (seccomp)): "
                                  "psync_threads keeps iodepth=32 requests in flight with as many threads"));
  // The other engines do not need io_uring: its refusal changes nothing for them.
  for (const std::string name : {"libaio", "posixaio", "psync", "mmap"}) {
    INFO(name);
    const EngineChoice choice = choose_engine(spec_named(name, 1), refusal);
    CHECK(keyword(choice.engine) == name);
    CHECK(choice.note == "");
  }
}

}  // namespace bench

namespace bench {

TEST_CASE("engine choice: io_submit_mode=offload puts psync's requests on iodepth threads, as fio's workers") {
  WorkloadSpec psync = spec_named("psync", 8);
  psync.submit_offload = true;
  const EngineChoice threads = choose_engine(psync, std::nullopt);
  CHECK(threads.engine == EngineKind::kPsyncThreads);
  CHECK(threads.depth == 8);
  CHECK(threads.note == "io_submit_mode=offload: psync's requests from iodepth=8 threads, as fio's submission workers "
                        "make them");
  psync.iodepth = 1;  // one worker: psync itself
  CHECK(choose_engine(psync, std::nullopt).engine == EngineKind::kPsync);
  for (const std::string name : {"libaio", "posixaio"}) {
    INFO(name);
    WorkloadSpec queued = spec_named(name, 32);
    queued.submit_offload = true;
    const EngineChoice choice = choose_engine(queued, std::nullopt);
    CHECK(keyword(choice.engine) == name);
    CHECK(choice.depth == 32);
    CHECK(test::contains(choice.note, "io_submit_mode=offload: the job's thread submits " + name));
  }
}

}  // namespace bench

namespace bench {

TEST_CASE("engine choice: null keeps one batch in flight, as fio's null refuses more until it is reaped") {
  const EngineChoice one = choose_engine(spec_named("null", 1), std::nullopt);
  CHECK(one.engine == EngineKind::kNull);
  CHECK(one.depth == 1);
  CHECK(one.note == "");
  const EngineChoice deep = choose_engine(spec_named("null", 32), std::nullopt);
  CHECK(deep.depth == 1);  // fio's default iodepth_batch_submit=1: fio's null runs at depth 1 (its iodepth_level)
  CHECK(deep.note == "null completes each batch before the next, as fio's: iodepth_batch_submit=1 requests in flight "
                     "(iodepth=32 has no more effect)");
  WorkloadSpec batched = spec_named("null", 32);
  batched.batch_submit = 8;
  CHECK(choose_engine(batched, std::nullopt).depth == 8);
  batched.batch_submit = 0;  // fio's 0: the depth
  const EngineChoice whole = choose_engine(batched, std::nullopt);
  CHECK(whole.depth == 32);
  CHECK(whole.note == "");
  WorkloadSpec offloaded = spec_named("null", 16);
  offloaded.submit_offload = true;  // fio's workers queue on null one at a time too: it still takes one batch
  CHECK(choose_engine(offloaded, std::nullopt).depth == 1);
}

}  // namespace bench
