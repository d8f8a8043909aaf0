// The hostile-input table of `bench++ job`, `bench++ suite` and `bench++ compare`: every case runs
// the real binary (some under a resource limit) and must exit with its documented status (2 for usage, 1 for what the machine refuses), say one
// line naming the option or file, create nothing anywhere (not outside the private directory: the private
// directory is gone too), change nothing under -d, and leave the earlier --json, --csv and --html files byte for
// byte. For the run commands --dry-run must agree with the run (plan/plan.h: one function decides).
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;

constexpr const char* kPreviousJson = "{\"previous\": \"results of an earlier run\"}\n";
constexpr const char* kPreviousCsv = "previous,results\n1,2\n";
constexpr const char* kPreviousHtml = "<p>an earlier report</p>\n";

// fio's JSON files whose io_bytes cannot be held (2^70, negative, a string, past a double's range).
const std::vector<std::pair<std::string, std::string>> kFioFigures = {
    {"fio-2to70.json", "1180591620717411303424"},
    {"fio-negative.json", "-5"},
    {"fio-string.json", "\"12\""},
    {"fio-1e400.json", "1e400"},
    {"fio-nan.json", "NaN"},
};

struct Case {
  std::vector<std::string> args;  // {DIR}: -d; {ROOT}: the tree around it; {FILES}: prepared inputs; {OUT}
  int exit_code = 2;
  std::string named;  // what the one line of stderr must hold: the option, the value or the file
  bool outputs = true;  // append --json/--csv/--html of earlier results (run commands)
};

// A case run under resource limits: the shell words run before bench++ (sh -c '...; exec bench++ ARGS').
struct LimitedCase {
  std::string limits;  // "ulimit -f 64"
  Case c;
};

// A tree for the cases: ROOT/a/b/run is -d (so that "../../x" stays inside ROOT, where the test sees it), ROOT/files
// holds prepared inputs, ROOT/out the earlier result files.
struct Tree {
  test::TempDir root;
  fs::path dir = root.path() / "a" / "b" / "run";
  fs::path files = root.path() / "files";
  fs::path out = root.path() / "out";

