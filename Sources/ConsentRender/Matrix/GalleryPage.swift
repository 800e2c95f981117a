import Foundation

/// The matrix gallery `index.html`: one self-contained page (no network) that shows every cell,
/// grouped by device, with filters, click-to-enlarge and an overlay of link rects, buttons and the
/// safe area drawn from the link maps.
///
/// The filter and overlay state live in the URL's fragment (`#device=iphone-15-pro&overlay=1`), so
/// a reload or a shared link keeps them.
struct GalleryPage {
    let manifest: MatrixManifest
    /// Link maps by cell path.
    let linkMaps: [String: LinkMap]
    /// When set, the page reloads itself this often (for `render-cli watch`).
    let reloadSeconds: Int?

    /// What the page's script reads for one cell.
    private struct CellData: Encodable {
        var device: String
        var deviceName: String
        var orientation: String
        var appearance: String
        var requested: String
        var resolved: String
        var png: String
        var size: Size
        var pixelSize: LinkMap.PixelSize
        var appStoreClass: String
        var scrollable: Bool
        var lintErrors: Int
        var lintWarnings: Int
        var safeArea: EdgeInsets
        var links: [LinkShape]
        var buttons: [ButtonShape]
    }

    private struct LinkShape: Encodable {
        var id: String
        var url: String
        var rects: [Rect]
    }

    private struct ButtonShape: Encodable {
        var role: String
        var label: String
        var rect: Rect
    }

