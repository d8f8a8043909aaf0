#pragma once
// Whether this test binary is built with AddressSanitizer (BENCH_TESTS_UNDER_ASAN) or ThreadSanitizer
// (BENCH_TESTS_UNDER_TSAN), for the few tests a sanitizer's allocator or its ptrace rule stops. g++ says so by
// __SANITIZE_ADDRESS__ and __SANITIZE_THREAD__; clang 14 (scripts/test.sh's sanitized build) only by __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define BENCH_TESTS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BENCH_TESTS_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define BENCH_TESTS_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BENCH_TESTS_UNDER_TSAN 1
#endif
#endif
