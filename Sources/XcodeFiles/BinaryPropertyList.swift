import ConsentRender
import Foundation

/// Reads the binary property list format (`bplist00`): a header, the objects, a table of their
/// offsets and a 32-byte trailer. Every size and offset comes from the file, so each is checked
/// against the file's length (with overflow-checked arithmetic) before it is used; an error names
/// the byte offset where the bad value stands.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let path: String
    private var offsetIntSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTableOffset = 0
    /// Objects already read, so a shared object is read once (and a file of objects that share
    /// each other many times over cannot make the reader's work grow exponentially).
    private var cache: [Int: PropertyListValue] = [:]
    /// The objects being read, from the top one down: one met again contains itself.
    private var ancestors: Set<Int> = []
    /// Nesting deeper than this is refused rather than risking the stack.
    private static let maximumDepth = 256
    private static let trailerSize = 32
    private static let resaveFix = "re-save it in Xcode, or convert it with plutil -convert binary1"

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    static func parse(_ bytes: [UInt8], path: String) throws -> PropertyListValue {
        var reader = BinaryPropertyListReader(bytes: bytes, path: path)
        return try reader.document()
    }

    private mutating func document() throws -> PropertyListValue {
        guard bytes.count >= 8 else { throw failure(at: bytes.count, "the file ends inside its 8-byte header", fix: Self.resaveFix) }
        guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
            let version = String(decoding: bytes[6..<8], as: UTF8.self)
            throw failure(at: 6, "the binary property list is version '\(version)'; only version 00 (bplist00) is read",
                          fix: "convert it with plutil -convert binary1 or xml1")
        }
        guard bytes.count >= 8 + 1 + Self.trailerSize else {
            throw failure(at: bytes.count, "the file is \(bytes.count) bytes long, too short for a 32-byte trailer after its objects "
                          + "(it was probably cut short)", fix: "copy the file again or " + Self.resaveFix)
        }
        let trailer = bytes.count - Self.trailerSize
        offsetIntSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw failure(at: trailer + 6, "the trailer gives offsets \(offsetIntSize) bytes wide (1 to 8 are possible)",
                          fix: "the file is damaged or cut short; " + Self.resaveFix)
        }
        guard (1...8).contains(referenceSize) else {
            throw failure(at: trailer + 7, "the trailer gives object references \(referenceSize) bytes wide (1 to 8 are possible)",
                          fix: "the file is damaged or cut short; " + Self.resaveFix)
        }
        let count = readUnsigned(at: trailer + 8, size: 8)
        let top = readUnsigned(at: trailer + 16, size: 8)
        let table = readUnsigned(at: trailer + 24, size: 8)
        // Every object takes at least one byte before the offset table.
        guard count >= 1, count <= UInt64(trailer) else {
            throw failure(at: trailer + 8, "the trailer counts \(count) objects, which a \(bytes.count)-byte file cannot hold",
                          fix: "the file is damaged or cut short; " + Self.resaveFix)
        }
        objectCount = Int(count)
        guard top < count else {
            throw failure(at: trailer + 16, "the top object is number \(top), but the file has \(count) objects",
                          fix: "the file is damaged; " + Self.resaveFix)
        }
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetIntSize)
        guard table >= 9, table <= UInt64(trailer), !overflow, tableSize <= trailer - Int(table) else {
            throw failure(at: trailer + 24, "the offset table at byte \(table) (\(objectCount) offsets of \(offsetIntSize) bytes) "
                          + "does not lie between the objects and the trailer at byte \(trailer)",
                          fix: "the file is damaged or cut short; " + Self.resaveFix)
        }
        offsetTableOffset = Int(table)
        return try object(Int(top), referencedAt: trailer + 16, depth: 0)
    }

    /// Object number `number`, whose reference stands at byte `referenceOffset`.
    private mutating func object(_ number: Int, referencedAt referenceOffset: Int, depth: Int) throws -> PropertyListValue {
        if let value = cache[number] { return value }
        guard !ancestors.contains(number) else {
            throw failure(at: referenceOffset, "object \(number) contains itself (a reference loops back to it)",
                          fix: "the file is damaged; " + Self.resaveFix)
        }
        guard depth < Self.maximumDepth else {
            throw failure(at: referenceOffset, "objects are nested more than \(Self.maximumDepth) levels deep",
                          fix: "flatten the property list")
        }
        let entry = offsetTableOffset + number * offsetIntSize
        let offset = readUnsigned(at: entry, size: offsetIntSize)
        guard offset >= 8, offset < UInt64(offsetTableOffset) else {
            throw failure(at: entry, "object \(number) is said to start at byte \(offset), outside the objects (bytes 8 to "
                          + "\(offsetTableOffset - 1))", fix: "the file is damaged; " + Self.resaveFix)
        }
        ancestors.insert(number)
        defer { ancestors.remove(number) }
        let value = try objectValue(at: Int(offset), depth: depth)
        cache[number] = value
        return value
    }

    private mutating func objectValue(at offset: Int, depth: Int) throws -> PropertyListValue {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x00:
                throw failure(at: offset, "a null object, which property lists cannot hold", fix: Self.resaveFix)
            default:
                throw failure(at: offset, String(format: "an unknown object marker 0x%02X", marker), fix: Self.resaveFix)
            }
        case 0x1:
            guard low <= 4 else {
                throw failure(at: offset, "an integer \(1 << min(low, 15)) bytes wide (1, 2, 4, 8 or 16 are possible)", fix: Self.resaveFix)
            }
            let size = 1 << low
            try requireBytes(offset + 1, size, what: "a \(size)-byte integer", objectOffset: offset)
            return .integer(integer(at: offset + 1, size: size))
        case 0x2:
            guard low == 2 || low == 3 else {
                throw failure(at: offset, "a real number \(1 << low) bytes wide (4 or 8 are possible)", fix: Self.resaveFix)
            }
            let size = 1 << low
            try requireBytes(offset + 1, size, what: "a \(size)-byte real number", objectOffset: offset)
            let bits = readUnsigned(at: offset + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
        case 0x3:
            guard marker == 0x33 else {
                throw failure(at: offset, String(format: "an unknown object marker 0x%02X (a date is 0x33)", marker), fix: Self.resaveFix)
            }
            try requireBytes(offset + 1, 8, what: "a date", objectOffset: offset)
            let seconds = Double(bitPattern: readUnsigned(at: offset + 1, size: 8))
            guard seconds.isFinite else { throw failure(at: offset + 1, "a date that is not a finite time", fix: Self.resaveFix) }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (count, start) = try length(at: offset)
            try requireBytes(start, count, what: "\(count) bytes of data", objectOffset: offset)
            return .data(Data(bytes[start..<(start + count)]))
        case 0x5:
            let (count, start) = try length(at: offset)
            try requireBytes(start, count, what: "an ASCII string of \(count) characters", objectOffset: offset)
            let text = bytes[start..<(start + count)]
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw failure(at: offset, "an ASCII string holds a byte above 0x7F", fix: Self.resaveFix)
            }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, start) = try length(at: offset)
            let (size, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw failure(at: offset, "a string of \(count) UTF-16 units, more than the file holds", fix: Self.resaveFix) }
            try requireBytes(start, size, what: "a UTF-16 string of \(count) units", objectOffset: offset)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for unit in 0..<count { units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1])) }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw failure(at: offset, "a UTF-16 string holds a lone surrogate", fix: Self.resaveFix)
            }
            return .string(text)
        case 0x8:
            let size = low + 1
            try requireBytes(offset + 1, size, what: "a \(size)-byte UID", objectOffset: offset)
            return .integer(Int64(bitPattern: readUnsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8))))
        case 0xA, 0xC:
            let (count, start) = try length(at: offset)
            let references = try referenceList(start, count: count, objectOffset: offset)
            var values: [PropertyListValue] = []
            values.reserveCapacity(count)
            for (index, reference) in references.enumerated() {
                values.append(try object(reference, referencedAt: start + index * referenceSize, depth: depth + 1))
            }
            return .array(values)
        case 0xD:
            let (count, start) = try length(at: offset)
            let (total, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw failure(at: offset, "a dictionary of \(count) entries, more than the file holds", fix: Self.resaveFix) }
            let references = try referenceList(start, count: total, objectOffset: offset)
            var result: [String: PropertyListValue] = [:]
            for entry in 0..<count {
                let keyOffset = start + entry * referenceSize
                guard case let .string(key) = try object(references[entry], referencedAt: keyOffset, depth: depth + 1) else {
                    throw failure(at: keyOffset, "a dictionary key (object \(references[entry])) is not a string",
                                  fix: "property list keys are strings; " + Self.resaveFix)
                }
                result[key] = try object(references[count + entry], referencedAt: keyOffset + count * referenceSize, depth: depth + 1)
            }
            return .dictionary(result)
        default:
            throw failure(at: offset, String(format: "an unknown object marker 0x%02X", marker), fix: Self.resaveFix)
        }
    }

    /// The length of a data, string, array or dictionary object: the marker's low four bits, or
    /// (when they are 0xF) the integer object after the marker; and where its contents start.
    private func length(at offset: Int) throws -> (count: Int, start: Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        try requireBytes(offset + 1, 1, what: "a length", objectOffset: offset)
        let marker = bytes[offset + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw failure(at: offset + 1, String(format: "a length should be an integer object, and its marker is 0x%02X", marker),
                          fix: Self.resaveFix)
        }
        let size = 1 << Int(marker & 0x0F)
        try requireBytes(offset + 2, size, what: "a length", objectOffset: offset)
        let count = readUnsigned(at: offset + 2, size: size)
        // Nothing in the file can be longer than the file.
        guard count <= UInt64(bytes.count) else {
            throw failure(at: offset + 1, "a length of \(count), more than the \(bytes.count)-byte file holds", fix: Self.resaveFix)
        }
        return (Int(count), offset + 2 + size)
    }

    /// `count` object references from byte `start`, each checked to name an object of the file.
    private func referenceList(_ start: Int, count: Int, objectOffset: Int) throws -> [Int] {
        let (size, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else {
            throw failure(at: objectOffset, "\(count) references, more than the file holds", fix: Self.resaveFix)
        }
        try requireBytes(start, size, what: "\(count) object references", objectOffset: objectOffset)
        var references: [Int] = []
        references.reserveCapacity(count)
        for index in 0..<count {
            let position = start + index * referenceSize
            let reference = readUnsigned(at: position, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw failure(at: position, "a reference to object \(reference), but the file has \(objectCount) objects",
                              fix: "the file is damaged; " + Self.resaveFix)
            }
            references.append(Int(reference))
        }
        return references
    }

    /// Throws unless `count` bytes from `start` lie before the offset table.
    private func requireBytes(_ start: Int, _ count: Int, what: String, objectOffset: Int) throws {
        let (end, overflow) = start.addingReportingOverflow(count)
        guard !overflow, count >= 0, end <= offsetTableOffset else {
            throw failure(at: objectOffset, "\(what) runs past the objects into the offset table at byte \(offsetTableOffset)",
                          fix: "the file is damaged or cut short; " + Self.resaveFix)
        }
    }

    /// A big-endian unsigned number of `size` (at most 8) bytes; the caller has checked the bytes exist.
    private func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    /// An integer object's value: 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes their low 8.
    private func integer(at offset: Int, size: Int) -> Int64 {
        if size == 16 { return Int64(bitPattern: readUnsigned(at: offset + 8, size: 8)) }
        return Int64(bitPattern: readUnsigned(at: offset, size: size))
    }

    private func failure(at offset: Int, _ problem: String, fix: String) -> AppFileError {
        .syntax(path: path, place: .byteOffset(offset), problem: problem, fix: fix)
    }
}
