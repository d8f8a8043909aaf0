#pragma once
// fio 3.33's JSON shape as the published jobs' tests check it: the keys every job of fio's JSON carries.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bench::test {

// The keys of fio 3.33's JSON output that every job of every example fio runs here carries ("job options" and
// the latency and depth tables' contents vary with the job and are left out), as JSON pointer paths without the
// leading '/'.
std::vector<std::string> fio_job_key_paths();

// The key paths of fio_job_key_paths() that `job` lacks.
std::vector<std::string> missing_keys(const nlohmann::json& job);

}  // namespace bench::test
