#pragma once
// fio's terse output (--output-format=terse, --minimal) of one bench++ run: a line per fio job, semicolon
// separated, field for field as fio 3.33 writes terse versions 2 to 5 (the HOWTO's list; version 3 is fio's
// default). Fields bench++ does not measure are written as fio writes them unrecorded (report/fio/fio_jobs.h);
// the disk utilization fields, which fio adds where it reads the device's statistics, are not written. Pure.
#include <string>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

// REQUIRES: 2 <= version <= 5. Each line ends with a newline; a run without workloads gives "".
std::string format_fio_terse(const RunResult& run, unsigned version);

// --output-format=terse (--minimal): the lines of each finished run's jobs, in order.
class FioTerseWriter final : public ResultWriter {
 public:
  explicit FioTerseWriter(unsigned version) : version_(version) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  unsigned version_;
};

}  // namespace bench
