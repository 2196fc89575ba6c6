#include "byte_search.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* The level the searches run at: decided on first use, then read on every call (a relaxed load: threads that decide
   at once decide alike). */
static _Atomic int simd_level = -1;

/* The best level this processor and its system run: AVX2 only where the processor has it and the system saves its
   registers (`__builtin_cpu_supports` asks both), SSE2 on every x86-64, no vectors elsewhere. */
static int supported_level(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? MOJIFY_SIMD_AVX2 : MOJIFY_SIMD_SSE2;
#else
    return MOJIFY_SIMD_SCALAR;
#endif
}

int mojify_force_simd_level(int level) {
    int supported = supported_level();
    int used = level < MOJIFY_SIMD_SCALAR ? MOJIFY_SIMD_SCALAR : level > supported ? supported : level;
    atomic_store_explicit(&simd_level, used, memory_order_relaxed);
    return used;
}

static int current_level(void) {
    int level = atomic_load_explicit(&simd_level, memory_order_relaxed);
    if (level >= 0) return level;
    const char *asked = getenv("MOJIFY_SIMD");
    level = asked && strcmp(asked, "scalar") == 0 ? MOJIFY_SIMD_SCALAR
        : asked && strcmp(asked, "sse2") == 0 ? MOJIFY_SIMD_SSE2
        : MOJIFY_SIMD_AVX2;
    return mojify_force_simd_level(level);
}

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

/* A look at a file in which the prefilter found no needle, for what may matter all the same (see NeedlelessLook.swift):
   one pass for its `#` and `\` bytes, the few that matter handed back. In C for the reason of the pair search above:
   it runs over most bytes of the tree, and the bytes found are looked at in the loop that finds them. */

/* [A-Za-z0-9_$] and the bytes of characters outside ASCII, which clang takes into names too. */
static int continues_name(unsigned char byte) {
    return ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'z') || (byte >= '0' && byte <= '9') || byte == '_' || byte == '$' || byte >= 0x80;
}

static int is_blank(unsigned char byte) { return byte == ' ' || byte == '\t' || byte == '\v' || byte == '\f'; }

/* What the `#` or `\` at `at` starts: a result for mojify_next_needleless (>= 0), or -1 for nothing, with `*resume`
   where to look on. */
static long needleless_hit(const unsigned char *bytes, size_t length, size_t at, int *kind, size_t *name_end, size_t *resume) {
    size_t next = at + 1;
    *resume = next;
    if (bytes[at] == '\\') {
        /* A splice (backslash, blanks, a line break: `\r\n` and `\n\r` are one) with a name on both sides. */
        if (at == 0 || !continues_name(bytes[at - 1])) return -1;
        while (next < length && is_blank(bytes[next])) next++;
        if (next >= length || (bytes[next] != '\n' && bytes[next] != '\r')) return -1;
        size_t after = next + 1;
        if (after < length && (bytes[after] == '\n' || bytes[after] == '\r') && bytes[after] != bytes[next]) after++;
        if (after >= length || !(continues_name(bytes[after]) || bytes[after] == '\\')) return -1;
        *kind = MOJIFY_SPLICED_NAME;
        return (long)at;
    }
    while (next < length && is_blank(bytes[next])) next++;
    /* `#if`, `#define`, `#endif` are told apart by their first letters. */
    if (length - next <= 8 || bytes[next] != 'i' || (bytes[next + 1] != 'n' && bytes[next + 1] != 'm')) return -1;
    if (length - next > 12 && memcmp(bytes + next, "include_next", 12) == 0) next += 12;
    else if (memcmp(bytes + next, "include", 7) == 0) next += 7;
    else if (memcmp(bytes + next, "import", 6) == 0) next += 6;
    else return -1;
    while (next < length && is_blank(bytes[next])) next++;
    if (next >= length || (bytes[next] != '"' && bytes[next] != '<')) return -1;
    unsigned char close = bytes[next] == '<' ? '>' : '"';
    size_t start = next + 1, end = start;
    while (end < length && bytes[end] != close && bytes[end] != '\n' && bytes[end] != '\r') end++;
    if (end >= length || bytes[end] != close) return -1;
    *resume = end;
    /* Most names end in `.h`. */
    if (end - start >= 2 && bytes[end - 2] == '.' && (bytes[end - 1] | 0x20) == 'h') return -1;
    *kind = close == '>' ? MOJIFY_ANGLED_INCLUDE : MOJIFY_QUOTED_INCLUDE;
    *name_end = end;
    return (long)start;
}

static long next_needleless_scalar(const unsigned char *bytes, size_t length, size_t from, int *kind, size_t *name_end) {
    size_t index = from;
    while (index < length) {
        if (bytes[index] == '#' || bytes[index] == '\\') {
            size_t resume;
            long result = needleless_hit(bytes, length, index, kind, name_end, &resume);
            if (result >= 0) return result;
            index = resume;
        } else {
            index++;
        }
    }
    return -1;
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static long next_needleless_avx2(const unsigned char *bytes, size_t length, size_t from, int *kind, size_t *name_end) {
    const __m256i hash = _mm256_set1_epi8('#'), backslash = _mm256_set1_epi8('\\');
    size_t index = from;
    while (index + 64 <= length) {
        __m256i low = _mm256_loadu_si256((const __m256i *)(bytes + index));
        __m256i high = _mm256_loadu_si256((const __m256i *)(bytes + index + 32));
        unsigned long long mask = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(low, hash), _mm256_cmpeq_epi8(low, backslash)))
            | (unsigned long long)(unsigned)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(high, hash), _mm256_cmpeq_epi8(high, backslash))) << 32;
        size_t block = index;
        index += 64;
        while (mask) {
            size_t at = block + (size_t)__builtin_ctzll(mask);
            mask &= mask - 1;
            size_t resume;
            long result = needleless_hit(bytes, length, at, kind, name_end, &resume);
            if (result >= 0) return result;
            /* An include's name may run past this block: the bytes before `resume` are not looked at again. */
            if (resume >= index) {
                index = resume;
                break;
            }
            if (resume > at + 1) mask &= ~0ULL << (resume - block);
        }
    }
    return next_needleless_scalar(bytes, length, index, kind, name_end);
}
#endif

long mojify_next_needleless(const void *haystack, size_t length, size_t from, int *kind, size_t *name_end) {
    if (haystack == NULL) return -1;
#if defined(__x86_64__)
    if (current_level() == MOJIFY_SIMD_AVX2) return next_needleless_avx2(haystack, length, from, kind, name_end);
#endif
    return next_needleless_scalar(haystack, length, from, kind, name_end);
}

long mojify_find_pair(const void *haystack, size_t length, size_t from,
                      const unsigned char *firsts, const unsigned char *seconds, int count) {
    if (count < 1 || count > 8 || haystack == NULL) return -1;
#if defined(__x86_64__)
    switch (current_level()) {
    case MOJIFY_SIMD_AVX2: return find_pair_avx2(haystack, length, from, firsts, seconds, count);
    case MOJIFY_SIMD_SSE2: return find_pair_sse2(haystack, length, from, firsts, seconds, count);
    }
#endif
    return find_pair_scalar(haystack, length, from, firsts, seconds, count);
}
