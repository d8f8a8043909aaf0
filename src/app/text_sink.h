#pragma once
// Where a text output goes: standard output ("-"), standard error, or a stream opened by name (a pipe, a
// terminal, a device: the result files are replaced whole instead, app/document_output.h). Every write is
// flushed and checked, so a full disk or a closed pipe becomes an exception naming the destination.
#include <cstdio>
#include <string>
#include <string_view>

namespace bench {

class TextSink {
 public:
  // "-" is standard output; anything else is a file created (or truncated) now, mode 0644.
  explicit TextSink(const std::string& destination);
  static TextSink standard_error();
  TextSink(TextSink&& other) noexcept;
  TextSink& operator=(TextSink&&) = delete;
  TextSink(const TextSink&) = delete;
  ~TextSink();

  void write(std::string_view text);

 private:
  TextSink(std::FILE* stream, std::string name, bool owns);
  std::FILE* stream_;
  std::string name_;
  bool owns_;
};

// Writes `text` to standard output now, flushed and checked (TextSink::write): for what a command only prints
// (--help, --version, --detect, a dry run), whose exit status must say when the text was lost (>/dev/full).
void write_standard_output(std::string_view text);

}  // namespace bench
