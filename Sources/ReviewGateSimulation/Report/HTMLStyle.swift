/// The HTML page's one style sheet, inline (the page fetches nothing): dark text on white, on a
/// laptop's screen two sections side by side, on paper one section a page. The bars' colours are
/// Okabe and Ito's, told apart with any colour vision, each at least 3:1 against white.
enum HTMLStyle {
    /// The rule of the header's warnings, added only to a page that has them, so that a page of a
    /// clean input is what it was before the input checks (Semantics §10).
    static let warningCSS: HTML = "\ndl.read .warning { color: #a0361d; }"

    static let css: HTML = """
        :root { color-scheme: light; }
        body { margin: 0 auto; max-width: 1240px; padding: 16px 20px 40px; background: #fff; color: #1a1a1a;
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          font-variant-numeric: tabular-nums; }
        h1 { font-size: 22px; margin: 8px 0 4px; }
        h2 { font-size: 17px; margin: 0 0 4px; overflow-wrap: anywhere; }
        p { margin: 4px 0; }
        .lede, .note, .summary, .percentiles { color: #4a4a4a; }
        .note { font-size: 12px; }
        code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        dl.read { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 10px 0 16px; }
        dl.read dt { font-weight: 600; }
        dl.read dd { margin: 0; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; margin: 4px 0 20px; }
        th, td { padding: 3px 10px; border-bottom: 1px solid #e2e2e2; }
        thead th { text-align: right; vertical-align: bottom; border-bottom: 2px solid #888; }
        thead th .word { white-space: nowrap; }
        tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
        tbody th.sub { padding-left: 24px; }
        td { text-align: right; white-space: nowrap; }
        td small { display: block; color: #4a4a4a; }
        th.text, td.text { text-align: left; }
        td.change, th.change { color: #4a4a4a; border-left: 1px solid #e2e2e2; border-right: 1px solid #e2e2e2; }
        tr.heading th { text-align: left; font-weight: 600; padding-top: 12px; }
        .columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); gap: 28px; }
        section.column { min-width: 0; border-top: 3px solid #1a1a1a; padding-top: 8px; }
        figure { margin: 14px 0 0; }
        figcaption { font-weight: 600; margin-bottom: 2px; }
        svg { display: block; width: 100%; max-width: 640px; height: auto; overflow: visible; }
        svg text { font-size: 12px; fill: #1a1a1a; }
        svg text.tick, svg text.head { font-size: 11px; fill: #4a4a4a; }
        svg text.marker { font-size: 11px; font-weight: 600; }
        svg text.marker, svg text.value { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
        svg .hit { fill: transparent; }
        svg g:hover .hit { fill: #f1f1f1; }
        svg .grid { stroke: #e2e2e2; }
        svg .axis { stroke: #888; }
        svg line.marker { stroke: #1a1a1a; stroke-dasharray: 4 3; }
        svg .bar, svg .moments { fill: #0072b2; }
        svg .bar.partial { fill: #0072b2; fill-opacity: 0.35; }
        svg .first { fill: #009e73; }
        svg .people { fill: #d55e00; }
        svg .never { fill: #6a3d9a; }
        .none { color: #4a4a4a; font-style: italic; }
        section.settings td { white-space: normal; overflow-wrap: anywhere; max-width: 320px; }
        @page { margin: 12mm; }
        @media print {
          body { max-width: none; padding: 0; font-size: 10pt; }
          .scroll { overflow: visible; }
          .figures .scroll { break-inside: avoid; page-break-inside: avoid; }
          th, td { padding: 2px 6px; }
          .columns { display: block; }
          section.column { break-before: page; page-break-before: always; border-top: none; }
          figure { break-inside: avoid; page-break-inside: avoid; margin-top: 8px; }
          svg { max-width: 150mm; }
          svg g:hover .hit { fill: transparent; }
          section.settings th, section.settings td, section.settings code { font-size: 8pt; padding: 1px 6px; }
        }
        """
}
