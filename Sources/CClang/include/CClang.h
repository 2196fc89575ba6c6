#ifndef MOJIFY_CCLANG_H
#define MOJIFY_CCLANG_H
#if __has_include(<clang-c/Index.h>)
#include <clang-c/Index.h>
#include <clang-c/CXCompilationDatabase.h>
#else
#error "mojify needs Debian's libclang headers: run 'apt-get install -y libclang-dev' (or set MOJIFY_LLVM_DIR to an LLVM prefix that has include/clang-c/Index.h)"
#endif

#include <stddef.h>
/// The first position `p >= from` (with `p + 1 < length`) where bytes `p` and `p + 1` equal `firsts[k]` and
/// `seconds[k]` for one of the `count` (1 to 8) pairs, or -1: the prefilter's pass over every byte (see shim.c).
long mojify_find_pair(const void *haystack, size_t length, size_t from,
                      const unsigned char *firsts, const unsigned char *seconds, int count);
enum { MOJIFY_SPLICED_NAME = 1, MOJIFY_QUOTED_INCLUDE = 2, MOJIFY_ANGLED_INCLUDE = 3 };
/// In a file without a needle, the next place at or after `from` that matters (see shim.c): a line splice between two
/// characters of a name (its backslash; `kind` MOJIFY_SPLICED_NAME), or the name of an `#include` or `#import` that
/// does not end in `.h` (its first byte, `name_end` just past it; `kind` MOJIFY_QUOTED_INCLUDE or
/// MOJIFY_ANGLED_INCLUDE); -1 when there is none.
long mojify_next_needleless(const void *haystack, size_t length, size_t from, int *kind, size_t *name_end);
/// Reads the next entries of the open folder `descriptor` into `buffer` as the kernel lays them out (Linux's
/// `struct linux_dirent64`): the number of bytes filled, 0 at the end, -1 with `errno` set on failure (see shim.c).
long mojify_read_folder(int descriptor, void *buffer, size_t length);
/// The libclang library file mojify loads on first use (see libclang.c).
const char *mojify_libclang_path(void);
#endif
