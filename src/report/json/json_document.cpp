#include "report/json/json_document.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace bench {
namespace {

using nlohmann::json;

// 1-based line of the character before `end` (the last one read; the character at `end - 1` itself excluded,
// since it may be the look-ahead after a number).
std::size_t line_before(std::string_view text, std::size_t end) {
  const std::size_t last = std::min(text.size(), end == 0 ? 0 : end - 1);
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(last), '\n'));
}

// A char iterator that publishes how far the parser has read.
class TrackingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* at, const char** reached) : at_(at), reached_(reached) {}
  reference operator*() const { return *at_; }
  TrackingIterator& operator++() {
    ++at_;
    if (reached_ != nullptr) *reached_ = at_;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackingIterator& other) const { return at_ == other.at_; }

 private:
  const char* at_;
  const char** reached_;
};

// SAX handler base: knows how far the parser has read, fails on invalid JSON with the line, and on nesting
// deeper than kJsonMaxDepth.
class CheckedSax : public nlohmann::json_sax<json> {
 public:
  CheckedSax(std::string_view text, const std::string& source, const char* const* reached)
      : text_(text), source_(source), reached_(reached) {}

  bool parse_error(std::size_t position, const std::string&, const nlohmann::json::exception& e) override {
    std::string what = e.what();
    const std::size_t colon = what.find(": ", what.find("parse error"));
    what = colon == std::string::npos ? what : what.substr(colon + 2);
    if (what.size() > 200) what = what.substr(0, 200) + "...";
    throw std::runtime_error(fmt::format("{}:{}: invalid JSON: {}", source_, line_before(text_, position), what));
  }

 protected:
  // The line of the token just read.
  std::size_t line_now() const { return line_before(text_, static_cast<std::size_t>(*reached_ - text_.data())); }
  void check_depth(std::size_t depth) const {
    if (depth > kJsonMaxDepth) {
      throw std::runtime_error(
          fmt::format("{}:{}: JSON nested deeper than {} levels", source_, line_now(), kJsonMaxDepth));
    }
  }

 private:
  std::string_view text_;
  const std::string& source_;
  const char* const* reached_;
};

// Builds the document.
class DomBuilder : public CheckedSax {
 public:
  using CheckedSax::CheckedSax;
  json take() { return std::move(root_); }

  bool null() override { return add(nullptr); }
  bool boolean(bool v) override { return add(v); }
  bool number_integer(number_integer_t v) override { return add(v); }
  bool number_unsigned(number_unsigned_t v) override { return add(v); }
  bool number_float(number_float_t v, const string_t&) override { return add(v); }
  bool string(string_t& v) override { return add(std::move(v)); }
  bool binary(binary_t&) override { return false; }  // never produced by the JSON parser
  bool start_object(std::size_t) override { return open(json::object()); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool key(string_t& k) override {
    key_ = std::move(k);
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

 private:
  // Places a value in the innermost open container (or as the root); last_ points at it.
  bool add(json value) {
    if (open_.empty()) {
      root_ = std::move(value);
      last_ = &root_;
    } else if (json& parent = *open_.back(); parent.is_array()) {
      parent.push_back(std::move(value));
      last_ = &parent.back();
    } else {
      last_ = &(parent[key_] = std::move(value));  // a repeated key keeps the last value
    }
    return true;
  }
  bool open(json container) {
    check_depth(open_.size() + 1);
    add(std::move(container));
    open_.push_back(last_);  // stays valid: a container gets no siblings until it is closed
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  json root_;
  json* last_ = nullptr;
  std::vector<json*> open_;
  std::string key_;
};

// Finds the line where the value at a path ("runs[0].tests[2].bytes") starts; parsing stops there.
class LineFinder : public CheckedSax {
 public:
  LineFinder(std::string_view text, const std::string& source, const char* const* reached, std::string_view wanted)
      : CheckedSax(text, source, reached), wanted_(wanted) {}
  std::size_t line() const { return line_; }

  bool null() override { return start_value(); }
  bool boolean(bool) override { return start_value(); }
  bool number_integer(number_integer_t) override { return start_value(); }
  bool number_unsigned(number_unsigned_t) override { return start_value(); }
  bool number_float(number_float_t, const string_t&) override { return start_value(); }
  bool string(string_t&) override { return start_value(); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool key(string_t& k) override {
    path_.resize(frames_.back().base);
    if (!path_.empty()) path_ += '.';
    path_ += k.size() <= 64 ? std::string_view(k) : std::string_view("?");  // keeps paths short
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

 private:
  struct Frame {
    bool array;
    std::size_t next_index;
    std::size_t base;  // length of the container's own path
  };
  // False (stop) when the value starting now is the wanted one.
  bool start_value() {
    if (!frames_.empty() && frames_.back().array) {
      path_.resize(frames_.back().base);
      path_ += fmt::format("[{}]", frames_.back().next_index++);
    }
    if (path_ != wanted_) return true;
    line_ = line_now();
    return false;
  }
  bool open(bool array) {
    check_depth(frames_.size() + 1);
    if (!start_value()) return false;
    frames_.push_back({array, 0, path_.size()});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }

  std::string_view wanted_;
  std::string path_;
  std::vector<Frame> frames_;
  std::size_t line_ = 1;
};

}  // namespace

std::size_t json_value_line(std::string_view text, const std::string& source_name, std::string_view path) {
  const char* reached = text.data();
  LineFinder finder(text, source_name, &reached, path);
  json::sax_parse(TrackingIterator(text.data(), &reached), TrackingIterator(text.data() + text.size(), nullptr),
                  &finder);
  return finder.line();
}

nlohmann::json parse_json_document(std::string_view text, const std::string& source_name) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw std::runtime_error(fmt::format("{}:1: empty text: expected JSON", source_name));
  }
  const char* reached = text.data();
  DomBuilder builder(text, source_name, &reached);
  try {
    json::sax_parse(TrackingIterator(text.data(), &reached), TrackingIterator(text.data() + text.size(), nullptr),
                    &builder);
  } catch (const nlohmann::json::exception& e) {  // errors outside the SAX callbacks, if any
    throw std::runtime_error(fmt::format("{}:1: invalid JSON: {}", source_name, e.what()));
  }
  return builder.take();
}

}  // namespace bench
