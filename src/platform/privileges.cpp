#include "platform/privileges.h"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <system_error>

#include "result/errors.h"
#include "text/number.h"

namespace bench {
namespace {

std::optional<unsigned> parse_id(const std::string& text) { return read_number<unsigned>(text); }

gid_t resolve_group(const std::string& name) {
  if (const group* entry = ::getgrnam(name.c_str())) return entry->gr_gid;
  if (const auto id = parse_id(name)) return static_cast<gid_t>(*id);
  throw UsageError("unknown group '" + name + "'");
}

void check_call(int rc, const char* what) {
  if (rc != 0) throw std::system_error(errno, std::generic_category(), std::string("cannot ") + what);
}

}  // namespace

void drop_privileges(const std::optional<std::string>& user, const std::optional<std::string>& group) {
  if (!user && !group) return;
  if (::geteuid() != 0) throw UsageError("-u and -g need root: bench++ is not running as root");
  std::optional<uid_t> uid;
  std::optional<gid_t> gid;
  if (group) gid = resolve_group(*group);
  if (user) {
    if (const passwd* entry = ::getpwnam(user->c_str())) {
      uid = entry->pw_uid;
      if (!gid) gid = entry->pw_gid;
    } else if (const auto id = parse_id(*user)) {
      uid = static_cast<uid_t>(*id);
      if (!gid) gid = resolve_group("nogroup");
    } else {
      throw UsageError("unknown user '" + *user + "'");
    }
  }
  check_call(::setgroups(0, nullptr), "drop supplementary groups");
  if (gid) check_call(::setgid(*gid), "switch group");
  if (uid) check_call(::setuid(*uid), "switch user");
}

}  // namespace bench
