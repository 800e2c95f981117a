import Foundation

/// The last stage of a render: the files of one screen, encoded from the rendered page. The
/// screenshot and its link map always; on request the design-review overlay and the screenshot
/// inside its drawn device with that image's own link map. Every command that writes screens
/// (render, matrix, watch) takes its files from here and only chooses where they go.
package struct ScreenArtifacts: Sendable {
    /// The screenshot (8-bit RGB, marked as a render of the tool's).
    public var png: Data
    /// `<name>.links.json`.
    public var linkMap: Data
    /// `<name>.overlay.png`, when asked for.
    public var overlay: Data?
    /// The framed screenshot (`<name>.framed.png`) and where the screen sits in it, when asked for.
    public var framed: FramedScreenshot?
    public var framedPNG: Data?
    /// `<name>.framed.links.json`: the map in the framed image's coordinates.
    public var framedLinkMap: Data?

    /// Encodes `page`; `overlay` and `framed` add those files (the frame drawn for `profile`).
    public init(page: RenderedPage, renderer: ConsentRenderer, profile: DeviceProfile, overlay: Bool = false,
                framed: Bool = false) throws {
        png = try OutputFormat.png.encode(page)
        linkMap = try page.linkMap.jsonData()
        if overlay { self.overlay = try renderer.overlay(of: page).pngData(mark: .overlay) }
        if framed {
            let picture = try renderer.framed(page, profile: profile)
            self.framed = picture
            framedPNG = try picture.image.pngData()
            framedLinkMap = try page.linkMap.framed(in: picture).jsonData()
        }
    }

    /// The screenshot and its link map of a screen laid out and not yet painted, painted in bands
    /// (`ConsentRenderer.screenshotPNG`): the same bytes as from the painted page, without a
    /// full-screen bitmap. For screens without an overlay or frame, which draw on the whole bitmap.
    package init(screenshotOf page: ConsentRenderer.LaidOutPage, renderer: ConsentRenderer) throws {
        png = try renderer.screenshotPNG(of: page)
        linkMap = try page.linkMap.jsonData()
    }

    /// Each file with the name it takes beside the screenshot's: `stem` + `.png`, `.links.json`,
    /// `.overlay.png`, `.framed.png`, `.framed.links.json`.
    public func files(stem: String) -> [(name: String, data: Data)] {
        var files = [(stem + ".png", png), (stem + ".links.json", linkMap)]
        if let overlay { files.append((stem + ".overlay.png", overlay)) }
        if let framedPNG, let framedLinkMap {
            files.append((stem + ".framed.png", framedPNG))
            files.append((stem + ".framed.links.json", framedLinkMap))
        }
        return files
    }
}
