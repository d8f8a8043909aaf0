#pragma once
// --tag KEY=VALUE: free facts a user (or a script: scripts/guest-run.sh records the accelerator, CPU model and
// -drive options) attaches to a run, recorded in every output (RunInfo::tags) and shown by compare beside the
// run's name. Pure.
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// The tag as given, checked: KEY is letters, digits, '_', '.' or '-'; VALUE any text without ';' (the separator
// of RunInfo::tags) or a control character. Throws UsageError "invalid --tag value '...': ...".
std::string checked_tag(std::string_view text);

// The tags as RunInfo::tags records them: joined by "; ".
std::string join_tags(const std::vector<std::string>& tags);

}  // namespace bench
