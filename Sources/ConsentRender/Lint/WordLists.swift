import Foundation
import Synchronization

/// The words and phrases the wording rules look for, each with its language (README lists them
/// all). Matching ignores case; an entry in a script that puts spaces between words (Latin,
/// Greek, Cyrillic, Arabic, Hebrew, Devanagari, Hangul) must start at a word's start ("accept" in
/// "Accept tracking", not in "unacceptable"); a CJK or Thai entry may sit anywhere.
enum WordLists {
    struct Entry: Sendable {
        var text: String
        var language: String
    }

    static func entries(_ language: String, _ words: [String]) -> [Entry] {
        words.map { Entry(text: $0, language: language) }
    }

    /// `att.no-allow-wording`: an explainer's button must not ask to allow; the system prompt asks.
    static let allowWording: [Entry] =
        entries("en", ["allow", "authorise", "authorize", "enable", "turn on", "accept", "agree", "i agree", "opt in", "opt-in", "yes", "track me"])
        + entries("zh-Hans", ["允许", "开启", "打开", "授权", "同意"])
        + entries("zh-Hant", ["允許", "開啟", "授權", "同意"])
        + entries("de", ["erlauben", "zulassen", "aktivieren", "einschalten", "akzeptieren", "zustimmen", "einverstanden", "ja"])
        + entries("fr", ["autoriser", "permettre", "activer", "accepte", "j'accepte", "d'accord", "oui"])
        + entries("es", ["permitir", "autorizar", "activar", "acepto", "aceptar", "consentir", "de acuerdo", "sí"])
        + entries("pt", ["permitir", "autorizar", "ativar", "aceitar", "aceito", "concordo"])
        + entries("it", ["consenti", "autorizza", "attiva", "accetta", "accetto"])
        + entries("ja", ["許可", "有効にする", "オンにする", "同意", "はい"])
        + entries("ko", ["허용", "켜기", "활성화", "동의"])
        + entries("ru", ["разрешить", "включить", "принять"])
        + entries("ar", ["السماح", "تفعيل", "قبول"])
        + entries("he", ["אפשר", "הפעל"])
        + entries("th", ["อนุญาต", "เปิดใช้"])
        + entries("hi", ["अनुमति", "सक्षम करें"])
        + entries("tr", ["izin ver", "etkinleştir"])
        + entries("nl", ["toestaan", "inschakelen"])
        + entries("sv", ["tillåt"]) + entries("da", ["tillad"]) + entries("no", ["tillat"]) + entries("fi", ["salli"])
        + entries("pl", ["zezwól", "włącz"]) + entries("cs", ["povolit"]) + entries("sk", ["povoliť"]) + entries("hu", ["engedélyez"])
        + entries("ro", ["permite"]) + entries("vi", ["cho phép"]) + entries("id", ["izinkan"]) + entries("ms", ["benarkan"])
        + entries("hr", ["dozvoli"]) + entries("el", ["επιτρέπεται", "να επιτρέπεται"])
        + entries("ca", ["permet", "autoritza", "activa", "accepta"]) + entries("uk", ["дозволити", "увімкнути", "прийняти"])
        + entries("fa", ["اجازه", "فعال کردن"]) + entries("ur", ["اجازت دیں", "فعال کریں"])

