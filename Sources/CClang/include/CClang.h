#ifndef MOJIFY_CCLANG_H
#define MOJIFY_CCLANG_H
#if __has_include(<clang-c/Index.h>)
#include <clang-c/Index.h>
#include <clang-c/CXCompilationDatabase.h>
#else
#error "mojify needs Debian's libclang headers: run 'apt-get install -y libclang-dev' (or set MOJIFY_LLVM_DIR to an LLVM prefix that has include/clang-c/Index.h)"
#endif

#include <stddef.h>
/// glibc's memmem, which Swift cannot see without _GNU_SOURCE: the prefilter's byte search.
void *mojify_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
/// The libclang library file mojify loads on first use (see libclang.c).
const char *mojify_libclang_path(void);
#endif
