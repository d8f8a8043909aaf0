#pragma once
// A run of a Config as the run command makes it (app/run_command.cpp), without the command's detection and
// outputs: rank 0's seed, the plan (plan/plan.h), the runner (run/runner.h). For the runner's tests.
#include <atomic>
#include <vector>

#include "cli/config.h"
#include "plan/plan.h"
#include "run/rank_steps.h"
#include "run/runner.h"

namespace bench::test {

inline std::vector<RunResult> run_config(const Config& config, const RunInfo& info, RunObserver& observer,
                                         const std::atomic<int>& interrupt, RankGroup& group) {
  RunSetup setup = config.setup;
  setup.seed = rank_zero_seed(group, setup.seed);
  PlanFacts facts;
  facts.directory = config.directory;
  facts.rank = group.rank();
  facts.ranks = group.size();
  facts.repeats = config.repeats;
  facts.window_command = config.window_command;
  facts.seed_given = config.seed_given;
  return run_plan(make_plan(setup, facts), config.directory, info, observer, interrupt, group).runs;
}

inline std::vector<RunResult> run_config(const Config& config, const RunInfo& info, RunObserver& observer,
                                         const std::atomic<int>& interrupt) {
  SingleProcessGroup alone;
  return run_config(config, info, observer, interrupt, alone);
}

}  // namespace bench::test