    /// `att.no-incentive`: a reward, or a promise in return, for allowing tracking: keeping the app
    /// free, supporting the developer, rewards, coins, discounts.
    static let incentive: [Entry] =
        entries("en", ["reward", "bonus", "coins", "free gift", "cash back", "earn…points", "earn…credits", "earn…coins", "get…% off", "% off",
                       "keep…free", "stay free", "stays free", "remain free", "remains free", "free of charge", "costs you nothing",
                       "at no cost to you", "support the developer", "support us", "support our", "support independent", "unlock",
                       "premium for free", "get a discount", "discount for allowing", "in return for allowing", "on us", "free ride", "voucher",
                       "gift card", "double miles", "perks", "chance to win", "never have to pay", "pay for the app"])
        + entries("zh-Hans", ["奖励", "金币", "积分", "红包", "返现", "抽奖", "零收费", "保持免费", "继续免费", "永久免费", "免费使用", "支持开发者", "支持我们",
                              "优惠券", "享优惠", "打车券", "代金券", "礼包", "礼品卡", "折扣", "享…折", "提供免费服务"])
        + entries("zh-Hant", ["獎勵", "金幣", "積分", "紅包", "抽獎", "保持免費", "永久免費", "免費使用", "支持開發者", "支持我們", "優惠券"])
        + entries("de", ["belohnung", "prämie", "bleibt…kostenlos", "bleibt…kostenfrei", "bleibt…gratis", "kostenlos bleiben", "kostenlos anzubieten",
                         "gutschein", "guthaben", "rabatt", "exklusive vorteile", "unterstützen sie uns", "unterstützt uns"])
        + entries("fr", ["récompense", "reste gratuit", "rester gratuit", "reste…gratuite", "réduction", "remise", "bon d'achat", "soutenez-nous",
                         "soutenir le développeur"])
        + entries("es", ["recompensa", "sigue siendo gratis", "seguir siendo gratis", "siga siendo gratuita", "descuento", "cupón", "apóyanos"])
        + entries("ja", ["ポイントがもらえ", "ポイント付与", "ポイントプレゼント", "ポイント…倍", "特典", "無料のまま", "無料で使い続け", "無料で提供",
                         "無料でご提供", "クーポン", "ご支援"])
        + entries("ko", ["보상", "포인트", "무료", "쿠폰"])
        + entries("ru", ["бонус", "награда", "бесплатн"])
        + entries("ar", ["مكافأة", "مجاني"]) + entries("th", ["รางวัล", "ฟรี"]) + entries("hi", ["इनाम", "मुफ़्त", "मुफ्त"])
        + entries("it", ["ricompensa", "gratis", "gratuit", "sconto", "sostienici"]) + entries("pt", ["recompensa", "grátis", "gratuit", "desconto"])
        + entries("nl", ["beloning", "gratis", "korting", "steun ons"]) + entries("sv", ["belöning", "gratis", "rabatt"])
        + entries("da", ["belønning", "gratis", "rabat"]) + entries("no", ["belønning", "gratis", "rabatt"])
        + entries("fi", ["palkkio", "ilmai", "alennus"]) + entries("pl", ["nagroda", "za darmo", "bezpłatn", "zniżka"])
        + entries("cs", ["odměna", "zdarma", "sleva"]) + entries("sk", ["odmena", "zadarmo", "zľava"])
        + entries("hu", ["jutalom", "ingyenes", "kedvezmény"]) + entries("ro", ["recompensă", "gratuit", "reducere"])
        + entries("tr", ["ödül", "ücretsiz", "indirim"]) + entries("uk", ["бонус", "нагорода", "безкоштовн"])
        + entries("el", ["ανταμοιβή", "δωρεάν", "έκπτωση"]) + entries("he", ["תגמול", "חינם", "הנחה"])
        + entries("id", ["hadiah", "gratis", "diskon"]) + entries("ms", ["ganjaran", "percuma", "diskaun"])
        + entries("vi", ["phần thưởng", "miễn phí", "giảm giá"]) + entries("hr", ["nagrada", "besplatn", "popust"])
        + entries("ca", ["recompensa", "gratuït", "descompte"]) + entries("fa", ["پاداش", "رایگان", "تخفیف"])
        + entries("ur", ["انعام", "مفت", "رعایت"])

