/// Problems that stop `mojify report`, each saying what to do.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    case emptyTitle
    case outputIsDirectory(path: String)

    public var description: String {
        switch self {
        case .emptyTitle:
            "--title is empty; give the page a title or leave the option out"
        case let .outputIsDirectory(path):
            "\(path): is a folder; --out takes the path of the HTML file to write, e.g. \(path.hasSuffix("/") ? path : path + "/")report.html"
        }
    }
}
