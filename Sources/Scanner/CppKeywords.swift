/// The identifiers libclang's tokenizer calls keywords in C++17 (`-x c++ -std=c++17`, the language mojify lexes
/// batched files in): every name of clang's `TokenKinds.def` that libclang 14 classifies as a keyword there, found by
/// tokenizing them all. `RawLexerTests` checks this list against the libclang mojify runs with.
enum CppKeywords {
    static let all: Set<String> = [
        "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Complex", "_Decimal128", "_Decimal32", "_Decimal64",
        "_ExtInt", "_Float16", "_Generic", "_Imaginary", "_Nonnull", "_Noreturn", "_Null_unspecified", "_Nullable",
        "_Nullable_result", "_Static_assert", "_Thread_local", "__FUNCTION__", "__PRETTY_FUNCTION__", "__alignof",
        "__alignof__", "__array_extent", "__array_rank", "__asm", "__asm__", "__attribute", "__attribute__",
        "__auto_type", "__bf16", "__builtin_COLUMN", "__builtin_FILE", "__builtin_FUNCTION", "__builtin_LINE",
        "__builtin_available", "__builtin_bit_cast", "__builtin_choose_expr", "__builtin_convertvector",
        "__builtin_offsetof", "__builtin_omp_required_simd_align", "__builtin_va_arg", "__cdecl", "__char16_t",
        "__char32_t", "__complex", "__complex__", "__const", "__const__", "__decltype", "__extension__",
        "__fastcall", "__float128", "__fp16", "__func__", "__has_nothrow_assign", "__has_nothrow_constructor",
        "__has_nothrow_copy", "__has_nothrow_move_assign", "__has_trivial_assign", "__has_trivial_constructor",
        "__has_trivial_copy", "__has_trivial_destructor", "__has_trivial_move_assign",
        "__has_trivial_move_constructor", "__has_unique_object_representations", "__has_virtual_destructor",
        "__ibm128", "__imag", "__imag__", "__inline", "__inline__", "__int128", "__is_abstract", "__is_aggregate",
        "__is_arithmetic", "__is_array", "__is_assignable", "__is_base_of", "__is_class", "__is_complete_type",
        "__is_compound", "__is_const", "__is_constructible", "__is_convertible", "__is_convertible_to", "__is_empty",
        "__is_enum", "__is_final", "__is_floating_point", "__is_function", "__is_fundamental", "__is_integral",
        "__is_literal", "__is_literal_type", "__is_lvalue_expr", "__is_lvalue_reference",
        "__is_member_function_pointer", "__is_member_object_pointer", "__is_member_pointer",
        "__is_nothrow_assignable", "__is_nothrow_constructible", "__is_object", "__is_pod", "__is_pointer",
        "__is_polymorphic", "__is_reference", "__is_rvalue_expr", "__is_rvalue_reference", "__is_same",
        "__is_same_as", "__is_scalar", "__is_signed", "__is_standard_layout", "__is_trivial",
        "__is_trivially_assignable", "__is_trivially_constructible", "__is_trivially_copyable",
        "__is_trivially_destructible", "__is_union", "__is_unsigned", "__is_void", "__is_volatile", "__label__",
        "__module_private__", "__null", "__nullptr", "__objc_no", "__objc_yes", "__pascal", "__private_extern__",
        "__real", "__real__", "__reference_binds_to_temporary", "__regcall", "__restrict", "__restrict__",
        "__signed", "__signed__", "__stdcall", "__thiscall", "__thread", "__typeof", "__typeof__",
        "__underlying_type", "__vectorcall", "__volatile", "__volatile__", "alignas", "alignof", "and", "and_eq",
        "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char", "char16_t", "char32_t", "class",
        "compl", "const", "const_cast", "constexpr", "continue", "decltype", "default", "delete", "do", "double",
        "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
        "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
        "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "return",
        "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template",
        "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned",
        "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"
    ]

    /// Whether an identifier's bytes are one of `all`, looked up without making a string of them and hashing it
    /// (the lexer asks this of every identifier).
    static func contains(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = identifier.first, first < 0x80 else { return false }
        return buckets[bucket(first, identifier.count)].contains { $0.elementsEqual(identifier) }
    }

    /// `all` by first byte and length: a bucket holds a few keywords at most.
    private static let buckets: [[[UInt8]]] = {
        var buckets = Array(repeating: [[UInt8]](), count: 128 * bucketLengths)
        for keyword in all.sorted() {
            let bytes = Array(keyword.utf8)
            buckets[bucket(bytes[0], bytes.count)].append(bytes)
        }
        return buckets
    }()

    private static let bucketLengths = 48

    private static func bucket(_ first: UInt8, _ length: Int) -> Int {
        Int(first) * bucketLengths + min(length, bucketLengths - 1)
    }
}