    /// `text.implied-consent`: using the app treated as agreeing.
    static let impliedConsent: [Entry] =
        entries("en", ["by continuing to use", "by using…you agree", "by using…you consent", "by using…you accept", "continued use of…constitutes",
                       "continued use…means you", "if you continue to use…agree", "if you continue to use…accept", "if you keep using…agree",
                       "by continuing, you agree", "by continuing you agree", "by browsing", "keep browsing…assume", "continue browsing…assume",
                       "continue to use…assume", "we will assume", "we'll assume", "your use of…means", "use of…signifies", "by accessing…you agree"])
        + entries("zh-Hans", ["继续使用…即视为…同意", "继续使用…即表示…同意", "继续使用…即代表…同意", "继续使用…视为…同意", "使用即视为同意",
                              "使用本应用即表示", "使用本应用即视为", "使用本应用…即视为…同意", "继续浏览…即表明…接受", "继续浏览…即视为", "继续浏览或使用"])
        + entries("zh-Hant", ["繼續使用…即視為…同意", "繼續使用…即表示…同意", "使用即視為同意", "使用本應用即視為"])
        + entries("de", ["wenn sie die website nutzen…einverstanden", "wenn sie die app nutzen…einverstanden", "weiter nutzen…stimmen sie",
                         "weiter nutzen…einverstanden", "durch die nutzung…stimmen sie", "durch die nutzung…einverstanden",
                         "durch die weitere nutzung", "durch das weitere surfen", "mit der nutzung…einverstanden", "indem sie…nutzen…stimmen sie",
                         "von ihrem einverständnis aus", "wenn sie weitersurfen", "wenn sie fortfahren…gehen wir davon aus",
                         "wenn sie…weiter…gehen wir davon aus", "gehen wir davon aus, dass sie…einverstanden", "nehmen wir an, dass sie…einverstanden",
                         "wenn sie fortfahren…einverstanden", "wenn sie fortfahren…stimmen sie"])
        + entries("fr", ["en continuant à utiliser", "en continuant votre navigation", "en poursuivant votre navigation", "en poursuivant la navigation",
                         "en utilisant…vous acceptez", "en naviguant…vous acceptez", "en continuant, vous acceptez",
                         "si vous continuez…nous considér", "si vous poursuivez…nous considér", "si vous continuez…vous acceptez",
                         "si vous poursuivez…vous acceptez", "si vous continuez…nous supposerons", "nous considérerons que vous acceptez",
                         "nous considérons que vous acceptez", "vous êtes réputé accepter", "vous êtes réputé avoir accepté"])
        + entries("es", ["al continuar usando", "si continúa navegando", "si continúas navegando", "si sigues navegando", "al continuar navegando",
                         "al utilizar…acepta", "al usar…aceptas", "al navegar…aceptas", "si continúa…consideraremos",
                         "si continúas…consideraremos", "si continúa…entenderemos", "si continúas…entenderemos", "si continúa…acepta",
                         "si continúas…aceptas", "consideraremos que acepta", "entenderemos que acepta", "se considerará que acepta"])
        + entries("it", ["continuando a navigare", "continuando la navigazione", "proseguendo la navigazione", "continuando a utilizzare",
                         "se continui…accetti", "se continui…consideriamo", "se prosegui…accetti", "se prosegui…acconsenti",
                         "se continua…accetta", "riterremo che…accetti", "presumeremo che…accetti", "si intende accettat"])
        + entries("ja", ["ご利用をもって…同意", "利用を継続することで", "引き続きご利用いただくことで", "利用することで…同意", "ご利用により…みなされ"])
        + entries("ko", ["계속 사용하면 동의", "이용함으로써 동의"])