  Tree() {
    fs::create_directories(dir);
    fs::create_directories(files / "a-directory.fio");
    fs::create_directories(out);
    std::ofstream(dir / "precious") << std::string(8192, 'p');
    std::ofstream(out / "out.json") << kPreviousJson;
    std::ofstream(out / "out.csv") << kPreviousCsv;
    std::ofstream(out / "out.html") << kPreviousHtml;
    write("empty.fio", "");
    write("global-only.fio", "[global]\nsize=1m\n");
    write("nul.fio", "[x]\nsize=1m\0\n"s);
    write("control.fio", "[x]\n\x1b[2J\nsize=1m\n");
    write("binary.fio", "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0"s);
    write("bom-nul.fio", "\xEF\xBB\xBF[x]\0"s);
    write("big.fio", "[x]\nsize=1m\n" + std::string(2 << 20, ';'));
    write("escape.fio", "[../../esc]\nsize=1m\n");
    write("slash.fio", "[x/y]\nsize=1m\n");
    write("long.fio", "[" + std::string(300, 'n') + "]\nsize=1m\n");
    write("filename-escape.fio", "[x]\nsize=1m\nfilename=../../outside\n");
    write("unknown-option.fio", "[x]\nsize=1m\nno_such_option=1\n");
    write("bad-section.fio", "[x\nsize=1m\n");
    write("before-section.fio", "size=1m\n[x]\n");
    write("include.fio", "include other.fio\n[x]\nsize=1m\n");
    write("env.fio", "[x]\nsize=${SIZE}\n");
    write("bad-size.fio", "[x]\nsize=1q\n");
    write("twice.fio", "[x]\nsize=1m\n[x]\nsize=1m\n");
    write("overflow.fio", "[x]\nsize=1m\nruntime=60000d\nramp_time=50000d\ntime_based\n");
    write("no-name.fio", "[ ]\nsize=1m\n");
    write("valid.csv", "");  // replaced by the compare cases' own inputs
    write("garbage.csv", "label,test\nthis,is,not,a,result\n");
    write("header.csv", "label,test\n");
    write("bonnie-bad.csv", "1.98,2.00a,box,1,1,2,3\n");
    write("json-bad.json", "{\"tool\":\"bench++\",\"format_version\":1,\"runs\":[{]}\n");
    write("json-deep.json", std::string(100000, '['));
    write("random.bin", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s);
    write("bom-only.csv", "\xEF\xBB\xBF");
    write("nul.csv", "label,test\n\0\n"s);
    write("unterminated.csv", "label,test\n\"abc\n");
    write_fio_json("fio-deep.json", "[]", std::string(150000, '[') + std::string(150000, ']'));
    write_fio_json("fio-deep-value.json", std::string(40, '[') + std::string(40, ']'), "[]");
    for (const auto& [name, figure] : kFioFigures) write_fio_json(name, figure, "[]");
    write("fio-control.json", fio_json("\"ev\\u001b[31mil\\u0000\"", "1048576", "[]"));
    std::string version_with_escape = fio_json("\"x\"", "1048576", "[]");
    version_with_escape.replace(version_with_escape.find("fio-3.33"), 8, "fio\\u001b[2J\\u0000");
    write("fio-control-version.json", version_with_escape);
    fs::create_symlink(out / "missing-target.json", out / "dangling.json");
    write("run.fio", "[x]\nsize=1m\n");
    write("with-include.fio", "[x]\nsize=1m\ninclude run-include.fio\n");
    write("run-include.fio", "bs=4k\n");
    fs::create_symlink(out / "out.csv", out / "S_bw.1.log");     // a log's name planted as a link to a result
    fs::create_symlink(root.path() / "nowhere", dir / "dangling-data");  // a filename= planted as a dangling link
  }
  // fio's JSON of one job named `name` (a JSON string) that read `io_bytes` (a JSON value as written), with
  // `options` as its "job options".
  static std::string fio_json(const std::string& name, const std::string& io_bytes, const std::string& options) {
    return "{\"fio version\": \"fio-3.33\", \"timestamp\": 1796630488, \"jobs\": [{\"jobname\": " + name +
           ", \"job options\": " + options + ", \"error\": 0, \"job_runtime\": 1, \"usr_cpu\": 1.0, \"sys_cpu\": 1.0, "
           "\"read\": {\"io_bytes\": " + io_bytes + ", \"total_ios\": 256, \"runtime\": 1, \"clat_ns\": {\"N\": 256, "
           "\"min\": 1, \"max\": 9, \"mean\": 5.0}}}]}\n";
  }
  void write_fio_json(const std::string& name, const std::string& io_bytes, const std::string& options) const {
    write(name, fio_json("\"x\"", io_bytes, options));
  }
  void restore_outputs() const {
    std::ofstream(out / "out.json") << kPreviousJson;
    std::ofstream(out / "out.csv") << kPreviousCsv;
    std::ofstream(out / "out.html") << kPreviousHtml;
  }
  void write(const std::string& name, const std::string& text) const { std::ofstream(files / name) << text; }

  std::vector<std::string> expand(std::vector<std::string> args) const {
    for (std::string& arg : args) {
      for (const auto& [mark, path] : {std::pair<std::string, fs::path>{"{DIR}", dir}, {"{ROOT}", root.path()},
                                       {"{FILES}", files}, {"{OUT}", out}}) {
        for (std::size_t at; (at = arg.find(mark)) != std::string::npos;) arg.replace(at, mark.size(), path.string());
      }
    }
    return args;
  }
  std::vector<std::string> earlier_outputs() const {
    return {"--json", (out / "out.json").string(), "--csv", (out / "out.csv").string(), "--html",
            (out / "out.html").string()};
  }
  void check_untouched(const std::vector<std::string>& before) const {
    CHECK(test::read_file(out / "out.json") == kPreviousJson);
    CHECK(test::read_file(out / "out.csv") == kPreviousCsv);
    CHECK(test::read_file(out / "out.html") == kPreviousHtml);
    CHECK(test::read_file(dir / "precious") == std::string(8192, 'p'));
    CHECK(test::list_tree(root.path()) == before);
    CHECK(fs::is_symlink(out / "dangling.json"));
  }
};

