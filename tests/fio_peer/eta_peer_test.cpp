// fio's ETA line beside fio 3.33's own: the same job with --eta=always --eta-newline=500ms, its stdout under each,
// the lines' shapes compared (the figures of course differ): the bare line of a run's first 3 s, the full line with
// fio's state letters, share, rates in fio's units and eta, the new lines, and the results after them.
#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// Each line piece (between "\r" and "\n") of `text` that is an ETA line, its figures made '#': "Jobs: # (f=#):
// [r(#)][#%][r=#MiB/s][r=# IOPS][eta #m:#s]". Units and the "k" of a count stay out too (they follow the figure).
std::set<std::string> eta_shapes(const std::string& text) {
  static const std::regex kFigure(R"(\d+(\.\d+)?([KMG]i)?(?=B/s)|\d+(\.\d+)?k?(?=[ ,\]%])|\d+(?=[ms\)]))");
  std::set<std::string> shapes;
  for (std::string piece : test::terminal_pieces(text)) {
    if (piece.starts_with("Jobs: ")) {
      piece.erase(piece.find_last_not_of(' ') + 1);
      shapes.insert(std::regex_replace(piece, kFigure, "#"));
    }
  }
  return shapes;
}

TEST_CASE("fio ETA peer: the persona's ETA lines have fio 3.33's shapes, on stdout before the results") {
  if (!test::fio_available()) return;
  const std::vector<std::string> job = {"--name=eta", "--rw=randread", "--size=8m",     "--bs=4k",
                                        "--runtime=4", "--time_based", "--eta=always", "--eta-newline=500ms"};
  const test::BesideFio outputs = test::run_beside_fio(job);
  const test::CommandOutput& fio = outputs.fio;
  const test::CommandOutput& persona = outputs.persona;
  INFO(outputs.both_outputs());
  const std::set<std::string> fio_shapes = eta_shapes(fio.out);
  const std::set<std::string> persona_shapes = eta_shapes(persona.out);
  const std::string full = "Jobs: # (f=#): [r(#)][#%][r=#B/s][r=# IOPS][eta #m:#s]";
  CHECK(fio_shapes.count(full) == 1);
  CHECK(persona_shapes.count(full) == 1);
  for (const std::string& shape : persona_shapes) {
    CAPTURE(shape);
    CHECK((shape == full || shape == "Jobs: # (f=#)" || shape == "Jobs: # (f=#): [r(#)][#%][eta #m:#s]"));
  }
  for (const auto* out : {&fio.out, &persona.out}) {
    CHECK(out->find("\r\nJobs: ") != std::string::npos);
    CHECK(out->rfind("[eta ") < out->find("Run status group 0 (all jobs):"));
  }
}

}  // namespace
}  // namespace bench