    /// `text.bundled-consent`: consent given by logging in or signing up ("登录即代表同意",
    /// "By signing up, you agree to our Privacy Policy").
    static let bundledConsent: [Entry] =
        entries("en", ["by signing up…you agree", "by signing up…you accept", "by signing up…you consent", "by signing in…you agree",
                       "by signing in…you accept", "by logging in…you agree", "by logging in…you accept", "by registering…you agree",
                       "by registering…you accept", "by creating an account…you agree", "by creating an account…you accept",
                       "by creating your account…you agree", "by continuing with…you agree", "signing up means you agree",
                       "logging in means you agree"])
        + entries("zh-Hans", ["登录即代表…同意", "登录即表示…同意", "登录即视为…同意", "登录即同意", "登录即代表…接受", "注册即代表…同意",
                              "注册即表示…同意", "注册即视为…同意", "注册即同意", "登录/注册即…同意", "登录或注册即…同意", "登录注册即…同意",
                              "一键登录即…同意", "登录即默认…同意", "注册登录即…同意", "通过登录…同意", "通过注册…同意"])
        + entries("zh-Hant", ["登入即代表…同意", "登入即表示…同意", "登入即視為…同意", "登入即同意", "註冊即代表…同意", "註冊即表示…同意",
                              "註冊即同意", "通過登錄…同意", "通過登入…同意", "透過登入…同意", "登錄即…同意", "通過註冊…同意"])
        + entries("de", ["mit der registrierung…stimmen sie", "mit ihrer registrierung…stimmen sie", "mit der anmeldung…stimmen sie",
                         "mit ihrer anmeldung…stimmen sie", "mit der registrierung…akzeptieren sie", "mit der anmeldung…akzeptieren sie",
                         "indem sie sich registrieren…stimmen sie", "indem sie sich anmelden…stimmen sie",
                         "indem sie ein konto erstellen…stimmen sie", "mit der registrierung…einverstanden", "mit der anmeldung…einverstanden"])
        + entries("fr", ["en vous inscrivant…vous acceptez", "en vous connectant…vous acceptez", "en créant un compte…vous acceptez",
                         "en créant votre compte…vous acceptez", "en vous inscrivant…vous consentez", "en vous connectant…vous consentez"])
        + entries("es", ["al registrarte…aceptas", "al registrarse…acepta", "al iniciar sesión…aceptas", "al iniciar sesión…acepta",
                         "al crear una cuenta…aceptas", "al crear una cuenta…acepta"])
        + entries("it", ["registrandoti…accetti", "accedendo…accetti", "creando un account…accetti", "con la registrazione…accetti"])
        + entries("ja", ["ログインすることで…同意", "登録することで…同意", "ログインをもって…同意", "登録をもって…同意", "ログインした時点で…同意"])
        + entries("ko", ["로그인하면…동의", "가입하면…동의", "가입함으로써…동의"])

    /// `att.no-allow-instruction`: an explainer telling the user which of the system alert's
    /// buttons to tap ("tap Allow on the next screen").
    static let allowInstruction: [Entry] =
        entries("en", ["tap…allow", "tap on…allow", "select…allow", "choose…allow", "press…allow", "click…allow", "hit…allow",
                       "allow…on the next screen", "allow…in the next step", "allow…when asked", "allow…when prompted"])
        + entries("zh-Hans", ["点击…允许", "点…允许", "选择…允许", "请允许", "在下一步…允许", "在弹窗中…允许", "在接下来的弹窗中…允许"])
        + entries("zh-Hant", ["點擊…允許", "點選…允許", "選擇…允許", "請允許"])
        + entries("de", ["tippen sie…erlauben", "tippen sie…zulassen", "wählen sie…erlauben", "wählen sie…zulassen", "klicken sie…erlauben",
                         "erlauben“ tippen", "zulassen“ tippen", "bitte erlauben", "bitte…zulassen"])
        + entries("fr", ["touchez…autoriser", "appuyez…autoriser", "sélectionnez…autoriser", "choisissez…autoriser", "cliquez…autoriser",
                         "veuillez autoriser"])
        + entries("es", ["toca…permitir", "pulsa…permitir", "selecciona…permitir", "elige…permitir", "toque…permitir", "pulse…permitir"])
        + entries("it", ["tocca…consenti", "seleziona…consenti", "scegli…consenti", "premi…consenti"])
        + entries("ja", ["「許可」をタップ", "許可をタップ", "「許可」を選択", "許可を選択", "「許可」を押"])
        + entries("ko", ["허용을 탭", "‘허용’을 눌", "허용을 선택"])

