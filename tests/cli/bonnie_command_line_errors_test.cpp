// Invalid command lines: each gives one UsageError line that names the option (and the bad value).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/bonnie_command_line.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

SystemFacts test_facts() { return SystemFacts{24104, "testhost", 1234}; }

// The message of the UsageError the command line gives, or "" when it parses.
std::string error_of(const std::vector<std::string>& args) {
  return test::error_of<UsageError>([&] { parse_command_line(args, test_facts()); });
}

struct BadCase {
  std::vector<std::string> args;
  std::string must_contain;  // the option's name
  std::string also;          // the bad value or the reason
};

void check_cases(const std::vector<BadCase>& cases) {
  for (const auto& c : cases) {
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    CAPTURE(joined);
    const std::string message = error_of(c.args);
    CAPTURE(message);
    CHECK_FALSE(message.empty());
    CHECK(message.find(c.must_contain) != std::string::npos);
    CHECK(message.find(c.also) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

}  // namespace

TEST_CASE("cli: a bad value gives exactly one line naming the option, the value and the problem") {
  CHECK(error_of({"-s", "16x"}) == "invalid -s value '16x': unknown size suffix 'x' (use k, m, g or t)");
  CHECK(error_of({"--size=16:300"}) ==
        "invalid -s value '16:300': chunk must be a power of two from 256 to 1048576 bytes, not 300");
  CHECK(error_of({"-f", "3"}) == "unexpected argument '3': -f takes its value attached (-f3 or --per-char=3)");
}

TEST_CASE("cli: bad -s values") {
  check_cases({
      {{"-s", "16x"}, "invalid -s value '16x'", "unknown size suffix 'x'"},
      {{"--size", "abc"}, "-s", "not a number"},
      {{"-s", "-5"}, "-s", "must not be negative"},
      {{"-s", ""}, "-s", "empty value"},
      {{"-s", "99999999999999t"}, "-s", "too large"},
      {{"-s", "16:300"}, "-s", "power of two"},
      {{"-s", "16:128"}, "-s", "power of two"},
      {{"-s", "16:2m"}, "-s", "power of two"},
      {{"-s", "16:8k:0"}, "-s", "seeks must be from 1"},
      {{"-s", "16:8k:8:0"}, "-s", "seekers must be from 1 to 1000"},
      {{"-s", "16:8k:8:1001"}, "-s", "seekers"},
      {{"-s", "4k"}, "-s", "smaller than one chunk"},
      {{"-s", "1:2:3:4:5"}, "-s", "too many fields"},
      // 2 x RAM with --cache keep (bonnie++'s rule), naming the numbers.
      {{"-s", "100", "--cache", "keep"}, "-s", "100 MiB x 1 worker(s) is less than twice the RAM (2 x 24104 MiB)"},
      {{"-s", "1g", "-c", "2", "--cache", "keep", "-r", "1025"}, "-s", "1 GiB x 2 worker(s)"},
  });
}

TEST_CASE("cli: bad --seek-writes values name the option and the range") {
  CHECK(error_of({"--seek-writes", "101"}) ==
        "invalid --seek-writes value '101': must be a whole percent from 0 to 100");
  CHECK(error_of({"--seek-writes", "x"}) ==
        "invalid --seek-writes value 'x': not a number (expected a whole percent from 0 to 100)");
  check_cases({
      {{"--seek-writes", "-1"}, "invalid --seek-writes value '-1'", "must not be negative"},
      {{"--seek-writes", "1.5"}, "invalid --seek-writes value '1.5'", "must be a whole number"},
      {{"--seek-writes", "10%"}, "invalid --seek-writes value '10%'", "unexpected '%'"},
      {{"--seek-writes", ""}, "invalid --seek-writes value ''", "empty value"},
      {{"--seek-writes", "99999999999999999999"}, "--seek-writes", "too large"},
      {{"--seek-writes", "4294967306"}, "--seek-writes", "from 0 to 100"},
      {{"--seek-writes", "101", "-s", "0"}, "--seek-writes", "from 0 to 100"},  // checked even without I/O tests
      {{"--seek-writes"}, "--seek-writes", "needs a value"},
      {{"--seek-writes=1", "--seek-writes=2"}, "--seek-writes", "more than once"},
  });
  for (const std::string bad : {"101", "-1", "1.5", "", "x", "10%", "0x10", "99999999999999999999"}) {
    CAPTURE(bad);
    CHECK(error_of({"--seek-writes", bad}).find("from 0 to 100") != std::string::npos);
  }
}

TEST_CASE("cli: bad -n values and the memory rules") {
  check_cases({
      {{"-n", "16x"}, "invalid -n value '16x'", "unknown suffix 'x'"},
      {{"--files", "-1"}, "-n", "must not be negative"},
      {{"-n", "28340", "-r", "0"}, "-n", "too many"},
      {{"-n", "99999999999999999999"}, "-n", "too large"},
      {{"-n", "16:10:20"}, "-n", "min 20 is larger than max 10"},
      {{"-n", "16:-1:5"}, "-n", "min must be absent or 0"},
      {{"-n", "16:-2:1"}, "-n", "min must be absent or 0"},
      {{"-n", "16:-3"}, "-n", "negative values other than -1"},
      {{"-n", "16:0:0:0"}, "-n", "dirs must be from 1 to 99999"},
      {{"-n", "16:0:0:100000"}, "-n", "dirs"},
      {{"-n", "16:0:0:1:300"}, "-n", "power of two"},
      {{"-n", "16:0:0:1:2m"}, "-n", "power of two"},
      {{"-n", "16", "-r", "1"}, "-n", "files would need more memory than RAM"},
      {{"-r", "1"}, "-n", "files would need more memory than RAM"},  // the default -n 16 too
      {{"-n", "16384", "-r", "1024"}, "-n", "files would need more memory than RAM"},
  });
}

TEST_CASE("cli: a run whose disk space does not fit in 64 bits is refused, naming the option that makes it so") {
  // Each once wrapped round to a small number, passed the free-space check and filled the disk.
  check_cases({
      {{"-n", "1:18446744073709551615", "-r", "0"}, "invalid -n value '1:18446744073709551615'",
       "1 x 1024 files of up to 18446744073709551615 bytes each are more than 2^64 bytes"},
      {{"-n", "1:18446744073709551615:1", "-r", "0"}, "-n", "more than 2^64 bytes"},
      {{"-n", "28339:1t", "-r", "0"}, "invalid -n value '28339:1t'", "28339 x 1024 files of up to 1 TiB each"},
      {{"-s", "100000t", "-c", "200"}, "invalid -c value '200'", "200 workers x 100000 TiB each are more than 2^64"},
      {{"-s", "0", "-n", "1000:1t", "-c", "200", "-r", "0"}, "invalid -c value '200'", "x 1000 PiB each"},
      {{"-s", "1m", "--sync-size", "16777215t", "-c", "2"}, "invalid -c value '2'", "more than 2^64 bytes"},
  });
  // Just below: parsed (the free-space check refuses them later, at run time).
  CHECK(error_of({"-n", "1:16383t", "-r", "0"}).empty());  // 1024 x 16383 TiB = 2^64 - 2^50
  CHECK_FALSE(error_of({"-n", "1:16384t", "-r", "0"}).empty());  // 2^64
  CHECK(error_of({"-s", "16777215t"}).empty());
  CHECK(error_of({"-s", "8388607t", "-c", "2"}).empty());
}

TEST_CASE("cli: bad -f values, and -f with a separate value") {
  check_cases({
      {{"-f", "3"}, "-f", "unexpected argument '3'"},
      {{"--per-char", "3"}, "-f", "'3'"},
      {{"-fx"}, "invalid -f value 'x'", "not a number"},
      {{"-f3q"}, "-f", "unknown size suffix 'q'"},
      {{"-f-1"}, "-f", "must not be negative"},
      {{"--per-char=99999999999999t"}, "-f", "too large"},
      {{"--per-char="}, "--per-char", "needs a value"},
      {{"-f", "3", "-s", "0"}, "-f", "'3'"},
      {{"-fx", "-s", "0"}, "-f", "not a number"},
  });
}

TEST_CASE("cli: bad values of the other options") {
  check_cases({
      {{"-d", ""}, "-d", "empty value"},
      {{"-m", "a,b"}, "invalid -m value 'a,b'", "comma"},
      {{"--machine", ""}, "-m", "empty value"},
      {{"--label", ""}, "--label", "empty value"},
      {{"-r", "-1"}, "-r", "must not be negative"},
      {{"-r", "1x"}, "-r", "unknown size suffix 'x'"},
      {{"-r", "512k"}, "-r", "whole number of MiB"},
      {{"--ram", "99999999999999t"}, "-r", "too large"},
      {{"-r", "2000000t"}, "-r", "too large"},
      {{"-x", "0"}, "invalid -x value '0'", "from 1"},
      {{"-x", "-1"}, "-x", "must not be negative"},
      {{"--repeat", "2k"}, "-x", "unexpected 'k'"},
      {{"-x", "4294967296"}, "-x", "from 1 to 4294967295"},
      {{"-z", "4294967296"}, "invalid -z value", "from 0 to 4294967295"},
      {{"--seed", "-1"}, "-z", "must not be negative"},
      {{"-z", "1.5"}, "-z", "whole number"},
      {{"-z", "99999999999999999999"}, "-z", "too large"},
      {{"-c", "0"}, "invalid -c value '0'", "from 1 to 200"},
      {{"-c", "201"}, "-c", "from 1 to 200"},
      {{"--concurrency", "-2"}, "-c", "must not be negative"},
      {{"-c", "x"}, "-c", "not a number"},
      {{"--cache", "maybe"}, "invalid --cache value 'maybe'", "keep or drop"},
      {{"--data", "ones"}, "invalid --data value 'ones'", "random or zero"},
      {{"--sync-size", "1x"}, "invalid --sync-size value '1x'", "unknown size suffix"},
      {{"--sync-size", "10"}, "--sync-size", "less than one write"},
      {{"--csv", ""}, "--csv", "empty value"},
      {{"--json", ""}, "--json", "empty value"},
      {{"--csv", "-", "--json", "-"}, "--csv - and --json -", "stdout"},
      {{"-u", ""}, "-u", "empty user name"},
      {{"-u", ":staff"}, "-u", "empty user name"},
      {{"-u", "bob:"}, "-u", "empty group name"},
      {{"-u", "bob:a:b"}, "-u", "user[:group]"},
      {{"-u", "a", "-u", "b"}, "-u (--user)", "more than once"},
      {{"-u", "bob:staff", "-g", "wheel"}, "-g", "-u user:group"},
      {{"--group", ""}, "-g", "empty value"},
  });
}

TEST_CASE("cli: unsupported bonnie++ options say what to use instead") {
  check_cases({
      {{"-p", "3"}, "-p", "use -c"},
      {{"-p"}, "-p", "not supported"},
      {{"-y"}, "-y", "not supported"},
      {{"-p3"}, "-p", "not supported"},
      {{"-p", "-1"}, "-p", "not supported"},
      {{"-Z"}, "-Z", "use -z"},
      {{"-y", "s"}, "-y", "use -c"},
      {{"-Z", "randfile"}, "-Z", "use -z"},
  });
}

TEST_CASE("cli: syntax errors: unknown options, positionals, missing and repeated values") {
  check_cases({
      {{"-k"}, "'-k'", "unknown option"},
      {{"--bogus"}, "'--bogus'", "unknown option"},
      {{"--dire", "/tmp"}, "'--dire'", "unknown option"},  // no guessing of abbreviated long options
      {{"extra"}, "'extra'", "unexpected argument"},
      {{"-q", "extra"}, "'extra'", "unexpected argument"},
      {{"--", "-s"}, "'-s'", "unexpected argument"},
      {{"-s"}, "-s (--size)", "needs a value"},
      {{"--files"}, "-n (--files)", "needs a value"},
      {{"-d", "-q"}, "-d (--directory)", "needs a value"},
      {{"--size="}, "-s (--size)", "needs a value"},
      {{"--label"}, "--label", "needs a value"},
      {{"-s", "1", "-s", "2"}, "-s (--size)", "more than once"},
      {{"-s1", "--size=2"}, "-s (--size)", "more than once"},
      {{"-q", "--quiet"}, "-q (--quiet)", "more than once"},
      {{"--quiet=1"}, "-q (--quiet)", "takes no value"},
      {{"-l"}, "-l", "needs a value"},
      {{"-s", "0", "-n", "0"}, "nothing to do", "-s 0 and -n 0"},
  });
}

}  // namespace bench
