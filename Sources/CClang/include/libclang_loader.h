#ifndef MOJIFY_LIBCLANG_LOADER_H
#define MOJIFY_LIBCLANG_LOADER_H
#if __has_include(<clang-c/Index.h>)
#include <clang-c/Index.h>
#include <clang-c/CXCompilationDatabase.h>
#else
#error "mojify needs Debian's libclang headers: run 'apt-get install -y libclang-dev' (or set MOJIFY_LLVM_DIR to an LLVM prefix that has include/clang-c/Index.h)"
#endif

/// The libclang library file mojify loads on first use (see libclang_loader.c).
const char *mojify_libclang_path(void);
#endif
