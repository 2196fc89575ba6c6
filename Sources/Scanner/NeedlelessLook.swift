internal import CClang

/// A look at a file in which the prefilter found no needle, for what may matter all the same: a line splice inside a
/// name, which can cut a needle in two (`IPC_MESS\` + `AGE_...`), so that the file must be read; and includes of
/// files the walk does not list (`#include "msgs.def"`), whose names the scan looks up. One pass over the bytes
/// for `#` and `\` (`mojify_next_needleless`), which hands back the few places that matter.
enum NeedlelessLook {
    enum Verdict: Equatable {
        case read
        /// The names of the unlisted files included, usually none.
        case includes([String])
    }

    static func examine(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        guard let base = bytes.baseAddress else { return .includes([]) }
        var names: [String] = []
        var from = 0
        var kind: Int32 = 0
        var end = 0
        while true {
            let found = mojify_next_needleless(base, bytes.count, from, &kind, &end)
            guard found >= 0 else { return .includes(names) }
            if kind == Int32(MOJIFY_SPLICED_NAME) { return .read }
            from = end
            let name = UnsafeBufferPointer(start: (base + found).assumingMemoryBound(to: UInt8.self), count: end - found)
            // `<vector>`, `<tr1/tuple>` are the library's: an angled name counts with an extension only.
            if kind == Int32(MOJIFY_ANGLED_INCLUDE), !(name.lastIndex(of: UInt8(ascii: ".")).map { !name[$0...].contains(UInt8(ascii: "/")) } ?? false) {
                continue
            }
            if !FileWalker.isScannable(name: name) { names.append(String(decoding: name, as: UTF8.self)) }
        }
    }
}
