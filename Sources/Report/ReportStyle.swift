/// The page's style sheet: light and dark schemes (system choice, or the theme button), laptop-width layout, print.
enum ReportStyle {
    static let css = #"""
:root{--bg:#f4f6f9;--card:#fff;--fg:#1d2330;--muted:#5f6b7a;--line:#dde2ea;--head:#f0f3f7;--accent:#2563eb;--code:#f3f5f8;
--unclaimed:#9aa5b4;--in-progress:#2f7de1;--blocked:#d64545;--converted:#1f9d57;--wontfix:#8b6fc9;--warn:#94590f;--err:#c53030;
--badge-fg:#fff;--badge-unclaimed:#5f6b7a;--badge-in-progress:#1f64c8;--badge-blocked:#b83232;--badge-converted:#177a43;--badge-wontfix:#6e51b0;
--shadow:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.08);color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0f1419;--card:#171d25;--fg:#e3e8ef;--muted:#9aa6b5;--line:#2a323d;
--head:#1d242e;--accent:#6ea8ff;--code:#11161c;--unclaimed:#6b7685;--in-progress:#4b93f0;--blocked:#ef6161;--converted:#34b873;
--wontfix:#a58be0;--warn:#e0a53a;--err:#f07070;--badge-fg:#0f1419;--badge-unclaimed:#9aa6b5;--badge-in-progress:#4b93f0;--badge-blocked:#ef6161;--badge-converted:#34b873;--badge-wontfix:#a58be0;--shadow:none;color-scheme:dark}}
:root[data-theme=dark]{--bg:#0f1419;--card:#171d25;--fg:#e3e8ef;--muted:#9aa6b5;--line:#2a323d;--head:#1d242e;--accent:#6ea8ff;
--code:#11161c;--unclaimed:#6b7685;--in-progress:#4b93f0;--blocked:#ef6161;--converted:#34b873;--wontfix:#a58be0;--warn:#e0a53a;
--err:#f07070;--badge-fg:#0f1419;--badge-unclaimed:#9aa6b5;--badge-in-progress:#4b93f0;--badge-blocked:#ef6161;--badge-converted:#34b873;--badge-wontfix:#a58be0;--shadow:none;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
code,pre{font-family:ui-monospace,"SFMono-Regular","DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
.top{background:var(--card);border-bottom:1px solid var(--line);position:sticky;top:0;z-index:5}
.top-inner{max-width:1280px;margin:0 auto;padding:14px 24px 6px;display:flex;justify-content:space-between;align-items:flex-start;gap:16px}
h1{font-size:20px;margin:0;font-weight:650;overflow-wrap:anywhere}
.subtitle{margin:2px 0 0;color:var(--muted);font-size:13px}
nav{max-width:1280px;margin:0 auto;padding:0 24px 8px;display:flex;gap:18px;flex-wrap:wrap;font-size:13px}
nav a{color:var(--muted)}nav a:hover{color:var(--accent)}
#theme-toggle{font:inherit;font-size:12px;padding:4px 12px;border:1px solid var(--line);border-radius:14px;background:var(--bg);color:var(--fg);cursor:pointer}
main{max-width:1280px;margin:0 auto;padding:18px 24px;display:grid;grid-template-columns:minmax(0,5fr) minmax(0,6fr);gap:18px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 18px;box-shadow:var(--shadow);min-width:0;scroll-margin-top:90px}
main>.card:nth-child(n+3){grid-column:1/-1}
h2{font-size:15px;margin:0 0 12px;font-weight:650}h3{font-size:13px;margin:18px 0 6px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.headline{display:grid;grid-template-columns:repeat(4,1fr);gap:14px 12px;margin-bottom:16px}
.stat{border-left:3px solid var(--line);padding:2px 0 2px 10px}.stat .value{display:block;font-size:26px;font-weight:650;font-variant-numeric:tabular-nums}
.stat .label{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.stat.total{border-color:var(--fg)}.stat.done{border-color:var(--accent)}.stat.done .value{color:var(--accent)}
.s-unclaimed{--c:var(--unclaimed);--b:var(--badge-unclaimed)}.s-in-progress{--c:var(--in-progress);--b:var(--badge-in-progress)}
.s-blocked{--c:var(--blocked);--b:var(--badge-blocked)}.s-converted{--c:var(--converted);--b:var(--badge-converted)}.s-wontfix{--c:var(--wontfix);--b:var(--badge-wontfix)}
.stat[class*=s-]{border-color:var(--c)}
.bar{display:flex;height:8px;border-radius:4px;overflow:hidden;background:var(--head);min-width:80px}.bar.large{height:14px;border-radius:7px}
.seg{display:block;background:var(--c);-webkit-print-color-adjust:exact;print-color-adjust:exact}
.fine{color:var(--muted);font-size:12px;margin:8px 0 0}.note{margin:8px 0 0;padding:8px 10px;border-radius:6px;background:var(--head);font-size:13px}
.muted{color:var(--muted)}.empty{color:var(--muted);margin:0}
.chart{width:100%;height:auto;display:block}.chart .grid{stroke:var(--line);stroke-width:1}.chart .axis{fill:var(--muted);font-size:11px}
.area-remaining{fill:var(--in-progress);opacity:.12}.line-remaining{fill:none;stroke:var(--in-progress);stroke-width:2.5;stroke-linejoin:round}
.line-converted{fill:none;stroke:var(--converted);stroke-width:2;stroke-dasharray:5 3}
.dot-remaining{fill:var(--in-progress)}.dot-converted{fill:var(--converted)}
.legend{font-size:12px;color:var(--muted);margin:6px 0 0}.key{display:inline-block;width:14px;height:3px;vertical-align:middle;margin:0 6px 0 14px}
.legend .key:first-child{margin-left:0}.k-remaining{background:var(--in-progress)}.k-converted{background:var(--converted)}
.section-head{display:flex;align-items:center;gap:10px;flex-wrap:wrap;margin-bottom:8px}.section-head h2{margin:0 auto 0 0}
input[type=search],select{font:inherit;font-size:13px;padding:5px 9px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);min-width:200px}
select{min-width:0}.shown{color:var(--muted);font-size:12px;font-variant-numeric:tabular-nums}
.scroll{overflow:auto}.scroll.tall{max-height:640px;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{padding:6px 10px;text-align:left;border-bottom:1px solid var(--line);vertical-align:top}
thead th{background:var(--head);font-weight:600;font-size:12px;color:var(--muted);position:sticky;top:0;white-space:nowrap}
tfoot th,tfoot td{font-weight:600;border-bottom:0;border-top:2px solid var(--line)}
td.n{text-align:right;font-variant-numeric:tabular-nums}th[data-type=num]{text-align:right}td.zero{color:var(--muted)}
td.bar-cell{width:18%;vertical-align:middle}
tbody tr:hover{background:var(--head)}
th .sort{all:unset;cursor:pointer;display:inline-flex;gap:4px;align-items:center}th .sort:focus-visible{outline:2px solid var(--accent)}
th .sort::after{content:"\2195";opacity:.35;font-size:11px}th[aria-sort=ascending] .sort::after{content:"\2191";opacity:1}
th[aria-sort=descending] .sort::after{content:"\2193";opacity:1}
table.messages td{overflow-wrap:anywhere}table.messages td:nth-child(2),table.messages td:nth-child(n+4){white-space:nowrap}
table.messages td:first-child{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px;min-width:18ch}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:11.5px;font-weight:600;color:var(--badge-fg);background:var(--b);white-space:nowrap;
-webkit-print-color-adjust:exact;print-color-adjust:exact}
.flag{display:inline-block;padding:0 6px;border-radius:4px;font-size:11px;border:1px solid var(--line);color:var(--muted);white-space:nowrap}
.flag.warn{color:var(--warn);border-color:var(--warn)}.flag.err{color:var(--err);border-color:var(--err)}
details{margin:0 0 10px}summary{cursor:pointer;font-weight:600}.count{display:inline-block;min-width:22px;padding:0 6px;border-radius:10px;background:var(--head);
font-size:12px;text-align:center;color:var(--muted)}
ul.attention{margin:6px 0 0;padding-left:20px;columns:2;column-gap:28px}ul.attention li{break-inside:avoid;margin:2px 0;overflow-wrap:anywhere}
.subgroups{margin:6px 0 0 14px}.subgroups details{margin:0 0 4px}.subgroups summary{font-weight:500}
.sev{font-size:11px;font-weight:700;text-transform:uppercase}.sev.error{color:var(--err)}.sev.warning{color:var(--warn)}.sev.note{color:var(--muted)}
.rule{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;color:var(--muted)}
footer{max-width:1280px;margin:0 auto;padding:4px 24px 28px;color:var(--muted);font-size:12px}
.detail{display:block;position:fixed;inset:0;z-index:20;background:rgba(10,14,20,.45);overflow:auto;padding:5vh 16px}
.detail[hidden]{display:none}
.panel{max-width:880px;margin:0 auto;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px 24px;position:relative;
box-shadow:0 10px 40px rgba(0,0,0,.3)}
.panel h2{font-size:17px;font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;padding-right:30px;overflow-wrap:anywhere}
.panel:focus{outline:none}
.close{position:absolute;top:10px;right:12px;font:inherit;font-size:22px;line-height:1;color:var(--muted);background:none;border:0;cursor:pointer;padding:4px 8px}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
pre.code .comment{color:var(--muted)}
pre.code{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:10px 12px;overflow:auto;margin:4px 0 8px;white-space:pre}
.where{margin:10px 0 0}.cond{margin:4px 0 0;font-size:12px}
table.params{margin:4px 0 4px;width:auto;min-width:60%}table.params th{position:static}
ul.sites,ul.findings,ul.types{margin:4px 0;padding-left:20px}ul.sites li{margin:2px 0;overflow-wrap:anywhere}
@media (max-width:980px){main{grid-template-columns:1fr}ul.attention{columns:1}}
@media (max-width:600px){.top-inner,nav,main{padding-left:12px;padding-right:12px}.headline{grid-template-columns:repeat(2,1fr)}.card{padding:14px 12px}
input[type=search]{min-width:0;width:100%}
table.messages,table.messages tbody,table.messages tr,table.messages td{display:block}table.messages tr[hidden]{display:none}
table.messages thead tr{display:flex;flex-wrap:wrap;gap:0 4px}table.messages thead th{position:static;border:0;padding:4px 6px;background:none}
table.messages tbody tr{border-bottom:1px solid var(--line);padding:6px 0}
table.messages td,table.messages td:nth-child(2),table.messages td:nth-child(n+4){border:0;padding:1px 8px;white-space:normal;min-width:0}table.messages td:empty{display:none}
table.messages td:not(:first-child)::before{color:var(--muted);font-size:12px}
table.messages td:nth-child(2)::before{content:"Class: "}table.messages td:nth-child(3)::before{content:"Directory: "}
table.messages td:nth-child(4)::before{content:"Kind: "}table.messages td:nth-child(5)::before{content:"Direction: "}
table.messages td:nth-child(6)::before{content:"Status: "}table.messages td:nth-child(7)::before{content:"Owner: "}
table.messages td:nth-child(8)::before{content:"Flags: "}}
@media print{:root{--bg:#fff;--card:#fff;--fg:#000;--muted:#444;--line:#ccc;--head:#f2f2f2;--code:#f7f7f7;--shadow:none;color-scheme:light}
.top{position:static}nav,.js-only,#theme-toggle,.close{display:none!important}main{display:block;padding:0}
.card{break-inside:avoid-page;margin:0 0 12px;border-color:#ccc}#messages,#by-directory{break-inside:auto}
.scroll,.scroll.tall{max-height:none;overflow:visible;border:0}thead th{position:static}th .sort::after{content:none}
table.messages{font-size:10px}table.messages th,table.messages td{padding:3px 6px}table.messages td{white-space:normal}
table.messages td:first-child{font-size:9.5px;white-space:normal;overflow-wrap:anywhere}pre.code{white-space:pre-wrap;overflow-wrap:anywhere}
.detail{position:static;background:none;padding:0;break-before:page}.panel{box-shadow:none;border:0;max-width:none}
#burndown .chart{max-width:170mm;margin:0 auto}
a{color:inherit}body{font-size:11px}}
"""#
}
