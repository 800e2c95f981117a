/// The words of the launch-consent template beyond the agreement dialog's: a decline that says
/// what happens, and the confirmation shown after a decline.
struct LaunchStrings: Sendable, Equatable {
    /// The decline label of the first dialog ("不同意并退出", "Disagree and exit").
    public var declineAndExit: String
    public var confirmTitle: String
    public var confirmMessage: String
    /// The confirmation's primary button: back to the agreement.
    public var confirmReview: String
    /// The confirmation's second button: leave the app.
    public var confirmExit: String

    public init(declineAndExit: String, confirmTitle: String, confirmMessage: String, confirmReview: String, confirmExit: String) {
        self.declineAndExit = declineAndExit
        self.confirmTitle = confirmTitle
        self.confirmMessage = confirmMessage
        self.confirmReview = confirmReview
        self.confirmExit = confirmExit
    }

    /// The document's overrides (same keys in `document.json`'s `strings`), then the built-in
    /// table (zh-Hans, zh-Hant, en); a missing one is an error naming the key.
    static func resolve(language: String, settings: DocumentSettings, folder: String, app: (any AppStrings)? = nil) throws -> LaunchStrings {
        let values = try ChromeStrings.lookup(keys, language: language, settings: settings, folder: folder, table: builtIn, app: app)
        return LaunchStrings(declineAndExit: values[0], confirmTitle: values[1], confirmMessage: values[2], confirmReview: values[3],
                             confirmExit: values[4])
    }

    /// The keys of the launch-consent template's strings.
    static let keys = ["declineAndExit", "confirmTitle", "confirmMessage", "confirmReview", "confirmExit"]

    static let builtIn: [String: [String: String]] = [
        "zh-Hans": ["declineAndExit": "不同意并退出", "confirmTitle": "温馨提示",
                    "confirmMessage": "若不同意本隐私政策，很遗憾我们将无法为您提供服务。您可以再次查看协议，或退出应用。",
                    "confirmReview": "查看协议", "confirmExit": "仍不同意并退出"],
        "zh-Hant": ["declineAndExit": "不同意並退出", "confirmTitle": "溫馨提示",
                    "confirmMessage": "若不同意本隱私權政策，很遺憾我們將無法為您提供服務。您可以再次查看條款，或退出應用程式。",
                    "confirmReview": "查看條款", "confirmExit": "仍不同意並退出"],
        "en-US": ["declineAndExit": "Disagree and exit", "confirmTitle": "Before you go",
                  "confirmMessage": "Without your agreement we can't provide the service. You can read the agreement again or exit the app.",
                  "confirmReview": "Read again", "confirmExit": "Exit app"],
    ]
}
