// Valid command lines: every option in its short and long forms, and the defaults.
#include "cli/bonnie_command_line.h"

#include <doctest/doctest.h>

#include "cli/tags.h"
#include "result/errors.h"
#include "test_support.h"

#include <string>
#include <vector>

namespace bench {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

SystemFacts test_facts(std::uint64_t ram_mib = 24104) { return SystemFacts{ram_mib, "testhost", 1234}; }

Config parse(const std::vector<std::string>& args, const SystemFacts& facts = test_facts()) {
  const ParsedCommandLine parsed = parse_command_line(args, facts);
  REQUIRE(parsed.action == Action::kRun);
  return parsed.config;
}

// Each way of writing the same option must give the same Config field.
template <class Field>
void check_forms(const std::vector<std::vector<std::string>>& forms, Field&& field) {
  for (const auto& args : forms) {
    CAPTURE(args.front());
    field(parse(args));
  }
}

}  // namespace

TEST_CASE("cli: defaults without options") {
  const ParsedCommandLine parsed = parse_command_line({}, test_facts());
  CHECK(parsed.action == Action::kRun);
  CHECK(parsed.help_text.empty());
  const Config& c = parsed.config;
  CHECK(c.directory == ".");
  REQUIRE(c.setup.io.has_value());
  CHECK(c.setup.io->file_size_bytes == 3013 * kMiB);  // RAM/8 of 24104 MiB, the cache being dropped
  CHECK(test::contains(c.setup.file_size_choice, "the larger of 1 GiB and RAM/8 (RAM 23.5 GiB)"));
  CHECK(c.setup.io->chunk_bytes == 8192);
  CHECK(c.setup.io->seeks == 8192);
  CHECK(c.setup.io->seekers == 5);
  CHECK(c.setup.io->per_char_bytes == 3 * kMiB);
  CHECK(c.setup.io->seek_write_percent == 10);  // bonnie++'s one ticket in ten
  REQUIRE(c.setup.files.has_value());
  CHECK(c.setup.files->count_k == 16);
  CHECK(c.setup.files->content == FileContent::kData);
  CHECK(c.setup.files->dirs == 1);
  CHECK(c.machine_name == "testhost");
  CHECK(c.label == "testhost");
  CHECK(c.repeats == 1);
  CHECK_FALSE(c.repeats_given);
  CHECK_FALSE(c.quiet);
  CHECK_FALSE(c.setup.fsync_each);
  CHECK_FALSE(c.setup.direct_io);
  CHECK(c.setup.seed == 1234);
  CHECK(c.setup.concurrency == 1);
  CHECK(c.setup.cache == CacheMode::kDrop);
  CHECK(c.setup.data == DataPattern::kRandom);
  CHECK_FALSE(c.user.has_value());
  CHECK_FALSE(c.group.has_value());
  CHECK(c.setup.sync_test.has_value());
  CHECK(c.result_files.empty());
  CHECK(c.warnings.empty());
}

TEST_CASE("cli: with --cache keep the default size comes from -r or the detected RAM, as bonnie++ computes it") {
  const auto keep_size = [](std::vector<std::string> args, const SystemFacts& facts = test_facts()) {
    args.insert(args.end(), {"--cache", "keep"});
    return parse(args, facts).setup.io->file_size_bytes;
  };
  CHECK(keep_size({"-r", "300"}) == 1024 * kMiB);
  CHECK(keep_size({"-r", "200"}) == 400 * kMiB);
  CHECK(keep_size({"-r", "256"}) == 512 * kMiB);
  CHECK(keep_size({"-r", "0"}) == 300 * kMiB);
  CHECK(keep_size({"--ram=1g"}) == 2048 * kMiB);
  CHECK(keep_size({}, test_facts(300)) == 1024 * kMiB);  // auto
  CHECK(keep_size({}, test_facts(0)) == 300 * kMiB);
  CHECK(keep_size({"-r", "200"}, test_facts(300)) == 400 * kMiB);  // -r wins
  CHECK(keep_size({}) == 48208 * kMiB);
  CHECK(test::contains(parse({"--cache", "keep"}).setup.file_size_choice, "2 x RAM"));
  CHECK(parse({"-r", "0", "-n", "28339"}).setup.files->count_k == 28339);  // -r 0 disables the RAM rules
}

