/// The words of the login-consent template's page around the document's agreement line: the
/// field, the buttons, and what an unticked login answers. Common wording of Chinese apps' login
/// pages (zh-Hans, zh-Hant) and its English, French and German equivalents; any may be overridden in `document.json`'s
/// `strings`, and other languages must give them there.
struct LoginStrings: Sendable, Equatable {
    /// The phone login's button ("获取验证码").
    var sendCode: String
    /// The one-tap login's button ("本机号码一键登录").
    var oneTap: String
    /// Under the one-tap button: log in with another number.
    var otherNumber: String
    var phonePlaceholder: String
    /// The field's country calling code ("+86").
    var countryCode: String
    /// Under the masked number: who verifies it ("中国移动提供认证服务").
    var carrierNote: String
    /// Over the other login methods ("其他登录方式").
    var otherMethods: String
    /// The `toast` answer to an unticked login.
    var untickedToast: String
    /// The `dialog` answer: its title, message and two buttons.
    var agreementTitle: String
    var agreementMessage: String
    var agreeAndLogIn: String
    var disagree: String

    static let keys = ["sendCode", "oneTap", "otherNumber", "phonePlaceholder", "countryCode", "carrierNote", "otherMethods",
                       "untickedToast", "agreementTitle", "agreementMessage", "agreeAndLogIn", "disagree"]

    /// The keys the document's login page shows: its method's, the other methods' title when it
    /// lists some, and what its unticked login answers with.
    static func keys(for login: LoginScreen) -> [String] {
        var needed = login.method == .oneTap ? ["oneTap", "otherNumber", "carrierNote"] : ["sendCode", "phonePlaceholder", "countryCode"]
        if !login.otherMethods.isEmpty { needed.append("otherMethods") }
        switch login.whenUnticked {
        case .toast: needed.append("untickedToast")
        case .dialog: needed += ["agreementTitle", "agreementMessage", "agreeAndLogIn", "disagree"]
        case .shake, .disabled, .proceeds: break
        }
        return needed
    }

    /// The words the document's page shows: the document's overrides (same keys in
    /// `document.json`'s `strings`), then the built-in table; a missing one is an error naming the
    /// key. Words the page does not show are not asked for (and left empty).
    static func resolve(language: String, settings: DocumentSettings, folder: String, app: (any AppStrings)? = nil) throws -> LoginStrings {
        let needed = keys(for: settings.login)
        let found = try ChromeStrings.lookup(needed, language: language, settings: settings, folder: folder, table: builtIn, app: app)
        let values = Dictionary(uniqueKeysWithValues: zip(needed, found))
        func value(_ key: String) -> String { values[key] ?? "" }
        return LoginStrings(sendCode: value("sendCode"), oneTap: value("oneTap"), otherNumber: value("otherNumber"),
                            phonePlaceholder: value("phonePlaceholder"), countryCode: value("countryCode"), carrierNote: value("carrierNote"),
                            otherMethods: value("otherMethods"), untickedToast: value("untickedToast"), agreementTitle: value("agreementTitle"),
                            agreementMessage: value("agreementMessage"), agreeAndLogIn: value("agreeAndLogIn"), disagree: value("disagree"))
    }

    static let builtIn: [String: [String: String]] = [
        "zh-Hans": ["sendCode": "获取验证码", "oneTap": "本机号码一键登录", "otherNumber": "其他手机号码登录", "phonePlaceholder": "请输入手机号",
                    "countryCode": "+86", "carrierNote": "中国移动提供认证服务", "otherMethods": "其他登录方式",
                    "untickedToast": "请先阅读并勾选同意协议", "agreementTitle": "服务协议及隐私保护",
                    "agreementMessage": "为了更好地保障您的合法权益，请您阅读并同意以下协议", "agreeAndLogIn": "同意并登录", "disagree": "不同意"],
        "zh-Hant": ["sendCode": "取得驗證碼", "oneTap": "本機號碼一鍵登入", "otherNumber": "使用其他手機號碼登入", "phonePlaceholder": "請輸入手機號碼",
                    "countryCode": "+886", "carrierNote": "由電信業者提供認證服務", "otherMethods": "其他登入方式",
                    "untickedToast": "請先閱讀並勾選同意條款", "agreementTitle": "服務條款及隱私權保護",
                    "agreementMessage": "為了保障您的權益，請閱讀並同意以下條款", "agreeAndLogIn": "同意並登入", "disagree": "不同意"],
        "en-US": ["sendCode": "Send code", "oneTap": "Log in with this number", "otherNumber": "Use another number",
                  "phonePlaceholder": "Phone number", "countryCode": "+1", "carrierNote": "Verified by your carrier",
                  "otherMethods": "Other ways to log in", "untickedToast": "Please read and agree to the terms first",
                  "agreementTitle": "Terms and privacy", "agreementMessage": "To continue, please read and agree to",
                  "agreeAndLogIn": "Agree and log in", "disagree": "Disagree"],
        "fr": ["sendCode": "Recevoir le code", "oneTap": "Se connecter avec ce numéro", "otherNumber": "Utiliser un autre numéro",
               "phonePlaceholder": "Numéro de téléphone", "countryCode": "+33", "carrierNote": "Vérifié par votre opérateur",
               "otherMethods": "Autres moyens de connexion", "untickedToast": "Veuillez d’abord lire et accepter les conditions",
               "agreementTitle": "Conditions et confidentialité", "agreementMessage": "Pour continuer, veuillez lire et accepter",
               "agreeAndLogIn": "Accepter et se connecter", "disagree": "Refuser"],
        "de": ["sendCode": "Code senden", "oneTap": "Mit dieser Nummer anmelden", "otherNumber": "Andere Nummer verwenden",
               "phonePlaceholder": "Telefonnummer", "countryCode": "+49", "carrierNote": "Von Ihrem Mobilfunkanbieter bestätigt",
               "otherMethods": "Andere Anmeldemöglichkeiten", "untickedToast": "Bitte lesen und akzeptieren Sie zuerst die Bedingungen",
               "agreementTitle": "Bedingungen und Datenschutz", "agreementMessage": "Um fortzufahren, lesen und akzeptieren Sie bitte",
               "agreeAndLogIn": "Akzeptieren und anmelden", "disagree": "Ablehnen"],
    ]
}
