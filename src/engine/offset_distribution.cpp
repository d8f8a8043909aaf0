#include "engine/offset_distribution.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bench {

namespace {

constexpr std::uint64_t kZipfMaxTerms = 10'000'000;  // fio's cap on the zeta sum

// The shift that puts the hottest rank at `center` of the ranges, or fio's random one (the first draw).
std::uint64_t initial_shift(FioTausworthe32& random, std::uint64_t ranges, std::optional<double> center) {
  const std::uint32_t first = random.next();
  return center ? static_cast<std::uint64_t>(static_cast<double>(ranges) * *center) : first;
}

}  // namespace

ZoneTable::ZoneTable(const std::vector<Zone>& zones, bool absolute) {
  std::uint32_t row = 0;
  std::uint64_t begin = 0;
  for (const Zone& zone : zones) {
    const std::uint64_t end = begin + (absolute ? zone.size_bytes : zone.size_percent);
    for (std::uint32_t i = 0; i < zone.access_percent && row < rows_.size(); ++i) rows_[row++] = {begin, end};
    begin = end;
  }
  empty_ = zones.empty();
}

FioRankedDistribution::FioRankedDistribution(DistributionKind kind, std::uint64_t ranges, double parameter,
                                             std::optional<double> center, std::uint32_t seed, bool scatter)
    : kind_(kind), random_(seed), ranges_(ranges), scatter_(scatter) {
  if (ranges == 0) throw std::invalid_argument("random_distribution: no ranges");
  switch (kind) {
    case DistributionKind::kZipf: {
      if (parameter == 1.0) throw std::invalid_argument("zipf: theta 1");
      shift_ = initial_shift(random_, ranges, center);
      const double theta = parameter;
      const double zeta2 = std::pow(1.0, theta) + std::pow(0.5, theta);
      const std::uint64_t terms = std::min(ranges, kZipfMaxTerms);
      for (std::uint64_t i = 0; i < terms; ++i) zipf_zetan_ += std::pow(1.0 / static_cast<double>(i + 1), theta);
      zipf_alpha_ = 1.0 / (1.0 - theta);
      zipf_eta_ = (1.0 - std::pow(2.0 / static_cast<double>(ranges), 1.0 - theta)) / (1.0 - zeta2 / zipf_zetan_);
      zipf_second_bound_ = 1.0 + std::pow(0.5, theta);
      break;
    }
    case DistributionKind::kPareto:
      if (!(parameter > 0.0 && parameter < 1.0)) throw std::invalid_argument("pareto: h outside 0..1");
      shift_ = initial_shift(random_, ranges, center);
      pareto_power_ = std::log(parameter) / std::log(1.0 - parameter);
      break;
    case DistributionKind::kNormal:
      if (parameter != 0.0) {
        normal_jitter_ = static_cast<std::int64_t>(std::ceil(static_cast<double>(ranges) * parameter / 100.0));
        normal_jitter_ = std::min<std::int64_t>(normal_jitter_, static_cast<std::int64_t>(ranges / 2));
      }
      // fio shifts the bell from the middle to the center (its unsigned shift is right for centers >= 0.5;
      // below, bench++ shifts the other way modulo the ranges, as the option means).
      if (center) {
        const double shift = static_cast<double>(ranges) * (*center - 0.5);
        shift_ = shift >= 0 ? static_cast<std::uint64_t>(shift) : ranges - static_cast<std::uint64_t>(-shift) % ranges;
      }
      break;
    default:
      throw std::invalid_argument("random_distribution: not a ranked distribution");
  }
}

std::uint64_t FioRankedDistribution::next_rank() {
  if (kind_ == DistributionKind::kZipf) {
    const double u = uniform();
    const double scaled = u * zipf_zetan_;
    if (scaled < 1.0) return 0;
    if (scaled < zipf_second_bound_) return 1;
    return static_cast<std::uint64_t>(static_cast<double>(ranges_) *
                                      std::pow(zipf_eta_ * u - zipf_eta_ + 1.0, zipf_alpha_));
  }
  if (kind_ == DistributionKind::kPareto)
    return static_cast<std::uint64_t>(static_cast<double>(ranges_ - 1) * std::pow(uniform(), pareto_power_));
  constexpr std::uint64_t kDraws = 12;  // normal
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < kDraws; ++i) sum += random_.next() % (ranges_ + 1);
  sum = (sum + kDraws - 1) / kDraws;
  if (normal_jitter_ != 0) {
    const auto span = static_cast<double>(normal_jitter_);
    std::int64_t deviation =
        static_cast<std::int64_t>(span * (random_.next() / 4294967296.0)) - normal_jitter_ / 2;
    // fio halves the jitter until it stays below the end (in unsigned arithmetic, as fio adds it).
    while (static_cast<std::uint64_t>(deviation) + sum >= ranges_) deviation /= 2;
    sum += static_cast<std::uint64_t>(deviation);
  }
  return sum;
}

}  // namespace bench
