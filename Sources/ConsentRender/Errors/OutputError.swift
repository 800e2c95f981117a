/// An output folder is not the tool's to write into or clear.
public enum OutputError: Error, Equatable, Sendable {
    case wouldReplaceInput(folder: String, path: String, effect: String, role: String, rolePath: String, isSame: Bool)
    case insideInput(folder: String, path: String, role: String, rolePath: String)
    /// The output folder is, or lies inside, a folder no other command writes into (a golden folder,
    /// a consent document folder), whether or not this run reads it.
    case insideReservedFolder(folder: String, path: String, role: String, rolePath: String, isSame: Bool)
    case notAFolder(folder: String, path: String, file: String)
    case notOwned(folder: String, path: String, effect: String, marker: String, sample: [String])
    case symbolicLink(folder: String, path: String, link: String)
    /// The output folder, or a folder on its way, is a symbolic link to something that does not exist.
    case danglingLink(folder: String, path: String, link: String, target: String?)
    case unreadableFolder(folder: String, path: String, reason: String)
    case unreadableManifest(path: String, detail: String)
    /// Files of the user's (not in the folder's ledger, or changed since the tool wrote them) sit
    /// where a run would write; `olderMarker` when the folder's marker is an older version's, which kept no list.
    case notOurFiles(folder: String, path: String, files: [String], olderMarker: Bool)
    /// The marker, which holds the folder's list of the tool's files, is a folder or a link.
    case markerNotAFile(folder: String, path: String, marker: String, what: String)
    /// A single output file's side file (`.links.json`, `.overlay.png`…) exists and the tool did not write it.
    /// Side files of `render` that exist and are not the tool's: each path with what it would have been.
    case notOurSideFiles(files: [SideFile], output: String)
    /// `diff --out` names one of the images it compares, or a file that is not a diff image the tool wrote.
    case diffOutputInUse(path: String, reason: String)
    /// A report file (`--junit FILE`) that is not the tool's, or a place it cannot go.
    case reportOutputInUse(option: String, path: String, reason: String)
    /// A render's output would go inside one of its input folders or onto one of its input files.
    case renderOutputIsInput(path: String, role: String, rolePath: String, isFile: Bool)
}

extension OutputError {
    /// A side file of `render` in the way: where, and what render-cli would have written there.
    public struct SideFile: Equatable, Sendable {
        public var path: String
        public var what: String

        public init(path: String, what: String) {
            self.path = path
            self.what = what
        }
    }
}

extension OutputError: CausedError { public var cause: ErrorCause { .input } }

extension OutputError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .wouldReplaceInput(folder, path, effect, role, rolePath, isSame):
            return "\(folder) '\(path)' \(isSame ? "is" : "contains") \(role) (\(rolePath)), and \(effect); nothing was "
                + "touched. Choose a folder that holds none of what the run reads (a new or empty one will do)."
        case let .insideInput(folder, path, role, rolePath):
            return "\(folder) '\(path)' lies inside \(role) (\(rolePath)), where its files would mix with what the run reads; "
                + "nothing was touched. Choose a folder outside it."
        case let .insideReservedFolder(folder, path, role, rolePath, isSame):
            return "\(folder) '\(path)' \(isSame ? "is" : "lies inside") \(role) (\(rolePath)), which holds what runs read and check, "
                + "and no command writes its output there; nothing was touched. Choose a folder outside it."
        case let .notAFolder(folder, path, file):
            let what = file == path ? "is a file" : "cannot be made: '\(file)' is a file"
            return "\(folder) '\(path)' \(what); nothing was touched. Give the path of a folder."
        case let .notOwned(folder, path, effect, marker, sample):
            let listing = sample.isEmpty ? "" : " (\(sample.joined(separator: ", "))…)"
            return "\(folder) '\(path)' already holds files ConsentRender did not write\(listing), and \(effect); nothing was "
                + "touched. Choose a new or empty folder (a folder the tool made carries the file \(marker))."
        case let .symbolicLink(folder, path, link):
            return "\(folder) '\(path)' holds a symbolic link at '\(link)', which could lead into a folder or file of yours; "
                + "the tool writes only into folders and files it made, so nothing was written through it. Remove the link."
        case let .danglingLink(folder, path, link, target):
            let leadsTo = target.map { " to '\($0)'" } ?? ""
            return "\(folder) '\(path)' cannot be made: '\(link)' is a symbolic link\(leadsTo), which leads nowhere; nothing was "
                + "touched. Remove the link, or make the folder it points to."
        case let .unreadableFolder(folder, path, reason):
            return "\(folder) '\(path)' cannot be read (\(reason)); nothing was touched."
        case let .notOurFiles(folder, path, files, olderMarker):
            let listing = files.prefix(8).map { "  - \($0)" }.joined(separator: "\n")
                + (files.count > 8 ? "\n  - and \(files.count - 8) more" : "")
            let one = files.count == 1
            let why = olderMarker
                ? "An earlier version of render-cli wrote into this folder without listing the files it wrote, so every file "
                    + "already in it counts as yours. If \(one ? "it is an old render, delete it; otherwise move it" : "these are old renders, delete them; otherwise move them") away"
                : one ? "Move it away (or delete it if it is an old render you no longer need)"
                    : "Move them away (or delete them if they are old renders you no longer need)"
            return "\(folder) '\(path)' holds \(one ? "a file" : "\(files.count) files") that render-cli did not write "
                + "(or that changed since it wrote \(one ? "it" : "them")), where this run would write:\n\(listing)\nNothing was written. "
                + "\(why), or choose another folder."
        case let .markerNotAFile(folder, path, marker, what):
            return "\(folder) '\(path)': its marker \(marker) is \(what); the marker is the plain file that lists what the tool "
                + "wrote there, so nothing was touched. Remove it (every file in the folder then counts as yours) or choose another folder."
        case let .notOurSideFiles(files, output):
            if files.count == 1, let file = files.first {
                let replacing = file.path == output ? "" : ", and writing \(output) would replace it"
                return "\(file.path) exists and is not \(file.what) render-cli wrote\(replacing); nothing "
                    + "was written. Move it away, or give --out another name."
            }
            return files.map { "\($0.path) (not \($0.what) render-cli wrote)" }.joined(separator: " and ")
                + " exist, and writing \(output) would replace them; nothing was written. Move them away, or give --out another name."
        case let .renderOutputIsInput(path, role, rolePath, isFile):
            return "--out '\(path)' " + (isFile ? "would replace \(role) (\(rolePath))" : "lies inside \(role) (\(rolePath))")
                + (["synchronized folder", "localization", "Xcode project", ".lproj"].contains(where: role.contains)
                    ? ", which the app's next build would take in" : ", which this render reads")
                + "; nothing was written. Give --out a path outside the render's inputs and the app's sources, for example "
                + "out/screen.png."
        case let .reportOutputInUse(option, path, reason):
            return "\(option) '\(path)' \(reason); nothing was run. Give \(option) another file name, such as out/report.xml."
        case let .diffOutputInUse(path, reason):
            return "--out '\(path)' \(reason); nothing was written. Give --out a new file name, such as diff.png."
        case let .unreadableManifest(path, detail):
            return "\(path): not a list of exported screenshots that can be read (\(detail)); nothing was touched. It says which "
                + "screenshots an earlier export wrote, so the tool will not delete or overwrite any without it: restore it, or "
                + "move the screenshots folder's files away yourself and delete it."
        }
    }
}
