/// A device profile could not be found or read.
public enum ProfileError: Error, Equatable, Sendable {
    case unknownDevice(id: String, suggestion: String?, directory: String)
    case unreadable(path: String, reason: String)
    case malformedJSON(path: String, detail: String)
    case missingField(path: String, field: String)
    case wrongType(path: String, field: String, expected: String)
    case invalidValue(path: String, field: String, value: String, fix: String)
    case noProfilesDirectory(searched: [String])
    /// A profile names a platform the renderer does not know.
    case unknownPlatform(profile: String, platform: String, known: [String], suggestion: String?)
}

extension ProfileError: CausedError { public var cause: ErrorCause { .input } }

extension ProfileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownPlatform(profile, platform, known, suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "The device profile '\(profile)' names the platform '\(platform)' in its \"platform\" field, which this renderer "
                + "does not know.\(hint) Set it to one of: \(known.joined(separator: ", ")), or leave it out for ios (a library user "
                + "can register other platforms with the renderer)."
        case let .unknownDevice(id, suggestion, directory):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "Unknown device '\(id)'.\(hint) Use the id of a profile in \(directory), or the path to a profile .json file."
        case let .unreadable(path, reason):
            return "\(path): cannot read the device profile (\(reason))."
        case let .malformedJSON(path, detail):
            return "\(path): not valid JSON (\(detail)). Fix the syntax; DeviceProfiles/iphone-15-pro.json is a complete example."
        case let .missingField(path, field):
            return "\(path): field '\(field)' is missing. Add it; DeviceProfiles/iphone-15-pro.json is a complete example."
        case let .wrongType(path, field, expected):
            return "\(path): field '\(field)' must be \(expected)."
        case let .invalidValue(path, field, value, fix):
            return "\(path): field '\(field)' is \(value); \(fix)."
        case let .noProfilesDirectory(searched):
            return "No DeviceProfiles folder found (looked in \(searched.joined(separator: ", "))). "
                + "Name a profiles folder (or set CONSENT_PROFILES_DIR), or give a profile .json file's path."
        }
    }
}
