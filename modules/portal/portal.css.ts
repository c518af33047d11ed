/** The portal's one stylesheet, served from this origin (the CSP allows no inline style). */
export const PORTAL_CSS = `
:root { --ink: #14213d; --muted: #4a5568; --line: #d9dee7; --bg: #f4f6fa; --brand: #0a4d8c; --brand-dark: #073a6a; --ok: #1b6e3a; --bad: #a61b1b; --focus: #ffbf47; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink); background: var(--bg); line-height: 1.5; }
body { margin: 0; }
a { color: var(--brand); }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem 1rem; z-index: 1; }
header.top { background: #fff; border-bottom: 1px solid var(--line); }
header.top .in { max-width: 72rem; margin: 0 auto; padding: .6rem 1.25rem; display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; }
.brand { font-weight: 700; margin-right: auto; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
nav a[aria-current=page] { font-weight: 700; text-decoration: none; }
.who { color: var(--muted); font-size: .9rem; }
main { max-width: 72rem; margin: 1.5rem auto 3rem; padding: 0 1.25rem; }
main.narrow { max-width: 30rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; }
.lead { color: var(--muted); margin: 0 0 1.25rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: 1rem 1.25rem; margin-bottom: 1rem; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; background: #fff; }
caption { text-align: left; color: var(--muted); padding: .25rem 0 .5rem; }
th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th[scope=col] { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
td.num, th.num { text-align: right; white-space: nowrap; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.hint { color: var(--muted); font-size: .85rem; margin: .15rem 0; }
input, select { font: inherit; padding: .5rem .6rem; border: 1px solid #8a94a6; border-radius: .4rem; width: 100%; background: #fff; color: var(--ink); }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
button { font: inherit; font-weight: 600; border-radius: .45rem; padding: .55rem 1.1rem; cursor: pointer; border: 2px solid var(--brand); background: var(--brand); color: #fff; margin-top: 1rem; }
button.secondary { background: #fff; color: var(--brand); }
button.small { padding: .2rem .6rem; margin: 0; font-size: .9rem; }
form.inline { display: inline; margin: 0; }
form.inline select { width: auto; display: inline-block; margin: 0 .25rem; padding: .2rem .4rem; }
.flash { border-left: 4px solid var(--ok); background: #fff; padding: .75rem 1rem; margin-bottom: 1rem; }
.flash.error { border-color: var(--bad); }
code.secret { display: inline-block; font-size: 1.1rem; letter-spacing: .08em; background: #fff; padding: .25rem .5rem; border: 1px dashed var(--line); word-break: break-all; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .3rem; font-size: .85rem; background: #e8edf5; }
.bad { color: var(--bad); }
.ok { color: var(--ok); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
ul.counts { list-style: none; display: flex; flex-wrap: wrap; gap: 1.25rem; padding: 0; margin: 0 0 1rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 0 1rem; }
.grid .wide { grid-column: 1 / -1; }
dl.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem 1rem; }
dl.facts dt { color: var(--muted); font-size: .85rem; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
ol.timeline { padding-left: 1.25rem; }
ol.timeline li { margin-bottom: .6rem; }
.delivery { font-size: .9rem; color: var(--muted); margin-top: .25rem; }
table.attempts { font-size: .85rem; margin-top: .25rem; }
.pager { display: flex; gap: 1.5rem; margin: 1rem 0; }
.actions-row { display: flex; flex-wrap: wrap; gap: .75rem; }
details.action { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .9rem; }
details.action summary { cursor: pointer; font-weight: 600; color: var(--brand); }
ul.actions-row { list-style: none; padding: 0; margin: 0; }
a.button-link { display: inline-block; padding: .45rem .9rem; border: 2px solid var(--brand); border-radius: .45rem; font-weight: 600; text-decoration: none; }
fieldset { border: 1px solid var(--line); border-radius: .4rem; margin: .75rem 0; }
label.choice { font-weight: 400; display: flex; gap: .5rem; align-items: center; margin: .25rem 0; }
label.choice input { width: auto; }
ul.areas { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
ul.areas h2 { margin: 0 0 .25rem; }
tfoot th, tfoot td { font-weight: 700; border-top: 2px solid var(--ink); }
.downloads { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: .5rem 0; }
@media (max-width: 600px) {
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.stack, table.stack tbody, table.stack tfoot, table.stack tr, table.stack th, table.stack td { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--line); padding: .35rem 0; }
  table.stack th, table.stack td { border: 0; padding: .15rem .5rem; text-align: right; white-space: normal; overflow-wrap: anywhere; }
  .delivery, ol.timeline li { overflow-wrap: anywhere; }
  table.stack [data-label]::before { content: attr(data-label); float: left; margin-right: .75rem; color: var(--muted); font-weight: 400; text-align: left; }
}
pre.payload { background: #fff; border: 1px solid var(--line); border-radius: .4rem; padding: .75rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .85rem; max-height: 30rem; }
ol.attempt-list { list-style: none; padding: 0; }
ol.attempt-list h3 { font-size: 1rem; margin: 0 0 .5rem; }
ol.attempt-list h4 { font-size: .9rem; margin: .75rem 0 .25rem; }
dl.headers { font-family: ui-monospace, monospace; font-size: .85rem; margin: 0; }
dl.headers div { display: flex; flex-wrap: wrap; gap: 0 .5rem; }
dl.headers dt { font-weight: 600; }
dl.headers dd { margin: 0; overflow-wrap: anywhere; }
.warning { border-left: 4px solid var(--bad); background: #fff; padding: .75rem 1rem; margin-bottom: 1rem; }
footer { max-width: 72rem; margin: 0 auto 2rem; padding: 0 1.25rem; font-size: .85rem; color: var(--muted); }
`;