std::vector<Case> job_cases() {
  std::vector<Case> cases = {
      // Family 1: names and paths, checked before anything is created.
      {{"job", "-d", "{DIR}", "--name=../../esc", "--size=1m"}, 2, "'../../esc.0.0' holds a '/'"},
      {{"job", "-d", "{DIR}", "--name=x/y", "--size=1m"}, 2, "holds a '/'"},
      {{"job", "-d", "{DIR}", "--name=" + std::string(300, 'n'), "--size=1m"}, 2, "longer than a file name"},
      {{"job", "-d", "{DIR}", "--name=" + std::string(252, 'n'), "--size=1m", "--numjobs=10"}, 2,
       "longer than a file name"},
      {{"job", "-d", "{DIR}", "--name=/abs", "--size=1m"}, 2, "holds a '/'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=../../outside"}, 2,
       "filename '{DIR}/../../outside' does not exist"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename={ROOT}/elsewhere"}, 2,
       "creates files only inside the workload's directory"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=" + std::string(300, 'f')}, 2, "filename"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=missing/file"}, 2, "does not exist"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=."}, 2, "neither a regular file"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=precious/x"}, 2, "precious/x"},
      {{"job", "-d", "{DIR}", "{FILES}/escape.fio"}, 2, "holds a '/'"},
      {{"job", "-d", "{DIR}", "{FILES}/slash.fio"}, 2, "holds a '/'"},
      {{"job", "-d", "{DIR}", "{FILES}/long.fio"}, 2, "longer than a file name"},
      {{"job", "-d", "{DIR}", "{FILES}/filename-escape.fio"}, 2, "creates files only inside"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--directory={ROOT}/missing"}, 2, "does not exist"},
      {{"job", "-d", "{DIR}/missing", "--name=x", "--size=1m"}, 2, "missing"},
      {{"job", "-d", "{DIR}/precious", "--name=x", "--size=1m"}, 2, "precious"},
      {{"job", "-d", "", "--name=x", "--size=1m"}, 2, "-d"},
      // Writing what bench++ did not create.
      {{"job", "-d", "{DIR}", "--name=x", "--rw=write", "--filename=precious"}, 2, "--allow-overwrite"},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=randrw", "--filename={DIR}/precious"}, 2, "--allow-overwrite"},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=read", "--filename=precious", "--size=1m"}, 2, "less than size="},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=write", "--filename=/dev/null"}, 2, "/dev/null"},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=read", "--filename=/dev/zero"}, 2, "/dev/zero"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--allow-overwrite", "{DIR}/other"}, 2, "--allow-overwrite"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--allow-overwrite", ""}, 2, "--allow-overwrite"},
      // Family 4: overflow and impossible sizes.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--runtime=60000d", "--ramp_time=50000d", "--time_based"}, 2,
       "runtime= plus ramp_time="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--runtime=36501d"}, 2, "runtime= plus ramp_time="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--ramp_time=36501d"}, 2, "runtime= plus ramp_time="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--runtime=99999999999999999999"}, 2, "runtime"},
      {{"job", "-d", "{DIR}", "{FILES}/overflow.fio"}, 2, "overflow.fio: workload 'x': runtime= plus ramp_time="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=16p"}, 1, "free"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=18446744073709551615"}, 2, "need more than 2^64 bytes"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=18446744073709551616"}, 2, "size"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=8p", "--numjobs=1024"}, 1, "not enough free space"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=8p", "--numjobs=4096"}, 2, "numjobs"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=64m", "--numjobs=4096", "--iodepth=32768", "--bs=64m",
        "--ioengine=io_uring"},
       2, "memory"},
      // Family 5: the message names the thing that is wrong.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "junk"}, 2, "unexpected word 'junk'"},
      {{"job", "-d", "{DIR}", "--name=x", "junk", "--size=1m"}, 2, "unexpected word 'junk'"},
      {{"job", "-d", "{DIR}", "{FILES}/nul.fio"}, 2, "nul.fio:2: a NUL byte"},
      {{"job", "-d", "{DIR}", "{FILES}/control.fio"}, 2, "control.fio:2: a control (0x1b) byte"},
      // A value or an option's name from the command line with control bytes is quoted escaped.
      {{"job", "-d", "{DIR}", "--name=x", "--rw=re\x1b[2Jad"}, 2, "rw='re\\x1b[2Jad'"},
      {{"job", "-d", "{DIR}", "--name=x", "--fo\x1b[31mo=1"}, 2, "'fo\\x1b[31mo'"},
      {{"job", "-d", "{DIR}", "{FILES}/binary.fio"}, 2, "binary.fio:1"},
      {{"job", "-d", "{DIR}", "{FILES}/bom-nul.fio"}, 2, "bom-nul.fio:1: a NUL byte"},
      {{"job", "-d", "{DIR}", "{FILES}/random.bin"}, 2, "random.bin"},
      {{"job", "-d", "{DIR}", "{FILES}/a-directory.fio"}, 2, "a-directory.fio' is a directory"},
      {{"job", "-d", "{DIR}", "{FILES}/missing.fio"}, 2, "cannot read job file '{FILES}/missing.fio'"},
      {{"job", "-d", "{DIR}", "{FILES}/empty.fio"}, 2, "empty.fio: no workload"},
      {{"job", "-d", "{DIR}", "{FILES}/global-only.fio"}, 2, "global-only.fio: no workload"},
      {{"job", "-d", "{DIR}", "{FILES}/unknown-option.fio"}, 2, "no_such_option"},
      {{"job", "-d", "{DIR}", "{FILES}/bad-section.fio"}, 2, "bad-section.fio:1"},
      {{"job", "-d", "{DIR}", "{FILES}/before-section.fio"}, 2, "before-section.fio:1"},
      {{"job", "-d", "{DIR}", "{FILES}/include.fio"}, 2, "include.fio:1"},
      {{"job", "-d", "{DIR}", "{FILES}/env.fio"}, 2, "env.fio:2"},
      {{"job", "-d", "{DIR}", "{FILES}/bad-size.fio"}, 2, "bad-size.fio:2"},
      {{"job", "-d", "{DIR}", "{FILES}/twice.fio"}, 2, "'x'"},
      {{"job", "-d", "{DIR}", "{FILES}/no-name.fio"}, 2, "no-name.fio"},
      {{"job", "-d", "{DIR}", "{FILES}/valid.csv", "{FILES}/empty.fio"}, 2, "valid.csv"},
      // Family 6: bounded reads.
      {{"job", "-d", "{DIR}", "/dev/zero"}, 2, "'/dev/zero' is larger than 1024 KiB"},
      {{"job", "-d", "{DIR}", "/dev/urandom"}, 2, "'/dev/urandom' is larger than 1024 KiB"},
      {{"job", "-d", "{DIR}", "{FILES}/big.fio"}, 2, "big.fio' is larger than 1024 KiB"},
      {{"job", "-d", "{DIR}", "/dev/null"}, 2, "/dev/null: no workload"},
      // Directories that cannot hold files: refused when the run is planned, naming the directory and why.
      {{"job", "-d", "/proc", "--name=x", "--size=1m"}, 2, "directory '/proc' (-d) cannot hold its files"},
      {{"job", "-d", "/sys/kernel", "--name=x", "--size=1m"}, 2, "directory '/sys/kernel' (-d) cannot hold"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--numjobs=2", "--directory={DIR}:/proc"}, 2,
       "directory '/proc' (directory=) cannot hold its files: a directory cannot be made in it"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--directory=/proc", "--filename=new"}, 2,
       "directory '/proc' (filename=) cannot hold its files: a file cannot be created in it"},
      {{"-d", "/proc", "-s", "1m", "-n", "0", "-r", "0"}, 2, "directory '/proc' (-d) cannot hold the run's files"},
      {{"-d", "/sys/kernel", "-s", "0", "-n", "1", "-r", "0"}, 2, "directory '/sys/kernel' (-d) cannot hold"},
      // Family 7: outputs.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "{OUT}/same", "--csv", "{OUT}/same"}, 2,
       "--csv and --json name the same file", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "{OUT}/same", "--html", "{OUT}/../out/same"}, 2,
       "the same file", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--csv", "{OUT}/out.csv", "--html", "{OUT}/./out.csv"}, 2,
       "the same file", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", ""}, 2, "--json", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--csv", ""}, 2, "--csv", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--html", ""}, 2, "--html", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--html", "-"}, 2, "--html", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "-", "--csv", "-"}, 2, "stdout", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "{OUT}/dangling.json"}, 1,
       "dangling.json: it is a symbolic link", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "{OUT}/missing/r.json"}, 1, "{OUT}/missing/r.json",
       false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--csv", "{OUT}/missing/r.csv"}, 1, "{OUT}/missing/r.csv",
       false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--json", "{OUT}"}, 1, "{OUT}", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--output-format=json", "--json", "-", "--csv", "-"}, 2,
       "stdout", false},
      // Outputs that collide with another output, an input or a data file of the run, however spelt: refused
      // before anything is written (app/output_files.h).
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--output-format=json", "--output", "{OUT}/same", "--json",
        "{OUT}/same"},
       2, "--json and fio's --output name the same file '{OUT}/same'", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--write_bw_log={OUT}/L", "--output-format=json", "--output",
        "{OUT}/L_bw.1.log"},
       2, "fio's --output and write_bw_log of workload 'x' name the same file '{OUT}/L_bw.1.log'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--write_bw_log={OUT}/L", "--csv", "{OUT}/./L_bw.1.log"}, 2,
       "--csv '{OUT}/./L_bw.1.log' and write_bw_log of workload 'x' '{OUT}/L_bw.1.log' are the same file", false},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--filename=data", "--output-format=json", "--output",
        "{DIR}/data"},
       2, "fio's --output and filename= of workload 'x' name the same file '{DIR}/data'"},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=read", "--filename=precious", "--output-format=json", "--output",
        "{DIR}/../run/precious"},
       2, "are the same file: an output may not replace what the run reads or writes"},
      {{"job", "-d", "{DIR}", "{FILES}/run.fio", "--json", "{FILES}/run.fio"}, 2,
       "--json and the job file name the same file '{FILES}/run.fio'", false},
      {{"job", "-d", "{DIR}", "{FILES}/run.fio", "--output-format=json", "--output", "{FILES}/run.fio"}, 2,
       "fio's --output and the job file name the same file"},
      {{"job", "-d", "{DIR}", "{FILES}/with-include.fio", "--html", "{FILES}/run-include.fio"}, 2,
       "--html and the job file name the same file '{FILES}/run-include.fio'", false},
      {{"job", "-d", "{DIR}", "--name=a", "--size=1m", "--write_bw_log={OUT}/L", "--per_job_logs=0", "--name=b",
        "--size=1m", "--write_bw_log={OUT}/L", "--per_job_logs=0"},
       2, "write_bw_log of workload 'a' and write_bw_log of workload 'b' name the same file '{OUT}/L_bw.log'"},
      // Files bench++ names itself are opened through no link it did not make.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--write_bw_log={OUT}/S"}, 2,
       "log '{OUT}/S_bw.1.log' is a symbolic link to '{OUT}/out.csv'"},
      {{"job", "-d", "{DIR}", "--name=x", "--rw=write", "--size=1m", "--filename=dangling-data"}, 2,
       "filename '{DIR}/dangling-data' is a symbolic link to '{ROOT}/nowhere', which does not exist"},
      // Family 11 (job): --scale.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "1e-300"}, 2, "--scale value '1e-300'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "1001"}, 2, "a factor from 1e-06 to 1000"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "nan"}, 2, "--scale value 'nan'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "inf"}, 2, "--scale value 'inf'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "-1"}, 2, "--scale value '-1'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "0"}, 2, "--scale value '0'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", ""}, 2, "--scale value ''"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale"}, 2, "--scale"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--scale", "big"}, 2, "--scale value 'big'"},
      // The shared options.
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "-x", "0"}, 2, "-x"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "-x", "-1"}, 2, "-x"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "-z", "-1"}, 2, "-z"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--cache", "sometimes"}, 2, "--cache"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--tag", "novalue"}, 2, "--tag"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--label", ""}, 2, "--label"},
      {{"job", "-d", "{DIR}", "-d", "{DIR}", "--name=x", "--size=1m"}, 2, "more than once"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "-d"}, 2, "-d (--directory)"},
      {{"job", "-d", "{DIR}"}, 2, "no workload"},
      {{"job", "-d", "{DIR}", "--size=1m"}, 2, "--name=NAME"},
      {{"job", "-d", "{DIR}", "--name=x"}, 2, "size="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--name=x", "--size=1m"}, 2, "'x'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--"}, 2, "'--'"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--no-such-option=1"}, 2, "no-such-option"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--time_based"}, 2, "runtime="},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--output-format=xml"}, 2, "output-format"},
      {{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--kb_base=7"}, 2, "kb_base"},
      {{"job", "-d", "{DIR}", "--name=", "--size=1m"}, 2, "name"},
      {{"job", "-d", "{DIR}", "--name"}, 2, "--name"},
  };
  // fio's option values, one bad value at a time: the message names the option.
  const std::vector<std::pair<std::string, std::vector<std::string>>> bad_values = {
      {"bs", {"0", "-1", "1x", "", "18446744073709551616", "4g0"}},
      {"size", {"-1", "1x", "", "1.5.5m", "101%", "0%"}},
      {"numjobs", {"0", "-1", "x", "4294967296", ""}},
      {"iodepth", {"0", "-1", "x", "4294967296"}},
      {"rw", {"bogus", "", "read,write"}},
      {"rwmixread", {"101", "-1", "x"}},
      {"rwmixwrite", {"101", "x"}},
      {"runtime", {"-1", "x", "1y", ""}},
      {"ramp_time", {"-1", "x", "1y"}},
      {"direct", {"2", "x", "-1"}},
      {"fsync", {"-1", "x"}},
      {"fdatasync", {"-1", "x"}},
      {"end_fsync", {"2", "x"}},
      {"ioengine", {"bogus", "", "windowsaio"}},
      {"unlink", {"2", "x"}},
      {"invalidate", {"2"}},
      {"randseed", {"x", "-1", "18446744073709551616"}},
      {"randrepeat", {"2"}},
  };
  for (const auto& [option, values] : bad_values) {
    for (const std::string& value : values) {
      cases.push_back({{"job", "-d", "{DIR}", "--name=x", "--size=1m", "--" + option + "=" + value}, 2, option});
    }
  }
  return cases;
}

