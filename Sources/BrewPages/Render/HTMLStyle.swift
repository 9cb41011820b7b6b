/// The one style sheet of every page (inlined, so a page needs no other file to look right).
///
/// - Colours are variables, swapped under `prefers-color-scheme: dark`; charts are never filtered (their dark
///   drawings are chosen by the `<picture>`, ``HTMLRenderer``).
/// - No text under 11 CSS px; nothing wider than the screen (words wrap anywhere they must).
/// - Below ``HTMLRenderer/phoneBreakpoint`` px: tables become cards (fields in priority order, each after its
///   column's name), charts take the content width (their phone layout), hover overlays are hidden.
/// - Two half-size charts to a row from 1200 px.
enum HTMLStyle {
    static let css = """
    :root{color-scheme:light dark;--fg:#111;--muted:#5c5c5c;--line:#ddd;--bg:#fff;--tile:#f4f4f4;--accent:#000}
    @media (prefers-color-scheme:dark){:root{--fg:#eee;--muted:#a6a6a6;--line:#3a3a3a;--bg:#1a1a1a;--tile:#262626;\
    --accent:#fff}}
    *{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
    body{margin:0;font:16px/1.5 "DejaVu Sans",system-ui,sans-serif;color:var(--fg);background:var(--bg);\
    overflow-wrap:anywhere}
    header,nav.contents,main,footer{max-width:1100px;margin:0 auto;padding:0 16px}header{padding-top:24px}
    h1{font-size:1.9rem;line-height:1.2;margin:.1em 0}
    h2{font-size:1.15rem;margin:1.8em 0 .6em;border-bottom:1px solid var(--line);padding-bottom:.3em}
    .eyebrow{text-transform:uppercase;letter-spacing:.06em;font-size:.75rem;color:var(--muted);margin:0}
    .sub,.zone{color:var(--muted);margin:0}.zone{font-size:.85rem}
    a{color:inherit}.muted,.note{color:var(--muted)}.note{font-size:.85rem}
    .missing{color:var(--muted);font-style:italic}
    nav.contents ul{list-style:none;display:flex;flex-wrap:wrap;gap:6px 8px;padding:0;margin:14px 0 0;font-size:.85rem}
    nav.contents a{display:inline-block;padding:2px 9px;border:1px solid var(--line);border-radius:12px;\
    text-decoration:none}
    .tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,160px),1fr));gap:10px;margin-top:18px}
    .tile{background:var(--tile);padding:10px 12px;border-radius:6px;min-width:0}
    .tile .label{font-size:.8rem;color:var(--muted)}.tile .value{font-size:1.4rem;font-weight:bold;line-height:1.25}
    .tile .unit{font-size:.9rem;font-weight:normal}.tile .detail{font-size:.8rem;color:var(--muted)}
    ul.totals{list-style:none;padding:0;margin:12px 0 0;display:grid;\
    grid-template-columns:repeat(auto-fit,minmax(min(100%,230px),1fr));gap:4px 18px;font-size:.85rem}
    .totals .label{color:var(--muted)}.totals .value{font-weight:bold}\
    .totals .detail{color:var(--muted);font-size:.75rem;display:block}
    ul.findings{padding-left:1.2em}ul.findings li{margin:.25em 0}
    ul.findings.cards{list-style:none;padding:0;display:grid;\
    grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr));gap:10px}
    ul.findings.cards li{background:var(--tile);border-radius:6px;padding:10px 12px;margin:0}
    .finding .facts{font-size:.85rem;color:var(--muted)}.finding.not-made .statement{color:var(--muted)}
    details.evidence{font-size:.8rem;color:var(--muted)}details.evidence summary{cursor:pointer}
    details.evidence ul{margin:.2em 0;padding-left:1.2em}
    details.fold>summary{cursor:pointer;list-style:none}details.fold>summary::-webkit-details-marker{display:none}
    details.fold>summary h2{display:inline-block;width:100%}\
    details.fold>summary h2::after{content:" ▸";color:var(--muted)}
    details.fold[open]>summary h2::after{content:" ▾"}
    .table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.85rem}\
    caption{text-align:left;color:var(--muted);font-size:.8rem}
    th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}th{font-weight:600}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    ul.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}\
    ul.tags li{background:var(--tile);border-radius:4px;padding:2px 8px}
    blockquote{margin:.4em 0;padding-left:.8em;border-left:3px solid var(--line)}
    .charts{display:grid;grid-template-columns:minmax(0,1fr);gap:28px;margin:12px 0}
    figure{margin:0;min-width:0}\
    figure.chart .plot{position:relative;display:block;border:1px solid var(--line);border-radius:4px;overflow:hidden;\
    background:var(--bg);cursor:zoom-in}
    figure.chart img{display:block;width:100%;height:auto}figure.chart picture{display:block}
    figcaption{font-size:.85rem;margin-top:4px}
    .hover{position:absolute;inset:0;width:100%;height:100%}.hover circle{fill:transparent;stroke:none}
    .hover circle:hover{stroke:var(--accent);stroke-width:2}
    .zoom{display:none}.zoom:target{display:flex;position:fixed;inset:0;z-index:10;background:var(--bg);overflow:auto;\
    padding:44px 12px 12px}
    .zoom .full{margin:auto;cursor:zoom-out;width:min(1600px,100%)}.zoom img{width:100%}
    .zoom .close{position:fixed;top:6px;right:14px;font-size:28px;text-decoration:none;line-height:1}
    footer{color:var(--muted);font-size:.8rem;padding:30px 16px}
    @media (min-width:1200px){.charts{grid-template-columns:repeat(2,minmax(0,1fr))}.charts \
    figure.chart:not(.half){grid-column:1/-1}}
    @media (max-width:999px){.hover{display:none}figure.chart .plot,figure.chart figcaption{max-width:640px}
    .table{overflow-x:visible}.table table,.table tbody,.table tr,.table td{display:block;width:100%}
    .table thead{display:none}\
    .table tr{display:flex;flex-wrap:wrap;gap:2px 14px;padding:8px 0;border-bottom:1px solid var(--line)}
    .table td,.table td.n{border:0;padding:0;text-align:left;white-space:normal;width:auto;flex:1 1 40%;min-width:0}
    .table td::before{content:attr(data-label) ": ";color:var(--muted)}
    .table td.p1{flex-basis:100%;font-weight:600}.table td.p1::before{content:none}
    .table td.p1{order:1}.table td.p2{order:2}.table td.p3{order:3}.table td.p4{order:4}.table td.p5{order:5}
    .table td.p6{order:6}.table td.p7{order:7}.table td.p8{order:8}.table td.p9{order:9}}
    @media print{nav.contents,.zoom{display:none}details.fold{display:block}\
    .tile{break-inside:avoid;background:none;border:1px solid #999}a{text-decoration:none}}
    """
}
