import Foundation

/// A golden comparison failed; its description lists every failure with its artifacts.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let report: GoldenReport

    public var description: String { report.description }
}

/// Renders `document` on every variant of `axes` (the product of every axis it sets, each other
/// axis at its default) and compares each with its golden under `golden`
/// (`<document folder name>/<cell path>.png` and `.links.json`).
///
/// Call it from an XCTest or Swift Testing test; it throws `GoldenMismatch` naming every failing
/// cell, so the test fails with the full list:
///
///     let axes = VariantAxes(devices: ["iphone-15-pro"], languages: ["zh-Hans", "en"], textSizes: [.large, .ax3])
///     try assertConsentGolden(document: URL(fileURLWithPath: "Consent/privacy"), axes: axes,
///                             golden: URL(fileURLWithPath: "Tests/Golden"))
///
/// - Parameters:
///   - allowFallback: whether a language without a file of its own may show the document's
///     default language; without it such a language is an error before anything renders.
///   - profiles: the device profiles folder; nil uses `$CONSENT_PROFILES_DIR`, else `./DeviceProfiles`
///     when there is one, else the profiles built into the library.
///   - artifacts: where failure images and `index.html` go; nil uses `./.build/golden-failures`.
///   - recordMode: nil reads `CONSENT_GOLDEN` (and `CI`) as the test suite does.
///   - appFiles: reads the app files the document's `app` names (`XcodeAppFiles()`, from XcodeFiles).
/// - Returns: the report, when every cell passed (or was recorded).
@discardableResult
public func assertConsentGolden(
    document: URL, axes: VariantAxes, allowFallback: Bool = false, profiles: URL? = nil, golden: URL,
    artifacts: URL? = nil, options: DiffOptions = DiffOptions(), recordMode: GoldenRecordMode? = nil,
    appFiles: (any AppFilesReader)? = nil
) throws -> GoldenReport {
    let environment = ProcessInfo.processInfo.environment
    let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let local = currentDirectory.appendingPathComponent("DeviceProfiles")
    let profilesFolder = try profiles
        ?? environment["CONSENT_PROFILES_DIR"].map { URL(fileURLWithPath: $0) }
        ?? (FileManager.default.fileExists(atPath: local.path) ? local : DeviceProfileCatalog.builtIn.directory)
    let name = document.standardizedFileURL.lastPathComponent
    let matrix = GoldenMatrix(
        profiles: profilesFolder.standardizedFileURL.path,
        documents: [name: document.standardizedFileURL.path],
        groups: [GoldenMatrix.Group(document: name, axes: axes, allowFallback: allowFallback ? true : nil)])
    var suite = GoldenSuite(
        matrix: matrix, matrixSource: "assertConsentGolden(\(name))", goldenDirectory: golden,
        artifactsDirectory: artifacts ?? currentDirectory.appendingPathComponent(".build/golden-failures"),
        recordMode: try recordMode ?? GoldenRecordMode.current(environment: environment),
        reportsOrphans: false, clearsArtifacts: false)
    suite.diffOptions = options
    suite.appFiles = appFiles
    let report = try suite.run()
    guard report.passed else { throw GoldenMismatch(report: report) }
    return report
}

/// `assertConsentGolden(document:axes:…)` for the common axes, with a tint.
@discardableResult
public func assertConsentGolden(
    document: URL, devices: [String], languages: [String], orientations: [Orientation] = [.portrait],
    appearances: [Appearance] = [.light], states: [ScreenState] = [.initial], allowFallback: Bool = false, tint: Color? = nil,
    profiles: URL? = nil, golden: URL,
    artifacts: URL? = nil, options: DiffOptions = DiffOptions(), recordMode: GoldenRecordMode? = nil
) throws -> GoldenReport {
    var axes = VariantAxes(devices: devices, orientations: orientations, appearances: appearances, languages: languages, states: states)
    if let tint, let axis = RenderVariant.axis("tint"), let value = axis.value(named: tint.hex) {
        axes = axes.setting(axis, to: [value])
    }
    return try assertConsentGolden(document: document, axes: axes, allowFallback: allowFallback, profiles: profiles, golden: golden,
                                   artifacts: artifacts, options: options, recordMode: recordMode)
}
