#include "result/job_file_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <utility>
#include <vector>

#include "text/split.h"

namespace bench {

std::uint32_t files_per_job(const WorkloadSpec& spec) {
  if (spec.filename.empty()) return spec.nrfiles;
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, split_fio_names(spec.filename).size()));
}

namespace {

// Where `keyword` next stands in `text` from `from`, in any case (fio's strcasestr); npos when nowhere.
std::size_t find_keyword(std::string_view text, std::string_view keyword, std::size_t from) {
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  for (std::size_t at = from; at + keyword.size() <= text.size(); ++at) {
    if (std::equal(keyword.begin(), keyword.end(), text.begin() + static_cast<std::ptrdiff_t>(at),
                   [&](char a, char b) { return lower(a) == lower(b); })) {
      return at;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::string expand_filename_format(std::string_view format, std::string_view job_name, std::uint32_t job,
                                   std::uint32_t file) {
  if (format.empty()) return fmt::format("{}.{}.{}", job_name, job, file);
  const std::string job_text = std::to_string(job);
  const std::string file_text = std::to_string(file);
  const std::array<std::pair<std::string_view, std::string_view>, 4> keywords = {{
      {"$jobname", job_name}, {"$jobnum", job_text}, {"$filenum", file_text}, {"$clientuid", ""}}};
  std::string name(format);
  for (const auto& [keyword, value] : keywords) {
    std::size_t from = 0;
    for (std::size_t at = find_keyword(name, keyword, from); at != std::string::npos;
         at = find_keyword(name, keyword, from)) {
      name.replace(at, keyword.size(), value);
      // fio searches again from the start; past a value holding the keyword itself, which fio never leaves.
      from = find_keyword(value, keyword, 0) == std::string_view::npos ? 0 : at + value.size();
    }
  }
  return name;
}

std::string own_file_name(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file) {
  return expand_filename_format(spec.filename_format, spec.name, job, file);
}

std::optional<DroppedFile> fio_dropped_file(const WorkloadSpec& spec) {
  if (spec.jobs < 2 || !spec.filename.empty()) return std::nullopt;
  // fio compares the names with directory= before them; a job's directory is directory= modulo the directories.
  const auto full_name = [&](std::uint32_t job, std::uint32_t file) {
    const std::string directory = directory_of_job(spec, job);
    return directory.empty() ? own_file_name(spec, job, file) : directory + "/" + own_file_name(spec, job, file);
  };
  std::set<std::string> first_jobs;
  for (std::uint32_t file = 0; file < spec.nrfiles; ++file) first_jobs.insert(full_name(0, file));
  for (std::uint32_t job = 1; job < spec.jobs; ++job) {
    for (std::uint32_t file = 0; file < spec.nrfiles; ++file) {
      std::string name = full_name(job, file);
      if (first_jobs.contains(name)) return DroppedFile{job, file, std::move(name)};
    }
  }
  return std::nullopt;
}

std::string directory_of_job(const WorkloadSpec& spec, std::uint32_t job) {
  const std::vector<std::string> directories = split_fio_names(spec.directory);
  if (directories.empty()) return {};
  return directories[job % directories.size()];
}

}  // namespace bench