    /// Sentences that name the other answer too ("tap Allow or Ask App Not to Track"): a neutral
    /// account of the choice, not a cue to one button.
    static let bothAnswers: [Entry] =
        entries("en", ["not to track", "ask app not", "don't allow", "do not allow", "either", "decline", "deny", "or not"])
        + entries("zh-Hans", ["不跟踪", "不要跟踪", "不允许", "拒绝"]) + entries("zh-Hant", ["不要追蹤", "不追蹤", "不允許", "拒絕"])
        + entries("de", ["nicht zu tracken", "nicht erlauben", "nicht zulassen", "ablehnen"])
        + entries("fr", ["ne pas suivre", "ne pas autoriser", "ne pas me suivre", "refuser"])
        + entries("es", ["no rastree", "no rastrear", "no permitir", "rechazar"]) + entries("it", ["non tracciare", "non consentire", "rifiutare"])
        + entries("ja", ["トラッキングしないよう", "許可しない"]) + entries("ko", ["추적하지 않도록", "허용 안 함"])

    /// `text.forced-consent`: a refusal said to block the whole app (the first half), about
    /// something the app does not need to run (the second).
    static let blocksTheApp: [Entry] =
        entries("en", ["cannot use the app", "can't use the app", "cannot use this app", "can't use this app", "will not be able to use the app",
                       "won't be able to use the app", "unable to use the app", "the app will not work", "the app won't work",
                       "the app cannot be used", "to use this app", "app doesn't work", "app does not work"])
        + entries("zh-Hans", ["无法使用本应用", "无法使用本app", "不能使用本应用", "无法继续使用本应用", "无法正常使用本应用", "app将无法正常使用",
                              "无法正常运行", "不能继续使用…任何服务", "将无法使用全部功能", "不能使用本应用的全部功能"])
        + entries("zh-Hant", ["無法使用本應用", "不能使用本應用", "無法繼續使用本應用"])
        + entries("de", ["können sie die app nicht nutzen", "können die app nicht nutzen", "ist die nutzung der app nicht möglich",
                         "funktioniert die app nicht", "kann die app nicht genutzt werden"])
        + entries("fr", ["ne pourrez pas utiliser l'application", "l'application ne fonctionnera pas", "ne pouvez pas utiliser l'application"])
        + entries("es", ["no podrá usar la aplicación", "no podrás usar la app", "no podrás usar la aplicación", "no podrá usar la app"])
        + entries("ja", ["アプリを利用できません", "このアプリは使えません"])

    /// What a forced refusal is about when it is optional: permissions, tracking, marketing.
    static let optionalData: [Entry] =
        entries("en", ["location", "contacts", "camera", "microphone", "photos", "notifications", "bluetooth", "tracking", "advertising",
                       "personalised ads", "personalized ads", "marketing", "address book", "clipboard"])
        + entries("zh-Hans", ["定位", "位置", "通讯录", "相机", "摄像头", "麦克风", "相册", "通知", "蓝牙", "追踪", "跟踪", "广告", "个性化推荐",
                              "营销", "剪贴板", "权限"])
        + entries("zh-Hant", ["定位", "位置", "通訊錄", "相機", "麥克風", "相簿", "通知", "藍牙", "追蹤", "廣告", "權限"])
        + entries("de", ["standort", "kontakte", "kamera", "mikrofon", "fotos", "mitteilungen", "tracking", "werbung", "marketing"])
        + entries("fr", ["localisation", "contacts", "caméra", "micro", "publicité", "suivi"])
        + entries("es", ["ubicación", "contactos", "cámara", "micrófono", "publicidad", "seguimiento"])
        + entries("ja", ["位置情報", "連絡先", "カメラ", "マイク", "写真", "通知", "トラッキング", "広告"])

