#include "report/result_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <cctype>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

#include "platform/posix_file.h"
#include "result/errors.h"
#include "report/bonnie/bonnie_csv_reader.h"
#include "report/csv/csv_field.h"
#include "report/json/json_report.h"
#include "report/csv/spreadsheet_csv.h"
#include "text/split.h"

namespace bench {
namespace {

constexpr std::uint64_t kMaxFileBytes = std::uint64_t{512} << 20;     // a file read whole
constexpr std::uint64_t kMaxStreamedBytes = std::uint64_t{16} << 30;  // a spreadsheet CSV read record by record
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;         // one record of it

constexpr std::string_view kExpected =
    "expected a bench++ spreadsheet CSV (a header row with label and test columns), a bench++ JSON report, or "
    "bonnie++ CSV lines (starting with 1.98, 1.97 or 1.96)";

struct FirstLine {
  std::string_view text;
  std::size_t number = 0;  // 0: none
};

std::string_view without_bom(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  return text;
}

// The first line that is neither blank nor a '#' comment.
FirstLine first_line(std::string_view text) {
  FirstLine first;
  std::size_t number = 0;
  for_each_line(text, [&](std::string_view line) {
    ++number;
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
    if (line.empty() || line.starts_with('#')) return true;
    first = {line, number};
    return false;
  });
  return first;
}

// "1.98", "1.97", "2": digits with an optional '.' and digits.
bool is_format_tag(std::string_view field) {
  const auto dot = field.find('.');
  const auto digits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return dot == std::string_view::npos ? digits(field) : digits(field.substr(0, dot)) && digits(field.substr(dot + 1));
}

bool looks_like_bonnie_line(std::string_view line) {
  const auto comma = line.find(',');
  if (comma == std::string_view::npos) return false;
  const std::string_view first = line.substr(0, comma);
  return first == "format_version" || (is_format_tag(first) && first.find('.') != std::string_view::npos);
}

// A bonnie++ line inside a spreadsheet CSV (as `cat run.csv bonnie.csv` makes) is named as such, rather than
// as a row with the wrong number of fields or cells. A row whose label happens to look like a format tag ("1.98")
// is still a row: it has the header's field count and a test key in the test column, which no bonnie++ line has
// (bonnie++'s line has 50 fields, as many as the spreadsheet's header may).
void reject_bonnie_line(const CsvRecord& header, const CsvRecord& record, const std::string& name) {
  const auto test_column = std::find(header.fields.begin(), header.fields.end(), "test") - header.fields.begin();
  const std::string& first = record.fields.front();
  const bool bonnie_tag = first == "format_version" || (is_format_tag(first) && first.find('.') != std::string::npos);
  const bool a_row = record.fields.size() == header.fields.size() &&
                     static_cast<std::size_t>(test_column) < record.fields.size() &&
                     phase_from_key(record.fields[static_cast<std::size_t>(test_column)]).has_value();
  if (bonnie_tag && !a_row) {
    throw std::runtime_error(fmt::format("{}:{}: a bonnie++ CSV line inside a bench++ spreadsheet CSV (mixed "
                                         "formats: one file holds one format)",
                                         name, record.line));
  }
}

void reject_bonnie_lines(std::string_view text, const std::string& name) {
  CsvSplitter splitter(text, name);
  const auto header = splitter.next();
  if (!header) return;
  while (const auto record = splitter.next()) reject_bonnie_line(*header, *record, name);
}

// After a JSON report failed to parse: names a CSV line in it (a bonnie++ line or a spreadsheet header at the
// start of a line, which valid JSON cannot hold there), or does nothing.
void reject_csv_lines_in_json(std::string_view text, const std::string& name) {
  std::size_t number = 0;
  for_each_line(text, [&](std::string_view line) {
    ++number;
    const auto commas = std::count(line.begin(), line.end(), ',');
    const bool bonnie = looks_like_bonnie_line(line) && commas >= 10;
    const bool spreadsheet = (line.starts_with("\"label\",") || line.starts_with("label,")) &&
                             line.find(",test,") != std::string_view::npos;
    if (bonnie || spreadsheet) {
      throw std::runtime_error(fmt::format("{}:{}: {} after a JSON report (mixed formats: one file holds one format)",
                                           name, number,
                                           bonnie ? "a bonnie++ CSV line" : "a bench++ spreadsheet CSV header"));
    }
  });
}

}  // namespace

std::optional<ResultFormat> detect_result_format(std::string_view text) {
  const FirstLine line = first_line(without_bom(text));
  if (line.number == 0) return std::nullopt;
  if (line.text.starts_with('{')) return is_fio_json(text) ? ResultFormat::kFioJson : ResultFormat::kJson;
  if (looks_like_bonnie_line(line.text)) return ResultFormat::kBonnieCsv;
  try {
    CsvSplitter splitter(line.text, "");
    const auto header = splitter.next();
    if (!header) return std::nullopt;
    const auto& fields = header->fields;
    const bool has_label = std::find(fields.begin(), fields.end(), "label") != fields.end();
    const bool has_test = std::find(fields.begin(), fields.end(), "test") != fields.end();
    if (has_label && has_test) return ResultFormat::kSpreadsheetCsv;
  } catch (const std::runtime_error&) {
    // Not CSV at all.
  }
  return std::nullopt;
}

ResultText parse_result_text(std::string_view text, const std::string& name, const FioSpecMaker& make_spec,
                             const std::atomic<int>* interrupt) {
  const FirstLine line = first_line(without_bom(text));
  if (line.number == 0) throw std::runtime_error(fmt::format("{}:1: empty file: {}", name, kExpected));
  const auto format = detect_result_format(text);
  if (!format) throw std::runtime_error(fmt::format("{}:{}: unknown format: {}", name, line.number, kExpected));
  ResultText result;
  result.format = *format;
  switch (*format) {
    case ResultFormat::kJson:
      try {
        result.runs = read_json_report(text, name, &result.unrecorded, interrupt);
      } catch (const std::runtime_error&) {
        reject_csv_lines_in_json(text, name);
        throw;
      }
      break;
    case ResultFormat::kBonnieCsv:
      result.runs = read_bonnie_csv(text, name, interrupt);
      break;
    case ResultFormat::kFioJson:
      result.runs = read_fio_json(text, name, make_spec ? make_spec : [](const FioOptionList&, const FioOptionList&) {
        return WorkloadSpec{};
      }, interrupt);
      break;
    case ResultFormat::kSpreadsheetCsv:
    {
      reject_bonnie_lines(text, name);
      CsvSplitter splitter(text, name);
      stream_spreadsheet_csv([&] { return splitter.next(); }, name, [](const CsvRecord&, const CsvRecord&) {},
                             [&](RunResult&& run, const UnrecordedFields& unrecorded) {
                               result.runs.push_back(std::move(run));
                               result.unrecorded = unrecorded;
                             });
      break;
    }
  }
  return result;
}

namespace {

// Throws InterruptedError when `interrupt` (the run's flag) is set.
void check_interrupt(const std::atomic<int>* interrupt) {
  if (interrupt == nullptr) return;
  if (const int signal_number = interrupt->load(); signal_number != 0) throw InterruptedError(signal_number);
}

// One read(2) into `buffer`: 0 at the end. A stop signal before it or one that interrupts it (`interrupt`
// non-zero) throws InterruptedError: a reader looks at the flag at least once per buffer (64 KiB).
std::size_t read_some(int fd, std::vector<char>& buffer, const std::string& name, const std::atomic<int>* interrupt) {
  for (;;) {
    check_interrupt(interrupt);
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) {
      if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
      continue;
    }
    if (n < 0) throw_errno("read", name);
    return static_cast<std::size_t>(n);
  }
}

[[noreturn]] void throw_too_large(const std::string& name, std::uint64_t bound) {
  throw std::runtime_error(
      fmt::format("cannot read {}: over {} MiB, too large for a result file", name, bound >> 20));
}

// Everything `fd` gives until its end, after `text` (what was read already), up to kMaxFileBytes (a device or
// FIFO that never ends stops there). `name` names it in errors, `shown_name` in a format's. A text whose first
// 64 KiB already show it is no result file (/dev/zero, a binary file) is refused then, without reading on. A stop
// signal that interrupts a read (`interrupt` non-zero) throws InterruptedError.
std::string read_bounded(int fd, const std::string& name, const std::string& shown_name,
                         const std::atomic<int>* interrupt, std::string text) {
  constexpr std::size_t kFormatSeen = 1 << 16;
  std::vector<char> buffer(1 << 16);
  bool format_checked = false;
  for (;;) {
    if (!format_checked && text.size() >= kFormatSeen) {
      format_checked = true;
      const bool has_text = first_line(without_bom(text)).number != 0;
      if (has_text && !detect_result_format(text)) (void)parse_result_text(text, shown_name);  // throws
    }
    const std::size_t n = read_some(fd, buffer, name, interrupt);
    if (n == 0) return text;
    if (text.size() + n > kMaxFileBytes) throw_too_large(name, kMaxFileBytes);
    text.append(buffer.data(), n);
  }
}

// The records of a spreadsheet CSV read from `fd` one at a time, `text` (what was read already) first: a record
// ends at a newline outside quotes (an even count of '"' so far). Holds one record and one read's buffer.
class CsvRecordReader {
 public:
  CsvRecordReader(int fd, std::string text, std::string name, std::string shown_name, const std::atomic<int>* interrupt)
      : fd_(fd), text_(std::move(text)), name_(std::move(name)), shown_(std::move(shown_name)), interrupt_(interrupt),
        total_(text_.size()) {}

