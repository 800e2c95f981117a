internal import CFastPNG
import Foundation

/// The size and CRC-64 of a file's bytes: how the ownership ledger tells that a file it lists is
/// still the one the tool wrote.
///
/// A checksum, not a cryptographic hash: the ledger guards against accidents (a user's edit, a
/// copied file), not against someone forging a file to have the tool delete it. CRC-64 misses a
/// change with odds of 2⁻⁶⁴ and ISA-L computes it at memory speed, so hashing every screenshot a
/// matrix writes costs almost nothing.
struct FileFingerprint: Hashable, Sendable {
    var size: Int
    var crc64: UInt64

    init(size: Int, crc64: UInt64) {
        self.size = size
        self.crc64 = crc64
    }

    init(of data: Data) {
        size = data.count
        crc64 = data.withUnsafeBytes { raw in raw.count == 0 ? 0 : cr_crc64(0, raw.baseAddress!, raw.count) }
    }

    /// The fingerprint of the regular file at `path` (not following a symbolic link), or nil when
    /// there is no such file or it cannot be read.
    init?(ofFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 64)
        defer { buffer.deallocate() }
        var crc: UInt64 = 0
        var total = 0
        while true {
            let count = read(descriptor, buffer, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            crc = cr_crc64(crc, buffer, count)
            total += count
        }
        size = total
        crc64 = crc
    }

    /// Sixteen lower-case hex digits.
    var checksumText: String {
        let digits = String(crc64, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
