#include "platform/qmp_socket.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

QmpSocket::QmpSocket(const std::filesystem::path& path, std::chrono::milliseconds timeout)
    : path_(path), timeout_(timeout) {
  const auto fail = [&](const std::string& reason) {
    throw std::runtime_error(fmt::format("cannot reach QEMU's QMP socket {}: {}", path.string(), reason));
  };
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.native().size() >= sizeof(address.sun_path)) fail("its path is too long for a UNIX socket");
  std::memcpy(address.sun_path, path.c_str(), path.native().size());
  fd_ = UniqueFd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (!fd_.is_open()) fail(std::strerror(errno));
  if (::connect(fd_.get(), reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0) {
    if (errno != EINPROGRESS && errno != EAGAIN) fail(std::strerror(errno));
    pollfd one{fd_.get(), POLLOUT, 0};
    const int ready = ::poll(&one, 1, static_cast<int>(timeout.count()));
    if (ready == 0) fail(fmt::format("no connection within {} ms", timeout.count()));
    int error = 0;
    socklen_t size = sizeof(error);
    if (ready < 0 || ::getsockopt(fd_.get(), SOL_SOCKET, SO_ERROR, &error, &size) != 0) fail(std::strerror(errno));
    if (error != 0) fail(std::strerror(error));
  }
}

void QmpSocket::wait_for(short events, Clock::time_point deadline, std::string_view doing) {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      throw std::runtime_error(fmt::format("QEMU's QMP socket {}: no {} within {} ms", path_.string(), doing,
                                           timeout_.count()));
    }
    pollfd one{fd_.get(), events, 0};
    const int ready = ::poll(&one, 1, static_cast<int>(left.count()));
    if (ready > 0) return;
    if (ready < 0 && errno != EINTR) {
      throw std::runtime_error(fmt::format("QEMU's QMP socket {}: {}", path_.string(), std::strerror(errno)));
    }
  }
}

void QmpSocket::send_line(std::string_view line) {
  const std::string text = std::string(line) + "\n";
  const Clock::time_point deadline = Clock::now() + timeout_;
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(fd_.get(), text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      wait_for(POLLOUT, deadline, "room to send");
    } else {
      throw std::runtime_error(fmt::format("cannot send to QEMU's QMP socket {}: {}", path_.string(),
                                           std::strerror(errno)));
    }
  }
}

std::string QmpSocket::read_line() {
  const Clock::time_point deadline = Clock::now() + timeout_;
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    char chunk[65536];
    const ssize_t n = ::recv(fd_.get(), chunk, sizeof(chunk), 0);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0) {
      throw std::runtime_error(fmt::format("QEMU's QMP socket {} closed", path_.string()));
    } else if (errno == EAGAIN || errno == EINTR) {
      wait_for(POLLIN, deadline, "answer");
    } else {
      throw std::runtime_error(fmt::format("cannot read QEMU's QMP socket {}: {}", path_.string(),
                                           std::strerror(errno)));
    }
  }
}

}  // namespace bench
