// The spreadsheet CSV of real runs, opened by the real spreadsheets: gnumeric (ssconvert) and LibreOffice Calc
// (soffice, headless). Every cell of every row must arrive in its own column with the value bench++ wrote: numbers
// as numbers, text as the same text, empty cells empty. The runs carry what real runs carry (a directory path,
// mount options, tags, free text with commas and quotes), since fixtures alone once hid that gnumeric split every
// row at '/' (its separator guess).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/csv/csv_field.h"  // CsvSplitter
#include "report/machine_readable_samples.h"
#include "report/csv/spreadsheet_csv.h"
#include "test_support.h"

namespace bench {
namespace {

// One cell as a spreadsheet holds it.
struct SheetCell {
  enum class Kind { kEmpty, kNumber, kText, kDate } kind = Kind::kEmpty;
  std::string text;   // kText: the text; kDate: "2026-11-30T10:34:59" (LibreOffice) or "" (gnumeric)
  double number = 0;  // kNumber; kDate: the serial day number (gnumeric)
};
using Sheet = std::vector<std::vector<SheetCell>>;  // [row][column]

// XML character data: the five entities and numeric character references (ASCII ones, all our data needs).
std::string xml_unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '&') {
      out += text[i];
      continue;
    }
    const std::size_t end = text.find(';', i);
    const std::string_view entity = text.substr(i + 1, end - i - 1);
    static const std::map<std::string_view, char> kNamed = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    if (const auto named = kNamed.find(entity); named != kNamed.end()) {
      out += named->second;
    } else if (entity.starts_with("#x")) {
      out += static_cast<char>(std::stoi(std::string(entity.substr(2)), nullptr, 16));
    } else if (entity.starts_with('#')) {
      out += static_cast<char>(std::stoi(std::string(entity.substr(1))));
    }
    i = end;
  }
  return out;
}

// The value of attribute `name` in the tag text `tag` ("<x a=\"1\" b=\"2\">"), unescaped; nullopt when absent.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
  const std::string key = " " + std::string(name) + "=\"";
  const std::size_t at = tag.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t start = at + key.size();
  return xml_unescape(tag.substr(start, tag.find('"', start) - start));
}

void put(Sheet& sheet, std::size_t row, std::size_t column, SheetCell cell) {
  if (sheet.size() <= row) sheet.resize(row + 1);
  if (sheet[row].size() <= column) sheet[row].resize(column + 1);
  sheet[row][column] = std::move(cell);
}

// A .gnumeric workbook's XML (gzip-decompressed): <gnm:Cell Row= Col= ValueType= [ValueFormat=]>value</gnm:Cell>.
// ValueType 40 is a number (a date is a number with a date format), 60 a string; empty cells are not written.
Sheet gnumeric_sheet(const std::string& xml) {
  Sheet sheet;
  for (std::size_t at = xml.find("<gnm:Cell "); at != std::string::npos; at = xml.find("<gnm:Cell ", at + 1)) {
    const std::size_t tag_end = xml.find('>', at);
    const std::string_view tag(xml.data() + at, tag_end - at);
    std::string value;
    if (tag.back() != '/') value = xml_unescape(std::string_view(xml).substr(tag_end + 1, xml.find('<', tag_end) - tag_end - 1));
    SheetCell cell;
    const std::string type = attribute(tag, "ValueType").value_or("");
    const std::string format = attribute(tag, "ValueFormat").value_or("");
    if (type == "40") {
      cell.kind = format.find("yy") != std::string::npos ? SheetCell::Kind::kDate : SheetCell::Kind::kNumber;
      cell.number = std::stod(value);
    } else if (type == "60") {
      cell.kind = SheetCell::Kind::kText;
      cell.text = value;
    } else {
      FAIL("gnumeric cell of ValueType " << type << ": " << value);
    }
    put(sheet, std::stoul(*attribute(tag, "Row")), std::stoul(*attribute(tag, "Col")), std::move(cell));
  }
  return sheet;
}

