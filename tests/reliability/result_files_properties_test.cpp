// Properties of reading hostile result files, walked over generated fio JSON (the fuzz target fuzz/fio_json_fuzz.cpp
// walks arbitrary text; these walk the shapes that matter, with an oracle for each):
//   - a figure is read exactly when it is a number from 0 to 2^64 - 1 (fio writes some as floats: taken whole), and
//     refused naming its key otherwise,
//     never as a zero or a wrapped value;
//   - nesting is refused past 32 levels and read to 32, at any depth up to 150 000 (once a crash);
//   - a job name of any bytes is read as written, and compare's text and errors show it without a control byte.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "cli/fio_job_file.h"
#include "report/fio/fio_json_reader.h"
#include "test_support.h"

namespace bench {
namespace {

std::string fio_document(const std::string& jobname_json, const std::string& io_bytes, const std::string& extra) {
  return R"({"fio version": "fio-3.33", "jobs": [{"jobname": )" + jobname_json +
         R"(, "read": {"total_ios": 1, "runtime": 1, "io_bytes": )" + io_bytes + "}" + extra + "}]}";
}

// What the reader makes of `text`: the first run's first phase's bytes, or the error's message.
struct Read {
  std::optional<std::uint64_t> bytes;
  std::string name;
  std::string error;
};
Read read(const std::string& text) {
  try {
    const std::vector<RunResult> runs = read_fio_json(text, "g.json", workload_of_recorded_options);
    const PhaseResult& phase = runs.at(0).phases.at(0);
    return {phase.bytes, phase.workload ? phase.workload->workload : std::string(), ""};
  } catch (const std::runtime_error& error) {
    return {std::nullopt, "", error.what()};
  }
}

// A generated figure: an integer of random magnitude (to past 2^70) and sign, a fraction, an exponent form, or text.
// A number from 0 to 2^64 - 1 is held (a fraction taken whole); anything else is refused.
struct Figure {
  std::string json;
  std::optional<std::uint64_t> whole;  // the value when it is a whole number from 0 to 2^64 - 1
};
Figure generated_figure(std::mt19937_64& random) {
  const int bits = static_cast<int>(random() % 72);
  const double magnitude = std::ldexp(1.0, bits) * std::uniform_real_distribution<double>(0.5, 1.0)(random);
  switch (random() % 5) {
    case 0: {  // an exact integer below 2^64
      const std::uint64_t value = bits >= 64 ? random() : random() >> (64 - std::max(bits, 1));
      return {std::to_string(value), value};
    }
    case 1:
      return {"-" + std::to_string(1 + random() % 1000000), std::nullopt};
    case 2: {  // fio writes some figures as floats: taken whole (read_fio_json's contract)
      // The whole part modulo 10^5, taken before the conversion: a magnitude of 2^64 or more has no uint64_t.
      const auto value = static_cast<std::uint64_t>(std::fmod(magnitude, 100000.0));
      return {fmt::format("{}.5", value), value};
    }
    case 3: {  // an exponent form, whole when it is below 2^64
      const int exponent = static_cast<int>(random() % 30);
      const std::uint64_t digit = 1 + random() % 9;
      const double value = static_cast<double>(digit) * std::pow(10.0, exponent);
      const bool fits = value < 18446744073709551616.0;
      return {fmt::format("{}e{}", digit, exponent), fits ? std::optional(static_cast<std::uint64_t>(value)) : std::nullopt};
    }
    default:
      return {"\"" + std::to_string(random() % 1000) + "\"", std::nullopt};
  }
}

}  // namespace

TEST_CASE("result file properties: a figure is read exactly when bench++ can hold it, else refused naming its key") {
  std::mt19937_64 random(11);
  std::size_t held = 0, refused = 0;
  std::vector<Figure> figures = {{"1180591620717411303424", std::nullopt}, {"18446744073709551615", UINT64_MAX}};
  for (int i = 0; i < 500; ++i) figures.push_back(generated_figure(random));
  for (const Figure& figure : figures) {
    CAPTURE(figure.json);
    const Read result = read(fio_document("\"a\"", figure.json, ""));
    if (figure.whole) {
      ++held;
      CHECK(result.error.empty());
      CHECK(result.bytes == figure.whole);
    } else {
      ++refused;
      CHECK(test::contains(result.error, "g.json: jobs[0].read.io_bytes: "));
      CHECK(result.error.find('\n') == std::string::npos);
    }
  }
  CHECK(held > 100);
  CHECK(refused > 100);
}

TEST_CASE("result file properties: nesting is read to 32 levels and refused past them, at any depth") {
  std::mt19937_64 random(13);
  std::vector<std::size_t> depths = {1, 29, 30, 31, 32, 33, 150000};
  for (int i = 0; i < 60; ++i) depths.push_back(static_cast<std::size_t>(std::exp2(std::uniform_real_distribution<double>(0, 17)(random))));
  for (const std::size_t depth : depths) {
    // An unknown key's value, `depth` arrays deep; the document's own levels (object, jobs, job) come on top.
    const Read result = read(fio_document("\"a\"", "1", ", \"extra\": " + std::string(depth, '[') + std::string(depth, ']')));
    CAPTURE(depth);
    if (depth + 3 <= 32) {
      CHECK(result.error.empty());
    } else {
      CHECK(result.error == "g.json:1: JSON nested deeper than 32 levels");
    }
  }
}

TEST_CASE("result file properties: a job name of any bytes is read as written and never reaches the terminal raw") {
  std::mt19937_64 random(17);
  const test::TempDir dir;
  for (int i = 0; i < 12; ++i) {
    // A name of random bytes below 0xa0 (C0, DEL and C1 controls among them), escaped for JSON as \u00NN.
    std::string raw, escaped;
    for (std::size_t c = 0, length = 1 + random() % 12; c < length; ++c) {
      const auto byte = static_cast<unsigned char>(random() % 0xa0);
      if (byte < 0x80) {
        raw += static_cast<char>(byte);
      } else {  // a C1 control as UTF-8
        raw += static_cast<char>(0xc2);
        raw += static_cast<char>(byte);
      }
      escaped += fmt::format("\\u{:04x}", byte);
    }
    if (i == 0) raw = "\x1b[31m", escaped = "\\u001b[31m";  // the known one: an escape sequence
    const std::string document = fio_document("\"" + escaped + "\"", "4096", "");
    CHECK(read(document).name == raw);
    const std::filesystem::path file = dir.path() / ("run" + std::to_string(i) + ".json");
    std::ofstream(file) << document;
    // One run, and the same file twice (compare's two groups), on the terminal.
    for (const auto& args : {std::vector<std::string>{"compare", file.string()},
                             std::vector<std::string>{"compare", file.string(), file.string()}}) {
      const auto r = test::run_bench(args);
      CAPTURE(r.err);
      for (const std::string& stream : {r.out, r.err}) {
        for (std::size_t at = 0; at < stream.size(); ++at) {
          const auto u = static_cast<unsigned char>(stream[at]);
          const bool control = (u < 0x20 && u != '\n') || u == 0x7f;
          CHECK_FALSE(control);
          if (u == 0xc2 && at + 1 < stream.size()) {
            const auto next = static_cast<unsigned char>(stream[at + 1]);
            const bool c1_control = next >= 0x80 && next <= 0x9f;
            CHECK_FALSE(c1_control);
          }
        }
      }
    }
  }
}

}  // namespace bench