// Whether a run cannot start under ulimit -v or -d at all: a sanitizer's shadow memory takes terabytes of address
// space.
constexpr bool address_space_limits_unusable() {
#if defined(BENCH_TESTS_UNDER_ASAN) || defined(BENCH_TESTS_UNDER_TSAN)
  return true;
#else
  return false;
#endif
}

// Resource limits the plan can know of (plan/resource_limits.h), refused before anything is created; dash's ulimit -f
// counts 512-byte blocks, ulimit -v and -d KiB.
std::vector<LimitedCase> limited_cases() {
  return {
      {"ulimit -f 64",
       {{"job", "-d", "{DIR}", "--name=x", "--rw=write", "--size=1m"}, 2,
        "workload 'x' creates a file of 1.0 MiB (x.0.0 in a private directory in {DIR}), larger than the file size "
        "limit (ulimit -f) of 32.0 KiB"}},
      {"ulimit -f 64",
       {{"job", "-d", "{DIR}", "--name=x", "--rw=read", "--size=1m", "--filename=new"}, 2,
        "creates a file of 1.0 MiB ({DIR}/new), larger than the file size limit"}},
      {"ulimit -f 64",
       {{"-d", "{DIR}", "-s", "1m:4k", "-n", "0", "-r", "0", "--no-sync-test"}, 2,
        "-s: each worker's test file of 1.0 MiB is larger than the file size limit (ulimit -f) of 32.0 KiB"}},
      {"ulimit -f 64",
       {{"-d", "{DIR}", "-s", "0", "-n", "1:64k:64k", "-r", "0", "--no-sync-test"}, 2,
        "-n: the file tests' smallest file of 64.0 KiB is larger than the file size limit"}},
      {"ulimit -v 200000",
       {{"job", "-d", "{DIR}", "--name=x", "--rw=randread", "--size=1m", "--bs=1m", "--iodepth=256",
         "--ioengine=libaio"},
        2,
        "workload 'x' needs 256.0 MiB of request buffers in one process (numjobs x iodepth x bs), more than the "
        "address space limit (ulimit -v) of 195.3 MiB"}},
      {"ulimit -d 200000",
       // --thread: the jobs' buffers in one process (each job's own process would have its own limit, as fio's)
       {{"job", "-d", "{DIR}", "--name=x", "--rw=randread", "--size=1m", "--bs=1m", "--iodepth=64", "--numjobs=4",
         "--ioengine=libaio", "--thread"},
        2, "more than the data limit (ulimit -d) of 195.3 MiB"}},
  };
}

