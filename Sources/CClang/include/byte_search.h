#ifndef MOJIFY_BYTE_SEARCH_H
#define MOJIFY_BYTE_SEARCH_H
#include <stddef.h>

/// The first position `p >= from` (with `p + 1 < length`) where bytes `p` and `p + 1` equal `firsts[k]` and
/// `seconds[k]` for one of the `count` (1 to 8) pairs, or -1: the prefilter's pass over every byte (see byte_search.c).
long mojify_find_pair(const void *haystack, size_t length, size_t from,
                      const unsigned char *firsts, const unsigned char *seconds, int count);

enum { MOJIFY_SPLICED_NAME = 1, MOJIFY_QUOTED_INCLUDE = 2, MOJIFY_ANGLED_INCLUDE = 3 };
/// In a file without a needle, the next place at or after `from` that matters (see byte_search.c): a line splice
/// between two characters of a name (its backslash; `kind` MOJIFY_SPLICED_NAME), or the name of an `#include` or
/// `#import` that does not end in `.h` (its first byte, `name_end` just past it; `kind` MOJIFY_QUOTED_INCLUDE or
/// MOJIFY_ANGLED_INCLUDE); -1 when there is none.
long mojify_next_needleless(const void *haystack, size_t length, size_t from, int *kind, size_t *name_end);

/// The instruction sets the two searches above can run on. Each level has its own code only where it pays:
/// `mojify_next_needleless` has no SSE2 form and runs its scalar one there.
enum { MOJIFY_SIMD_SCALAR = 0, MOJIFY_SIMD_SSE2 = 1, MOJIFY_SIMD_AVX2 = 2 };
/// Makes the searches use `level`, or the best the processor has when that is lower, and returns the level now in
/// use: the tests run each level's code on the same inputs. Without a call the level is the best the processor
/// has, or the one the environment variable MOJIFY_SIMD (`scalar`, `sse2`, `avx2`) asks for, never above that.
int mojify_force_simd_level(int level);
#endif
