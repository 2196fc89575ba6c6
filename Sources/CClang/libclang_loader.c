// libclang, loaded on first use instead of at start-up: loading it (and LLVM behind it) costs about 65 MB of
// resident memory and some milliseconds of relocations, which a re-scan answered from the cache never needs.
// Each function mojify calls is defined here with libclang's own signature and forwards to the loaded library.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "libclang_loader.h"

#ifdef __APPLE__
#define MOJIFY_LIBCLANG_NAME "libclang.dylib"
#else
#define MOJIFY_LIBCLANG_NAME "libclang.so"
#endif
#ifdef MOJIFY_LLVM_PREFIX
#define MOJIFY_LIBCLANG MOJIFY_LLVM_PREFIX "/lib/" MOJIFY_LIBCLANG_NAME
#else
#define MOJIFY_LIBCLANG MOJIFY_LIBCLANG_NAME
#endif

// Functions that return a value: X(return type, name, parameters, arguments).
#define MOJIFY_CLANG_FUNCTIONS(X) \
    X(int, clang_Cursor_isNull, (CXCursor cursor), (cursor)) \
    X(int, clang_Location_isFromMainFile, (CXSourceLocation location), (location)) \
    X(CXIndex, clang_createIndex, (int excludeDeclarationsFromPCH, int displayDiagnostics), (excludeDeclarationsFromPCH, displayDiagnostics)) \
    X(const char *, clang_getCString, (CXString string), (string)) \
    X(CXCursor, clang_getCursor, (CXTranslationUnit unit, CXSourceLocation location), (unit, location)) \
    X(CXSourceRange, clang_getCursorExtent, (CXCursor cursor), (cursor)) \
    X(enum CXCursorKind, clang_getCursorKind, (CXCursor cursor), (cursor)) \
    X(CXSourceLocation, clang_getCursorLocation, (CXCursor cursor), (cursor)) \
    X(CXCursor, clang_getCursorSemanticParent, (CXCursor cursor), (cursor)) \
    X(CXString, clang_getCursorSpelling, (CXCursor cursor), (cursor)) \
    X(CXType, clang_getCursorType, (CXCursor cursor), (cursor)) \
    X(CXDiagnostic, clang_getDiagnostic, (CXTranslationUnit unit, unsigned index), (unit, index)) \
    X(CXString, clang_getDiagnosticCategoryText, (CXDiagnostic diagnostic), (diagnostic)) \
    X(CXSourceLocation, clang_getDiagnosticLocation, (CXDiagnostic diagnostic), (diagnostic)) \
    X(enum CXDiagnosticSeverity, clang_getDiagnosticSeverity, (CXDiagnostic diagnostic), (diagnostic)) \
    X(CXString, clang_getDiagnosticSpelling, (CXDiagnostic diagnostic), (diagnostic)) \
    X(long long, clang_getEnumConstantDeclValue, (CXCursor cursor), (cursor)) \
    X(CXFile, clang_getFile, (CXTranslationUnit unit, const char *file_name), (unit, file_name)) \
    X(CXString, clang_getFileName, (CXFile file), (file)) \
    X(CXSourceLocation, clang_getLocationForOffset, (CXTranslationUnit unit, CXFile file, unsigned offset), (unit, file, offset)) \
    X(unsigned, clang_getNumDiagnostics, (CXTranslationUnit unit), (unit)) \
    X(CXSourceRange, clang_getRange, (CXSourceLocation begin, CXSourceLocation end), (begin, end)) \
    X(CXSourceLocation, clang_getRangeEnd, (CXSourceRange range), (range)) \
    X(CXSourceLocation, clang_getRangeStart, (CXSourceRange range), (range)) \
    X(CXSourceRangeList *, clang_getSkippedRanges, (CXTranslationUnit unit, CXFile file), (unit, file)) \
    X(CXSourceRange, clang_getTokenExtent, (CXTranslationUnit unit, CXToken token), (unit, token)) \
    X(CXTokenKind, clang_getTokenKind, (CXToken token), (token)) \
    X(CXCursor, clang_getTranslationUnitCursor, (CXTranslationUnit unit), (unit)) \
    X(CXString, clang_getTypeSpelling, (CXType type), (type)) \
    X(unsigned, clang_isCursorDefinition, (CXCursor cursor), (cursor)) \
    X(unsigned, clang_isInvalid, (enum CXCursorKind kind), (kind)) \
    X(enum CXErrorCode, clang_parseTranslationUnit2, \
      (CXIndex index, const char *source_filename, const char *const *command_line_args, int num_command_line_args, \
       struct CXUnsavedFile *unsaved_files, unsigned num_unsaved_files, unsigned options, CXTranslationUnit *unit), \
      (index, source_filename, command_line_args, num_command_line_args, unsaved_files, num_unsaved_files, options, unit)) \
    X(unsigned, clang_visitChildren, (CXCursor parent, CXCursorVisitor visitor, CXClientData client_data), (parent, visitor, client_data))

