import MojifyCore

/// Recording the constructs invocations make (messages, structs, traits, message maps) and closing their blocks.
extension Recognizer {
    /// Where an invocation stands and what surrounds it.
    struct Site {
        var macro: String
        var wrapper: String?
        var at: Token
        var conditions: Conditions
        var source: String
        /// The comment block right above the invocation, if any.
        var comment: String?
    }


    mutating func record(_ macro: IPCMacro, arguments: [Argument], site: Site) {
        let at = RawLocation(site.at)
        func malformed(_ expectation: String) {
            problem(.error, at: site.at, "malformed \(site.macro)(...): \(expectation), found \(arguments.count) argument\(arguments.count == 1 ? "" : "s")",
                    hint: "fix the invocation; it is left out of the inventory")
        }
        switch macro {
        case let .message(kind, sync, form):
            guard let name = arguments.first?.text, !name.isEmpty else { return malformed("expected a message name first") }
            var inputs: [Parameter]
            var outputs: [Parameter] = []
            switch form {
            case let .counted(inputCount, outputCount):
                guard arguments.count == 1 + inputCount + outputCount else {
                    return malformed("expected the name and \(inputCount + outputCount) type\(inputCount + outputCount == 1 ? "" : "s")")
                }
                inputs = arguments[1..<(1 + inputCount)].map(\.parameter)
                outputs = arguments[(1 + inputCount)...].map(\.parameter)
            case .variadic:
                inputs = arguments.dropFirst().map(\.parameter)
            case .parenthesised:
                guard arguments.count == 3, let ins = parenthesisedList(arguments[1]), let outs = parenthesisedList(arguments[2]) else {
                    return malformed("expected the name, (inputs) and (outputs)")
                }
                inputs = ins
                outputs = outs
            }
            findings.messages.append(.init(value: MessageDefinition(
                name: name, messageClass: messageClass, kind: kind, isSync: sync, inputs: inputs, outputs: outputs,
                macro: site.macro, exportMacro: exportMacro, conditions: site.conditions,
                location: SourceLocation(file: "", line: at.line, column: at.column), source: site.source, comment: site.comment
            ), at: at))

        case let .structBegin(withParent):
            guard arguments.count == (withParent ? 2 : 1) else {
                return malformed(withParent ? "expected the struct name and its parent" : "expected the struct name")
            }
            closeStruct(missingEndAt: site.at)
            openStruct = .init(value: IPCStruct(
                name: arguments[0].text, parent: withParent ? arguments[1].text : nil, members: [],
                messageClass: messageClass, conditions: site.conditions, location: placeholderLocation(at), comment: site.comment
            ), at: at, memberPositions: [])
        case .structMember:
            guard arguments.count >= 2 else { return malformed("expected a type and a name") }
            guard openStruct != nil else {
                problem(.warning, at: site.at, "IPC_STRUCT_MEMBER outside IPC_STRUCT_BEGIN ... IPC_STRUCT_END", hint: "check the struct's BEGIN/END", structural: true)
                return
            }
            let defaultValue = arguments.count > 2 ? arguments[2...].map(\.text).joined(separator: ", ") : nil
            openStruct!.value.members.append(.init(
                type: arguments[0].text, name: arguments[1].text, defaultValue: defaultValue, location: placeholderLocation(at), comment: site.comment
            ))
            openStruct!.memberPositions.append(at)
        case .structEnd:
            if openStruct == nil {
                problem(.warning, at: site.at, "IPC_STRUCT_END without IPC_STRUCT_BEGIN", hint: "check the struct's BEGIN/END", structural: true)
            }
            closeStruct(missingEndAt: nil)

        case .traitsBegin:
            guard arguments.count == 1 else { return malformed("expected one type") }
            closeTraits(missingEndAt: site.at)
            openTraits = .init(value: StructTraits(
                type: arguments[0].text, members: [], parents: [], conditions: site.conditions, location: placeholderLocation(at),
                messageClass: messageClass
            ), at: at, memberPositions: [])
        case .traitsMember, .traitsParent:
            guard arguments.count == 1 else { return malformed("expected one name") }
            // `IPC_STRUCT_BEGIN_WITH_PARENT(Params, Base)` is followed by `IPC_STRUCT_TRAITS_PARENT(Base)` in
            // Chromium's own headers: the struct macro declares the traits that line completes.
            if macro == .traitsParent, openTraits == nil, let parent = openStruct?.value.parent {
                if arguments[0].text != parent {
                    problem(.warning, at: site.at, "IPC_STRUCT_TRAITS_PARENT(\(arguments[0].text)) inside IPC_STRUCT_BEGIN_WITH_PARENT(\(openStruct!.value.name), \(parent)) names another parent",
                            hint: "name the struct's parent, \(parent), in both", structural: false)
                }
                return
            }
            guard openTraits != nil else {
                problem(.warning, at: site.at, "\(site.macro) outside IPC_STRUCT_TRAITS_BEGIN ... IPC_STRUCT_TRAITS_END", hint: "check the traits' BEGIN/END", structural: true)
                return
            }
            if macro == .traitsMember {
                openTraits!.value.members.append(arguments[0].text)
                openTraits!.memberPositions.append(at)
            } else {
                openTraits!.value.parents.append(arguments[0].text)
            }
        case .traitsEnd:
            if openTraits == nil {
                problem(.warning, at: site.at, "IPC_STRUCT_TRAITS_END without IPC_STRUCT_TRAITS_BEGIN", hint: "check the traits' BEGIN/END", structural: true)
            }
            closeTraits(missingEndAt: nil)

        case let .enumTraits(check):
            let expected = check.argumentCount
            guard arguments.count == expected else { return malformed("expected \(expected) argument\(expected == 1 ? "" : "s")") }
            var traits = EnumTraits(
                type: arguments[0].text, macro: site.macro, minValue: nil, maxValue: nil, validation: nil,
                conditions: site.conditions, location: placeholderLocation(at), messageClass: messageClass
            )
            switch check {
            case .unchecked: break
            case .maxValue: traits.maxValue = arguments[1].text
            case .minMaxValue:
                traits.minValue = arguments[1].text
                traits.maxValue = arguments[2].text
            case .validate: traits.validation = arguments[1].text
            }
            findings.enumTraits.append(.init(value: traits, at: at))

        case .mapBegin:
            guard arguments.count >= 2 else { return malformed("expected the class and the message") }
            closeMap(missingEndAt: site.at)
            openMap = .init(value: MessageMap(
                macro: site.macro, handlerClass: arguments[0].text, function: enclosingFunction(at: site.at.start),
                handlers: [], conditions: site.conditions, location: placeholderLocation(at)
            ), at: at, handlerPositions: [])
        case .mapEnd:
            if openMap == nil {
                problem(.warning, at: site.at, "\(site.macro) without IPC_BEGIN_MESSAGE_MAP", hint: "check the map's BEGIN/END", structural: true)
            }
            closeMap(missingEndAt: nil)

        case let .handler(shape, delayReply):
            var handler = MessageHandler(
                macro: site.macro, wrapper: site.wrapper, message: nil, method: nil, target: nil,
                delayReply: delayReply, conditions: site.conditions, location: placeholderLocation(at)
            )
            switch shape {
            case .method, .generic:
                guard arguments.count >= 2 else { return malformed("expected the message and its handler") }
                handler.message = arguments[0].text
                handler.method = arguments[1...].map(\.text).joined(separator: ", ")
            case .forward:
                guard arguments.count == 3 else { return malformed("expected the message, the object and the method") }
                handler.message = arguments[0].text
                handler.target = arguments[1].text
                handler.method = arguments[2].text
            case .codeOnly:
                let code = arguments.map(\.text).joined(separator: ", ")
                handler.method = code.isEmpty ? nil : code
            }
            guard openMap != nil else {
                problem(.warning, at: site.at, "\(site.wrapper ?? site.macro) outside IPC_BEGIN_MESSAGE_MAP ... IPC_END_MESSAGE_MAP",
                        hint: "handlers outside a message map are not attributed to a class", structural: true)
                return
            }
            openMap!.value.handlers.append(handler)
            openMap!.handlerPositions.append(at)
        }
    }