  std::optional<CsvRecord> next() {
    for (;;) {
      std::optional<std::string> record = cut_record();
      if (!record) return std::nullopt;
      const std::size_t line = line_;
      line_ += static_cast<std::size_t>(std::count(record->begin(), record->end(), '\n'));
      if (auto parsed = CsvSplitter(*record, shown_, line).next()) return parsed;  // (blank lines: none)
    }
  }

 private:
  // The next record's text with its newline; the rest of the text at the end; nullopt when nothing is left.
  std::optional<std::string> cut_record() {
    for (;;) {
      for (; scanned_ < text_.size(); ++scanned_) {
        if (text_[scanned_] == '"') quotes_ = !quotes_;
        if (text_[scanned_] == '\n' && !quotes_) {
          std::string record = text_.substr(0, scanned_ + 1);
          text_.erase(0, scanned_ + 1);
          scanned_ = 0;
          return record;
        }
      }
      if (text_.size() > kMaxRecordBytes) {
        throw std::runtime_error(fmt::format("{}:{}: a record over {} MiB, too large for a spreadsheet CSV row",
                                             shown_, line_, kMaxRecordBytes >> 20));
      }
      const std::size_t n = ended_ ? 0 : read_some(fd_, buffer_, name_, interrupt_);
      if (n == 0) {
        ended_ = true;
        if (text_.empty()) return std::nullopt;
        std::string rest = std::move(text_);
        text_.clear();
        scanned_ = 0;
        return rest;
      }
      total_ += n;
      if (total_ > kMaxStreamedBytes) throw_too_large(name_, kMaxStreamedBytes);
      text_.append(buffer_.data(), n);
    }
  }