    /// `text.forced-consent`: a sentence that refers back to a refusal ("If you refuse, …"), whose
    /// processing the sentence before names.
    static let refusal: [Entry] =
        entries("en", ["if you refuse", "if you decline", "if you don't allow", "if you do not allow", "if you disagree", "without it",
                       "without this", "otherwise"])
        + entries("zh-Hans", ["如您拒绝", "如果您拒绝", "若您拒绝", "如您不同意", "如果您不同意", "若您不同意", "拒绝后", "否则", "如不授权",
                              "如您不授权", "若不授权"])
        + entries("zh-Hant", ["如您拒絕", "如果您拒絕", "若您拒絕", "如您不同意", "若您不同意", "拒絕後", "否則"])
        + entries("de", ["wenn sie ablehnen", "wenn sie nicht zustimmen", "ohne ihre zustimmung", "andernfalls", "ansonsten"])
        + entries("fr", ["si vous refusez", "si vous n'acceptez pas", "sans votre accord", "sinon"])
        + entries("es", ["si rechazas", "si rechaza", "si no aceptas", "si no acepta", "de lo contrario"])
        + entries("it", ["se rifiuti", "se non accetti", "altrimenti"])
        + entries("ja", ["拒否すると", "拒否した場合", "同意いただけない場合"])

    /// `text.purpose-named`: words that say what data is for. A consent screen needs one at least.
    static let purpose: [Entry] =
        entries("en", ["purpose", ", to ", "to show", "to protect", "to keep", "to help", "to make", "to offer", "to let you",
                       "used to", "used for", "use it to", "use them to", "in order to", "so that", "so we can", "analytics",
                       "analyse", "analyze", "measure", "statistics", "advertis", "ads", "marketing", "personalis", "personaliz",
                       "recommend", "suggest", "improve", "security", "secure", "fraud", "deliver", "provide", "send you", "remember",
                       "calculate", "functional", "performance"])
        + entries("zh-Hans", ["用于", "用来", "以便", "为了", "目的", "推荐", "分析", "广告", "个性化", "统计", "改进", "改善", "安全", "营销",
                              "提供", "计算", "服务"])
        + entries("zh-Hant", ["用於", "用來", "以便", "為了", "目的", "推薦", "分析", "廣告", "個人化", "統計", "改進", "改善", "安全", "行銷",
                              "提供", "計算", "服務"])
        + entries("de", ["zweck", "um…zu", "damit", "analyse", "statistik", "messen", "werbung", "marketing", "personalis", "empfehl",
                         "verbessern", "sicherheit", "betrug", "bereitzustellen", "bereitstellen", "vorzuschlagen"])
        + entries("fr", ["finalité", "afin de", "pour", "analyse", "statistique", "mesure",
                         "publicité", "marketing", "personnalis", "recommand", "améliorer", "sécurité", "fraude", "fournir", "proposer"])
        + entries("es", ["finalidad", "para", "análisis", "estadística", "medir", "publicidad", "marketing", "personaliz", "recomend",
                         "mejorar", "seguridad", "fraude", "ofrecer"])
        + entries("it", ["finalità", "per", "analisi", "statistic", "misurare", "pubblicità", "marketing", "personalizz", "consigli",
                         "migliorare", "sicurezza", "frodi", "fornire"])
        + entries("ja", ["目的", "ため", "分析", "広告", "パーソナライズ", "統計", "改善", "おすすめ", "安全", "提供"])
        + entries("ko", ["목적", "위해", "분석", "광고", "맞춤", "통계", "개선", "추천", "보안", "제공"])
        + entries("ar", ["من أجل", "بهدف", "لغرض", "لعرض", "لحماية", "لتحسين", "الإعلانات", "تحليل"])
        + entries("he", ["כדי", "לשם", "למטרת", "פרסום", "ניתוח"])
        + entries("hi", ["के लिए", "ताकि", "उद्देश्य", "विज्ञापन", "विश्लेषण"])
        + entries("th", ["เพื่อ", "วัตถุประสงค์", "โฆษณา", "วิเคราะห์"])

