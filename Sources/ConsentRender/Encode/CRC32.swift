internal import CZlib
import Foundation

/// CRC-32 (zlib's) of files, to tell whether a font file or a written screenshot changed.
enum CRC32 {
    /// The checksum of `data` as eight hex digits.
    static func of(_ data: Data) -> String {
        let crc = data.withUnsafeBytes { raw in
            crc32(crc32(0, nil, 0), raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count))
        }
        return hex(crc)
    }

    /// The CRC-32 of `data` following bytes whose CRC-32 is `crc` (0 to start).
    static func value(of data: Data, continuing crc: UInt = 0) -> UInt {
        let start = crc == 0 ? crc32(0, nil, 0) : uLong(crc)
        return UInt(data.withUnsafeBytes { crc32(start, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) })
    }

    static func hex(_ crc: uLong) -> String {
        let digits = String(crc, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The checksum and size of the file at `path`, or nil when it cannot be read.
    static func ofFile(at path: String) -> (checksum: String, bytes: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var crc = crc32(0, nil, 0)
        var bytes = 0
        while true {
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
            bytes += chunk.count
            crc = chunk.withUnsafeBytes { raw in
                crc32(crc, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count))
            }
        }
        return (hex(crc), bytes)
    }
}
