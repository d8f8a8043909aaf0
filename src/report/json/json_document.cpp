#include "report/json/json_document.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

#include "result/errors.h"
#include "text/printable.h"

namespace bench {
namespace {

using nlohmann::json;

// 1-based line of the character before `end` (the last one read; the character at `end - 1` itself excluded,
// since it may be the look-ahead after a number).
std::size_t line_before(std::string_view text, std::size_t end) {
  const std::size_t last = std::min(text.size(), end == 0 ? 0 : end - 1);
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(last), '\n'));
}

// A char iterator that publishes how far the parser has read, and stops the parse with InterruptedError when the
// flag (the run's, run/interrupt.h) is set: it looks once every 64 KiB of text, so a stop during the parse of
// half a gigabyte is seen within about a millisecond.
class TrackingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* at, const char** reached, const std::atomic<int>* interrupt = nullptr)
      : at_(at), reached_(reached), interrupt_(interrupt) {}
  reference operator*() const { return *at_; }
  TrackingIterator& operator++() {
    ++at_;
    if (reached_ != nullptr) *reached_ = at_;
    constexpr std::uintptr_t kCheckEvery = std::uintptr_t{1} << 16;
    if (interrupt_ != nullptr && (reinterpret_cast<std::uintptr_t>(at_) & (kCheckEvery - 1)) == 0) {
      if (const int signal_number = interrupt_->load(); signal_number != 0) throw InterruptedError(signal_number);
    }
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
  const std::atomic<int>* interrupt_;
};

// SAX handler base: knows how far the parser has read, fails on invalid JSON with the line (a number too large for
// a double names the key it is the value of), and on nesting deeper than kJsonMaxDepth.
template <typename Json>
class CheckedSax : public nlohmann::json_sax<Json> {
 public:
  // `start`: where in `text` the parser starts (its positions count from there).
  CheckedSax(std::string_view text, const std::string& source, const char* const* reached, std::size_t start = 0)
      : text_(text), source_(source), reached_(reached), start_(start) {}

  bool parse_error(std::size_t position, const std::string& token, const nlohmann::json::exception& e) override {
    constexpr int kNumberOverflow = 406;  // nlohmann's out_of_range.406: "number overflow parsing '1e400'"
    if (e.id == kNumberOverflow) {
      const std::string number = token.size() > 40 ? token.substr(0, 40) + "..." : token;
      throw std::runtime_error(fmt::format("{}:{}: invalid JSON: {}{} is out of range (a number beyond the 1.8e308 a double holds)",
                                           source_, line_before(text_, start_ + position),
                                           last_key_ ? fmt::format("'{}': ", printable(*last_key_)) : "",
                                           printable(number)));
    }
    std::string what = e.what();
    const std::size_t colon = what.find(": ", what.find("parse error"));
    what = colon == std::string::npos ? what : what.substr(colon + 2);
    if (what.size() > 200) what = what.substr(0, 200) + "...";
    throw std::runtime_error(
        fmt::format("{}:{}: invalid JSON: {}", source_, line_before(text_, start_ + position), printable(what)));
  }

 protected:
  // The key read last, for a number's error (its value follows it at once; a value in an array names the key
  // before the array, which is as near as a key gets).
  void note_key(const std::string& key) { last_key_ = key.size() > 64 ? key.substr(0, 64) + "..." : key; }
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
  std::size_t start_;
  std::optional<std::string> last_key_;
};

// Builds the document.
template <typename Json>
class DomBuilder : public CheckedSax<Json> {
 public:
  using CheckedSax<Json>::CheckedSax;
  using typename nlohmann::json_sax<Json>::number_integer_t;
  using typename nlohmann::json_sax<Json>::number_unsigned_t;
  using typename nlohmann::json_sax<Json>::number_float_t;
  using typename nlohmann::json_sax<Json>::string_t;
  using typename nlohmann::json_sax<Json>::binary_t;
  Json take() { return std::move(root_); }

