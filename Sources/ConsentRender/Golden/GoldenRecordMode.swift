/// When a golden run writes reference files instead of only comparing.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Record goldens that do not exist yet; compare the rest. The default on a developer's machine.
    case missing
    /// Re-record goldens that fail; record missing ones.
    case failed
    /// Re-record every golden (unchanged images keep their exact bytes).
    case all
    /// Record nothing: a missing golden is a failure. The default under `CI=true`.
    case never

    /// The mode from `CONSENT_GOLDEN`, else `never` when `CI` is `true` or `1`, else `missing`.
    public static func current(environment: [String: String]) throws -> GoldenRecordMode {
        if let value = environment["CONSENT_GOLDEN"], !value.isEmpty {
            guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
                throw GoldenError.invalidRecordMode(value: value)
            }
            return mode
        }
        let ci = environment["CI"]?.lowercased()
        return ci == "true" || ci == "1" ? .never : .missing
    }

    var recordsMissing: Bool { self != .never }
    var recordsFailures: Bool { self == .failed || self == .all }
}