    /// Links to a cookie policy count as a policy link on a cookie banner.
    static let cookiePolicy: [Entry] =
        entries("en", ["cookie policy", "cookies"]) + entries("de", ["cookie-richtlinie", "cookie-hinweis", "cookies"])
        + entries("fr", ["politique de cookies", "cookies"]) + entries("es", ["política de cookies"])
        + entries("zh-Hans", ["cookie 政策", "cookie政策", "cookie"]) + entries("zh-Hant", ["cookie 政策", "cookie政策"])
        + entries("ja", ["クッキー", "cookie"])

    /// Phrases that scope a refusal to one feature: "…but the other features are not affected".
    static let featureScoped: [Entry] =
        entries("en", ["other features", "rest of the app", "everything else", "use the app to"])
        + entries("zh-Hans", ["不影响其他功能", "其他功能不受影响", "不影响您使用其他", "仅影响"])
        + entries("zh-Hant", ["不影響其他功能", "其他功能不受影響"]) + entries("de", ["übrigen funktionen", "andere funktionen", "in der app nicht verwenden"])
        + entries("fr", ["autres fonctionnalités"]) + entries("es", ["otras funciones"]) + entries("ja", ["その他の機能", "他の機能"])

    /// Sentences that describe an affirmative act or say consent is not assumed: no implied consent there.
    static let notImplied: [Entry] =
        entries("en", ["tap", "tapping", "click", "clicking", "without agreeing", "without accepting", "without choosing", "until you", "only the purposes", "withdraw"])
        + entries("zh-Hans", ["点击", "勾选", "不会视为", "仍可"]) + entries("zh-Hant", ["點擊", "勾選", "不會視為"])
        + entries("de", ["klicken", "tippen", "ohne zuzustimmen", "lehnen sie ab", "widerrufen"])
        + entries("fr", ["cliquez", "touchez", "sans accepter", "retirer"]) + entries("es", ["toca", "pulsa", "sin aceptar", "retirar"])
        + entries("ja", ["タップ", "押す"])

    /// Sentences that say nothing changes for the user: no incentive there.
    static let noIncentive: [Entry] =
        entries("en", ["do not change", "does not change", "doesn't change", "don't change", "unchanged", "still earn", "either way",
                       "whether or not"])
        + entries("zh-Hans", ["不会影响", "不影响", "不变"]) + entries("zh-Hant", ["不會影響", "不影響"])
        + entries("de", ["keinen einfluss", "ändert sich nicht", "ändern sich nicht", "bleiben gleich"])
        + entries("fr", ["ne change pas", "ne changent pas"]) + entries("es", ["no cambia", "no cambian"]) + entries("ja", ["変わりません"])

    /// The entries for `language` (its own words: a French text is not read with the Italian
    /// list); all of them for a language the list has none for.
    static func entries(of list: [Entry], for language: String?) -> [Entry] {
        guard let language else { return list }
        let tag = language.lowercased()
        let primary = String(tag.prefix { $0 != "-" })
        // zh-Hans and zh-Hant keep their own lists; zh-TW, zh-HK read Traditional, other zh Simplified.
        let key: String
        if primary == "zh" {
            key = tag.contains("hant") || tag.hasSuffix("-tw") || tag.hasSuffix("-hk") || tag.hasSuffix("-mo") ? "zh-hant" : "zh-hans"
        } else {
            key = primary
        }
        let own = list.filter { $0.language.lowercased() == key }
        return own.isEmpty ? list : own
    }

    /// The sentences of `text`, lower case.
    static func sentences(of text: String) -> [String] {
        text.lowercased().split(whereSeparator: { "。！？!?；;\n".contains($0) }).map(String.init)
    }

    /// The lists, by name: what `firstMatch(in:of:language:unless:)` remembers its answers by.
    enum List: Hashable, Sendable {
        case allowWording, incentive, impliedConsent, blocksTheApp, optionalData, cookiePolicy, featureScoped, notImplied,
             noIncentive, bundledConsent, allowInstruction, bothAnswers, refusal, purpose