// The first table of a flat OpenDocument spreadsheet (.fods): table-row elements of table-cell elements, with
// office:value-type and office:value / office:date-value, the text in text:p (text:s for spaces), and
// table:number-columns-repeated / table:number-rows-repeated for runs of equal (here: empty) cells and rows.
Sheet opendocument_sheet(const std::string& xml) {
  Sheet sheet;
  std::size_t row = 0, column = 0, repeated = 1;
  bool in_cell = false, in_paragraph = false;
  SheetCell cell;
  for (std::size_t at = xml.find('<'); at != std::string::npos;) {
    const std::size_t end = xml.find('>', at);
    const std::string_view tag(xml.data() + at, end - at + 1);
    const bool closes_itself = tag.ends_with("/>");
    const std::size_t next = xml.find('<', end);
    if (tag.starts_with("<table:table-row")) {
      column = 0;
    } else if (tag.starts_with("</table:table-row")) {
      ++row;
    } else if (tag.starts_with("<table:table-cell")) {
      cell = SheetCell{};
      const std::string type = attribute(tag, "office:value-type").value_or("");
      if (type == "float") {
        cell.kind = SheetCell::Kind::kNumber;
        cell.number = std::stod(*attribute(tag, "office:value"));
      } else if (type == "date") {
        cell.kind = SheetCell::Kind::kDate;
        cell.text = *attribute(tag, "office:date-value");
      } else if (type == "string") {
        cell.kind = SheetCell::Kind::kText;
      }
      repeated = std::stoul(attribute(tag, "table:number-columns-repeated").value_or("1"));
      if (closes_itself) {
        column += repeated;  // empty cells
      } else {
        in_cell = true;
      }
    } else if (tag.starts_with("</table:table-cell")) {
      for (std::size_t k = 0; k < repeated; ++k, ++column) {
        if (cell.kind != SheetCell::Kind::kEmpty) put(sheet, row, column, cell);
      }
      in_cell = false;
    } else if (in_cell && tag.starts_with("<text:p")) {
      if (!cell.text.empty() || in_paragraph) cell.text += '\n';
      in_paragraph = !closes_itself;
    } else if (in_cell && tag.starts_with("</text:p")) {
      in_paragraph = false;
    } else if (in_paragraph && tag.starts_with("<text:s")) {
      cell.text += std::string(std::stoul(attribute(tag, "text:c").value_or("1")), ' ');
    } else if (tag.starts_with("</table:table>")) {
      break;  // the first sheet only
    }
    if (in_paragraph && cell.kind == SheetCell::Kind::kText && next != std::string::npos) {
      cell.text += xml_unescape(std::string_view(xml).substr(end + 1, next - end - 1));
    }
    at = next;
  }
  return sheet;
}

// Whether `field` is a number cell as the spreadsheet CSV writes them: [-]digits[.digits].
bool is_number(const std::string& field) {
  const std::size_t digits_start = field.starts_with('-') ? 1 : 0;
  const std::size_t dot = field.find('.');
  const auto digits = [&](std::size_t from, std::size_t to) {
    return to > from && field.find_first_not_of("0123456789", from) >= to;
  };
  if (dot == std::string::npos) return digits(digits_start, field.size());
  return digits(digits_start, dot) && digits(dot + 1, field.size());
}

// 2026-11-30T10:34:59Z as a spreadsheet's serial day number (days since 1899-12-30, the time as a fraction).
double serial_day(const std::string& iso8601) {
  std::tm tm{};
  REQUIRE(strptime(iso8601.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm) != nullptr);
  return static_cast<double>(timegm(&tm)) / 86400.0 + 25569.0;  // 25569: 1970-01-01
}

// Checks every cell of the sheet against the CSV it was imported from, column by column.
void check_sheet(const Sheet& sheet, const std::string& csv, const std::string& application) {
  CsvSplitter splitter(csv, "runs.csv");
  std::vector<std::vector<std::string>> records;
  while (auto record = splitter.next()) records.push_back(std::move(record->fields));
  REQUIRE(records.size() >= 2);
  const std::vector<std::string>& header = records.front();
  REQUIRE_MESSAGE(sheet.size() == records.size(), application << ": " << sheet.size() << " rows for "
                                                               << records.size() << " lines");
  int numbers = 0, texts = 0;
  for (std::size_t r = 0; r < records.size(); ++r) {
    REQUIRE(records[r].size() == header.size());
    // No cell right of the last column: a row split at a wrong separator would spill over.
    CHECK_MESSAGE(sheet[r].size() <= header.size(), application << " row " << r << " has " << sheet[r].size()
                                                                << " cells for " << header.size() << " columns");
    for (std::size_t c = 0; c < header.size(); ++c) {
      const std::string& field = records[r][c];
      const SheetCell cell = c < sheet[r].size() ? sheet[r][c] : SheetCell{};
      CAPTURE(application);
      CAPTURE(r);
      CAPTURE(header[c]);
      CAPTURE(field);
      if (field.empty()) {
        CHECK(cell.kind == SheetCell::Kind::kEmpty);
      } else if (r > 0 && is_number(field)) {
        REQUIRE(cell.kind == SheetCell::Kind::kNumber);
        const double expected = std::stod(field);
        CHECK(std::fabs(cell.number - expected) <= 1e-12 * std::max(1.0, std::fabs(expected)));
        ++numbers;
      } else if (r > 0 && header[c] == "started_utc" && cell.kind == SheetCell::Kind::kDate) {
        // A spreadsheet may read the ISO 8601 time as a date, which keeps every second of it.
        if (cell.text.empty()) {
          CHECK(std::fabs(cell.number - serial_day(field)) < 0.5 / 86400);
        } else {
          CHECK(cell.text + "Z" == field);
        }
      } else {
        REQUIRE(cell.kind == SheetCell::Kind::kText);
        CHECK(cell.text == field);
        ++texts;
      }
    }
  }
  CHECK(numbers > 100);
  CHECK(texts > 100);
}

