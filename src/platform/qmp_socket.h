#pragma once
// A client's end of QEMU's QMP socket (a UNIX stream socket; QEMU's -qmp unix:PATH,server=on): lines of text out
// and in, each wait bounded, so that a QEMU that hangs cannot hang `bench++ host-view`. What the lines mean (JSON)
// is report/json/qmp_json.h's.
#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

#include "platform/posix_file.h"

namespace bench {

class QmpSocket {
 public:
  // Connects to `path`. Throws std::runtime_error "cannot reach QEMU's QMP socket PATH: <reason>" when it cannot
  // within `timeout` (no such socket, refused, no answer).
  QmpSocket(const std::filesystem::path& path, std::chrono::milliseconds timeout);

  // Sends `line` and a newline. Throws std::runtime_error naming the socket.
  void send_line(std::string_view line);
  // The next line QEMU sent, without its "\r\n" (or "\n"). Throws std::runtime_error naming the socket when QEMU
  // closed it or sent no whole line within the timeout.
  std::string read_line();

 private:
  void wait_for(short events, std::chrono::steady_clock::time_point deadline, std::string_view doing);

  std::filesystem::path path_;
  std::chrono::milliseconds timeout_;
  UniqueFd fd_;
  std::string buffer_;  // received, not yet returned
};

}  // namespace bench
