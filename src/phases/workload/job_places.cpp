#include "phases/workload/job_places.h"

#include <fcntl.h>

namespace bench {

JobPlaces::JobPlaces(const JobPlan& plan)
    : plan_(plan),
      offsets_(file_offsets(plan)),
      file_issued_(plan.files.size(), 0),
      wraps_seen_(plan.files.size(), 0),
      service_(plan.spec, static_cast<std::uint32_t>(plan.files.size()), plan.fio_seeds) {}

std::vector<JobOffsets> JobPlaces::file_offsets(const JobPlan& plan) {
  std::vector<JobOffsets> offsets;
  offsets.reserve(plan.files.size());
  for (const JobFile& file : plan.files) {
    offsets.emplace_back(plan.spec, file.region_bytes, plan.fio_seeds, file.span_bytes);
  }
  return offsets;
}

std::optional<JobPlaces::FilePlace> JobPlaces::next(IoOp op) {
  const WorkloadSpec& spec = plan_.spec;
  std::optional<std::uint32_t> file = service_.next();
  while (file) {
    const bool covered =
        !spec.time_based && !is_random(spec.pattern) && file_issued_[*file] >= plan_.files[*file].region_bytes;
    std::optional<RequestPlace> place;
    if (!covered) place = offsets_[*file].next(op);
    if (place) {
      file_issued_[*file] += place->length;
      drop_cache_at_wrap(*file);
      return FilePlace{*file, place};
    }
    if (service_.restarts_files() && file_issued_[*file] > 0) {  // (a file no block fits is done all the same)
      offsets_[*file] = JobOffsets(spec, plan_.files[*file].region_bytes, plan_.fio_seeds, plan_.files[*file].span_bytes);
      file_issued_[*file] = 0;
      wraps_seen_[*file] = 0;
      if (is_random(spec.pattern)) {
        drop_cache(*file);  // fio's get_next_rand_block under a non-uniform file service, as at a wrap
        continue;
      }
      service_.starts_over(*file);
    } else {
      service_.done(*file);
    }
    file = service_.next();
  }
  return std::nullopt;
}

void JobPlaces::restart() {
  offsets_ = file_offsets(plan_);
  file_issued_.assign(plan_.files.size(), 0);
  wraps_seen_.assign(plan_.files.size(), 0);
  service_.restart();
}

void JobPlaces::drop_cache_at_wrap(std::uint32_t file) {
  const std::uint64_t wraps = offsets_[file].time_based_wraps();
  if (wraps == wraps_seen_[file]) return;
  wraps_seen_[file] = wraps;
  if (is_random(plan_.spec.pattern) || plan_.files.size() == 1) drop_cache(file);
}

void JobPlaces::drop_cache(std::uint32_t file) const {
  if (!plan_.spec.invalidate || plan_.spec.direct) return;
  const JobFile& each = plan_.files[file];
  // As fio: a failure is not the job's (fio says so on its log and goes on); nothing here to say it on.
  if (each.fd >= 0) {
    (void)::posix_fadvise(each.fd, static_cast<off_t>(each.region_offset), static_cast<off_t>(each.region_bytes),
                          POSIX_FADV_DONTNEED);
  }
}

}  // namespace bench
