import Foundation

/// Writes an H.264 MP4 with Debian's ffmpeg (libx264), fed raw I420 frames through a pipe: no
/// frame touches the disk. The file appears only when `finish` succeeds; until then ffmpeg writes
/// a hidden temporary beside it, which a failure, `cancel` or an interrupted run (SIGINT/SIGTERM:
/// ffmpeg is killed first) deletes.
final class H264Writer {
    /// The x264 preset: the fastest, since the frames are mostly still screens.
    static let preset = "ultrafast"

    let url: URL
    let width: Int
    let height: Int
    private let temporary: URL
    private let process: EncoderProcess
    private var finished = false

    /// Where ffmpeg is, or nil when it is not installed.
    static func locateFFmpeg() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts ffmpeg for a `width`×`height` video (both even) at `framesPerSecond`.
    /// - Parameter folder: the owned folder the video goes into, whose ledger lists it; nil for a file outside one.
    init(url: URL, width: Int, height: Int, framesPerSecond: Int, in folder: OwnedFolder? = nil) throws {
        precondition(width % 2 == 0 && height % 2 == 0, "H.264 in yuv420p needs an even size")
        guard let ffmpeg = Self.locateFFmpeg() else {
            throw RenderError.writeFailed(path: url.path, reason: "ffmpeg is not installed (the walkthrough videos are encoded by "
                + "Debian's ffmpeg); run scripts/setup, or apt-get install ffmpeg")
        }
        // A write to a pipe whose reader died must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
        self.url = url
        self.folder = folder
        self.width = width
        self.height = height
        let colour = ["-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        // The process is killed by an interrupted run, so its file is registered before it starts.
        let box = ProcessBox()
        temporary = try AtomicFileWriter.beginStreamedFile(url) { box.kill() }
        let arguments = ["-hide_banner", "-loglevel", "error", "-nostdin",
                         "-f", "rawvideo", "-pix_fmt", "yuv420p", "-video_size", "\(width)x\(height)",
                         "-framerate", "\(framesPerSecond)"] + colour + ["-i", "pipe:0",
                         "-c:v", "libx264", "-preset", Self.preset, "-crf", "18", "-pix_fmt", "yuv420p"] + colour
            // Under an address-space limit (which ffmpeg inherits), one encoder thread: x264's
            // threads take about 120 MB more (`MemoryNeed.encoderAddressMB`).
            + (ResourceLimits.current.addressSpace == nil ? [] : ["-threads", "1"])
            + ["-r", "\(framesPerSecond)", "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact",
               "-flags:v", "+bitexact", "-f", "mp4", "-y", temporary.path]
        // Started so that it dies with this process: killed (SIGKILL) or not, no encoder is left
        // writing after it.
        do {
            process = try EncoderProcess(executable: ffmpeg, arguments: arguments)
        } catch {
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw RenderError.writeFailed(path: url.path, reason: "ffmpeg could not be started (\(error.localizedDescription))")
        }
        box.set(process)
        // ffmpeg's messages go to a file of their own, read when it has ended (EncoderProcess).
        errorText = ErrorText()
    }

    private let errorText: ErrorText
    private let folder: OwnedFolder?

    deinit {
        if !finished { cancel() }
    }

    /// Under an address-space limit, said: ffmpeg runs under it too, and its encoder may not fit.
    static var limitNote: String {
        guard let bytes = ResourceLimits.current.addressSpace else { return "" }
        return " (ffmpeg runs under the same address-space limit, ulimit -v \(bytes >> 20) MB; raise it for the video)"
    }

    /// Sends one frame: the Y plane, then U and V (`width * height * 3 / 2` bytes).
    func write(_ frame: UnsafeRawBufferPointer) throws {
        precondition(frame.count == width * height * 3 / 2, "An I420 frame of \(width)×\(height) is \(width * height * 3 / 2) bytes")
        var offset = 0
        let descriptor = process.input.fileDescriptor
        while offset < frame.count {
            let written = Foundation.write(descriptor, frame.baseAddress! + offset, frame.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                cancel()
                errorText.append(process.errorOutput())
                throw RenderError.writeFailed(path: url.path, reason: "ffmpeg stopped taking frames (\(reason)): \(errorText.summary)\(Self.limitNote)")
            }
            offset += written
        }
        FaultInjection.frameEncoded()
    }

    /// Ends the input, waits for ffmpeg and moves the video into place.
    func finish() throws {
        guard !finished else { return }
        finished = true
        try? process.input.close()
        let ending = process.wait()
        errorText.append(process.errorOutput())
        guard ending == .exited(0) else {
            AtomicFileWriter.abandonStreamedFile(temporary)
            let how = switch ending {
            case let .exited(status): "exit \(status)"
            case let .signalled(signal): "killed by signal \(signal)"
            }
            throw RenderError.writeFailed(path: url.path, reason: "ffmpeg failed (\(how)): \(errorText.summary)\(Self.limitNote)")
        }
        if let folder {
            try folder.commitStreamedFile(temporary, to: url)
        } else {
            try AtomicFileWriter.commitStreamedFile(temporary, to: url)
        }
    }

    /// Stops ffmpeg and deletes what it wrote.
    func cancel() {
        finished = true
        process.kill()
        try? process.input.close()
        AtomicFileWriter.abandonStreamedFile(temporary)
    }
}

/// The encoder, for the interrupt handler (which runs on another thread).
private final class ProcessBox: @unchecked Sendable {
    private let lock = NSLock()
    private var process: EncoderProcess?

    func set(_ process: EncoderProcess) {
        lock.withLock { self.process = process }
    }

    /// Kills the encoder and waits for it, so it cannot write after its file is deleted.
    func kill() {
        lock.withLock { process }?.kill()
    }
}

/// What ffmpeg printed, collected from its reader thread.
private final class ErrorText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    /// The last lines, for a message.
    var summary: String {
        lock.lock()
        defer { lock.unlock() }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "it printed nothing" }
        return text.split(separator: "\n").suffix(4).joined(separator: "; ")
    }
}