  bool null() override { return add(nullptr); }
  bool boolean(bool v) override { return add(v); }
  bool number_integer(number_integer_t v) override { return add(v); }
  bool number_unsigned(number_unsigned_t v) override { return add(v); }
  bool number_float(number_float_t v, const string_t&) override { return add(v); }
  bool string(string_t& v) override { return add(std::move(v)); }
  bool binary(binary_t&) override { return false; }  // never produced by the JSON parser
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool key(string_t& k) override {
    key_ = std::move(k);
    this->note_key(key_);
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

 private:
  // Places a value in the innermost open container (or as the root); last_ points at it.
  bool add(Json value) {
    if (open_.empty()) {
      root_ = std::move(value);
      last_ = &root_;
    } else if (Json& parent = *open_.back(); parent.is_array()) {
      parent.push_back(std::move(value));
      last_ = &parent.back();
    } else {
      last_ = &(parent[key_] = std::move(value));  // a repeated key keeps the last value
    }
    return true;
  }
  bool open(Json container) {
    this->check_depth(open_.size() + 1);
    add(std::move(container));
    open_.push_back(last_);  // stays valid: a container gets no siblings until it is closed
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  Json root_;
  Json* last_ = nullptr;
  std::vector<Json*> open_;
  std::string key_;
};

// Finds the line where the value at a path ("runs[0].tests[2].bytes") starts; parsing stops there.
class LineFinder : public CheckedSax<json> {
 public:
  LineFinder(std::string_view text, const std::string& source, const char* const* reached, std::string_view wanted)
      : CheckedSax<json>(text, source, reached), wanted_(wanted) {}
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

namespace {

// Frees `value` from the back, down to `levels` levels of containers, calling `check` after each piece.
template <typename Json, typename Check>
void free_in_pieces(Json& value, int levels, const Check& check) {
  if (levels > 0 && value.is_array()) {
    while (!value.empty()) {
      free_in_pieces(value.back(), levels - 1, check);
      value.erase(value.size() - 1);
      check();
    }
  } else if (levels > 0 && value.is_object()) {
    for (auto& [key, member] : value.items()) free_in_pieces(member, levels - 1, check);
  }
  value = nullptr;
  check();
}

}  // namespace

template <typename Json>
void free_json_document(Json& document, const std::atomic<int>* interrupt) {
  if (interrupt == nullptr) {
    document = nullptr;
    return;
  }
  try {
    free_in_pieces(document, 3, [&] {
      if (const int signal_number = interrupt->load(); signal_number != 0) throw InterruptedError(signal_number);
    });
  } catch (const InterruptedError&) {
    abandon_json_document(std::move(document));
    throw;
  }
}

template void free_json_document(nlohmann::json&, const std::atomic<int>*);
template void free_json_document(nlohmann::ordered_json&, const std::atomic<int>*);

namespace {

// The document that starts at `start` in `text` (lines are counted from the start of `text`).
template <typename Json>
Json parse_document(std::string_view text, std::size_t start, const std::string& source_name,
                    const std::atomic<int>* interrupt) {
  if (text.find_first_not_of(" \t\r\n", start) == std::string_view::npos) {
    throw std::runtime_error(fmt::format("{}:1: empty text: expected JSON", source_name));
  }
  const char* reached = text.data() + start;
  DomBuilder<Json> builder(text, source_name, &reached, start);
  try {
    Json::sax_parse(TrackingIterator(text.data() + start, &reached, interrupt),
                    TrackingIterator(text.data() + text.size(), nullptr), &builder);
  } catch (const InterruptedError&) {
    abandon_json_document(builder.take());  // (what was built: a stop does not wait for it to be freed)
    throw;
  } catch (const nlohmann::json::exception& e) {  // errors outside the SAX callbacks, if any
    throw std::runtime_error(fmt::format("{}:1: invalid JSON: {}", source_name, printable(e.what())));
  }
  return builder.take();
}

}  // namespace

nlohmann::json parse_json_document(std::string_view text, const std::string& source_name,
                                   const std::atomic<int>* interrupt) {
  return parse_document<nlohmann::json>(text, 0, source_name, interrupt);
}

nlohmann::ordered_json parse_ordered_json_document(std::string_view text, std::size_t start,
                                                   const std::string& source_name, const std::atomic<int>* interrupt) {
  return parse_document<nlohmann::ordered_json>(text, start, source_name, interrupt);
}

}  // namespace bench
