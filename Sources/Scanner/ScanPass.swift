import MojifyCore

/// The passes of a scan the cache's kept inventory did not answer, in order: each reads files with what the ones
/// before it learned (names of messages, project macros, included headers, the types traits macros name).
enum ScanPass: CaseIterable {
    /// The files named like messages headers, where definitions almost always are: messages named without the
    /// `Msg_` convention are found by their names, so the next pass then has those among its needles, and no file
    /// is read a second time for them.
    case messagesHeaders
    /// Every other file; the one pass whose progress is shown.
    case otherFiles
    /// Project macros that reach IPC macros, and the files the files read so far include that the walk does not list
    /// (`UnlistedIncludes`), round after round until a round finds nothing new.
    case wrappersAndIncludes
    /// The headers that name a type behind a traits macro.
    case typeHeaders
    /// The files no pass read (the cache answered for them), looked at for the markers alone.
    case markers

    func run(_ scan: inout ScanRun) {
        switch self {
        case .messagesHeaders: scan.readMessagesHeaders()
        case .otherFiles: scan.readOtherFiles()
        case .wrappersAndIncludes: scan.followWrappersAndIncludes()
        case .typeHeaders: scan.readTypeHeaders()
        case .markers: scan.findMarkers()
        }
    }
}

/// A scan of the walked files through `ScanPass.allCases`: the files (which grow by the included headers found),
/// what reads them, and what the passes learned so far.
struct ScanRun {
    private(set) var files: [FileWalker.Entry]
    let database: CompileDatabase?
    let options: ScanOptions
    let cache: ScanCache?
    /// The walk's exclusions, which the included headers found must honour too.
    let walker: FileWalker
    let progress: IPCScanner.Progress?
    /// Made anew when files are added: both know the file list.
    private(set) var analyser: FileAnalyser
    private(set) var scheduler: ScanScheduler
    private(set) var joiner: InventoryJoiner
    /// The names of messages without the `Msg_` convention searched for so far.
    private var searched: Set<String> = []
    /// The project macros that reach IPC macros, as known so far.
    private(set) var wrappers: [String: [WrapperMacro]] = [:]
    private(set) var unlisted = UnlistedIncludes()
    /// With markers (`ScanOptions.markers`), the files that hold one; nil without.
    private(set) var markedFiles: [String]?

    init(files: [FileWalker.Entry], database: CompileDatabase?, options: ScanOptions, cache: ScanCache?, walker: FileWalker, progress: IPCScanner.Progress?) {
        self.files = files
        self.database = database
        self.options = options
        self.cache = cache
        self.walker = walker
        self.progress = progress
        analyser = FileAnalyser(files: files, database: database, options: options, cache: cache)
        scheduler = ScanScheduler(analyser: analyser, jobs: options.jobs)
        joiner = InventoryJoiner(files: files, database: database, options: options)
    }

    mutating func run() {
        for pass in ScanPass.allCases { pass.run(&self) }
    }

    fileprivate mutating func readMessagesHeaders() {
        let definitionsFirst = files.indices.filter { files[$0].isNamedLikeMessagesHeader }
        joiner.add(scheduler.run(definitionsFirst, pass: FileAnalyser.Pass(needles: IPCScanner.needles, wrappers: [:]), progress: nil))
        searched = joiner.unconventionalNames()
    }

    fileprivate mutating func readOtherFiles() {
        let remaining = files.indices.filter { !joiner.isParsed($0) }
        let (total, alreadyDone) = (files.count, files.count - remaining.count)
        var progressOfAll: IPCScanner.Progress?
        if let progress { progressOfAll = { done, _ in progress(alreadyDone + done, total) } }
        joiner.add(scheduler.run(remaining, pass: FileAnalyser.Pass(needles: IPCScanner.needles + searched.sorted(), wrappers: [:]), progress: progressOfAll))
    }

    /// Project macros that reach IPC macros are only known once every file has been read once, and macros built on
    /// those once the files that name them have been read: files are read again for the names new in each round,
    /// until a round finds none. Each round also looks up the files that files read so far include and the walk
    /// does not list, and reads those found.
    fileprivate mutating func followWrappersAndIncludes() {
        while true {
            let included = unlisted.lookUp(joiner.unlistedIncludeCandidates(), excluding: walker, stamped: walker.collectStamps)
            if !included.isEmpty {
                let first = files.count
                files += included
                joiner.append(included)
                cache?.attach(more: included.map(\.path))
                analyser = FileAnalyser(files: files, database: database, options: options, cache: cache)
                scheduler = ScanScheduler(analyser: analyser, jobs: options.jobs)
                // Read as the walk's files were (their own unlisted includes come with them), with the macros known.
                let extras = FileAnalyser.Pass(needles: IPCScanner.needles + searched.sorted() + wrappers.keys.sorted(), wrappers: wrappers)
                joiner.add(scheduler.run(Array(first..<files.count), pass: extras, progress: nil))
            }
            let table = joiner.wrapperTable()
            let changed = MacroTable.namesToLookFor(from: wrappers, to: table)
            if !changed.isEmpty {
                let users = files.indices.filter(joiner.isParsed)
                joiner.add(scheduler.run(users, pass: FileAnalyser.Pass(needles: changed, wrappers: table), progress: nil))
            }
            // Such names defined elsewhere can be used in files not read yet.
            let unconventional = joiner.unconventionalNames().subtracting(searched)
            if !unconventional.isEmpty || !changed.isEmpty {
                let rest = files.indices.filter { !joiner.isParsed($0) }
                let pass = FileAnalyser.Pass(needles: unconventional.sorted() + changed, wrappers: table)
                joiner.add(scheduler.run(rest, pass: pass, progress: nil))
            }
            searched.formUnion(unconventional)
            wrappers = table
            if included.isEmpty && changed.isEmpty { break }
        }
    }

    /// Enums and structs behind traits macros usually live in a types header that mentions no IPC at all. Only the
    /// headers that name one of them are parsed, for an AST: most define none, and parsing each of them alone was a
    /// third of a first scan of a real tree. The others are lexed for their typedefs.
    fileprivate mutating func readTypeHeaders() {
        let includedTypeHeaders = joiner.includedTypeHeaders()
        guard !includedTypeHeaders.isEmpty else { return }
        let pass = FileAnalyser.Pass(needles: [], wrappers: wrappers, typeNames: joiner.traitTypeNames().sorted())
        joiner.add(scheduler.run(includedTypeHeaders, pass: pass, progress: nil))
    }

    fileprivate mutating func findMarkers() {
        markedFiles = analyser.markerPass.map { pass in
            let found = scheduler.run(files.indices.filter { joiner.marks[$0] == nil }, pass: pass, progress: nil)
            let marked = Set(joiner.marks.filter(\.value).keys).union(found.filter { $0.marked == true }.map(\.index))
            return marked.map { files[$0].relativePath }.sorted()
        }
    }
}
