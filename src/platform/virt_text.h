#pragma once
// Small text helpers shared by the virtualization and container probes (platform/virt_detect.h).
#include <string>
#include <string_view>

namespace bench::virt_text {

// Without leading and trailing whitespace and NUL bytes (sysfs values end in "\n", CPUID vendors in NULs).
std::string_view trimmed(std::string_view text);

// A value as shown in an evidence line: trimmed, in single quotes, control bytes as '?', at most 80 characters.
std::string quote_value(std::string_view text);

bool contains(std::string_view text, std::string_view part);
bool contains_ignoring_case(std::string_view text, std::string_view part);

}  // namespace bench::virt_text