Sheet open_in_gnumeric(const std::filesystem::path& csv) {
  const auto book = csv.parent_path() / (csv.stem().string() + ".gnumeric");
  // In the C locale, so that "." is the decimal point whatever the environment says; the separator is gnumeric's
  // own guess, as when a user opens the file.
  const auto converted =
      test::run_program({"env", "LC_ALL=C.UTF-8", "ssconvert", "--export-type=Gnumeric_XmlIO:sax", csv, book});
  REQUIRE_MESSAGE(converted.exit_code == 0, converted.err);
  const auto xml = test::run_program({"gzip", "-dcf", book.string()});  // .gnumeric files are gzipped XML
  REQUIRE(xml.exit_code == 0);
  return gnumeric_sheet(xml.out);
}

Sheet open_in_libreoffice(const std::filesystem::path& csv) {
  const std::filesystem::path dir = csv.parent_path();
  const std::filesystem::path profile = dir / "libreoffice-profile";
  // The Text Import dialog's choices: separated by comma, '"' around text, UTF-8, from line 1.
  const auto converted = test::run_program(
      {"env", "HOME=" + profile.string(), "LC_ALL=C.UTF-8", "soffice", "--headless",
       "-env:UserInstallation=file://" + profile.string(), "--infilter=CSV:44,34,76,1", "--convert-to", "fods",
       "--outdir", (dir / "libreoffice").string(), csv.string()});
  REQUIRE_MESSAGE(converted.exit_code == 0, converted.err);
  const auto sheet = dir / "libreoffice" / (csv.stem().string() + ".fods");
  REQUIRE_MESSAGE(std::filesystem::exists(sheet), converted.out << converted.err);
  return opendocument_sheet(test::read_file(sheet));
}

// The spreadsheet CSV of a short real run of each kind, with what real runs carry plus user text that needs
// quoting: runs.csv from a bonnie-style run in a directory whose name holds a comma, with tags holding commas and
// a label holding a comma and quotes; jobs.csv from a job whose shared file's name holds a comma and is followed
// by its directory, a path starting with '/' (the case that misled gnumeric's guess), and whose description holds
// a comma.
std::vector<std::filesystem::path> real_run_files(const test::TempDir& dir) {
  const auto run_dir = dir.path() / "with,comma";
  std::filesystem::create_directory(run_dir);
  const auto runs = dir.path() / "runs.csv";
  const auto run = test::run_bench({"-d", run_dir.string(), "-s", "2M:4k", "-f64k", "-n", "1:4k:1k:2", "--sync-size",
                                    "23000", "-r", "0", "-q", "--label", "lab, \"quoted\"", "--tag", "drive=cache=none,aio=threads",
                                    "--tag", "note=a \"b\"", "--csv", runs.string()});
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto jobs = dir.path() / "jobs.csv";
  const auto job = test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=mixed", "--rw=randrw", "--bs=4k",
                                    "--size=256k", "--filename=data,1", "--directory=" + dir.path().string(),
                                    "--description=free, text", "--iodepth=4",
                                    "--ioengine=psync", "--name=seq", "--rw=read", "--bs=64k", "--size=256k",
                                    "--csv", jobs.string()});
  REQUIRE_MESSAGE(job.exit_code == 0, job.err);
  // And the hand-made rows of the round-trip tests: a label with a newline, one with non-ASCII letters, tests
  // that ran for no measurable time.
  const auto samples = dir.path() / "samples.csv";
  std::string text = spreadsheet_csv_header();
  for (const RunResult& sample : test::machine_readable_samples()) {
    for (const PhaseResult& phase : sample.phases) text += format_spreadsheet_csv_row(sample.info, phase);
  }
  std::ofstream(samples) << text;
  return {runs, jobs, samples};
}

}  // namespace

TEST_CASE("spreadsheet import: gnumeric and LibreOffice put every field of real runs in its own cell") {
  test::TempDir dir;
  const auto files = real_run_files(dir);
  if (!test::skip_unless(test::tool_installed("ssconvert"), test::Need::kTool,
                         "gnumeric's part: ssconvert is not installed (Debian gnumeric)")) {
    for (const auto& csv : files) check_sheet(open_in_gnumeric(csv), test::read_file(csv), "gnumeric " + csv.string());
  }
  if (!test::skip_unless(test::tool_installed("soffice"), test::Need::kTool,
                         "LibreOffice's part: soffice is not installed (Debian libreoffice-calc-nogui)")) {
    for (const auto& csv : files) {
      check_sheet(open_in_libreoffice(csv), test::read_file(csv), "LibreOffice " + csv.string());
    }
  }
}

}  // namespace bench
