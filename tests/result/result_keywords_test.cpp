#include "result/result_keywords.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

// Every value of Enum has its own keyword, which reads back as the value; other texts read as nothing.
template <typename Enum>
void check_round_trip() {
  const auto words = keywords_of<Enum>();
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto value = static_cast<Enum>(i);
    CAPTURE(words[i]);
    CHECK(keyword(value) == words[i]);
    CHECK(enum_from_keyword<Enum>(words[i]) == value);
    CHECK_FALSE(enum_from_keyword<Enum>(std::string(words[i]) + "x").has_value());
  }
  CHECK_FALSE(enum_from_keyword<Enum>("").has_value());
}

TEST_CASE("result keywords: each enum value has one keyword, read back exactly") {
  check_round_trip<FileContent>();
  check_round_trip<CacheMode>();
  check_round_trip<DataPattern>();
  check_round_trip<WorkUnit>();
  check_round_trip<Role>();
  CHECK(keyword(CacheMode::kKeep) == "keep");
  CHECK(keyword(FileContent::kSymLink) == "symlink");
  CHECK(keyword(Role::kGuest) == "guest");
  CHECK_FALSE(enum_from_keyword<CacheMode>("Keep").has_value());  // case-sensitive
  CHECK(keyword_choices<DataPattern>() == "random|zero");
}

TEST_CASE("result keywords: rate units") {
  CHECK(rate_symbol(WorkUnit::kSeeks) == "seeks/s");
  CHECK(rate_symbol(WorkUnit::kBytes) == "B/s");
  CHECK(rate_keyword(WorkUnit::kSyncs) == "syncs_per_sec");
  CHECK(kKibPerSecond.symbol == "KiB/s");
  CHECK(kMibPerSecond.bytes_per_second == 1048576.0);
  CHECK(kByteRateUnits.back().symbol == "GiB/s");
}

}  // namespace
}  // namespace bench
