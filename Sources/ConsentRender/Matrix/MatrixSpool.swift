internal import CZlib
import Foundation
import Synchronization

/// Each cell's `manifest.json` and gallery entries, kept in a hidden file in the output folder as
/// the cells finish instead of in memory, and read back one at a time when the two files are
/// written: what a matrix keeps per cell until its end is its result's few fields, so a
/// 80,000-cell run holds no more than a 500-cell one. The file is a temporary of the output folder
/// (removed when the run ends, and when it is stopped).
final class MatrixElementSpool: Sendable {
    private struct State {
        var descriptor: Int32
        var end: Int = 0
        /// Per cell: where its manifest entry and its gallery entry lie in the file.
        var places: [(manifest: Range<Int>?, gallery: Range<Int>?)]
        var failure: String?
    }
    private let state: Mutex<State>
    private let temporary: URL
    /// The file's path (a hidden temporary of the output folder).
    var temporaryPath: String { temporary.path }

    init(beside url: URL, cells: Int) throws {
        temporary = try AtomicFileWriter.beginStreamedFile(url, stop: {})
        let descriptor = open(temporary.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw RenderError.writeFailed(path: temporary.path, reason: "could not keep the cells' entries there (\(reason))")
        }
        state = Mutex(State(descriptor: descriptor, places: Array(repeating: (nil, nil), count: cells)))
    }

    /// Moves `result`'s entries into the file (the result keeps none).
    func keep(_ result: inout MatrixRender.CellResult, at index: Int) {
        let manifest = result.manifestElement, gallery = result.galleryElement
        result.manifestElement = nil
        result.galleryElement = nil
        state.withLock { state in
            func append(_ data: Data?) -> Range<Int>? {
                guard let data, state.failure == nil else { return nil }
                let start = state.end
                let failure = data.withUnsafeBytes { AtomicFileWriter.writeAll($0, to: state.descriptor, at: start) }
                if let failure { state.failure = failure; return nil }
                state.end += data.count
                return start..<state.end
            }
            state.places[index] = (append(manifest), append(gallery))
        }
    }

    /// The entries of every cell that has them, in cell order, `manifest` or gallery ones, given to
    /// `body` one at a time.
    func forEach(manifest: Bool, _ body: (Data) throws -> Void) throws {
        let (descriptor, places, failure) = state.withLock { ($0.descriptor, $0.places, $0.failure) }
        if let failure {
            throw RenderError.writeFailed(path: temporary.path, reason: "could not keep the cells' entries there (\(failure))")
        }
        for place in places {
            guard let range = manifest ? place.manifest : place.gallery else { continue }
            var data = Data(count: range.count)
            let read = data.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress!, range.count, off_t(range.lowerBound)) }
            guard read == range.count else {
                throw RenderError.writeFailed(path: temporary.path, reason: "could not read the cells' entries back")
            }
            try body(data)
        }
    }

    /// Closes and removes the file.
    func remove() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
        }
        AtomicFileWriter.abandonStreamedFile(temporary)
    }
}

/// A file of the output folder written a piece at a time into its hidden temporary, then put in
/// place whole (`OwnedFolder.commitStreamedFile`), with the CRC-32 of what was written.
final class StreamedOutputFile {
    let destination: URL
    private let temporary: URL
    private let descriptor: Int32
    private var crc = crc32(0, nil, 0)
    private var buffer = Data()

    init(_ destination: URL) throws {
        self.destination = destination
        temporary = try AtomicFileWriter.beginStreamedFile(destination, stop: {})
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw RenderError.writeFailed(path: destination.path, reason: "could not write a file in "
                + "\(destination.deletingLastPathComponent().path) (\(reason))")
        }
    }

    /// The CRC-32 of everything written so far.
    var checksum: UInt { UInt(crc) }

    func write(_ data: Data) throws {
        crc = data.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
        buffer.append(data)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    private func flush() throws {
        let failure = buffer.withUnsafeBytes { AtomicFileWriter.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw RenderError.writeFailed(path: destination.path, reason: failure) }
    }

    /// Puts the file in place in `folder` (listed in its ledger).
    func commit(in folder: OwnedFolder) throws {
        do {
            try flush()
        } catch {
            close(descriptor)
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw RenderError.writeFailed(path: destination.path, reason: reason)
        }
        try folder.commitStreamedFile(temporary, to: destination)
    }

    /// Removes the temporary, after a failure.
    func abandon() {
        close(descriptor)
        AtomicFileWriter.abandonStreamedFile(temporary)
    }
}
