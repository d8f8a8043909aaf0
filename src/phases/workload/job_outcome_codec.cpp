#include "phases/workload/job_outcome_codec.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <system_error>
#include <type_traits>
#include <vector>

#include "phases/workload/workload_data.h"
#include "result/errors.h"

namespace bench {
namespace {

// What ends the run when a job's process threw something that is neither a job's failure nor a known way to end
// it (no memory, say): not a std::runtime_error, so run/job_failure.h does not take it for the job's own failure.
class JobProcessError final : public std::exception {
 public:
  explicit JobProcessError(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

class ByteWriter {
 public:
  template <typename Number>
  void number(Number value) {
    static_assert(std::is_trivially_copyable_v<Number>);
    const auto* bytes = reinterpret_cast<const char*>(&value);
    text_.append(bytes, sizeof value);
  }
  void nanoseconds(std::chrono::nanoseconds value) { number(static_cast<std::int64_t>(value.count())); }
  void words(const std::vector<std::uint64_t>& values) {
    number(static_cast<std::uint64_t>(values.size()));
    for (const std::uint64_t value : values) number(value);
  }
  void text(std::string_view value) {
    number(static_cast<std::uint64_t>(value.size()));
    text_.append(value);
  }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  template <typename Number>
  Number number() {
    Number value{};
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return value;
  }
  std::chrono::nanoseconds nanoseconds() { return std::chrono::nanoseconds{number<std::int64_t>()}; }
  std::vector<std::uint64_t> words() {
    const auto count = number<std::uint64_t>();
    if (count > bytes_.size() / sizeof(std::uint64_t)) malformed();
    std::vector<std::uint64_t> values(count);
    for (std::uint64_t& value : values) value = number<std::uint64_t>();
    return values;
  }
  std::string text() {
    const auto size = number<std::uint64_t>();
    if (size > bytes_.size()) malformed();
    return std::string(take(size));
  }
  bool at_end() const { return bytes_.empty(); }
  [[noreturn]] static void malformed() { throw std::runtime_error("a job's process sent a malformed result"); }

 private:
  std::string_view take(std::size_t size) {
    if (size > bytes_.size()) malformed();
    const std::string_view taken = bytes_.substr(0, size);
    bytes_.remove_prefix(size);
    return taken;
  }
  std::string_view bytes_;
};

void write_histogram(ByteWriter& out, const LatencyHistogram& histogram) { out.words(histogram.to_words()); }
LatencyHistogram read_histogram(ByteReader& in) {
  std::vector<std::uint64_t> words = in.words();
  if (words.size() != LatencyHistogram::kWordCount) ByteReader::malformed();
  return LatencyHistogram::from_words(words);
}

void write_part(ByteWriter& out, const PartMeasurement& part) {
  write_histogram(out, part.latency);
  write_histogram(out, part.submission_latency);
  write_histogram(out, part.completion_latency);
  out.number(part.operations);
  out.number(part.bytes);
  for (const std::vector<std::uint64_t>* series :
       {&part.bytes_per_second, &part.operations_per_second, &part.latency_ns_per_second, &part.bytes_per_bw_window,
        &part.operations_per_iops_window}) {
    out.words(*series);
  }
  out.number(static_cast<std::uint8_t>(part.own_window.has_value()));
  const PartMeasurement::Window window = part.own_window.value_or(PartMeasurement::Window{});
  out.nanoseconds(window.from.time_since_epoch());
  out.nanoseconds(window.elapsed);
}
PartMeasurement read_part(ByteReader& in) {
  PartMeasurement part;
  part.latency = read_histogram(in);
  part.submission_latency = read_histogram(in);
  part.completion_latency = read_histogram(in);
  part.operations = in.number<std::uint64_t>();
  part.bytes = in.number<std::uint64_t>();
  for (std::vector<std::uint64_t>* series :
       {&part.bytes_per_second, &part.operations_per_second, &part.latency_ns_per_second, &part.bytes_per_bw_window,
        &part.operations_per_iops_window}) {
    *series = in.words();
  }
  const bool has_window = in.number<std::uint8_t>() != 0;
  PartMeasurement::Window window;
  window.from = std::chrono::steady_clock::time_point{in.nanoseconds()};
  window.elapsed = in.nanoseconds();
  if (has_window) part.own_window = window;
  return part;
}

void write_usage(ByteWriter& out, const CpuBreakdown& usage) {
  out.nanoseconds(usage.user);
  out.nanoseconds(usage.system);
  out.number(usage.context_switches);
  out.number(usage.major_faults);
  out.number(usage.minor_faults);
}
CpuBreakdown read_usage(ByteReader& in) {
  CpuBreakdown usage;
  usage.user = in.nanoseconds();
  usage.system = in.nanoseconds();
  usage.context_switches = in.number<std::uint64_t>();
  usage.major_faults = in.number<std::uint64_t>();
  usage.minor_faults = in.number<std::uint64_t>();
  return usage;
}

void write_steady_state(ByteWriter& out, const std::optional<FioSteadyStateResult>& result) {
  out.number(static_cast<std::uint8_t>(result.has_value()));
  if (!result) return;
  const FioSteadyStateSpec& spec = result->spec;
  out.number(static_cast<std::uint8_t>(spec.measure == FioSteadyStateSpec::Measure::kIops));
  out.number(static_cast<std::uint8_t>(spec.slope));
  out.number(static_cast<std::uint8_t>(spec.percent));
  out.number(spec.limit);
  out.number(spec.duration_s);
  out.number(static_cast<std::int64_t>(spec.ramp.count()));
  out.number(static_cast<std::uint8_t>(result->attained));
  out.nanoseconds(result->attained_after.value_or(std::chrono::nanoseconds{-1}));
  out.number(result->criterion);
  out.number(result->max_deviation);
  out.number(result->slope);
  out.words(result->iops);
  out.words(result->bw);
}
std::optional<FioSteadyStateResult> read_steady_state(ByteReader& in) {
  if (in.number<std::uint8_t>() == 0) return std::nullopt;
  FioSteadyStateResult result;
  FioSteadyStateSpec& spec = result.spec;
  spec.measure = in.number<std::uint8_t>() != 0 ? FioSteadyStateSpec::Measure::kIops : FioSteadyStateSpec::Measure::kBandwidth;
  spec.slope = in.number<std::uint8_t>() != 0;
  spec.percent = in.number<std::uint8_t>() != 0;
  spec.limit = in.number<double>();
  spec.duration_s = in.number<std::uint32_t>();
  spec.ramp = std::chrono::microseconds(in.number<std::int64_t>());
  result.attained = in.number<std::uint8_t>() != 0;
  const std::chrono::nanoseconds after = in.nanoseconds();
  if (after.count() >= 0) result.attained_after = after;
  result.criterion = in.number<double>();
  result.max_deviation = in.number<double>();
  result.slope = in.number<double>();
  result.iops = in.words();
  result.bw = in.words();
  return result;
}

void write_measurement(ByteWriter& out, const JobMeasurement& m) {
  out.number(static_cast<std::uint64_t>(m.parts.size()));
  for (const PartMeasurement& part : m.parts) write_part(out, part);
  out.nanoseconds(m.measured_from.time_since_epoch());
  out.nanoseconds(m.elapsed);
  out.nanoseconds(m.time_in_flight);
  out.number(m.stop_signal);
  out.number(static_cast<std::uint8_t>(m.cpu_at_measured_from.has_value()));
  out.nanoseconds(m.cpu_at_measured_from.value_or(std::chrono::nanoseconds{0}));
  for (const auto* counts : {&m.depths.level, &m.depths.submit, &m.depths.complete}) {
    for (const std::uint64_t count : *counts) out.number(count);
  }
  write_usage(out, m.cpu_outside_group);
  out.number(static_cast<std::uint8_t>(m.own_usage.has_value()));
  write_usage(out, m.own_usage.value_or(CpuBreakdown{}));
  write_steady_state(out, m.steady_state);
  out.number(m.latency_depth.value_or(0));  // 0: no latency_target= (a depth found is at least 1)
  out.number(m.errors.total);
  out.number(m.errors.first);
  out.text(m.errors.first_message);
  for (const std::uint64_t failed : m.errors.failed_requests) out.number(failed);
  out.number(static_cast<std::uint64_t>(m.errors.told.size()));
  for (const std::string& line : m.errors.told) out.text(line);
  out.number(static_cast<std::uint64_t>(m.samples.size()));
  m.samples.for_each([&](const IoSample& sample) {
    out.nanoseconds(sample.completed);
    out.nanoseconds(sample.latency);
    out.nanoseconds(sample.submission);
    out.number(sample.offset);
    out.number(sample.bytes);
    out.number(static_cast<std::uint8_t>(sample.direction));
    out.number(sample.priority);
    out.number(sample.job);
  });
  out.number(static_cast<std::uint8_t>(m.log_epoch_ms.has_value()));
  out.number(m.log_epoch_ms.value_or(0));
}
JobMeasurement read_measurement(ByteReader& in) {
  JobMeasurement m;
  const auto parts = in.number<std::uint64_t>();
  if (parts > 64) ByteReader::malformed();
  for (std::uint64_t i = 0; i < parts; ++i) m.parts.push_back(read_part(in));
  m.measured_from = std::chrono::steady_clock::time_point{in.nanoseconds()};
  m.elapsed = in.nanoseconds();
  m.time_in_flight = in.nanoseconds();
  m.stop_signal = in.number<int>();
  const bool has_cpu = in.number<std::uint8_t>() != 0;
  const std::chrono::nanoseconds cpu = in.nanoseconds();
  if (has_cpu) m.cpu_at_measured_from = cpu;
  for (auto* counts : {&m.depths.level, &m.depths.submit, &m.depths.complete}) {
    for (std::uint64_t& count : *counts) count = in.number<std::uint64_t>();
  }
  m.cpu_outside_group = read_usage(in);
  const bool has_own_usage = in.number<std::uint8_t>() != 0;
  const CpuBreakdown own_usage = read_usage(in);
  if (has_own_usage) m.own_usage = own_usage;
  m.steady_state = read_steady_state(in);
  if (const auto depth = in.number<std::uint32_t>(); depth != 0) m.latency_depth = depth;
  m.errors.total = in.number<std::uint64_t>();
  m.errors.first = in.number<int>();
  m.errors.first_message = in.text();
  for (std::uint64_t& failed : m.errors.failed_requests) failed = in.number<std::uint64_t>();
  const auto told = in.number<std::uint64_t>();
  if (told > JobErrors::kMaxToldErrors) ByteReader::malformed();
  for (std::uint64_t i = 0; i < told; ++i) m.errors.told.push_back(in.text());
  const auto samples = in.number<std::uint64_t>();
  m.samples.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(samples, 1u << 20)));
  for (std::uint64_t i = 0; i < samples; ++i) {
    IoSample sample;
    sample.completed = in.nanoseconds();
    sample.latency = in.nanoseconds();
    sample.submission = in.nanoseconds();
    sample.offset = in.number<std::uint64_t>();
    sample.bytes = in.number<std::uint32_t>();
    const auto direction = in.number<std::uint8_t>();
    if (direction > static_cast<std::uint8_t>(IoDirection::kTrim)) ByteReader::malformed();
    sample.direction = static_cast<IoDirection>(direction);
    sample.priority = in.number<std::uint16_t>();
    sample.job = in.number<std::uint32_t>();
    m.samples.push_back(sample);
  }
  const bool has_log_epoch = in.number<std::uint8_t>() != 0;
  const auto log_epoch_ms = in.number<std::uint64_t>();
  if (has_log_epoch) m.log_epoch_ms = log_epoch_ms;
  return m;
}

// What std::system_error's what() adds to the text it was made with.
std::string without_error_text(std::string what, const std::error_code& code) {
  const std::string suffix = ": " + code.message();
  if (what.size() >= suffix.size() && what.compare(what.size() - suffix.size(), suffix.size(), suffix) == 0) {
    what.resize(what.size() - suffix.size());
  }
  return what;
}

}  // namespace

JobError job_error_of(const std::exception_ptr& thrown) {
  using Kind = JobError::Kind;
  try {
    std::rethrow_exception(thrown);
  } catch (const InterruptedError& error) {
    return {Kind::kInterrupted, error.signal_number(), error.what()};
  } catch (const UsageError& error) {
    return {Kind::kUsage, 0, error.what()};
  } catch (const VerifyError& error) {
    return {Kind::kVerify, 0, error.what()};
  } catch (const std::system_error& error) {
    return {Kind::kSystem, error.code().value(), without_error_text(error.what(), error.code())};
  } catch (const std::runtime_error& error) {
    return {Kind::kRuntime, 0, error.what()};
  } catch (const std::logic_error& error) {
    return {Kind::kLogic, 0, error.what()};
  } catch (const std::exception& error) {
    return {Kind::kOther, 0, error.what()};
  } catch (...) {
    return {Kind::kOther, 0, "a workload job's process failed"};
  }
}

void rethrow_job_error(const JobError& error) {
  using Kind = JobError::Kind;
  switch (error.kind) {
    case Kind::kInterrupted: throw InterruptedError(error.value);
    case Kind::kUsage: throw UsageError(error.message);
    case Kind::kSystem: throw std::system_error(error.value, std::generic_category(), error.message);
    case Kind::kVerify: throw VerifyError(error.message);
    case Kind::kRuntime: throw std::runtime_error(error.message);
    case Kind::kLogic: throw std::logic_error(error.message);
    case Kind::kOther: break;
  }
  throw JobProcessError(error.message);
}

std::string encode_job_outcome(const JobMeasurement& measurement, const std::optional<JobError>& error) {
  ByteWriter out;
  out.number(static_cast<std::uint8_t>(error.has_value()));
  if (error) {
    out.number(static_cast<std::uint8_t>(error->kind));
    out.number(error->value);
    out.text(error->message);
  }
  write_measurement(out, measurement);
  return out.take();
}

JobOutcome decode_job_outcome(std::string_view bytes) {
  ByteReader in(bytes);
  JobOutcome outcome;
  if (in.number<std::uint8_t>() != 0) {
    const auto kind = in.number<std::uint8_t>();
    if (kind > static_cast<std::uint8_t>(JobError::Kind::kOther)) ByteReader::malformed();
    JobError error{static_cast<JobError::Kind>(kind), 0, {}};
    error.value = in.number<int>();
    error.message = in.text();
    outcome.error = std::move(error);
  }
  outcome.measurement = read_measurement(in);
  if (!in.at_end()) ByteReader::malformed();
  return outcome;
}

}  // namespace bench
