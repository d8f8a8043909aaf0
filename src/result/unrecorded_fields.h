#pragma once
// The setup fields a result file does not record: its bench++ was older than the field (result/run_fields.h,
// result/workload_fields.h gained it later). The readers leave such a field at its default and name it here, so
// that compare treats it as a value it does not have ("not recorded") instead of refusing the file or comparing a
// default. A missing *result* column or key (what compare compares) is still an error.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace bench {

struct UnrecordedFields {
  std::vector<std::size_t> run;       // indices into run_fields(), ascending
  std::vector<std::size_t> workload;  // indices into workload_fields(), ascending (for every workload of the file)

  bool empty() const { return run.empty() && workload.empty(); }
  bool run_field(std::size_t index) const { return std::binary_search(run.begin(), run.end(), index); }
  bool workload_field(std::size_t index) const {
    return std::binary_search(workload.begin(), workload.end(), index);
  }
  // Adds an index (kept sorted and unique).
  static void add(std::vector<std::size_t>& list, std::size_t index) {
    const auto at = std::lower_bound(list.begin(), list.end(), index);
    if (at == list.end() || *at != index) list.insert(at, index);
  }
};

}  // namespace bench
