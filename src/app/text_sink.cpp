#include "app/text_sink.h"

#include <cerrno>
#include <system_error>
#include <utility>

#include "platform/posix_file.h"

namespace bench {

TextSink::TextSink(std::FILE* stream, std::string name, bool owns)
    : stream_(stream), name_(std::move(name)), owns_(owns) {}

TextSink::TextSink(const std::string& destination)
    : stream_(destination == "-" ? stdout : std::fopen(destination.c_str(), "w")),
      name_(destination == "-" ? "standard output" : destination),
      owns_(destination != "-") {
  if (stream_ == nullptr) throw_errno("create", destination);
}

TextSink TextSink::standard_error() { return TextSink(stderr, "standard error", false); }

TextSink::TextSink(TextSink&& other) noexcept
    : stream_(std::exchange(other.stream_, nullptr)), name_(std::move(other.name_)), owns_(other.owns_) {}

TextSink::~TextSink() {
  if (owns_ && stream_ != nullptr) std::fclose(stream_);
}

void TextSink::write(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size() || std::fflush(stream_) != 0) {
    const int error = errno;
    std::clearerr(stream_);
    throw_errno(error, "write", name_);
  }
}

void write_standard_output(std::string_view text) { TextSink("-").write(text); }

}  // namespace bench
