import Foundation

/// What each rule checks, why (its source), and how to fix what it finds, in a compliance
/// reviewer's words: `render-cli lint --explain RULE`.
public struct RuleExplanation: Sendable, Equatable {
    public var checks: String
    public var why: String
    public var fix: String
}

extension LintRule {
    public var explanation: RuleExplanation {
        switch self {
        case .contrastText:
            RuleExplanation(checks: "Every piece of text on the screen (title, body, links, button labels) stands out from what is behind it: at least 4.5:1, or 3:1 for large text (18 pt, or 14 pt bold), in light and dark appearance; with --tcf, button labels at least 5:1.",
                            why: "Text that cannot be read is not information given. WCAG 2.2 success criterion 1.4.3; IAB TCF v2.2 policy for consent buttons.",
                            fix: "Darken the text or lighten what is behind it: the brand tint, style.colors, or the decline's opacity in document.json.")
        case .contrastButtonEdge:
            RuleExplanation(checks: "Each button's fill, or its outline, is at least 3:1 against the card, so the button can be seen as a button. Text buttons and links have no edge and are judged by contrast.text.",
                            why: "A control that cannot be seen cannot be chosen. WCAG 2.2 success criterion 1.4.11 (non-text contrast).",
                            fix: "Give the button a darker fill or a visible border (style.colors).")
        case .targetSize:
            RuleExplanation(checks: "Buttons (and a decline drawn as a link) are at least 44 × 44 points; links on lines under 24 points warn.",
                            why: "A choice that is hard to hit is a choice made harder. Apple Human Interface Guidelines (hit targets); WCAG 2.2 success criterion 2.5.8.",
                            fix: "Keep the buttons at their default size; put links on lines of at least 24 points (style.text.lineSpacing).")
        case .declinePresent:
            RuleExplanation(checks: "The first screen has a way to refuse: a decline (or, on a decline confirmation, an exit). A screen with accept alone, or accept and \"Manage settings\" without a decline, fails.",
                            why: "Consent is only valid when refusing is possible and as easy as accepting. GDPR Art. 7 and Recital 42; EDPB Guidelines 05/2020 on consent; the CNIL's and the Irish DPC's findings against \"accept only\" cookie banners.",
                            fix: "Show a decline beside accept: \"actions\": [\"decline\", \"accept\"] in document.json (the default).")
        case .equalTreatment:
            RuleExplanation(checks: "The decline is a button like accept: the same font, size and weight, drawn at full strength, not a faded or disabled-looking button, not a small text link; a decline under 80 % of accept's area warns.",
                            why: "Making refusal look unavailable steers the choice. EDPB Guidelines 03/2022 on deceptive design patterns and 05/2020 on consent; the CNIL's cookie banner decisions.",
                            fix: "Draw the decline as a button: remove \"declineStyle\": \"link\" and any style.declineOpacity below 1.")
        case .preTicked:
            RuleExplanation(checks: "No consent check box (a Markdown task list item, - [x]) starts ticked.",
                            why: "A ticked box is not an affirmative act by the user. CJEU C-673/17 (Planet49); GDPR Recital 32; PIPL Art. 14; MIIT's rule against 默认勾选 (boxes ticked by default).",
                            fix: "Start every box unticked: write - [ ] instead of - [x].")
        case .safeArea:
            RuleExplanation(checks: "Buttons and visible links are inside the safe area and clear of the display's rounded corners.",
                            why: "What sits under a rounded corner or the home indicator cannot be tapped reliably. Apple Human Interface Guidelines, layout.",
                            fix: "Keep the default card margins (style.card.margin) or shorten the body.")
        case .statusBar:
            RuleExplanation(checks: "No button or visible link lies under the status bar or the Dynamic Island or notch.",
                            why: "iOS takes touches there for itself. Apple Human Interface Guidelines, status bar.",
                            fix: "Keep the card inside the safe area (style.card.margin) or shorten the text.")
        case .truncation:
            RuleExplanation(checks: "The title and button labels fit their boxes, are not cut short with \"…\" and do not break inside a word; the body keeps some room.",
                            why: "A cut-off choice is an unclear choice. Apple Human Interface Guidelines.",
                            fix: "Shorten the title or the labels (strings in document.json), or let the buttons stack (style.buttons.arrangement).")
        case .buttonsVisible:
            RuleExplanation(checks: "Every button is fully on screen and in the dialog, none overlapping, in every orientation.",
                            why: "A choice the user cannot see is no choice. App Review Guideline 5.1.1.",
                            fix: "Shorten the text, or let the body scroll (it does by default) so the buttons stay in view.")
        case .linkScheme:
            RuleExplanation(checks: "Links use https (or an #anchor, tel: or mailto:); http, javascript:, data: and empty targets are errors, other schemes warn.",
                            why: "A policy must open, securely, where the user expects. App Transport Security; App Review Guideline 5.1.1.",
                            fix: "Point each link at its https address.")
        case .policyPresent:
            RuleExplanation(checks: "The screen links its privacy policy (or, on a cookie banner, its cookie policy), and the link leads somewhere: an https address, or an #anchor to a heading that names the policy. A link with an empty or broken target does not count; a policy link only below the fold warns.",
                            why: "Users must be able to read what they consent to. PIPL Art. 17; GDPR Art. 13; App Review Guideline 5.1.1.",
                            fix: "Link the full policy's https address in the first paragraph: [Privacy Policy](https://…).")
        case .linkParity:
            RuleExplanation(checks: "Every language file has as many links, headings and paragraphs as the default language's; different targets "
                                + "warn (an #anchor link is compared by the heading it leads to, since heading ids differ by language).",
                            why: "Every language's users are owed the same information. The seed's cross-language consistency check.",
                            fix: "Bring the translation in line with the default language's file.")
        case .minimumSize:
            RuleExplanation(checks: "Body text is at least 13 points (14 for Chinese, Japanese and Korean).",
                            why: "MIIT's app rectification notices name text that is too small (文字过小过密).",
                            fix: "Raise style.text.bodySize.")
        case .density:
            RuleExplanation(checks: "Line height is at least 1.2 times the font size.",
                            why: "MIIT, the same rule: text too dense to read (文字过小过密).",
                            fix: "Raise style.text.lineSpacing.")
        case .missingGlyphs:
            RuleExplanation(checks: "No character is drawn as an empty box for want of a font.",
                            why: "A missing character changes what the text says.",
                            fix: "Add a font that covers it to the document's fonts/ folder, or correct the character.")
        case .languageMix:
            RuleExplanation(checks: "The buttons are written in the writing system most of the screen's text is in (Han and kana together count as Japanese); a product name in Latin letters in a Chinese text does not make English buttons right.",
                            why: "The choice must be made in the user's language. EDPB Guidelines 05/2020 on consent.",
                            fix: "Translate the button labels: strings.accept and strings.decline in document.json for that language.")
        case .impliedConsent:
            RuleExplanation(checks: "The text does not treat using the app as agreeing (\"by continuing to use\", \"继续使用即视为同意\", \"Wenn Sie die Website nutzen, … einverstanden\"). A warning.",
                            why: "Consent is an affirmative act; silence or continued use is not consent. GDPR Art. 4(11) and Recital 32; EDPB Guidelines 05/2020; PIPL Art. 14.",
                            fix: "Ask the user to tap a choice: \"Tap Agree to accept\", \"点击同意即表示…\".")
        case .forcedConsent:
            RuleExplanation(checks: "Refusing an optional permission or processing (location, contacts, tracking, marketing, …) is not said to block the whole app (\"拒绝将无法使用本应用\"). Declining the basic agreement may end the app (\"不同意并退出\"). A warning.",
                            why: "Bundling optional consent with the app's use is forced consent. MIIT Notice 164 (2019) on forced bundling; PIPL Art. 16; GDPR Art. 7(4).",
                            fix: "Say what declining that permission turns off, and keep the rest of the app usable.")
        case .dynamicType:
            RuleExplanation(checks: "At the AX3 text size no title or label is cut short and every button stays on screen. A warning.",
                            why: "Users who set large text must still be able to choose. Apple Human Interface Guidelines, Dynamic Type; WCAG 2.2 success criterion 1.4.4.",
                            fix: "Shorten the title or labels, or let the buttons stack.")
        case .launchDeclineExplainsOutcome:
            RuleExplanation(checks: "On a launch-consent screen the decline says what happens (\"不同意并退出\", \"Disagree and exit\"). A warning.",
                            why: "MIIT guidance on first-launch privacy prompts: users must know declining ends the session.",
                            fix: "Use the built-in decline label or say the outcome in strings.declineAndExit.")
        case .linkTextControls:
            RuleExplanation(checks: "Link text has no bidirectional overrides or control characters.",
                            why: "Such characters can make a link read differently from where it goes. Unicode Technical Report #36; CVE-2021-42574.",
                            fix: "Remove the control characters from the link text.")
        case .attSingleAction:
            RuleExplanation(checks: "An ATT explainer offers exactly one action, Continue, which leads to the system prompt; a second action such as \"Not Now\" fails.",
                            why: "Apple's guidance on asking permission to track; App Review Guideline 5.1.1(iv): the explainer may not pre-empt or bypass the system prompt.",
                            fix: "Remove \"secondaryAction\" from document.json; the system prompt gives the user both choices.")
        case .attNoAllowWording:
            RuleExplanation(checks: "The explainer's button does not ask to allow: allow, authorise/authorize, enable, turn on, accept, agree, 允许, 开启, 授权, 同意, erlauben, autoriser, permitir, 許可, 허용 and the other words docs/lint.md lists.",
                            why: "The button leads to the system prompt, which asks the question; wording that answers it for the user is rejected. App Review Guideline 5.1.1(iv).",
                            fix: "Label it \"Continue\" (继续, Weiter, …): the built-in continue string.")
        case .attNoIncentive:
            RuleExplanation(checks: "The explainer offers nothing in return for allowing tracking: rewards, coins, points, discounts, keeping the app free, supporting the developer, in every language with built-in strings (docs/lint.md lists the words).",
                            why: "Apple rejects apps that offer incentives for allowing tracking. App Review Guidelines 3.2.2(vi) and 5.1.1(iv).",
                            fix: "Explain what tracking is used for and what changes without it; promise nothing in return.")
        case .anchorExists:
            RuleExplanation(checks: "Every #anchor link names a heading of its file (GitHub's heading ids).",
                            why: "A link that scrolls nowhere hides what it promised to show.",
                            fix: "Correct the anchor to the heading's id; lint lists the ids the file has.")
        case .flowPermissionsAfterConsent:
            RuleExplanation(checks: "In the consent flow, no system permission prompt (location, notifications, camera, …) can be reached without passing an accept.",
                            why: "Permissions are asked only after the user agrees to the privacy policy. MIIT Notice 164; the seed's rule.",
                            fix: "Lead to the permission prompts from the accept of the consent step in flow.json.")
        case .flowATTAfterExplainer:
            RuleExplanation(checks: "The tracking prompt is reached only through an ATT explainer's Continue, never first.",
                            why: "Apple's guidance on asking permission to track; App Review Guideline 5.1.1(iv).",
                            fix: "Put an att-explainer step before the prompt:att step in flow.json.")
        case .promptPurposePresent:
            RuleExplanation(checks: "Each permission prompt asked for has its NS…UsageDescription in the Info.plist.",
                            why: "iOS terminates an app that asks without one. Apple, \"Requesting access to protected resources\"; App Review Guideline 5.1.1.",
                            fix: "Add the purpose string to Info.plist.")
        case .promptPurposeLocalized:
            RuleExplanation(checks: "Each purpose string is translated into every language of the document. A warning.",
                            why: "Otherwise iOS shows the development region's text. App Review Guideline 5.1.1; EDPB Guidelines 05/2020 (information in the user's language).",
                            fix: "Add the translation to <lang>.lproj/InfoPlist.strings or InfoPlist.xcstrings.")
        case .promptPurposeSpecific:
            RuleExplanation(checks: "Each purpose string says what the data is used for, not only that the app needs it. A warning.",
                            why: "App Review Guideline 5.1.1(ii): purpose strings must explain the use.",
                            fix: "Name the use: \"…to suggest nearby pick-up points\".")
        }
    }
}