std::vector<Case> suite_cases() {
  std::vector<Case> cases = {
      {{"suite", "-d", "{DIR}"}, 2, "suite name"},
      {{"suite", "nosuch", "-d", "{DIR}"}, 2, "unknown suite 'nosuch'"},
      {{"suite", "tart", "cdm", "-d", "{DIR}"}, 2, "unexpected word 'cdm'"},
      {{"suite", "tart", "-d", "{DIR}", "--bs=4k"}, 2, "--bs=4k"},
      {{"suite", "tart", "-d", "{DIR}", "--name=x"}, 2, "--name=x"},
      {{"suite", "tart", "-d", "{DIR}/missing"}, 2, "missing"},
      {{"suite", "tart", "-d", "{DIR}", "--scale", "1000"}, 1, "free"},
      {{"suite", "tart", "-d", "{DIR}", "--json", "{OUT}/s", "--csv", "{OUT}/s"}, 2, "the same file", false},
      {{"suite", "tart", "-d", "{DIR}", "--json", "{OUT}/dangling.json"}, 1, "symbolic link", false},
      {{"suite", "", "-d", "{DIR}"}, 2, "unknown suite ''"},
      {{"suite", "../tart", "-d", "{DIR}"}, 2, "unknown suite"},
      {{"suite", "tart", "-d", "{DIR}", "{FILES}/valid.fio"}, 2, "unexpected word"},
      {{"suite", "tart", "-d", "/proc"}, 2, "directory '/proc' (-d) cannot hold its files"},
  };
  for (const std::string suite : {"tart", "openstack", "cdm"}) {
    for (const std::string factor : {"1e-300", "0", "-1", "1001", "nan", "x", ""}) {
      cases.push_back({{"suite", suite, "-d", "{DIR}", "--scale", factor}, 2, "--scale value '" + factor + "'"});
    }
    cases.push_back({{"suite", suite, "-d", "{DIR}", "-x", "0"}, 2, "-x"});
    cases.push_back({{"suite", suite, "-d", "{DIR}", "--allow-overwrite", "{DIR}/precious"}, 2, "--allow-overwrite"});
  }
  return cases;
}