    var html: String {
        let cells: [CellData] = manifest.cells.map { cell in
            let path = String(cell.png.dropLast(4))
            let map = linkMaps[path]
            return CellData(
                device: cell.device, deviceName: cell.deviceName, orientation: cell.orientation.rawValue,
                appearance: cell.appearance.rawValue, requested: cell.language.requested, resolved: cell.language.resolved,
                png: cell.png, size: cell.size, pixelSize: cell.pixelSize, appStoreClass: cell.appStoreClass ?? "none",
                scrollable: cell.scrollable, lintErrors: cell.lint.errors, lintWarnings: cell.lint.warnings,
                safeArea: map?.safeArea ?? .zero,
                links: (map?.links ?? []).filter(\.visible).map { LinkShape(id: $0.id, url: $0.url, rects: $0.rects) },
                buttons: (map?.buttons ?? []).map { ButtonShape(role: $0.role.rawValue, label: $0.label, rect: $0.rect) })
        }
        let json = (try? canonicalJSONData(cells)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        // "</" would end the script element early.
        let embedded = json.replacingOccurrences(of: "</", with: "<\\/")
        let refresh = reloadSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">\n" } ?? ""
        let title = "ConsentRender gallery: \(manifest.document.htmlEscaped)"
            + (manifest.shard.map { " (shard \($0.htmlEscaped))" } ?? "")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        \(refresh)<title>\(title)</title>
        <style>
        :root { color-scheme: light dark; font: 13px -apple-system, system-ui, sans-serif; }
        body { margin: 0 24px 48px; }
        header { position: sticky; top: 0; padding: 12px 0; background: Canvas; z-index: 2; border-bottom: 1px solid #8884; }
        h1 { font-size: 18px; margin: 0 0 8px; }
        label { margin-right: 14px; }
        section h2 { font-size: 15px; margin: 20px 0 8px; }
        .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; cursor: zoom-in; }
        figure[hidden], section[hidden] { display: none; }
        .frame { position: relative; display: inline-block; line-height: 0; }
        .frame img { max-height: 360px; max-width: 420px; border: 1px solid #8886; }
        .frame svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
        figcaption { font-size: 12px; line-height: 1.4; margin-top: 4px; max-width: 260px; }
        figcaption.lint-errors { color: #d70015; }
        .safe-area { fill: none; stroke: #ff2d55; stroke-dasharray: 6 4; stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        .link-rect { fill: #ffcc0055; stroke: #ff9500; stroke-width: 1; vector-effect: non-scaling-stroke; }
        .button-rect { fill: none; stroke: #34c759; stroke-width: 2; vector-effect: non-scaling-stroke; }
        #lightbox { position: fixed; inset: 0; background: #000c; display: none; align-items: center; justify-content: center; z-index: 5; cursor: zoom-out; }
        #lightbox.open { display: flex; }
        #lightbox .frame img { max-height: 92vh; max-width: 94vw; }
        </style>
        </head>
        <body>
        <header>
        <h1>\(title)</h1>
        <div id="filters">
        <label>Device <select id="device"></select></label>
        <label>Orientation <select id="orientation"></select></label>
        <label>Appearance <select id="appearance"></select></label>
        <label>Language <select id="language"></select></label>
        <label><input type="checkbox" id="overlay"> Overlay link rects, buttons and safe area</label>
        <span id="count"></span>
        </div>
        </header>
        <main id="grid"></main>
        <div id="lightbox"></div>
        <script type="application/json" id="cells">\(embedded)</script>
        <script>
        "use strict";
        const cells = JSON.parse(document.getElementById("cells").textContent);
        const keys = ["device", "orientation", "appearance", "language"];
        const valueOf = (cell, key) => key === "language" ? cell.requested : cell[key];
        const svgNS = "http://www.w3.org/2000/svg";

        function state() {
          const params = new URLSearchParams(location.hash.slice(1));
          const result = { overlay: params.get("overlay") === "1" };
          for (const key of keys) result[key] = params.get(key) || "";
          return result;
        }

        function saveState() {
          const params = new URLSearchParams();
          for (const key of keys) {
            const value = document.getElementById(key).value;
            if (value) params.set(key, value);
          }
          if (document.getElementById("overlay").checked) params.set("overlay", "1");
          history.replaceState(null, "", "#" + params.toString());
          apply();
        }

        function shape(tag, cls, rect) {
          const element = document.createElementNS(svgNS, tag);
          element.setAttribute("class", cls);
          element.setAttribute("x", rect.x);
          element.setAttribute("y", rect.y);
          element.setAttribute("width", rect.width);
          element.setAttribute("height", rect.height);
          return element;
        }

        function frame(cell, withOverlay) {
          const wrapper = document.createElement("div");
          wrapper.className = "frame";
          const image = document.createElement("img");
          image.src = cell.png;
          image.alt = cell.deviceName + " " + cell.orientation + " " + cell.appearance + " " + cell.resolved;
          wrapper.appendChild(image);
          if (withOverlay) {
            const svg = document.createElementNS(svgNS, "svg");
            svg.setAttribute("viewBox", "0 0 " + cell.size.width + " " + cell.size.height);
            svg.setAttribute("preserveAspectRatio", "none");
            const inset = cell.safeArea;
            svg.appendChild(shape("rect", "safe-area", { x: inset.left, y: inset.top,
              width: cell.size.width - inset.left - inset.right, height: cell.size.height - inset.top - inset.bottom }));
            for (const link of cell.links) {
              for (const rect of link.rects) {
                const element = shape("rect", "link-rect", rect);
                element.setAttribute("data-link", link.id);
                svg.appendChild(element);
              }
            }
            for (const button of cell.buttons) svg.appendChild(shape("rect", "button-rect", button.rect));
            wrapper.appendChild(svg);
          }
          return wrapper;
        }

        function caption(cell) {
          const text = document.createElement("figcaption");
          const language = cell.requested === cell.resolved ? cell.resolved : cell.requested + " → " + cell.resolved;
          text.textContent = cell.deviceName + " · " + cell.orientation + "-" + cell.appearance + " · " + language +
            " · " + cell.pixelSize.width + "×" + cell.pixelSize.height + " px · App Store " + cell.appStoreClass +
            (cell.scrollable ? " · scrolls" : "") + " · lint: " + cell.lintErrors + " errors, " + cell.lintWarnings + " warnings";
          if (cell.lintErrors > 0) text.className = "lint-errors";
          return text;
        }

        function build() {
          for (const key of keys) {
            const select = document.getElementById(key);
            const values = [...new Set(cells.map(cell => valueOf(cell, key)))];
            select.appendChild(new Option("all", ""));
            for (const value of values) select.appendChild(new Option(value, value));
            select.addEventListener("change", saveState);
          }
          document.getElementById("overlay").addEventListener("change", saveState);
          const grid = document.getElementById("grid");
          for (const device of [...new Set(cells.map(cell => cell.device))]) {
            const section = document.createElement("section");
            section.dataset.device = device;
            const heading = document.createElement("h2");
            const first = cells.find(cell => cell.device === device);
            heading.textContent = first.deviceName + " (" + device + ")";
            section.appendChild(heading);
            const row = document.createElement("div");
            row.className = "row";
            cells.forEach((cell, index) => {
              if (cell.device !== device) return;
              const figure = document.createElement("figure");
              figure.dataset.index = index;
              figure.addEventListener("click", () => enlarge(cell));
              row.appendChild(figure);
            });
            section.appendChild(row);
            grid.appendChild(section);
          }
          document.getElementById("lightbox").addEventListener("click", close);
          document.addEventListener("keydown", event => { if (event.key === "Escape") close(); });
          window.addEventListener("hashchange", apply);
        }

        function apply() {
          const current = state();
          for (const key of keys) document.getElementById(key).value = current[key];
          document.getElementById("overlay").checked = current.overlay;
          let shown = 0;
          for (const figure of document.querySelectorAll("figure")) {
            const cell = cells[Number(figure.dataset.index)];
            const visible = keys.every(key => !current[key] || valueOf(cell, key) === current[key]);
            figure.hidden = !visible;
            figure.replaceChildren();
            if (visible) {
              figure.appendChild(frame(cell, current.overlay));
              figure.appendChild(caption(cell));
              shown += 1;
            }
          }
          for (const section of document.querySelectorAll("section")) {
            section.hidden = !section.querySelector("figure:not([hidden])");
          }
          document.getElementById("count").textContent = shown + " of " + cells.length + " cells";
        }

        function enlarge(cell) {
          const box = document.getElementById("lightbox");
          box.replaceChildren(frame(cell, state().overlay));
          box.classList.add("open");
        }

        function close() {
          const box = document.getElementById("lightbox");
          box.classList.remove("open");
          box.replaceChildren();
        }

        build();
        apply();
        document.body.dataset.ready = "yes";
        </script>
        </body>
        </html>

        """
    }
}