// Functions without a result: V(name, parameters, arguments).
#define MOJIFY_CLANG_PROCEDURES(V) \
    V(clang_disposeDiagnostic, (CXDiagnostic diagnostic), (diagnostic)) \
    V(clang_disposeIndex, (CXIndex index), (index)) \
    V(clang_disposeSourceRangeList, (CXSourceRangeList *ranges), (ranges)) \
    V(clang_disposeString, (CXString string), (string)) \
    V(clang_disposeTokens, (CXTranslationUnit unit, CXToken *tokens, unsigned count), (unit, tokens, count)) \
    V(clang_disposeTranslationUnit, (CXTranslationUnit unit), (unit)) \
    V(clang_getSpellingLocation, (CXSourceLocation location, CXFile *file, unsigned *line, unsigned *column, unsigned *offset), \
      (location, file, line, column, offset)) \
    V(clang_tokenize, (CXTranslationUnit unit, CXSourceRange range, CXToken **tokens, unsigned *count), (unit, range, tokens, count))

#define FIELD(type, name, parameters, arguments) type(*name) parameters;
#define PROCEDURE_FIELD(name, parameters, arguments) void(*name) parameters;
static struct {
    MOJIFY_CLANG_FUNCTIONS(FIELD)
    MOJIFY_CLANG_PROCEDURES(PROCEDURE_FIELD)
} loaded;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[1024];

static void load(void) {
    void *library = dlopen(MOJIFY_LIBCLANG, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
#define LOOK_UP(type, name, parameters, arguments) \
    if (!(loaded.name = (type(*) parameters)dlsym(library, #name))) { \
        snprintf(load_error, sizeof load_error, "%s lacks %s", MOJIFY_LIBCLANG, #name); \
        return; \
    }
#define LOOK_UP_PROCEDURE(name, parameters, arguments) LOOK_UP(void, name, parameters, arguments)
    MOJIFY_CLANG_FUNCTIONS(LOOK_UP)
    MOJIFY_CLANG_PROCEDURES(LOOK_UP_PROCEDURE)
}

const char *mojify_libclang_path(void) {
    return MOJIFY_LIBCLANG;
}

// Without libclang mojify cannot scan at all: it stops as the dynamic loader stopped it at start-up when
// libclang was linked, saying which file it could not load.
static void require(void) {
    pthread_once(&load_once, load);
    if (load_error[0]) {
        fprintf(stderr, "mojify: cannot load libclang: %s (install Debian's libclang, e.g. apt-get install -y libclang-dev)\n", load_error);
        exit(2);
    }
}

#define FORWARD(type, name, parameters, arguments) \
    type name parameters { \
        require(); \
        return loaded.name arguments; \
    }
#define FORWARD_PROCEDURE(name, parameters, arguments) \
    void name parameters { \
        require(); \
        loaded.name arguments; \
    }
MOJIFY_CLANG_FUNCTIONS(FORWARD)
MOJIFY_CLANG_PROCEDURES(FORWARD_PROCEDURE)
