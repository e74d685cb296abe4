/// A chart drawn by hand as inline SVG, for the HTML page: no Swift package here draws SVG charts,
/// and a page that fetches nothing cannot load a chart library. Coordinates are in the chart's own
/// units (its `viewBox`), which the page scales to the width it has; the text in it is real text.
struct SVGChart {
    /// The chart's width and height, in its own units.
    let width: Int
    let height: Int
    /// The elements, in drawing order.
    private var parts: [HTML] = []

    /// An empty chart of `width` × `height` units.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Where text is anchored at its `x`.
    enum Anchor: String {
        case start, middle, end
    }

    /// A rectangle of CSS class `kind` (`bar`, `moments`, `hit`, ...).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, kind: String) {
        parts.append(
            .empty(
                "rect",
                [
                    ("class", kind), ("x", Self.unit(x)), ("y", Self.unit(y)), ("width", Self.unit(max(0, width))),
                    ("height", Self.unit(max(0, height))),
                ]))
    }

    /// A line of CSS class `kind` (`grid`, `axis`, `marker`).
    mutating func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), kind: String) {
        parts.append(
            .empty(
                "line",
                [
                    ("class", kind), ("x1", Self.unit(start.x)), ("y1", Self.unit(start.y)), ("x2", Self.unit(end.x)),
                    ("y2", Self.unit(end.y)),
                ]))
    }

    /// Text (escaped, or marked figures) at `x`, `y` (its baseline).
    mutating func text(_ content: HTML, x: Double, y: Double, anchor: Anchor = .start, kind: String? = nil) {
        let kindAttribute: [(String, String)] = kind.map { [("class", $0)] } ?? []
        parts.append(
            .element(
                "text",
                kindAttribute + [("x", Self.unit(x)), ("y", Self.unit(y)), ("text-anchor", anchor.rawValue)],
                content))
    }

    /// Elements drawn by `body` in one group whose tooltip is `title` (a `title` element): a
    /// browser shows it when the pointer rests on any of them.
    mutating func group(title: HTML, _ body: (inout SVGChart) -> Void) {
        var inner = SVGChart(width: width, height: height)
        body(&inner)
        parts.append(.element("g", [], title + inner.parts.joined()))
    }

    /// The chart as an `<svg>` element, named `label` for screen readers.
    func svg(label: String) -> HTML {
        .element(
            "svg", [("viewBox", "0 0 \(width) \(height)"), ("role", "img"), ("aria-label", label)], parts.joined())
    }

    /// A coordinate to a tenth of a unit: `12.5`, `-3`, `40`.
    static func unit(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return sign + "\(magnitude / 10)" + (magnitude % 10 == 0 ? "" : ".\(magnitude % 10)")
    }

    /// An axis for counts up to `largest`: a round top at or above it, and a round step (1, 2 or 5
    /// times a power of ten) that cuts it in at most `ticks` parts.
    static func axis(upTo largest: Int, ticks: Int = 4) -> (top: Int, step: Int) {
        // Far beyond any count a report holds; it keeps the arithmetic below Int's end.
        let largest = min(max(largest, 1), 1 << 60)
        let share = (largest + ticks - 1) / ticks
        var power = 1
        while true {
            for factor in [1, 2, 5] where share <= factor * power {
                let step = factor * power
                return ((largest + step - 1) / step * step, step)
            }
            power *= 10
        }
    }
}
