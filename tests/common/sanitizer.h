#pragma once
// Whether this test binary is built with AddressSanitizer (the asan preset). The sanitizer run is
// there to find memory and undefined-behaviour errors; a test that repeats one code path many times
// (every flag of every command, every point of a corpus) or starts the whole application dozens of
// times thins that repetition under it, because each start of an ASan build costs about a second
// and CI has a time limit. The ci preset always runs the test in full.
#if defined(__SANITIZE_ADDRESS__)
#define SHARDSCOPE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SHARDSCOPE_ASAN 1
#endif
#endif

#ifdef SHARDSCOPE_ASAN
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif
