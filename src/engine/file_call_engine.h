#pragma once
// filecreate, filestat and filedelete, as fio 3.33's engines of those names (engines/fileoperations.c: FIO_SYNCIO |
// FIO_FAKEIO | FIO_NOSTATS): the work is one call on each file by its path, made where fio's open_file makes it,
// as the file's first request goes (the file entering service: openfiles= and file_service_type= decide when,
// phases/workload/job_files.h), and no request moves data: each completes at once with the bytes it asked for.
//   filecreate: open(path, O_CREAT | O_RDWR, 0600) and close, the job's files neither made nor laid out before;
//   filestat:   stat(path), or lstat(path) or statx(-1, realpath(path), 0, STATX_ALL) as fio's stat_type= says
//               (EngineSetup::stat_call), on files made and laid out as for any engine;
//   filedelete: unlink(path), on files made and laid out as for any engine.
// The calls are platform/file_calls.h's, the ones bonnie++'s create, stat and delete tests time. The request that
// makes the call takes its time as its latency; the loop records it as fio's clat (report/fio/fio_jobs.h).
// A call that fails completes its request with -errno: the job's error, naming the file (fio's td_verror).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"
#include "platform/file_calls.h"

namespace bench {

class FileCallEngine final : public IoEngine {
 public:
  // `kind` is kFileCreate, kFileStat or kFileDelete (result/engine_kind.h calls_on_files); `setup.paths` names
  // every file of `setup.fds` (which are never used); filestat's call is `setup.stat_call`. Throws
  // std::invalid_argument for another kind or for paths not one per file, and as check_engine_setup_without_files
  // (engine/checked_setup.h).
  FileCallEngine(EngineKind kind, const EngineSetup& setup);

  EngineKind kind() const override { return kind_; }
  void submit(std::span<const IoRequest> requests) override;
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return held_.size(); }

  // The files the engine has called on so far, by IoRequest::file_index.
  std::size_t files_called() const { return called_count_; }

 private:
  int call(const std::string& path) const;  // 0 or -errno

  EngineKind kind_;
  StatCall stat_call_;
  CheckedSetup setup_;
  std::vector<std::string> paths_;
  std::vector<bool> called_;  // by file: its call made
  std::size_t called_count_ = 0;
  std::vector<IoCompletion> held_;  // completed in submit(), handed out by the next reap()
};

// engine/make_io_engine.cpp's maker for the three rows.
std::unique_ptr<IoEngine> make_file_call_engine(EngineKind kind, const EngineSetup& setup);

}  // namespace bench
