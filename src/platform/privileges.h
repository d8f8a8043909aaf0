#pragma once
// -u user[:group] / -g group: switch to another user and group before anything is created.
#include <optional>
#include <string>

namespace bench {

// Does nothing when both are empty. Names or numbers are accepted; a user without a group takes the
// user's primary group (nogroup when the uid has no passwd entry). Throws UsageError when not root or
// when a name is unknown, std::system_error when the switch fails.
void drop_privileges(const std::optional<std::string>& user, const std::optional<std::string>& group);

}  // namespace bench