TEST_CASE("cli: with the cache dropped the default size is the larger of 1 GiB and RAM/8, and says so") {
  CHECK(parse({"-r", "300"}).setup.io->file_size_bytes == 1024 * kMiB);
  CHECK(parse({"-r", "0"}).setup.io->file_size_bytes == 1024 * kMiB);
  CHECK(parse({"-r", "16g"}).setup.io->file_size_bytes == 2048 * kMiB);
  CHECK(parse({}, test_facts(64 * 1024)).setup.io->file_size_bytes == 8192 * kMiB);
  CHECK(test::contains(parse({"-r", "0"}).setup.file_size_choice, "no RAM size (-r 0)"));
  // Given, it is what was asked for, with nothing to say.
  const Config given = parse({"-s", "100"});
  CHECK(given.setup.io->file_size_bytes == 100 * kMiB);
  CHECK(given.setup.file_size_choice.empty());
  CHECK(parse({"-s", "0"}).setup.file_size_choice.empty());
}

TEST_CASE("cli: -s / --size") {
  check_forms({{"-s", "16:64k:100:2"}, {"-s16:64k:100:2"}, {"--size", "16:64k:100:2"}, {"--size=16:64k:100:2"}},
              [](const Config& c) {
                REQUIRE(c.setup.io.has_value());
                CHECK(c.setup.io->file_size_bytes == 16 * kMiB);
                CHECK(c.setup.io->chunk_bytes == 65536);
                CHECK(c.setup.io->seeks == 100);
                CHECK(c.setup.io->seekers == 2);
              });
  CHECK_FALSE(parse({"-s", "0"}).setup.io.has_value());
  CHECK(parse({"-s", "1g"}).setup.io->file_size_bytes == 1024 * kMiB);
  // Below 2 x RAM is fine while the cache is dropped, and with --cache keep once RAM is 0 or the size is enough.
  CHECK(parse({"-s", "100"}).setup.io->file_size_bytes == 100 * kMiB);
  CHECK(parse({"-s", "100", "--cache", "keep", "-r", "0"}).setup.io.has_value());
  CHECK(parse({"-s", "1g", "--cache", "keep", "-r", "512"}).setup.io.has_value());
  CHECK(parse({"-s", "1g", "-c", "2", "--cache", "keep", "-r", "1024"}).setup.io.has_value());
}

TEST_CASE("cli: --seek-writes") {
  check_forms({{"--seek-writes", "0"}, {"--seek-writes=0"}, {"--seek-writes", "00", "-s", "16:4k"}},
              [](const Config& c) { CHECK(c.setup.io->seek_write_percent == 0); });
  check_forms({{"--seek-writes", "100"}, {"-s", "16", "--seek-writes=100"}},
              [](const Config& c) { CHECK(c.setup.io->seek_write_percent == 100); });
  CHECK(parse({"--seek-writes", "37"}).setup.io->seek_write_percent == 37);
  CHECK(parse({"--seek-writes", "10"}).setup.io->seek_write_percent == 10);
  CHECK(parse({"-s", "16:8k:100:2"}).setup.io->seek_write_percent == 10);
  CHECK_FALSE(parse({"-s", "0", "--seek-writes", "0"}).setup.io.has_value());  // no I/O tests: nothing to apply it to
}

TEST_CASE("cli: -n / --files") {
  check_forms({{"-n", "2:64k:1k:10:4k"}, {"-n2:64k:1k:10:4k"}, {"--files", "2:64k:1k:10:4k"},
               {"--files=2:64k:1k:10:4k"}},
              [](const Config& c) {
                REQUIRE(c.setup.files.has_value());
                CHECK(c.setup.files->count_k == 2);
                CHECK(c.setup.files->max_size_bytes == 65536);
                CHECK(c.setup.files->min_size_bytes == 1024);
                CHECK(c.setup.files->dirs == 10);
                CHECK(c.setup.files->chunk_bytes == 4096);
              });
  CHECK_FALSE(parse({"-n", "0"}).setup.files.has_value());
  CHECK(parse({"-n", "1:-1"}).setup.files->content == FileContent::kHardLink);
  CHECK(parse({"-n", "1:-2:0"}).setup.files->content == FileContent::kSymLink);
  CHECK(parse({"-n", "16", "-r", "2"}).setup.files->count_k == 16);  // 16*37*2 = 1184 <= 2 MiB * 1024
  CHECK(parse({"-s", "0", "-n", "1"}).setup.files.has_value());
  CHECK(parse({"-n", "0", "-s", "16"}).setup.io.has_value());
}

