extension ChromeStrings {
    /// Built-in chrome strings for the 39 long-standing App Store Connect localizations, plus
    /// Persian and Urdu (right to left). Keys: accept, decline, continue, title, and the other
    /// actions' settings ("Manage settings") and notNow (iOS's "Not Now" in that language).
    static let builtIn: [String: [String: String]] = coreBuiltIn.merging(otherActions.mapValues { ["settings": $0.0, "notNow": $0.1] }) {
        $0.merging($1) { first, _ in first }
    }

    /// The other actions a dialog may show: "Manage settings" and "Not Now".
    static let otherActions: [String: (String, String)] = [
        "ar": ("إدارة الإعدادات", "ليس الآن"), "ca": ("Gestiona la configuració", "Ara no"), "cs": ("Spravovat nastavení", "Teď ne"),
        "da": ("Administrer indstillinger", "Ikke nu"), "de": ("Einstellungen verwalten", "Nicht jetzt"),
        "el": ("Διαχείριση ρυθμίσεων", "Όχι τώρα"), "en-AU": ("Manage settings", "Not Now"), "en-CA": ("Manage settings", "Not Now"),
        "en-GB": ("Manage settings", "Not Now"), "en-US": ("Manage settings", "Not Now"), "es-ES": ("Gestionar ajustes", "Ahora no"),
        "es-MX": ("Administrar configuración", "Ahora no"), "fi": ("Hallitse asetuksia", "Ei nyt"),
        "fr": ("Gérer les paramètres", "Plus tard"), "fr-CA": ("Gérer les paramètres", "Plus tard"), "he": ("ניהול הגדרות", "לא עכשיו"),
        "hi": ("सेटिंग्स प्रबंधित करें", "अभी नहीं"), "hr": ("Upravljaj postavkama", "Ne sada"), "hu": ("Beállítások kezelése", "Most nem"),
        "id": ("Kelola pengaturan", "Jangan Sekarang"), "it": ("Gestisci impostazioni", "Non ora"), "ja": ("設定を管理", "今はしない"),
        "ko": ("설정 관리", "나중에"), "ms": ("Urus tetapan", "Bukan Sekarang"), "nl": ("Instellingen beheren", "Niet nu"),
        "no": ("Administrer innstillinger", "Ikke nå"), "pl": ("Zarządzaj ustawieniami", "Nie teraz"),
        "pt-BR": ("Gerenciar configurações", "Agora não"), "pt-PT": ("Gerir definições", "Agora não"), "ro": ("Gestionează setările", "Nu acum"),
        "ru": ("Управление настройками", "Не сейчас"), "sk": ("Spravovať nastavenia", "Teraz nie"), "sv": ("Hantera inställningar", "Inte nu"),
        "th": ("จัดการการตั้งค่า", "ไม่ใช่ตอนนี้"), "tr": ("Ayarları yönet", "Şimdi Değil"), "uk": ("Керувати налаштуваннями", "Не зараз"),
        "vi": ("Quản lý cài đặt", "Để sau"), "zh-Hans": ("管理设置", "以后再说"), "zh-Hant": ("管理設定", "以後再說"),
        "fa": ("مدیریت تنظیمات", "اکنون نه"), "ur": ("ترتیبات کا نظم کریں", "ابھی نہیں"),
    ]