std::vector<Case> compare_cases() {
  const std::vector<std::string> outputs = {"--csv", "{OUT}/out.csv"};
  std::vector<Case> cases = {
      {{"compare"}, 2, "compare", false},
      {{"compare", "{FILES}/missing.csv", "{FILES}/missing.csv"}, 1, "{FILES}/missing.csv", false},
      {{"compare", "{FILES}/a-directory.fio", "{FILES}/a-directory.fio"}, 1, "a-directory.fio", false},
      {{"compare", "{FILES}/empty.fio", "{FILES}/empty.fio"}, 1, "empty.fio:1: empty file", false},
      {{"compare", "{FILES}/garbage.csv", "{FILES}/garbage.csv"}, 1, "garbage.csv:1", false},
      {{"compare", "{FILES}/header.csv", "{FILES}/header.csv"}, 1, "header.csv", false},
      {{"compare", "{FILES}/bonnie-bad.csv", "{FILES}/bonnie-bad.csv"}, 1, "bonnie-bad.csv:1", false},
      {{"compare", "{FILES}/json-bad.json", "{FILES}/json-bad.json"}, 1, "json-bad.json", false},
      {{"compare", "{FILES}/json-deep.json", "{FILES}/json-deep.json"}, 1, "json-deep.json", false},
      {{"compare", "{FILES}/random.bin", "{FILES}/random.bin"}, 1, "random.bin:1: unknown format", false},
      {{"compare", "{FILES}/bom-only.csv", "{FILES}/bom-only.csv"}, 1, "bom-only.csv:1: empty file", false},
      {{"compare", "{FILES}/nul.csv", "{FILES}/nul.csv"}, 1, "nul.csv:2", false},
      {{"compare", "{FILES}/unterminated.csv", "{FILES}/unterminated.csv"}, 1, "unterminated.csv:2", false},
      {{"compare", "{FILES}/binary.fio", "{FILES}/binary.fio"}, 1, "binary.fio", false},
      {{"compare", "{FILES}/nul.fio", "{FILES}/nul.fio"}, 1, "nul.fio", false},
      {{"compare", "/dev/zero", "/dev/zero"}, 1, "/dev/zero:1: unknown format", false},
      {{"compare", "/dev/null", "/dev/null"}, 1, "/dev/null", false},
      {{"compare", "/dev/urandom", "/dev/urandom"}, 1, "/dev/urandom:1: unknown format", false},
      // Readers bounded in nesting (fio's JSON 150 000 levels deep: 300 KB), figures and control bytes.
      {{"compare", "{FILES}/fio-deep.json", "{FILES}/fio-2to70.json"}, 1,
       "fio-deep.json:1: JSON nested deeper than 32 levels", false},
      {{"compare", "{FILES}/fio-deep-value.json", "{FILES}/fio-deep-value.json"}, 1,
       "fio-deep-value.json:1: JSON nested deeper than 32", false},
      {{"compare", "{FILES}/fio-2to70.json", "{FILES}/fio-2to70.json"}, 1,
       "fio-2to70.json: jobs[0].read.io_bytes: 1.1805916207174113e+21 is not a whole number", false},
      {{"compare", "{FILES}/fio-negative.json", "{FILES}/fio-negative.json"}, 1,
       "fio-negative.json: jobs[0].read.io_bytes: -5", false},
      {{"compare", "{FILES}/fio-string.json", "{FILES}/fio-string.json"}, 1,
       "fio-string.json: jobs[0].read.io_bytes: \"12\"", false},
      {{"compare", "{FILES}/fio-1e400.json", "{FILES}/fio-1e400.json"}, 1,
       "fio-1e400.json:1: invalid JSON: 'io_bytes': 1e400 is out of range", false},
      {{"compare", "{FILES}/fio-nan.json", "{FILES}/fio-nan.json"}, 1, "fio-nan.json:1: invalid JSON", false},
      {{"compare", "{FILES}/fio-control-version.json", "--csv", "{OUT}/new.csv"}, 2,
       "has the label 'fio\\x1b[2J\\x00'", false},
      {{"compare", "{FILES}/header.csv", "--no-such-option"}, 2, "no-such-option", false},
      {{"compare", "{FILES}/header.csv", "{FILES}/header.csv", "--csv", "{FILES}/header.csv"}, 2, "header.csv",
       false},
      {{"compare", "{FILES}/header.csv", "{FILES}/header.csv", "--csv", ""}, 2, "--csv", false},
      {{"compare", "{FILES}/header.csv", "{FILES}/header.csv", "--json"}, 2, "--json", false},
  };
  // The same with an earlier output: the unreadable inputs, then the bounded readers.
  std::vector<Case> again(cases.begin() + 1, cases.begin() + 17);
  again.insert(again.end(), cases.begin() + 18, cases.begin() + 25);
  for (Case& c : again) {
    c.args.insert(c.args.end(), outputs.begin(), outputs.end());
    cases.push_back(c);
  }
  return cases;
}

void check_case(const Tree& tree, const Case& c, bool dry_run, const std::string& limits = "") {
  std::vector<std::string> args = tree.expand(c.args);
  if (c.outputs) args = test::with(args, tree.earlier_outputs());
  if (dry_run) args.push_back("--dry-run");
  std::string command = limits.empty() ? "" : limits + ";";
  for (const std::string& arg : args) command += (command.empty() ? "" : " ") + arg.substr(0, 80);
  CAPTURE(command);
  const std::vector<std::string> before = test::list_tree(tree.root.path());
  const test::CommandOutput result =
      limits.empty() ? test::run_bench(args)
                     : test::run_program(test::with({"sh", "-c", limits + "; exec \"$0\" \"$@\"", BENCH_BINARY}, args));
  CAPTURE(result.err);
  CHECK(result.exit_code == c.exit_code);
  CHECK(result.out.empty());
  const std::vector<std::string> lines = test::lines_of(result.err);
  CHECK(lines.size() == 1);
  if (!lines.empty()) {
    CHECK(lines.front().starts_with("bench++: "));
    CHECK(test::contains(lines.front(), tree.expand({c.named}).front()));
    for (const char ch : lines.front()) CHECK((static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7f));
  }
  tree.check_untouched(before);
  tree.restore_outputs();  // (so that a case that fails does not fail the cases after it)
}

