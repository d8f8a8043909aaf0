#include "report/result_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <cctype>
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

constexpr std::uint64_t kMaxFileBytes = std::uint64_t{512} << 20;

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
void reject_bonnie_lines(std::string_view text, const std::string& name) {
  CsvSplitter splitter(text, name);
  const auto header = splitter.next();
  if (!header) return;
  const auto test_column = std::find(header->fields.begin(), header->fields.end(), "test") - header->fields.begin();
  while (const auto record = splitter.next()) {
    const std::string& first = record->fields.front();
    const bool bonnie_tag = first == "format_version" || (is_format_tag(first) && first.find('.') != std::string::npos);
    const bool a_row = record->fields.size() == header->fields.size() &&
                       static_cast<std::size_t>(test_column) < record->fields.size() &&
                       phase_from_key(record->fields[static_cast<std::size_t>(test_column)]).has_value();
    if (bonnie_tag && !a_row) {
      throw std::runtime_error(fmt::format("{}:{}: a bonnie++ CSV line inside a bench++ spreadsheet CSV (mixed "
                                           "formats: one file holds one format)",
                                           name, record->line));
    }
  }
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

ResultText parse_result_text(std::string_view text, const std::string& name, const FioSpecMaker& make_spec) {
  const FirstLine line = first_line(without_bom(text));
  if (line.number == 0) throw std::runtime_error(fmt::format("{}:1: empty file: {}", name, kExpected));
  const auto format = detect_result_format(text);
  if (!format) throw std::runtime_error(fmt::format("{}:{}: unknown format: {}", name, line.number, kExpected));
  ResultText result;
  result.format = *format;
  switch (*format) {
    case ResultFormat::kJson:
      try {
        result.runs = read_json_report(text, name, &result.unrecorded);
      } catch (const std::runtime_error&) {
        reject_csv_lines_in_json(text, name);
        throw;
      }
      break;
    case ResultFormat::kBonnieCsv:
      result.runs = read_bonnie_csv(text, name);
      break;
    case ResultFormat::kFioJson:
      result.runs = read_fio_json(text, name, make_spec ? make_spec : [](const FioOptionList&, const FioOptionList&) {
        return WorkloadSpec{};
      });
      break;
    case ResultFormat::kSpreadsheetCsv:
      reject_bonnie_lines(text, name);
      result.runs = read_spreadsheet_csv(text, name, &result.unrecorded);
      break;
  }
  return result;
}

namespace {

// Everything `fd` gives until its end, up to kMaxFileBytes (a device or FIFO that never ends stops there).
// `name` names it in errors, `shown_name` in a format's. A text whose first 64 KiB already show it is no result
// file (/dev/zero, a binary file) is refused then, without reading on. A stop signal that interrupts a read
// (`interrupt` non-zero) throws InterruptedError.
std::string read_bounded(int fd, const std::string& name, const std::string& shown_name,
                         const std::atomic<int>* interrupt) {
  constexpr std::size_t kFormatSeen = 1 << 16;
  std::string text;
  std::vector<char> buffer(1 << 16);
  bool format_checked = false;
  for (;;) {
    if (!format_checked && text.size() >= kFormatSeen) {
      format_checked = true;
      const bool has_text = first_line(without_bom(text)).number != 0;
      if (has_text && !detect_result_format(text)) (void)parse_result_text(text, shown_name);  // throws
    }
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) {
      if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
      continue;
    }
    if (n < 0) throw_errno("read", name);
    if (n == 0) return text;
    if (text.size() + static_cast<std::size_t>(n) > kMaxFileBytes) {
      throw std::runtime_error(fmt::format("cannot read {}: over {} MiB, too large for a result file", name,
                                           kMaxFileBytes >> 20));
    }
    text.append(buffer.data(), static_cast<std::size_t>(n));
  }
}

}  // namespace

ResultText read_result_file(const std::string& path, const FioSpecMaker& make_spec,
                            const std::atomic<int>* interrupt) {
  if (path == kStandardInputName) {
    return parse_result_text(read_bounded(STDIN_FILENO, "standard input", "(standard input)", interrupt), "(standard input)",
                             make_spec);
  }
  int fd = -1;
  while ((fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {  // (a FIFO's open waits for its writer)
    if (errno != EINTR) throw_errno("open", path);
    if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
  }
  const UniqueFd file(fd);
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) throw_errno("read", path);
  if (S_ISDIR(info.st_mode)) throw std::runtime_error(fmt::format("cannot read {}: {}", path, std::strerror(EISDIR)));
  if (S_ISREG(info.st_mode) && static_cast<std::uint64_t>(info.st_size) > kMaxFileBytes) {
    throw std::runtime_error(fmt::format("cannot read {}: over {} MiB, too large for a result file", path,
                                         kMaxFileBytes >> 20));
  }
  return parse_result_text(read_bounded(file.get(), path, path, interrupt), path, make_spec);
}

}  // namespace bench
