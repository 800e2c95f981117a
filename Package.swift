// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
    name: "ConsentRender",
    products: [
        // One product, three modules: ConsentRender renders, lints and golden-checks; XcodeFiles reads
        // an iOS app's Info.plist, .strings and String Catalogs for it; AndroidFiles an Android app's
        // res/values*/strings.xml.
        .library(name: "ConsentRender", targets: ["ConsentRender", "XcodeFiles", "AndroidFiles"]),
        .executable(name: "render-cli", targets: ["render-cli"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        // The render-time PNG encoder around Intel's ISA-L deflate (Debian's libisal-dev). No
        // unsafe flags, so a team can depend on a tagged version: a release build compiles C at
        // -O2, and scripts/test passes -Xcc -O2 so debug test runs encode fast too.
        .target(
            name: "CFastPNG",
            linkerSettings: [.linkedLibrary("isal")]
        ),
        // Pixel operations Cairo lacks (the blur behind a system alert).
        .target(
            name: "CPixels",
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Process control Swift cannot call directly (prctl is variadic): a matrix's worker
        // processes end with the run that started them.
        .target(name: "CProcess"),
        // render-cli's first code: the stop signals blocked before any library initialises.
        .target(name: "CStartup"),
        .target(
            name: "ConsentRender",
            dependencies: ["CCairo", "CCmarkGFM", "CPNG", "CFastPNG", "CZlib", "CPixels", "CProcess"],
            resources: [.copy("Resources/fonts.conf"), .copy("Resources/gallery.html"), .copy("Resources/DeviceProfiles"),
                        .copy("Resources/system-words.json"), .copy("Resources/AndroidSystemWords"),
                        .copy("Resources/AndroidPermissionIcons"), .copy("Resources/AndroidLocationImages")]
        ),
        // The Apple file readers. The rendering target does not know them: it asks for an app's
        // words through its AppStrings protocol, and DocumentFolder takes an AppFilesReader.
        .target(
            name: "XcodeFiles",
            dependencies: ["ConsentRender"]
        ),
        // The Android resource readers, the same way.
        .target(
            name: "AndroidFiles",
            dependencies: ["ConsentRender"]
        ),
        .executableTarget(
            name: "render-cli",
            dependencies: ["ConsentRender", "XcodeFiles", "AndroidFiles", "CStartup"]
        ),
        .testTarget(
            name: "ConsentRenderTests",
            // render-cli is a dependency so the CLI tests can run the built binary.
            dependencies: ["ConsentRender", "XcodeFiles", "AndroidFiles", "render-cli"],
            // The app files AppFileParsingTests reads from the source tree (found from #filePath).
            exclude: ["Fixtures/AppFiles"]
        ),
        .testTarget(
            name: "SnapshotTests",
            dependencies: ["ConsentRender", "XcodeFiles", "AndroidFiles"]
        ),
        // The library as a team's tests see it: its public API only, the built-in profiles.
        .testTarget(
            name: "ConsumerTests",
            dependencies: ["ConsentRender", "XcodeFiles"]
        ),
    ]
)

// The libFuzzer target exists only for scripts/fuzz (CONSENT_FUZZ=1): libFuzzer provides its
// main, so it cannot link in an ordinary build.
if ProcessInfo.processInfo.environment["CONSENT_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "ConsentFuzz", dependencies: ["ConsentRender", "XcodeFiles", "AndroidFiles"], path: "Fuzz/ConsentFuzz",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    package.products.append(.executable(name: "ConsentFuzz", targets: ["ConsentFuzz"]))
}
