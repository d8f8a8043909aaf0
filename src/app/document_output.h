#pragma once
// Where a machine-readable output goes (--csv FILE, --json FILE; "-" is standard output), written so that a run
// never destroys results it has nothing better for. The writer hands over the whole document each time it
// grows (update()); what reaches the destination depends on what the destination is:
// - A regular file, or a path where nothing is yet: each document is written under a temporary name in the
//   same directory (".NAME.bench++-PID-N") and renamed over the path, which is atomic. So the path keeps what
//   it held until the first update() (a run refused or failed before it has a result leaves a user's earlier
//   file byte for byte) and afterwards always holds one complete document, even when bench++ is killed while
//   it writes. The first temporary is made at construction, so a directory that takes no file fails before
//   the run starts. A symbolic link is followed: the file it names is replaced, keeping its permission bits (an
//   output the user names); with Links::kRefuse (a file bench++ names itself: fio's logs) it is refused instead.
//   Not fsync'ed (a result file is not worth a device flush in the middle of a benchmark): atomic against a
//   killed process, not against a power cut. A SIGKILL while a document is written leaves that temporary.
// - Anything else (standard output, a pipe, a terminal, a device): a stream, which cannot be replaced. With
//   Growth::kAppends (report/result_writer.h: each document extends the last, as the spreadsheet CSV's rows) it gets
//   each document's new part as it comes; with Growth::kReplaces (JSON) only the last document, at finish().
// Errors are std::system_error naming the destination as given: "cannot write out.json: No space left ...".
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "app/text_sink.h"
#include "report/result_writer.h"
#include "platform/posix_file.h"

namespace bench {

// Whether a symbolic link at the destination is followed (the man page's rule for the outputs the user names) or
// refused (the files bench++ names itself).
enum class Links { kFollow, kRefuse };

class DocumentOutput {
 public:
  // Throws std::system_error ("cannot create <destination>") when nothing can be written there.
  DocumentOutput(const std::string& destination, Growth growth, Links links = Links::kFollow);
  ~DocumentOutput();  // removes a temporary not renamed; never throws
  DocumentOutput(const DocumentOutput&) = delete;
  DocumentOutput& operator=(const DocumentOutput&) = delete;

  // The whole document so far. REQUIRES with kAppends: it starts with the previous one.
  void update(std::string_view document);
  // The end of the run: a kReplaces stream gets the last document. Nothing else to do for files.
  void finish();

 private:
  void open_temporary();
  void remove_temporary() noexcept;

  std::string destination_;  // as the user gave it, for messages
  Growth growth_;
  // A file replaced whole: its path (a symbolic link's target) and the temporary the next document goes to.
  std::optional<std::filesystem::path> file_;
  std::filesystem::path temporary_;
  UniqueFd temporary_fd_;
  std::optional<mode_t> mode_;  // the permission bits of the file replaced
  // A stream: the sink, how much of the documents it has had (kAppends), the last document (kReplaces).
  std::optional<TextSink> stream_;
  std::size_t streamed_bytes_ = 0;
  std::string last_document_;
};

}  // namespace bench
