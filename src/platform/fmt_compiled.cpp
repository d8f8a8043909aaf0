// fmt's compiled part, for the static bench++ only (BENCH_STATIC and the bench_static target; see the top
// CMakeLists.txt). Debian ships libfmt as a shared library alone, and fmt's header-only mode would compile
// fmt's implementation into every source file, doubling the build. Instead this one file takes fmt's
// non-template definitions from <fmt/format-inl.h> and instantiates the templates that formatted output
// reaches, so the objects of the ordinary build link statically unchanged.
#include <fmt/format-inl.h>

namespace fmt {
inline namespace v9 {
namespace detail {

template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
template auto dragonbox::to_decimal<float>(float) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal<double>(double) noexcept -> dragonbox::decimal_fp<double>;

}  // namespace detail
}  // namespace v9
}  // namespace fmt