  int fd_;
  std::string text_;
  std::string name_, shown_;
  const std::atomic<int>* interrupt_;
  std::uint64_t total_ = 0;
  std::vector<char> buffer_ = std::vector<char>(1 << 16);
  std::size_t scanned_ = 0;
  bool quotes_ = false;
  bool ended_ = false;
  std::size_t line_ = 1;
};

// The file at `path` opened for reading (standard input for "-"), refusing a directory and a regular file over
// `bound` bytes. `name` names it in errors.
struct OpenedFile {
  std::optional<UniqueFd> owned;
  int fd = STDIN_FILENO;
};

OpenedFile open_result_file(const std::string& path, std::uint64_t bound, const std::atomic<int>* interrupt) {
  if (path == kStandardInputName) return {};
  int fd = -1;
  while ((fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {  // (a FIFO's open waits for its writer)
    if (errno != EINTR) throw_errno("open", path);
    if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
  }
  OpenedFile file{UniqueFd(fd), fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw_errno("read", path);
  if (S_ISDIR(info.st_mode)) throw std::runtime_error(fmt::format("cannot read {}: {}", path, std::strerror(EISDIR)));
  if (S_ISREG(info.st_mode) && static_cast<std::uint64_t>(info.st_size) > bound) throw_too_large(path, bound);
  return file;
}

}  // namespace

void read_result_runs(const std::string& path, const FioSpecMaker& make_spec, const std::atomic<int>* interrupt,
                      const std::function<void(RunResult&&, ResultFormat, const UnrecordedFields&)>& take) {
  const bool is_stdin = path == kStandardInputName;
  const std::string name = is_stdin ? "standard input" : path;
  const std::string shown = is_stdin ? "(standard input)" : path;
  const OpenedFile file = open_result_file(path, kMaxStreamedBytes, interrupt);
  // Enough of the start to tell the format: its first line that is not blank or a comment, or 64 KiB.
  std::string start;
  std::vector<char> buffer(1 << 16);
  while (start.size() < buffer.size()) {
    const FirstLine line = first_line(without_bom(start));
    if (line.number != 0 && start.find('\n', static_cast<std::size_t>(line.text.data() - start.data())) !=
                                std::string::npos) {
      break;
    }
    const std::size_t n = read_some(file.fd, buffer, name, interrupt);
    if (n == 0) break;
    start.append(buffer.data(), n);
  }
  const std::optional<ResultFormat> format = detect_result_format(start);
  const FirstLine first = first_line(without_bom(start));
  if (!format && first.number != 0) {  // no format from the first line: said now, not after reading the rest
    throw std::runtime_error(fmt::format("{}:{}: unknown format: {}", shown, first.number, kExpected));
  }
  if (format == ResultFormat::kSpreadsheetCsv) {
    CsvRecordReader reader(file.fd, std::move(start), name, shown, interrupt);
    stream_spreadsheet_csv([&] { return reader.next(); }, shown,
                           [&](const CsvRecord& header, const CsvRecord& record) { reject_bonnie_line(header, record, shown); },
                           [&](RunResult&& run, const UnrecordedFields& unrecorded) {
                             take(std::move(run), ResultFormat::kSpreadsheetCsv, unrecorded);
                           });
    return;
  }
  if (start.size() > kMaxFileBytes) throw_too_large(name, kMaxFileBytes);
  ResultText text =
      parse_result_text(read_bounded(file.fd, name, shown, interrupt, std::move(start)), shown, make_spec, interrupt);
  for (RunResult& run : text.runs) take(std::move(run), text.format, text.unrecorded);
}

}  // namespace bench