    /// `(int /* a */, GURL)` -> its parameters; nil when the argument is not one parenthesised list.
    func parenthesisedList(_ argument: Argument) -> [Parameter]? {
        let code = argument.tokens.indices.filter { argument.tokens[$0].kind != .comment }
        guard let first = code.first, let last = code.last, argument.tokens[first].text == "(", argument.tokens[last].text == ")",
              case let (items, close) = Recognizer.splitArguments(argument.tokens, openParen: first), close == last else { return nil }
        return items.map { Argument($0).parameter }
    }

    func placeholderLocation(_ at: RawLocation) -> SourceLocation {
        SourceLocation(file: "", line: at.line, column: at.column)
    }

    private mutating func closeStruct(missingEndAt token: Token?) {
        close(\.openStruct, into: \.structs, missingEndAt: token, end: "IPC_STRUCT_END") { "IPC_STRUCT_BEGIN(\($0.value.name))" }
    }

    private mutating func closeTraits(missingEndAt token: Token?) {
        close(\.openTraits, into: \.structTraits, missingEndAt: token, end: "IPC_STRUCT_TRAITS_END") { "IPC_STRUCT_TRAITS_BEGIN(\($0.value.type))" }
    }

    private mutating func closeMap(missingEndAt token: Token?) {
        close(\.openMap, into: \.maps, missingEndAt: token, end: "IPC_END_MESSAGE_MAP") { "\($0.value.macro)(\($0.value.handlerClass))" }
    }

    /// Moves an open BEGIN ... END block to the findings; `token` is where an END was expected but not found.
    mutating func close<Block>(
        _ open: WritableKeyPath<Recognizer, Block?>, into list: WritableKeyPath<FileFindings, [Block]>,
        missingEndAt token: Token?, end: String, describe: (Block) -> String
    ) {
        guard let block = self[keyPath: open] else { return }
        if let token {
            problem(.warning, at: token, "\(describe(block)) has no \(end) before this point", hint: "add \(end)()", structural: true)
        }
        findings[keyPath: list].append(block)
        self[keyPath: open] = nil
    }

    mutating func closeOpenBlocks() {
        let end = tokens.last
        if let end {
            closeStruct(missingEndAt: openStruct == nil ? nil : end)
            closeTraits(missingEndAt: openTraits == nil ? nil : end)
            closeMap(missingEndAt: openMap == nil ? nil : end)
        }
        if conditions.depth > 0, let end {
            problem(.warning, at: end, "\(conditions.depth) #if block\(conditions.depth == 1 ? " is" : "s are") not closed at the end of the file",
                    hint: "add the missing #endif", structural: true)
        }
    }
}
