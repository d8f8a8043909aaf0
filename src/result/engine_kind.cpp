#include "result/engine_kind.h"

#include <vector>

namespace bench {

std::optional<EngineKind> engine_for_fio_name(std::string_view fio_name) {
  for (const EngineFacts& engine : kEngines) {
    if (!engine.fio_name.empty() && engine.fio_name == fio_name) return engine.kind;
  }
  return std::nullopt;
}

std::string fio_names_where(bool (*include)(const EngineFacts&), std::string_view last_joint) {
  std::vector<std::string_view> names;
  for (const EngineFacts& engine : kEngines) {
    if (!engine.fio_name.empty() && include(engine)) names.push_back(engine.fio_name);
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      text += i + 1 == names.size() ? " " : ", ";
      if (i + 1 == names.size()) (text += last_joint) += ' ';
    }
    text += names[i];
  }
  return text;
}

}  // namespace bench
