/** The gateway's one stylesheet (served from this origin: the CSP allows no inline style). */
export const GATEWAY_CSS = `
:root { --ink: #14213d; --muted: #4a5568; --line: #d9dee7; --bg: #f4f6fa; --brand: #0a4d8c; --brand-dark: #073a6a; --ok: #1b6e3a; --focus: #ffbf47; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); line-height: 1.5; }
body { margin: 0; }
a { color: var(--brand); }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem 1rem; z-index: 1; }
.topbar { background: #fff; border-bottom: 1px solid var(--line); }
.topbar .in { max-width: 44rem; margin: 0 auto; padding: .9rem 1.25rem; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; }
.brand { font-weight: 700; font-size: 1.05rem; letter-spacing: .01em; display: flex; align-items: center; gap: .5rem; }
.brand .mark { display: inline-block; width: 1.6rem; height: 1.6rem; border-radius: .4rem; background: linear-gradient(135deg, var(--brand), #2a7bd4); }
.secure { font-size: .85rem; color: var(--ok); font-weight: 600; display: flex; align-items: center; gap: .35rem; }
.secure::before { content: ""; width: .7rem; height: .55rem; border: 2px solid var(--ok); border-radius: 2px; margin-top: .25rem; box-shadow: 0 -0.35rem 0 -0.1rem #fff, 0 -0.35rem 0 0 var(--ok); }
main { max-width: 44rem; margin: 1.5rem auto 3rem; padding: 0 1.25rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; line-height: 1.25; }
.lead { color: var(--muted); margin: 0 0 1.5rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem 1.5rem; margin-bottom: 1rem; box-shadow: 0 1px 2px rgba(20,33,61,.04); }
.card h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
table { width: 100%; border-collapse: collapse; font-size: .97rem; }
caption { text-align: left; color: var(--muted); font-size: .9rem; padding-bottom: .5rem; }
th, td { text-align: left; padding: .5rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
th[scope=col] { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; padding-left: 1rem; }
tfoot th, tfoot td { border-bottom: 0; font-weight: 700; font-size: 1.05rem; padding-top: .75rem; }
.plan { list-style: none; margin: 0; padding: 0; }
.plan li { display: flex; justify-content: space-between; padding: .6rem 0; border-bottom: 1px solid var(--line); }
.plan li:last-child { border-bottom: 0; }
.plan .when { color: var(--muted); }
.plan strong { font-size: 1.05rem; }
.note { color: var(--muted); font-size: .9rem; margin: .75rem 0 0; }
.terms { font-size: .95rem; }
.terms ul { padding-left: 1.2rem; margin: .5rem 0; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; align-items: center; }
.actions form { margin: 0; }
button, .button { font: inherit; font-weight: 600; border-radius: .5rem; padding: .8rem 1.4rem; cursor: pointer; border: 2px solid transparent; text-decoration: none; display: inline-block; }
.primary { background: var(--brand); color: #fff; }
.primary:hover { background: var(--brand-dark); }
.secondary { background: #fff; color: var(--brand); border-color: var(--brand); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.who { font-size: .9rem; color: var(--muted); }
.status { text-align: center; padding: 2.5rem 1.5rem; }
.spinner { width: 3rem; height: 3rem; margin: 0 auto 1rem; border: .35rem solid var(--line); border-top-color: var(--brand); border-radius: 50%; animation: spin 1s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
.langs { display: flex; gap: .25rem; font-size: .9rem; }
.langs a { padding: .35rem .55rem; border-radius: .4rem; text-decoration: none; }
.langs a[aria-current] { background: var(--bg); color: var(--ink); font-weight: 600; text-decoration: none; }
.instalment { border-top: 1px solid var(--line); padding: .6rem 0; }
.instalment summary { cursor: pointer; display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; font-weight: 600; }
.instalment summary strong { margin-left: auto; }
.instalment summary .when { color: var(--muted); font-weight: 400; }
.pay { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; margin-top: .75rem; }
.facts { margin: 0; flex: 1 1 14rem; display: grid; gap: .35rem; }
.facts div { display: flex; justify-content: space-between; gap: 1rem; border-bottom: 1px solid var(--line); padding-bottom: .3rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: .02em; }
.qr { margin: 0 auto; text-align: center; }
.qr svg { width: 11rem; height: 11rem; display: block; margin: 0 auto; }
.qr figcaption { font-size: .85rem; color: var(--muted); margin-top: .25rem; }
footer { max-width: 44rem; margin: 0 auto 2rem; padding: 0 1.25rem; font-size: .85rem; color: var(--muted); }
@media (max-width: 30rem) { .actions { flex-direction: column; align-items: stretch; } button, .button { width: 100%; text-align: center; } }
`;
