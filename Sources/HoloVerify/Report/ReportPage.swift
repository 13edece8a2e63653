// The frame both report pages share: one HTML file, its style and script inline, nothing fetched
// from the network, so it works from file:// and as a CI artifact.
//
// Markup is polyglot (well-formed XML read by browsers as HTML5): the style and script sit inside
// commented CDATA sections, so an XML parser skips their `<` and `&` and a browser sees comments.

enum ReportPage {
    static func document(title: String, body: String, script: String = "") -> String {
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(HTMLText.escape(title))</title>
        <style>/*<![CDATA[*/
        \(style)
        /*]]>*/</style>
        </head>
        <body>
        \(body)
        \(script.isEmpty ? "" : "<script>//<![CDATA[\n\(script)\n//]]></script>")
        </body>
        </html>

        """
    }

    static let style = """
        :root { --bg: #f5f5f7; --card: #fff; --ink: #1d1d1f; --muted: #6e6e73; --fail: #d70015; --ok: #248a3d;
                --warn: #b25000; --line: #d2d2d7; --accent: #0071e3; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px; font: 14px/1.45 -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
               background: var(--bg); color: var(--ink); }
        h1 { font-size: 22px; margin: 0 0 8px; }
        h2 { font-size: 16px; margin: 0 0 8px; word-break: break-all; }
        code, pre { font: 12px/1.4 "DejaVu Sans Mono", Menlo, monospace; }
        pre { white-space: pre-wrap; word-break: break-all; background: var(--bg); padding: 8px; border-radius: 6px; margin: 8px 0 0; }
        .command code, .record code { display: block; background: #1d1d1f; color: #f5f5f7; padding: 8px 10px;
               border-radius: 6px; overflow-x: auto; white-space: pre; user-select: all; }
        .summary { display: flex; gap: 10px; list-style: none; padding: 0; margin: 12px 0; flex-wrap: wrap; }
        .summary li { background: var(--card); border-radius: 8px; padding: 8px 14px; font-weight: 600; border: 1px solid var(--line); }
        .summary .count { font-size: 20px; margin-right: 6px; }
        .summary .failed .count, .over { color: var(--fail); }
        .summary .missing .count { color: var(--warn); }
        .summary .passed .count, .within { color: var(--ok); }
        .hint { color: var(--muted); margin: 4px 0 16px; }
        kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: var(--card); font-size: 12px; }
        section.card { background: var(--card); border-radius: 12px; padding: 16px; margin: 0 0 16px; border: 1px solid var(--line); }
        section.card.current { outline: 3px solid var(--accent); }
        .badge { display: inline-block; border-radius: 4px; padding: 0 6px; margin-right: 6px; color: #fff; font-size: 12px; }
        .badge.failed { background: var(--fail); } .badge.missing { background: var(--warn); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
        dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
        .tabs { display: flex; gap: 4px; margin: 12px 0 8px; }
        .tabs button { font: inherit; border: 1px solid var(--line); background: var(--bg); border-radius: 6px; padding: 4px 10px; cursor: pointer; }
        .tabs button[aria-selected="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
        .side { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; }
        figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
        .side figure { flex: 1 1 0; min-width: 140px; max-width: 420px; }
        .side img { width: 100%; height: auto; }
        img.shot { display: block; border: 1px solid var(--line); background:
               repeating-conic-gradient(#e8e8ed 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .wipe { position: relative; display: inline-block; max-width: 100%; --pos: 50%; }
        .wipe img { max-width: 100%; height: auto; }
        .wipe .top { position: absolute; left: 0; top: 0; width: 100%; height: 100%;
               clip-path: inset(0 calc(100% - var(--pos)) 0 0); }
        .wipe .top img { width: 100%; height: auto; max-width: none; }
        .wipe .edge { position: absolute; top: 0; bottom: 0; left: var(--pos); width: 2px; margin-left: -1px; background: var(--accent); }
        .wipe-control { display: flex; gap: 8px; align-items: center; margin-top: 8px; max-width: 420px; }
        .wipe-control input { flex: 1; }
        .view[hidden] { display: none; }
        details.passes { background: var(--card); border-radius: 12px; padding: 12px 16px; border: 1px solid var(--line); }
        details.passes summary { cursor: pointer; font-weight: 600; }
        details.passes ul { columns: 2 320px; margin: 8px 0 0; padding-left: 18px; }
        table.stats { border-collapse: collapse; margin: 8px 0; }
        table.stats th, table.stats td { padding: 2px 10px 2px 0; text-align: right; }
        table.stats th { color: var(--muted); font-weight: normal; }
        svg.chart { display: block; width: 100%; max-width: 960px; height: auto; background: var(--card); }
        svg.chart .bar { fill: #5e8fd9; } svg.chart .bar.over { fill: var(--fail); }
        svg.chart .frame-line { fill: none; stroke: #5e8fd9; stroke-width: 1; }
        svg.chart .baseline-bar { fill: #a1a1a6; } svg.chart .baseline-line { fill: none; stroke: #a1a1a6; stroke-width: 1; }
        svg.chart .regressed-range { fill: var(--fail); fill-opacity: 0.12; }
        .verdict { border-radius: 8px; padding: 8px 14px; margin: 12px 0; border: 1px solid var(--line); background: var(--card); }
        .verdict.failed { border-color: var(--fail); } .verdict .last { font-weight: 600; margin: 0; }
        .verdict.failed .last { color: var(--fail); } .verdict.passed .last { color: var(--ok); }
        .verdict ul, ul.against { margin: 4px 0 0; padding-left: 18px; } .legend .swatch { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; }
        svg.chart .over-mark { fill: var(--fail); }
        svg.chart .budget { stroke: var(--ink); stroke-width: 1.5; stroke-dasharray: 6 4; }
        svg.chart .grid { stroke: var(--line); stroke-width: 1; }
        svg.chart text { font: 11px "DejaVu Sans", sans-serif; fill: var(--muted); }
        svg.chart text.budget-label { fill: var(--ink); font-weight: 600; }
        svg.chart .budget-label, svg.chart .worst text { paint-order: stroke; stroke: var(--card); stroke-width: 4px; stroke-linejoin: round; }
        svg.chart .worst-mark { fill: var(--ink); }
        svg.chart a text { fill: var(--accent); text-decoration: underline; }
        .bench-body { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        .bench-body .plot { flex: 1 1 600px; min-width: 0; }
        .worst img { max-width: 200px; height: auto; }
        """
}
