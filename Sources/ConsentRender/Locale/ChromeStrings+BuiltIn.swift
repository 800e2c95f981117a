extension ChromeStrings {
    /// Built-in chrome strings for the 39 long-standing App Store Connect localizations, plus
    /// Persian and Urdu (right to left). Keys: accept, decline, continue, readMore, title.
    static let builtIn: [String: [String: String]] = [
        "ar": entry("موافق", "رفض", "متابعة", "اقرأ المزيد", "إشعار الخصوصية"),
        "ca": entry("Accepto", "No accepto", "Continua", "Més informació", "Avís de privadesa"),
        "cs": entry("Souhlasím", "Nesouhlasím", "Pokračovat", "Další informace", "Oznámení o ochraně soukromí"),
        "da": entry("Accepter", "Afvis", "Fortsæt", "Læs mere", "Meddelelse om privatliv"),
        "de": entry("Akzeptieren", "Ablehnen", "Weiter", "Mehr erfahren", "Datenschutzhinweis"),
        "el": entry("Αποδοχή", "Απόρριψη", "Συνέχεια", "Μάθετε περισσότερα", "Ειδοποίηση απορρήτου"),
        "en-AU": entry("Accept", "Decline", "Continue", "Read more", "Privacy Notice"),
        "en-CA": entry("Accept", "Decline", "Continue", "Read more", "Privacy Notice"),
        "en-GB": entry("Accept", "Decline", "Continue", "Read more", "Privacy Notice"),
        "en-US": entry("Accept", "Decline", "Continue", "Read more", "Privacy Notice"),
        "es-ES": entry("Aceptar", "Rechazar", "Continuar", "Más información", "Aviso de privacidad"),
        "es-MX": entry("Aceptar", "Rechazar", "Continuar", "Más información", "Aviso de privacidad"),
        "fi": entry("Hyväksy", "Hylkää", "Jatka", "Lue lisää", "Tietosuojailmoitus"),
        "fr": entry("Accepter", "Refuser", "Continuer", "En savoir plus", "Avis de confidentialité"),
        "fr-CA": entry("Accepter", "Refuser", "Continuer", "En savoir plus", "Avis de confidentialité"),
        "he": entry("אישור", "דחייה", "המשך", "מידע נוסף", "הודעת פרטיות"),
        "hi": entry("स्वीकार करें", "अस्वीकार करें", "जारी रखें", "और पढ़ें", "गोपनीयता सूचना"),
        "hr": entry("Prihvaćam", "Odbijam", "Nastavi", "Saznajte više", "Obavijest o privatnosti"),
        "hu": entry("Elfogadom", "Elutasítom", "Tovább", "További információ", "Adatvédelmi tájékoztató"),
        "id": entry("Terima", "Tolak", "Lanjutkan", "Baca selengkapnya", "Pemberitahuan Privasi"),
        "it": entry("Accetta", "Rifiuta", "Continua", "Scopri di più", "Informativa sulla privacy"),
        "ja": entry("同意する", "同意しない", "続ける", "詳しく見る", "プライバシーに関するお知らせ"),
        "ko": entry("동의", "동의 안 함", "계속", "자세히 보기", "개인정보 처리 안내"),
        "ms": entry("Terima", "Tolak", "Teruskan", "Baca lagi", "Notis Privasi"),
        "nl": entry("Accepteren", "Weigeren", "Doorgaan", "Meer informatie", "Privacyverklaring"),
        "no": entry("Godta", "Avslå", "Fortsett", "Les mer", "Personvernerklæring"),
        "pl": entry("Akceptuję", "Odrzucam", "Dalej", "Więcej informacji", "Informacja o prywatności"),
        "pt-BR": entry("Aceitar", "Recusar", "Continuar", "Saiba mais", "Aviso de privacidade"),
        "pt-PT": entry("Aceitar", "Rejeitar", "Continuar", "Saber mais", "Aviso de privacidade"),
        "ro": entry("Accept", "Refuz", "Continuă", "Află mai multe", "Notă de confidențialitate"),
        "ru": entry("Принять", "Отклонить", "Продолжить", "Подробнее", "Уведомление о конфиденциальности"),
        "sk": entry("Súhlasím", "Nesúhlasím", "Pokračovať", "Ďalšie informácie", "Oznámenie o ochrane súkromia"),
        "sv": entry("Godkänn", "Avböj", "Fortsätt", "Läs mer", "Integritetsmeddelande"),
        "th": entry("ยอมรับ", "ปฏิเสธ", "ดำเนินการต่อ", "อ่านเพิ่มเติม", "ประกาศเกี่ยวกับความเป็นส่วนตัว"),
        "tr": entry("Kabul Et", "Reddet", "Devam", "Daha Fazla Bilgi", "Gizlilik Bildirimi"),
        "uk": entry("Прийняти", "Відхилити", "Продовжити", "Докладніше", "Повідомлення про конфіденційність"),
        "vi": entry("Chấp nhận", "Từ chối", "Tiếp tục", "Đọc thêm", "Thông báo về quyền riêng tư"),
        "zh-Hans": entry("同意", "不同意", "继续", "查看详情", "个人信息保护提示"),
        "zh-Hant": entry("同意", "不同意", "繼續", "查看詳情", "個人資料保護提示"),
        "fa": entry("می‌پذیرم", "نمی‌پذیرم", "ادامه", "بیشتر بخوانید", "اطلاعیه حریم خصوصی"),
        "ur": entry("قبول کریں", "مسترد کریں", "جاری رکھیں", "مزید پڑھیں", "رازداری کا نوٹس"),
    ]

    /// The 39 long-standing App Store Connect localizations.
    public static let appStoreLocalizations = [
        "ar", "ca", "cs", "da", "de", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi", "fr",
        "fr-CA", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms", "nl", "no", "pl", "pt-BR", "pt-PT", "ro",
        "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
    ]

    private static func entry(_ accept: String, _ decline: String, _ continueLabel: String, _ readMore: String,
                              _ title: String) -> [String: String] {
        ["accept": accept, "decline": decline, "continue": continueLabel, "readMore": readMore, "title": title]
    }
}
