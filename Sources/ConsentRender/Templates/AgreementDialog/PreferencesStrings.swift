/// The words of agreement-dialog's preferences layer (the `preferences` state): its title, its three
/// buttons and the label of a purpose that needs no consent. Built in for the languages consent
/// managers commonly ship first; any may be overridden in `document.json`'s `strings`, and another
/// language must give them there.
struct PreferencesStrings: Sendable, Equatable {
    var title: String
    var acceptAll: String
    var rejectAll: String
    var save: String
    /// Beside a required purpose, instead of a switch.
    var alwaysActive: String

    static let keys = ["preferencesTitle", "acceptAll", "rejectAll", "saveChoices", "alwaysActive"]

    static func resolve(language: String, settings: DocumentSettings, folder: String, app: (any AppStrings)? = nil) throws -> PreferencesStrings {
        let values = try ChromeStrings.lookup(keys, language: language, settings: settings, folder: folder, table: builtIn, app: app)
        return PreferencesStrings(title: values[0], acceptAll: values[1], rejectAll: values[2], save: values[3], alwaysActive: values[4])
    }

    static let builtIn: [String: [String: String]] = [
        "en-US": ["preferencesTitle": "Manage preferences", "acceptAll": "Accept all", "rejectAll": "Reject all",
                  "saveChoices": "Save choices", "alwaysActive": "Always active"],
        "zh-Hans": ["preferencesTitle": "管理隐私偏好", "acceptAll": "全部接受", "rejectAll": "全部拒绝", "saveChoices": "保存选择",
                    "alwaysActive": "始终启用"],
        "zh-Hant": ["preferencesTitle": "管理隱私偏好", "acceptAll": "全部接受", "rejectAll": "全部拒絕", "saveChoices": "儲存選擇",
                    "alwaysActive": "一律啟用"],
        "de": ["preferencesTitle": "Einstellungen verwalten", "acceptAll": "Alle akzeptieren", "rejectAll": "Alle ablehnen",
               "saveChoices": "Auswahl speichern", "alwaysActive": "Immer aktiv"],
        "fr": ["preferencesTitle": "Gérer les préférences", "acceptAll": "Tout accepter", "rejectAll": "Tout refuser",
               "saveChoices": "Enregistrer mes choix", "alwaysActive": "Toujours actif"],
        "es": ["preferencesTitle": "Gestionar preferencias", "acceptAll": "Aceptar todo", "rejectAll": "Rechazar todo",
               "saveChoices": "Guardar selección", "alwaysActive": "Siempre activo"],
        "it": ["preferencesTitle": "Gestisci preferenze", "acceptAll": "Accetta tutto", "rejectAll": "Rifiuta tutto",
               "saveChoices": "Salva le scelte", "alwaysActive": "Sempre attivo"],
        "ja": ["preferencesTitle": "プライバシー設定", "acceptAll": "すべて許可", "rejectAll": "すべて拒否", "saveChoices": "選択を保存",
               "alwaysActive": "常に有効"],
    ]
}
