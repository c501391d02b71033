#pragma once
// Under ASan + UBSan (about 90× slower here) the longest tests run a shorter or smaller case:
// the sanitizers look for memory errors and undefined behaviour, which the first seconds of a
// scene exercise as well as its minute; the full case runs in the native build.
#if defined(__SANITIZE_ADDRESS__)
#define FW_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FW_UNDER_ASAN 1
#endif
#endif

namespace fw {
#ifdef FW_UNDER_ASAN
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif
}  // namespace fw
