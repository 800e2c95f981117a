import ConsentRender
import Foundation

/// Decodes the text of an app's files, saying on which line an encoding error lies.
enum TextDecoding {
    /// The scalars of UTF-16 text from byte `start` on; an odd last byte or a lone surrogate is an error.
    static func utf16Scalars(_ bytes: [UInt8], from start: Int, bigEndian: Bool, path: String) throws -> [Unicode.Scalar] {
        var units: [UInt16] = []
        units.reserveCapacity(max(0, bytes.count - start) / 2)
        var position = start
        while position + 1 < bytes.count {
            let first = UInt16(bytes[position]), second = UInt16(bytes[position + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            position += 2
        }
        var iterator = units.makeIterator()
        let (scalars, line, column) = try decode(&iterator, as: UTF16.self, capacity: units.count, path: path)
        if position < bytes.count {
            throw AppFileError.encoding(path: path, place: .line(line, column: column))
        }
        return scalars
    }

    /// The scalars of UTF-8 text from byte `start` on; a malformed sequence is an error.
    static func utf8Scalars(_ bytes: [UInt8], from start: Int, path: String) throws -> [Unicode.Scalar] {
        var iterator = bytes[min(start, bytes.count)...].makeIterator()
        return try decode(&iterator, as: UTF8.self, capacity: max(0, bytes.count - start), path: path).scalars
    }

    /// Decodes code units with `codec`, counting lines and columns so a malformed sequence is
    /// reported where it stands; returns the scalars and the place after the last one.
    private static func decode<Codec: UnicodeCodec, Units: IteratorProtocol>(
        _ iterator: inout Units, as codec: Codec.Type, capacity: Int, path: String
    ) throws -> (scalars: [Unicode.Scalar], line: Int, column: Int) where Units.Element == Codec.CodeUnit {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(capacity)
        var decoder = Codec()
        var line = 1, column = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return (scalars, line, column)
            case .error:
                throw AppFileError.encoding(path: path, place: .line(line, column: column))
            }
        }
    }
}