        var entries: [Entry] {
            switch self {
            case .allowWording: WordLists.allowWording
            case .incentive: WordLists.incentive
            case .impliedConsent: WordLists.impliedConsent
            case .blocksTheApp: WordLists.blocksTheApp
            case .optionalData: WordLists.optionalData
            case .cookiePolicy: WordLists.cookiePolicy
            case .featureScoped: WordLists.featureScoped
            case .notImplied: WordLists.notImplied
            case .noIncentive: WordLists.noIncentive
            case .bundledConsent: WordLists.bundledConsent
            case .allowInstruction: WordLists.allowInstruction
            case .bothAnswers: WordLists.bothAnswers
            case .refusal: WordLists.refusal
            case .purpose: WordLists.purpose
            }
        }
    }

    private struct Question: Hashable {
        var text: String
        var list: List
        var language: String?
        var unless: [List]
    }

    /// Answers already found. A matrix lints the same texts in every cell of a language (issue
    /// 33 measured the search at 2.6 ms of a 12.5-ms cell); the texts are a document's, so the
    /// answers are few, and the store is emptied when it reaches `rememberedLimit` all the same.
    private static let answers = Mutex<[Question: Entry?]>([:])
    static let rememberedLimit = 4096

    /// `firstMatch` on named lists, remembered per text, list, language and `unless` lists (each
    /// read as `language`'s entries, as `entries(of:for:)` says).
    static func firstMatch(in text: String, of list: List, language: String? = nil, unless: [List] = []) -> Entry? {
        let question = Question(text: text, list: list, language: language, unless: unless)
        if let known = answers.withLock({ $0[question] }) { return known }
        let answer = firstMatch(in: text, of: list.entries, language: language,
                                unless: unless.flatMap { entries(of: $0.entries, for: language) })
        answers.withLock { stored in
            if stored.count >= rememberedLimit { stored.removeAll(keepingCapacity: true) }
            stored[question] = answer
        }
        return answer
    }

    /// The first entry `text` contains, as described above, among `language`'s entries; a sentence
    /// that holds any of `unless` is passed over. An entry with "…" matches its parts in order
    /// within one sentence ("keep…free": "keep Yunfan free").
    static func firstMatch(in text: String, of list: [Entry], language: String? = nil, unless: [Entry] = []) -> Entry? {
        let candidates = sentences(of: text).filter { sentence in !unless.contains { containsInOrder(sentence, parts(of: $0)) } }
        return entries(of: list, for: language).first { entry in
            candidates.contains { sentence in containsInOrder(sentence, parts(of: entry)) }
        }
    }

    static func parts(of entry: Entry) -> [String] {
        entry.text.lowercased().components(separatedBy: "…").filter { !$0.isEmpty }
    }

    /// Whether `parts` occur in `sentence` one after the other (each as `contains` says).
    static func containsInOrder(_ sentence: String, _ parts: [String]) -> Bool {
        var rest = Substring(sentence)
        for part in parts {
            guard let range = range(of: part, in: rest) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    static func range(of word: String, in haystack: Substring) -> Range<Substring.Index>? {
        guard let first = word.unicodeScalars.first else { return nil }
        // Thai is written without spaces between words, as CJK is.
        let needsBoundary = first.properties.isAlphabetic && first.value < 0x2E80 && !(0x0E00...0x0E7F).contains(first.value)
        var searchRange = haystack.startIndex..<haystack.endIndex
        while let range = haystack.range(of: word, range: searchRange) {
            let startsWord = !needsBoundary || range.lowerBound == haystack.startIndex
                || { let before = haystack[haystack.index(before: range.lowerBound)]; return !before.isLetter && !before.isNumber }()
            // A short word ("ja", "yes", "tap") must also end where the word ends ("Jahr" is not "ja").
            let endsWord = !needsBoundary || word.count > 3 || range.upperBound == haystack.endIndex || !haystack[range.upperBound].isLetter
            if startsWord && endsWord { return range }
            searchRange = range.upperBound..<haystack.endIndex
        }
        return nil
    }

}
