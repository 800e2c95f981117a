/// `document.json`'s `login`: the login page a `login-consent` document draws around its agreement
/// line. The agreement line itself is the Markdown body: one task-list item (`- [ ] 我已阅读并同意
/// …`) draws a check box, ticked when the Markdown says `- [x]`; a paragraph draws a notice with
/// no box ("登录即代表同意…").
public struct LoginScreen: Codable, Sendable, Equatable {
    /// How the user logs in.
    public enum Method: String, Codable, Sendable, CaseIterable {
        /// A phone-number field and a button that sends a code.
        case phone
        /// The carrier's one-tap login (本机号码一键登录): the masked number and one button.
        case oneTap = "one-tap"
    }

    /// What tapping the login button does while the box is unticked: the `tapped-unticked` screen.
    public enum WhenUnticked: String, Codable, Sendable, CaseIterable {
        /// A toast asks the user to tick the box first ("请先阅读并同意…").
        case toast
        /// The agreement line shakes: drawn at the shake's furthest point, the box outlined in red.
        case shake
        /// A dialog lists the agreements with "同意并登录" and "不同意".
        case dialog
        /// The button is drawn dimmed and does nothing until the box is ticked.
        case disabled
        /// Login goes ahead without the tick: the box records no consent (the lint's error).
        case proceeds
    }

    /// Another way to log in, drawn as a round button with its name under it.
    public struct OtherMethod: Codable, Sendable, Equatable {
        /// Its name: one for every language, or one per language tag.
        public var label: LocalizedText
        /// A PNG file in the document folder drawn in the circle (scaled to fit, its proportions
        /// kept); without one, the name's first letter.
        public var icon: String?

        public init(label: LocalizedText, icon: String? = nil) {
            self.label = label
            self.icon = icon
        }

        enum CodingKeys: String, CodingKey { case label, icon }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(LocalizedText.self, forKey: .label)
            icon = try container.decodeIfPresent(String.self, forKey: .icon)
            let texts: [String] = switch label {
            case let .everyLanguage(text): [text]
            case let .perLanguage(texts): Array(texts.values)
            }
            if texts.isEmpty || texts.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
                throw DecodingError.dataCorruptedError(forKey: .label, in: container, debugDescription:
                    "give the method its name (\"WeChat\", or { \"zh-Hans\": \"微信\", \"en\": \"WeChat\" }); an empty name draws an unnamed circle")
            }
        }
    }

    public var method: Method
    /// The number a one-tap login shows, masked as the carrier returns it.
    public var maskedNumber: String
    public var whenUnticked: WhenUnticked
    public var otherMethods: [OtherMethod]
    /// A PNG file in the document folder drawn above the title (64 pt).
    public var logo: String?

    public init(method: Method = .phone, maskedNumber: String = "138****8000", whenUnticked: WhenUnticked = .toast,
                otherMethods: [OtherMethod] = [], logo: String? = nil) {
        self.method = method
        self.maskedNumber = maskedNumber
        self.whenUnticked = whenUnticked
        self.otherMethods = otherMethods
        self.logo = logo
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case method, maskedNumber, whenUnticked, otherMethods, logo
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try DocumentSettings.decodeChoice(container, .method, Method.self, noun: "login method") ?? .phone
        if container.contains(.maskedNumber), method != .oneTap {
            throw DecodingError.dataCorruptedError(forKey: .maskedNumber, in: container, debugDescription:
                "only a one-tap login shows a masked number; set \"method\": \"one-tap\" or remove \"maskedNumber\"")
        }
        maskedNumber = try container.decodeIfPresent(String.self, forKey: .maskedNumber) ?? "138****8000"
        if maskedNumber.trimmingCharacters(in: .whitespaces).isEmpty || maskedNumber.count > 24 {
            throw DecodingError.dataCorruptedError(forKey: .maskedNumber, in: container, debugDescription:
                "give the number as the carrier shows it, 24 characters at most, such as \"138****8000\"")
        }
        whenUnticked = try DocumentSettings.decodeChoice(container, .whenUnticked, WhenUnticked.self, noun: "response to an unticked login")
            ?? .toast
        otherMethods = try container.decodeIfPresent([OtherMethod].self, forKey: .otherMethods) ?? []
        if otherMethods.count > Self.maximumOtherMethods {
            throw DecodingError.dataCorruptedError(forKey: .otherMethods, in: container, debugDescription:
                "\(otherMethods.count) methods do not fit one row; list \(Self.maximumOtherMethods) at most, as login pages do")
        }
        logo = try container.decodeIfPresent(String.self, forKey: .logo)
    }

    /// How many other methods one row holds on the narrowest phone.
    static let maximumOtherMethods = 5

    /// The PNG files it names (logo and icons), each checked when the document folder is read.
    var imageFiles: [(field: String, file: String)] {
        (logo.map { [("login.logo", $0)] } ?? [])
            + otherMethods.enumerated().compactMap { index, method in method.icon.map { ("login.otherMethods[\(index)].icon", $0) } }
    }
}