    static let coreBuiltIn: [String: [String: String]] = [
        "ar": entry("موافق", "رفض", "متابعة", "إشعار الخصوصية"),
        "ca": entry("Accepto", "No accepto", "Continua", "Avís de privadesa"),
        "cs": entry("Souhlasím", "Nesouhlasím", "Pokračovat", "Oznámení o ochraně soukromí"),
        "da": entry("Accepter", "Afvis", "Fortsæt", "Meddelelse om privatliv"),
        "de": entry("Akzeptieren", "Ablehnen", "Weiter", "Datenschutzhinweis"),
        "el": entry("Αποδοχή", "Απόρριψη", "Συνέχεια", "Ειδοποίηση απορρήτου"),
        "en-AU": entry("Accept", "Decline", "Continue", "Privacy Notice"),
        "en-CA": entry("Accept", "Decline", "Continue", "Privacy Notice"),
        "en-GB": entry("Accept", "Decline", "Continue", "Privacy Notice"),
        "en-US": entry("Accept", "Decline", "Continue", "Privacy Notice"),
        "es-ES": entry("Aceptar", "Rechazar", "Continuar", "Aviso de privacidad"),
        "es-MX": entry("Aceptar", "Rechazar", "Continuar", "Aviso de privacidad"),
        "fi": entry("Hyväksy", "Hylkää", "Jatka", "Tietosuojailmoitus"),
        "fr": entry("Accepter", "Refuser", "Continuer", "Avis de confidentialité"),
        "fr-CA": entry("Accepter", "Refuser", "Continuer", "Avis de confidentialité"),
        "he": entry("אישור", "דחייה", "המשך", "הודעת פרטיות"),
        "hi": entry("स्वीकार करें", "अस्वीकार करें", "जारी रखें", "गोपनीयता सूचना"),
        "hr": entry("Prihvaćam", "Odbijam", "Nastavi", "Obavijest o privatnosti"),
        "hu": entry("Elfogadom", "Elutasítom", "Tovább", "Adatvédelmi tájékoztató"),
        "id": entry("Terima", "Tolak", "Lanjutkan", "Pemberitahuan Privasi"),
        "it": entry("Accetta", "Rifiuta", "Continua", "Informativa sulla privacy"),
        "ja": entry("同意する", "同意しない", "続ける", "プライバシーに関するお知らせ"),
        "ko": entry("동의", "동의 안 함", "계속", "개인정보 처리 안내"),
        "ms": entry("Terima", "Tolak", "Teruskan", "Notis Privasi"),
        "nl": entry("Accepteren", "Weigeren", "Doorgaan", "Privacyverklaring"),
        "no": entry("Godta", "Avslå", "Fortsett", "Personvernerklæring"),
        "pl": entry("Akceptuję", "Odrzucam", "Dalej", "Informacja o prywatności"),
        "pt-BR": entry("Aceitar", "Recusar", "Continuar", "Aviso de privacidade"),
        "pt-PT": entry("Aceitar", "Rejeitar", "Continuar", "Aviso de privacidade"),
        "ro": entry("Accept", "Refuz", "Continuă", "Notă de confidențialitate"),
        "ru": entry("Принять", "Отклонить", "Продолжить", "Уведомление о конфиденциальности"),
        "sk": entry("Súhlasím", "Nesúhlasím", "Pokračovať", "Oznámenie o ochrane súkromia"),
        "sv": entry("Godkänn", "Avböj", "Fortsätt", "Integritetsmeddelande"),
        "th": entry("ยอมรับ", "ปฏิเสธ", "ดำเนินการต่อ", "ประกาศเกี่ยวกับความเป็นส่วนตัว"),
        "tr": entry("Kabul Et", "Reddet", "Devam", "Gizlilik Bildirimi"),
        "uk": entry("Прийняти", "Відхилити", "Продовжити", "Повідомлення про конфіденційність"),
        "vi": entry("Chấp nhận", "Từ chối", "Tiếp tục", "Thông báo về quyền riêng tư"),
        "zh-Hans": entry("同意", "不同意", "继续", "个人信息保护提示"),
        "zh-Hant": entry("同意", "不同意", "繼續", "個人資料保護提示"),
        "fa": entry("می‌پذیرم", "نمی‌پذیرم", "ادامه", "اطلاعیه حریم خصوصی"),
        "ur": entry("قبول کریں", "مسترد کریں", "جاری رکھیں", "رازداری کا نوٹس"),
    ]

    /// The 39 long-standing App Store Connect localizations.
    public static let appStoreLocalizations = [
        "ar", "ca", "cs", "da", "de", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi", "fr",
        "fr-CA", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms", "nl", "no", "pl", "pt-BR", "pt-PT", "ro",
        "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
    ]

    private static func entry(_ accept: String, _ decline: String, _ continueLabel: String, _ title: String) -> [String: String] {
        ["accept": accept, "decline": decline, "continue": continueLabel, "title": title]
    }
}