TEST_CASE("cli: -f / --per-char") {
  check_forms({{"-f"}, {"--per-char"}, {"-f0"}, {"--per-char=0"}},
              [](const Config& c) { CHECK(c.setup.io->per_char_bytes == 0); });
  check_forms({{"-f5"}, {"--per-char=5"}, {"-f5m"}, {"-f5120k"}},
              [](const Config& c) { CHECK(c.setup.io->per_char_bytes == 5 * kMiB); });
  CHECK(parse({"-f512k"}).setup.io->per_char_bytes == 512 * 1024);
  CHECK(parse({"-f100", "-s", "16"}).setup.io->per_char_bytes == 16 * kMiB);  // clamped to the file size
  CHECK(parse({"-s", "1"}).setup.io->per_char_bytes == 1 * kMiB);
  CHECK(parse({"-qf2"}).setup.io->per_char_bytes == 2 * kMiB);
  CHECK_FALSE(parse({"-f", "-s", "0"}).setup.io.has_value());
}

TEST_CASE("cli: -m / --machine and --label") {
  check_forms({{"-m", "box"}, {"-mbox"}, {"--machine", "box"}, {"--machine=box"}}, [](const Config& c) {
    CHECK(c.machine_name == "box");
    CHECK(c.label == "box");
  });
  const Config labelled = parse({"-m", "box", "--label", "host, run 1"});
  CHECK(labelled.machine_name == "box");
  CHECK(labelled.label == "host, run 1");
  CHECK(parse({"--label=guest"}).machine_name == "testhost");
}

TEST_CASE("cli: -x / --repeat") {
  check_forms({{"-x", "3"}, {"-x3"}, {"--repeat", "3"}, {"--repeat=3"}}, [](const Config& c) {
    CHECK(c.repeats == 3);
    CHECK(c.repeats_given);
  });
  CHECK(parse({"-x", "1"}).repeats_given);
}

TEST_CASE("cli: -u / --user and -g / --group") {
  check_forms({{"-u", "bob"}, {"-ubob"}, {"--user", "bob"}, {"--user=bob"}}, [](const Config& c) {
    CHECK(c.user == "bob");
    CHECK_FALSE(c.group.has_value());
  });
  const Config both = parse({"-u", "1000:100"});
  CHECK(both.user == "1000");
  CHECK(both.group == "100");
  check_forms({{"-g", "staff"}, {"--group", "staff"}, {"--group=staff"}}, [](const Config& c) {
    CHECK(c.group == "staff");
    CHECK_FALSE(c.user.has_value());
  });
  const Config separate = parse({"-u", "bob", "-g", "staff"});
  CHECK(separate.user == "bob");
  CHECK(separate.group == "staff");
}

TEST_CASE("cli: flags -q -b -D --no-sync-test, alone, long and grouped") {
  CHECK(parse({"-q"}).quiet);
  CHECK(parse({"--quiet"}).quiet);
  CHECK(parse({"-b"}).setup.fsync_each);
  CHECK(parse({"--sync-each"}).setup.fsync_each);
  CHECK(parse({"-D"}).setup.direct_io);
  CHECK(parse({"--direct"}).setup.direct_io);
  CHECK_FALSE(parse({"--no-sync-test"}).setup.sync_test.has_value());
  CHECK(parse({}).setup.sync_test->total_bytes == SyncTestSpec{}.total_bytes);
  CHECK(parse({"--sync-size", "23000"}).setup.sync_test->total_bytes == 23000);
  CHECK(parse({"--sync-size=1m:4k"}).setup.sync_test->write_bytes == 4096);
  const Config grouped = parse({"-qbD"});
  CHECK(grouped.quiet);
  CHECK(grouped.setup.fsync_each);
  CHECK(grouped.setup.direct_io);
}

