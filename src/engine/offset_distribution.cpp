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

FioZipf::FioZipf(std::uint64_t ranges, double theta, std::optional<double> center, std::uint32_t seed)
    : draw_{FioTausworthe32(seed), ranges}, theta_(theta), zetan_(0) {
  if (ranges == 0 || theta == 1.0) throw std::invalid_argument("zipf: no ranges, or theta 1");
  draw_.shift = initial_shift(draw_.random, ranges, center);
  const double zeta2 = std::pow(1.0, theta) + std::pow(0.5, theta);
  const std::uint64_t terms = std::min(ranges, kZipfMaxTerms);
  for (std::uint64_t i = 0; i < terms; ++i) zetan_ += std::pow(1.0 / static_cast<double>(i + 1), theta);
  alpha_ = 1.0 / (1.0 - theta);
  eta_ = (1.0 - std::pow(2.0 / static_cast<double>(ranges), 1.0 - theta)) / (1.0 - zeta2 / zetan_);
  second_bound_ = 1.0 + std::pow(0.5, theta);
}

std::uint64_t FioZipf::next() {
  const double uniform = draw_.uniform();
  const double scaled = uniform * zetan_;
  std::uint64_t rank = 0;  // 0 is the hottest
  if (scaled < 1.0) {
    rank = 0;
  } else if (scaled < second_bound_) {
    rank = 1;
  } else {
    rank = static_cast<std::uint64_t>(static_cast<double>(draw_.ranges) *
                                      std::pow(eta_ * uniform - eta_ + 1.0, alpha_));
  }
  return draw_.place(rank);
}

FioPareto::FioPareto(std::uint64_t ranges, double h, std::optional<double> center, std::uint32_t seed)
    : draw_{FioTausworthe32(seed), ranges}, power_(std::log(h) / std::log(1.0 - h)) {
  if (ranges == 0 || !(h > 0.0 && h < 1.0)) throw std::invalid_argument("pareto: no ranges, or h outside 0..1");
  draw_.shift = initial_shift(draw_.random, ranges, center);
}

std::uint64_t FioPareto::next() {
  const double uniform = draw_.uniform();
  const auto rank = static_cast<std::uint64_t>(static_cast<double>(draw_.ranges - 1) * std::pow(uniform, power_));
  return draw_.place(rank);
}

FioNormal::FioNormal(std::uint64_t ranges, double deviation_percent, std::optional<double> center,
                     std::uint32_t seed)
    : draw_{FioTausworthe32(seed), ranges} {
  if (ranges == 0) throw std::invalid_argument("normal: no ranges");
  if (deviation_percent != 0.0) {
    jitter_ = static_cast<std::int64_t>(std::ceil(static_cast<double>(ranges) * deviation_percent / 100.0));
    jitter_ = std::min<std::int64_t>(jitter_, static_cast<std::int64_t>(ranges / 2));
  }
  // fio shifts the bell from the middle to the center (its unsigned shift is right for centers >= 0.5; below,
  // bench++ shifts the other way modulo the ranges, as the option means).
  if (center) {
    const double shift = static_cast<double>(ranges) * (*center - 0.5);
    draw_.shift = shift >= 0 ? static_cast<std::uint64_t>(shift)
                        : ranges - static_cast<std::uint64_t>(-shift) % ranges;
  }
}

std::uint64_t FioNormal::next() {
  constexpr std::uint64_t kDraws = 12;
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < kDraws; ++i) sum += draw_.random.next() % (draw_.ranges + 1);
  sum = (sum + kDraws - 1) / kDraws;
  if (jitter_ != 0) {
    const auto span = static_cast<double>(jitter_);
    std::int64_t deviation = static_cast<std::int64_t>(span * (draw_.random.next() / 4294967296.0)) - jitter_ / 2;
    // fio halves the jitter until it stays below the end (in unsigned arithmetic, as fio adds it).
    while (static_cast<std::uint64_t>(deviation) + sum >= draw_.ranges) deviation /= 2;
    sum += static_cast<std::uint64_t>(deviation);
  }
  return draw_.place(sum);
}

}  // namespace bench
