#include "CClang.h"

#include <errno.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* The walk lists folders with the system call itself: `fdopendir` spends an `fstat` and two `fcntl` on each of a
   large tree's tens of thousands of folders, and readdir copies each name once more. */
long mojify_read_folder(int descriptor, void *buffer, size_t length) {
#ifdef __linux__
    return syscall(SYS_getdents64, descriptor, buffer, length);
#else
    (void)descriptor; (void)buffer; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* The prefilter's scan: positions where two adjacent bytes form one of up to 8 pairs. Written here rather than
   with Swift's SIMD types, which compile to 16-byte SSE2 with a loop over the pairs in every block: this is the one
   pass over every byte of the tree, and 32 bytes at a time with the pairs unrolled is three times as fast. */

static long find_pair_scalar(const unsigned char *haystack, size_t length, size_t from,
                             const unsigned char *firsts, const unsigned char *seconds, int count) {
    for (size_t index = from; index + 1 < length; index++) {
        for (int pair = 0; pair < count; pair++) {
            if (haystack[index] == firsts[pair] && haystack[index + 1] == seconds[pair]) return (long)index;
        }
    }
    return -1;
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static long find_pair_avx2(const unsigned char *haystack, size_t length, size_t from,
                           const unsigned char *firsts, const unsigned char *seconds, int count) {
    __m256i first[8], second[8];
    for (int pair = 0; pair < count; pair++) {
        first[pair] = _mm256_set1_epi8((char)firsts[pair]);
        second[pair] = _mm256_set1_epi8((char)seconds[pair]);
    }
    size_t index = from;
    while (index + 33 <= length) {
        __m256i current = _mm256_loadu_si256((const __m256i *)(haystack + index));
        __m256i next = _mm256_loadu_si256((const __m256i *)(haystack + index + 1));
        __m256i hits = _mm256_and_si256(_mm256_cmpeq_epi8(current, first[0]), _mm256_cmpeq_epi8(next, second[0]));
        for (int pair = 1; pair < count; pair++) {
            hits = _mm256_or_si256(hits, _mm256_and_si256(_mm256_cmpeq_epi8(current, first[pair]), _mm256_cmpeq_epi8(next, second[pair])));
        }
        unsigned mask = (unsigned)_mm256_movemask_epi8(hits);
        if (mask) return (long)(index + (size_t)__builtin_ctz(mask));
        index += 32;
    }
    return find_pair_scalar(haystack, length, index, firsts, seconds, count);
}

static long find_pair_sse2(const unsigned char *haystack, size_t length, size_t from,
                           const unsigned char *firsts, const unsigned char *seconds, int count) {
    __m128i first[8], second[8];
    for (int pair = 0; pair < count; pair++) {
        first[pair] = _mm_set1_epi8((char)firsts[pair]);
        second[pair] = _mm_set1_epi8((char)seconds[pair]);
    }
    size_t index = from;
    while (index + 17 <= length) {
        __m128i current = _mm_loadu_si128((const __m128i *)(haystack + index));
        __m128i next = _mm_loadu_si128((const __m128i *)(haystack + index + 1));
        __m128i hits = _mm_and_si128(_mm_cmpeq_epi8(current, first[0]), _mm_cmpeq_epi8(next, second[0]));
        for (int pair = 1; pair < count; pair++) {
            hits = _mm_or_si128(hits, _mm_and_si128(_mm_cmpeq_epi8(current, first[pair]), _mm_cmpeq_epi8(next, second[pair])));
        }
        unsigned mask = (unsigned)_mm_movemask_epi8(hits);
        if (mask) return (long)(index + (size_t)__builtin_ctz(mask));
        index += 16;
    }
    return find_pair_scalar(haystack, length, index, firsts, seconds, count);
}

#endif

long mojify_find_pair(const void *haystack, size_t length, size_t from,
                      const unsigned char *firsts, const unsigned char *seconds, int count) {
    if (count < 1 || count > 8 || haystack == NULL) return -1;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) return find_pair_avx2(haystack, length, from, firsts, seconds, count);
    return find_pair_sse2(haystack, length, from, firsts, seconds, count);
#else
    return find_pair_scalar(haystack, length, from, firsts, seconds, count);
#endif
}