TEST_CASE("reliability: compare shows a fio job name holding ESC and NUL escaped, in its table and alone") {
  const Tree tree;
  const std::string control = (tree.files / "fio-control.json").string();
  for (const std::vector<std::string>& args : {std::vector<std::string>{"compare", control},
                                               std::vector<std::string>{"compare", control, control},
                                               std::vector<std::string>{"compare", control, "--json", "-", control}}) {
    CAPTURE(args);
    const test::CommandOutput result = test::run_bench(args);
    CAPTURE(result.err);
    CHECK(result.exit_code == 0);
    const bool json_on_stdout = args.size() == 5;  // (the table goes to standard error then)
    CHECK(test::contains(json_on_stdout ? result.err : result.out, "ev\\x1b[31mil\\x00"));
    if (json_on_stdout) CHECK(test::contains(result.out, "ev\\u001b[31mil\\u0000"));
    for (const std::string* text : {&result.out, &result.err}) {
      for (const char ch : *text) CHECK((static_cast<unsigned char>(ch) >= 0x20 || ch == '\n'));
    }
  }
}

TEST_CASE("reliability: the hostile-input table of job, suite and compare") {
  const Tree tree;
  std::vector<Case> cases = job_cases();
  const std::vector<Case> suites = suite_cases();
  cases.insert(cases.end(), suites.begin(), suites.end());
  const std::size_t run_cases = cases.size();
  const std::vector<Case> compares = compare_cases();
  cases.insert(cases.end(), compares.begin(), compares.end());
  CHECK(cases.size() >= 150);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    check_case(tree, cases[i], false);
    if (i < run_cases) check_case(tree, cases[i], true);  // --dry-run says what the run says
  }
  for (const LimitedCase& limited : limited_cases()) {
    if (address_space_limits_unusable() && !limited.limits.starts_with("ulimit -f") &&
        test::skip_unless(false, test::Need::kMachine, "'" + limited.limits + "': a sanitizer's shadow memory")) {
      continue;
    }
    check_case(tree, limited.c, false, limited.limits);
    check_case(tree, limited.c, true, limited.limits);
  }
}

}  // namespace
}  // namespace bench
