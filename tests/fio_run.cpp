#include "fio_run.h"

#include <fstream>
#include <sstream>

#include "test_support.h"

namespace bench::test {

bool fio_available() {
  return !skip_unless(tool_installed("fio"), Need::kTool, "fio is not installed (Debian fio)");
}

std::string BesideFio::both_outputs() const { return "fio: " + fio.out + "\npersona: " + persona.out; }

std::vector<std::string> terminal_pieces(const std::string& text) {
  std::vector<std::string> pieces(1);
  for (const char c : text) {
    if (c == '\r' || c == '\n') {
      pieces.emplace_back();
    } else {
      pieces.back() += c;
    }
  }
  return pieces;
}

BesideFio run_beside_fio(const std::vector<std::string>& job) {
  const TempDir fio_dir;
  const TempDir persona_dir;
  BesideFio outputs{run_program(with({"fio", "--directory=" + fio_dir.path().string()}, job)),
                    run_bench(with({"fio", "--directory=" + persona_dir.path().string()}, job))};
  REQUIRE_MESSAGE(outputs.fio.exit_code == 0, "fio: " << outputs.fio.err);
  REQUIRE_MESSAGE(outputs.persona.exit_code == 0, "persona: " << outputs.persona.err);
  return outputs;
}

bool run_fio(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"sh", "-c", "cd \"$1\" && shift && exec fio --output=/dev/null \"$@\"", "sh",
                                   dir.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const CommandOutput fio = run_program(argv);
  INFO("fio: " << fio.err);
  CHECK(fio.exit_code == 0);
  return fio.exit_code == 0;
}

std::vector<FioLoggedRequest> read_fio_iolog(const std::filesystem::path& log) {
  std::vector<FioLoggedRequest> requests;
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string time, file, action;
    FioLoggedRequest request;
    if (!(fields >> time >> file >> action)) continue;
    if (action != "read" && action != "write" && action != "trim") continue;  // add, open, close
    fields >> request.offset >> request.length;
    request.action = action;
    requests.push_back(request);
  }
  return requests;
}

std::vector<std::string> json_object_texts(const std::string& text) {
  std::vector<std::string> objects;
  std::size_t depth = 0;
  std::size_t begin = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      if (depth++ == 0) begin = i;
    } else if (c == '}' && depth > 0 && --depth == 0) {
      objects.push_back(text.substr(begin, i + 1 - begin));
    }
  }
  return objects;
}

std::vector<FioLoggedRequest> fio_null_requests(const std::filesystem::path& dir,
                                                const std::vector<std::string>& options) {
  const std::filesystem::path log = dir / "iolog";
  std::vector<std::string> args = {"--name=job", "--filename=" + (dir / "file").string(), "--ioengine=null",
                                   "--write_iolog=" + log.string()};
  args.insert(args.end(), options.begin(), options.end());
  if (!run_fio(dir, args)) return {};
  std::vector<FioLoggedRequest> requests = read_fio_iolog(log);
  std::filesystem::remove(log);
  return requests;
}

}  // namespace bench::test
