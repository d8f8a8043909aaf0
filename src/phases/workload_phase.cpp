#include "phases/workload_phase.h"

#include <span>

#include "engine/io_engine.h"
#include "phases/job_offsets.h"
#include "phases/workload_data.h"
#include "phases/workload_job.h"
#include "platform/aligned_buffer.h"

namespace bench {
namespace {

class WorkloadPhase final : public Phase {
 public:
  WorkloadPhase(const WorkloadSpec& spec, std::vector<JobTarget>& targets, const EngineChoice& choice,
                std::uint64_t seed, WorkloadFiles& files)
      : spec_(spec), targets_(targets), choice_(choice), seed_(seed), files_(files) {}

  std::vector<TestId> parts() const override {
    std::vector<TestId> parts;
    for (const IoDirection direction : {IoDirection::kRead, IoDirection::kWrite, IoDirection::kSync}) {
      parts.push_back(TestId{PhaseId::kWorkload, spec_.name, direction, std::nullopt});
    }
    return parts;
  }

  std::string progress_text() const override { return spec_.name; }

  void prepare(PhaseContext& context) const override {
    files_.prepare(spec_, std::span(&targets_.at(context.worker_index), 1), &context.interrupt_signal);
  }

  void run(PhaseContext& context) const override {
    const JobTarget& target = targets_.at(context.worker_index);
    PosixFile file = WorkloadFiles::open_for_requests(spec_, target);
    AlignedBuffer buffers(std::size_t{choice_.depth} * spec_.block_bytes);
    const std::uint64_t seed = seed_ + context.worker_index;
    const FioSeeds fio_seeds = fio_seeds_for(spec_, context.worker_index, target.path.string(), seed);
    JobData data(spec_, JobDataSetup{std::as_writable_bytes(buffers.span()), choice_.depth, context.worker_index,
                                     target.region_bytes, fio_seeds, target.path.string()});
    data.fill_initial();  // untimed: before the release
    const int fds[] = {file.fd()};
    EngineSetup setup{choice_.depth, fds, std::as_writable_bytes(buffers.span()), spec_.block_bytes};
    setup.region_bytes = target.region_bytes;  // mmap maps it
    setup.random_offsets = is_random(spec_.pattern);
    const std::unique_ptr<IoEngine> engine = make_io_engine(choice_.engine, setup);
    context.wait_for_start();
    if (context.abort != nullptr && context.abort->load()) return;
    const JobPlan plan{spec_,
                       *engine,
                       choice_.depth,
                       target.region_bytes,
                       seed,
                       fio_seeds,
                       context.interrupt_signal,
                       context.abort,
                       target.path.string(),
                       &data};
    if (!spec_.verify.verify_only || !writes_data(spec_.pattern)) run_job(plan, *context.measurement);
    if (data.verifies_after_the_job() && context.measurement->stop_signal == 0) data.verify_after_the_job(file);
  }

 private:
  const WorkloadSpec& spec_;
  std::vector<JobTarget>& targets_;
  const EngineChoice choice_;
  const std::uint64_t seed_;
  WorkloadFiles& files_;
};

}  // namespace

std::unique_ptr<Phase> make_workload_phase(const WorkloadSpec& spec, std::vector<JobTarget>& targets,
                                           const EngineChoice& choice, std::uint64_t seed, WorkloadFiles& files) {
  return std::make_unique<WorkloadPhase>(spec, targets, choice, seed, files);
}

}  // namespace bench
