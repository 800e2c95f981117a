import Foundation

/// A kind of file a render can be written as: PNG today, with PDF and video to come.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// 8-bit RGB without alpha, exactly the composition's pixel size.
    case png

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format a file name asks for by its extension (any case), or nil.
    public init?(fileName: String) {
        let lowered = fileName.lowercased()
        guard let format = Self.allCases.first(where: { lowered.hasSuffix("." + $0.fileExtension) }) else { return nil }
        self = format
    }

    /// The bytes of `page` in this format.
    public func encode(_ page: RenderedPage) throws -> Data {
        switch self {
        case .png: try page.bitmap.pngData()
        }
    }
}