TEST_CASE("cli: -d, -z, -c, -r, --cache, --data, --csv, --json") {
  check_forms({{"-d", "/tmp/x"}, {"-d/tmp/x"}, {"--directory", "/tmp/x"}, {"--directory=/tmp/x"}},
              [](const Config& c) { CHECK(c.directory == "/tmp/x"); });
  check_forms({{"-z", "42"}, {"-z42"}, {"--seed", "42"}, {"--seed=42"}},
              [](const Config& c) { CHECK(c.setup.seed == 42); });
  CHECK(parse({"-z", "0"}).setup.seed == 0);
  CHECK(parse({"-z", "4294967295"}).setup.seed == 4294967295u);
  check_forms({{"-c", "4"}, {"-c4"}, {"--concurrency", "4"}, {"--concurrency=4"}},
              [](const Config& c) { CHECK(c.setup.concurrency == 4); });
  CHECK(parse({"-c", "200"}).setup.concurrency == 200);
  check_forms({{"-r", "16384"}, {"-r16384"}, {"--ram", "16384"}, {"--ram=16g"}},
              [](const Config& c) { CHECK(c.setup.io->file_size_bytes == 2048 * kMiB); });
  CHECK(parse({"--cache", "keep", "-s", "0"}).setup.cache == CacheMode::kKeep);
  CHECK(parse({"--cache=drop"}).setup.cache == CacheMode::kDrop);
  CHECK(parse({"--data", "zero"}).setup.data == DataPattern::kZero);
  CHECK(parse({"--data=random"}).setup.data == DataPattern::kRandom);
  const Config out = parse({"--csv", "-", "--json", "run.json"});
  CHECK(out.result_file("csv") == "-");
  CHECK(out.result_file("json") == "run.json");
  CHECK(parse({"--json=-", "--csv=a.csv"}).result_file("json") == "-");
}

TEST_CASE("cli: -h / --help and -V / --version") {
  for (const char* form : {"-h", "--help"}) {
    const ParsedCommandLine parsed = parse_command_line({form}, test_facts());
    CHECK(parsed.action == Action::kHelp);
    CHECK(parsed.help_text == help_text());
  }
  for (const char* form : {"-V", "--version"}) {
    CHECK(parse_command_line({form}, test_facts()).action == Action::kVersion);
  }
  CHECK(parse_command_line({"-s", "0", "-n", "0", "-h"}, test_facts()).action == Action::kHelp);
}

TEST_CASE("cli: -l is accepted and ignored with a warning") {
  const Config c = parse({"-l", "x"});
  REQUIRE(c.warnings.size() == 1);
  CHECK(c.warnings.front().find("-l") != std::string::npos);
}

TEST_CASE("cli: the help text lists every option in both forms, grouped, in under 63 lines") {
  const std::string text = help_text();
  CHECK(text.rfind("usage: bench++ [options]\n", 0) == 0);
  for (const char* part :
       {"-s, --size", "-n, --files", "-f, --per-char[=N]", "-r, --ram", "-c, --concurrency", "-x, --repeat",
        "-m, --machine", "--label", "-q, --quiet", "--csv FILE", "--json FILE", "-d, --directory",
        "-b, --sync-each", "-D, --direct", "--cache drop|keep", "--data random|zero", "--no-sync-test",
        "--sync-size TOTAL[:WRITE]", "-z, --seed", "-u, --user", "-g, --group", "-h, --help", "-V, --version",
        "-p and -y are not supported (use -c), nor -Z (use -z); -l is ignored", "Test sizes:",
        "Output and behaviour:", "Options of every run command"}) {
    CAPTURE(part);
    CHECK(text.find(part) != std::string::npos);
  }
  std::size_t lines = 0;
  for (const char ch : text) lines += ch == '\n' ? 1 : 0;
  CHECK(lines < 63);
}

}  // namespace bench

namespace bench {

TEST_CASE("cli: --tag KEY=VALUE, repeatable, recorded in order, bad tags are refused") {
  CHECK(parse({"--tag", "disk=nvme0", "--tag", "drive=cache=none,aio=threads"}).tags ==
        std::vector<std::string>{"disk=nvme0", "drive=cache=none,aio=threads"});
  CHECK(join_tags({"a=1", "b=x y"}) == "a=1; b=x y");
  CHECK(join_tags({}).empty());
  const auto error_of = [](const std::string& tag) {
    return test::error_of<UsageError>([&] { parse_command_line({"--tag", tag}, SystemFacts{1, "h", 1}); });
  };
  CHECK(error_of("novalue") == "invalid --tag value 'novalue': expected KEY=VALUE");
  CHECK(error_of("=x") == "invalid --tag value '=x': expected KEY=VALUE");
  CHECK(error_of("a b=x") == "invalid --tag value 'a b=x': the KEY is letters, digits, '_', '.' and '-'");
  CHECK(error_of("a=x;y") == "invalid --tag value 'a=x;y': the VALUE may not hold ';'");
  CHECK(error_of("a=x\ny") == "invalid --tag value 'a=x\ny': the VALUE may not hold control characters");
}

}  // namespace bench
