#pragma once
// Where an output goes: standard output ("-"), standard error, or a file. Every write is flushed and
// checked, so a full disk or a closed pipe becomes an exception naming the destination.
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
  // Replaces everything written so far (files only; on a stream it just writes). Used for JSON, which
  // must stay one valid document after each test.
  void rewrite(std::string_view text);

 private:
  TextSink(std::FILE* stream, std::string name, bool owns);
  std::FILE* stream_;
  std::string name_;
  bool owns_;
};

}  // namespace bench
