import Foundation

/// One walk through a consent flow, as a screen recording shows it: the screens in the order a
/// user meets them and the tap on each, timed in frames.
///
/// From each step the walk takes the first role its screen has among the path's choices
/// (accepting: accept, continue, allow, allow-while-using, allow-once, ok, review; declining:
/// decline, deny, exit, then the accepting ones, so a screen without a way to decline, such as an
/// explainer's single Continue, is passed the only way it can be), and it stops at an `end:` or at
/// a step already shown.
package struct Walkthrough: Codable, Sendable, Equatable {
    public enum Path: String, Codable, Sendable, CaseIterable {
        case accepting
        case declining

        /// The roles the walk taps, first present first.
        public var roles: [ButtonRole] {
            let accepting: [ButtonRole] = [.accept, .continue, .allow, .allowWhileUsing, .allowOnce, .ok, .review]
            return switch self {
            case .accepting: accepting
            case .declining: [.decline, .deny, .exit, .notNow] + accepting
            }
        }

        /// The video's file name in a review folder.
        public var fileName: String {
            switch self {
            case .accepting: "walkthrough.mp4"
            case .declining: "walkthrough-decline.mp4"
            }
        }
    }

    /// A screen of the walk and when it starts to appear.
    public struct Shown: Codable, Sendable, Equatable {
        public var step: String
        /// Seconds from the start: the first screen is there at 0; the others begin their entrance
        /// (`transition` seconds long) here.
        public var time: Double
    }

    /// A tap on a button: its centre, in points as in the step's link map.
    public struct Tap: Codable, Sendable, Equatable {
        public var time: Double
        public var step: String
        public var role: ButtonRole
        /// The button's words in the screen's language.
        public var label: String
        public var point: Point
        /// Where it leads: a step, or `end:<label>`.
        public var leadsTo: String
    }

    public var file: String
    public var path: Path
    public var framesPerSecond: Int
    public var frames: Int
    /// Seconds: `frames / framesPerSecond`.
    public var duration: Double
    /// How long each entrance lasts, in seconds.
    public var transition: Double
    public var screens: [Shown]
    public var taps: [Tap]
    /// How the walk ends: `end:<label>`, or `repeats:<step>` when the last tap leads back to a
    /// step already shown.
    public var ends: String

    /// Frames per second of every walkthrough.
    public static let framesPerSecond = 30
    /// Frames each screen is held once it is in full view (2 s).
    static let holdFrames = 60
    /// Frames from a screen's full view to the tap on it (1.5 s): the tap circle then grows and
    /// fades until the next screen's entrance starts.
    static let tapFrame = 45
    /// Frames of a screen's entrance (0.3 s): a dialog fading and scaling in, an alert popping in.
    static let transitionFrames = 9

    /// The walk along `path` through `flow`, whose screens' buttons are `buttons` by step name
    /// (from the step's link map). Nil when the start step has no screen.
    public static func plan(flow: Flow, buttons: [String: [LinkMap.Button]], path: Path) -> Walkthrough? {
        var shown: [Shown] = []
        var taps: [Tap] = []
        var visited = Set<String>()
        var frame = 0
        var current = flow.start
        var ends = ""
        while let step = flow.step(current), let stepButtons = buttons[current], !visited.contains(current) {
            visited.insert(current)
            // The first screen is on screen from the first frame; the others make an entrance.
            let entrance = shown.isEmpty ? 0 : transitionFrames
            shown.append(Shown(step: current, time: seconds(frame)))
            let fullView = frame + entrance
            frame = fullView + holdFrames
            guard let button = path.roles.lazy.compactMap({ role in stepButtons.first { $0.role == role } }).first,
                  let target = step.target(of: button.role) else {
                ends = "no-choice:\(current)"
                break
            }
            // To a thousandth of a point, as the link map gives its rects.
            let centre = Point(x: ((button.rect.x + button.rect.width / 2) * 1000).rounded() / 1000,
                               y: ((button.rect.y + button.rect.height / 2) * 1000).rounded() / 1000)
            taps.append(Tap(time: seconds(fullView + tapFrame), step: current, role: button.role, label: button.label,
                            point: centre, leadsTo: target.description))
            switch target {
            case let .end(label):
                ends = "end:\(label)"
            case let .step(next):
                if visited.contains(next) { ends = "repeats:\(next)" }
                current = next
            }
            if !ends.isEmpty { break }
        }
        guard !shown.isEmpty else { return nil }
        return Walkthrough(file: path.fileName, path: path, framesPerSecond: framesPerSecond, frames: frame,
                           duration: seconds(frame), transition: seconds(transitionFrames), screens: shown, taps: taps, ends: ends)
    }

    static func seconds(_ frames: Int) -> Double {
        (Double(frames) / Double(framesPerSecond) * 1000).rounded() / 1000
    }

    /// The frame a time falls on.
    static func frame(at time: Double) -> Int {
        Int((time * Double(framesPerSecond)).rounded())
    }
}

/// `walkthrough.json`: the timelines of a review folder's walkthroughs.
struct WalkthroughTimeline: Codable, Sendable, Equatable {
    public var schemaVersion = 1
    public var device: String
    public var language: String
    /// The video's size in pixels: the screen's, padded to even by repeating its last row or column.
    public var videoWidth: Int
    public var videoHeight: Int
    /// Points to pixels on the screen (taps are given in points).
    public var scale: Double
    public var walkthroughs: [Walkthrough]

    public init(device: String, language: String, videoWidth: Int, videoHeight: Int, scale: Double, walkthroughs: [Walkthrough]) {
        self.device = device
        self.language = language
        self.videoWidth = videoWidth
        self.videoHeight = videoHeight
        self.scale = scale
        self.walkthroughs = walkthroughs
    }

    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }
}
