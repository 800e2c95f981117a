/// App Store screenshots could not be exported.
public enum AppStoreError: Error, Equatable, Sendable {
    case noAppStoreLocale(tag: String)
    /// A pseudo-locale (en-XA, ar-XB), which App Store Connect does not have.
    case pseudoLocale(tag: String)
    case languageNotInDocument(tag: String, shown: String, folder: String)
    case unacceptedSize(path: String, width: Int, height: Int, screenshotClass: String)
    case hasAlpha(path: String)
    case noDeviceForClass(name: String)
}

extension AppStoreError: CausedError {
    public var cause: ErrorCause {
        switch self {
        case .noAppStoreLocale, .pseudoLocale, .languageNotInDocument, .noDeviceForClass: .input
        case .unacceptedSize, .hasAlpha: .environment
        }
    }
}

extension AppStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .pseudoLocale(tag):
            return "'\(tag)' in --languages is a pseudo-locale, made for testing layouts; App Store Connect has no such "
                + "localization, and its screenshots would land in a real locale's folder. Leave it out of appstore, and render "
                + "it with render or matrix instead."
        case let .noAppStoreLocale(tag):
            return "App Store Connect has no localization for '\(tag)'. Use one of: \(AppStoreLocale.codes.joined(separator: ", "))."
        case let .languageNotInDocument(tag, shown, folder):
            return "\(folder): no language file for '\(tag)'; its screenshots would show '\(shown)'. Add \(tag).md or leave \(tag) out."
        case let .unacceptedSize(path, width, height, screenshotClass):
            return "\(path): \(width)×\(height) is not a size App Store Connect accepts for \(screenshotClass) screenshots."
        case let .hasAlpha(path):
            return "\(path): has an alpha channel, which App Store Connect rejects."
        case let .noDeviceForClass(name):
            return "No device profile renders the \(name) screenshot class."
        }
    }
}
