import Foundation
import Testing
@testable import ConsentRender

/// Issue 36, point 4: `scripts/package` builds a Debian package that installs and renders without
/// a Swift toolchain or a checkout. The package is built once (a release build with Swift linked
/// statically, in its own build folder) and unpacked into a scratch root with `dpkg-deb -x`.
@Suite struct PackageTests {
    let folder = TemporaryFolder()

    @Test func theDebInstallsAndRendersWithoutTheToolchain() throws {
        let out = folder.url.appendingPathComponent("package")
        let build = try runProcess(URL(fileURLWithPath: "/bin/bash"), [repositoryRoot.appendingPathComponent("scripts/package").path, out.path])
        #expect(build.status == 0, "\(build.stderr)")
        let deb = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasSuffix(".deb") }, "\(build.stdout)")
        let package = out.appendingPathComponent(deb)
        #expect(build.stdout.contains("built in") && build.stdout.contains(deb))

        // Its control file: the libraries the binary loads and the fonts, and no Swift runtime.
        let depends = try runProcess(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["-f", package.path, "Depends"]).stdout
        for name in ["libcairo2", "libpango-1.0-0", "libfontconfig1", "libpng16-16", "fonts-noto-cjk", "fonts-noto-core"] {
            #expect(depends.contains(name), "\(name) in \(depends)")
        }
        #expect(!depends.contains("swift"))

        // Unpacked into a scratch root, run with a bare environment: no toolchain on PATH, from a
        // folder that is not the checkout.
        let root = folder.url.appendingPathComponent("root")
        let unpack = try runProcess(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["-x", package.path, root.path])
        #expect(unpack.status == 0, "\(unpack.stderr)")
        let cli = root.appendingPathComponent("usr/bin/render-cli").path
        let work = folder.folder("work", files: [:])
        _ = folder.folder("work/doc", files: ["en.md": "# Privacy\n\nRead our [privacy policy](https://yunfan.cn/p).\n"])
        func installed(_ arguments: [String]) throws -> CLIRun {
            try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["-i", "PATH=/usr/bin:/bin", "HOME=\(work.path)", cli] + arguments, in: work)
        }
        let ldd = try runProcess(URL(fileURLWithPath: "/usr/bin/ldd"), [root.appendingPathComponent("usr/lib/consentrender/render-cli").path])
        #expect(!ldd.stdout.contains("libswift") && !ldd.stdout.contains("libFoundation"), "\(ldd.stdout)")
        let version = try installed(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("render-cli \(ConsentRenderVersion.version)"), "\(version.stdout)\(version.stderr)")
        let png = work.appendingPathComponent("out/en.png")
        let render = try installed(["render", "--document", "doc", "--device", "iphone-se-3", "--out", "out/en.png"])
        #expect(render.status == 0, "\(render.stderr)")
        let header = try #require(pngHeader(try Data(contentsOf: png)))
        #expect(header.width == 750 && header.height == 1334)
        // The device profiles come from the installed files (built in), not a DeviceProfiles folder of a checkout.
        #expect(try installed(["profiles"]).stdout.contains("iphone-15-pro"))
    }
}
