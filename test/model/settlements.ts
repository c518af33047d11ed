const SANDBOX_CLOSE = '/financing/v1/sandbox/settlements/close';

/**
 * Settlements in the money model: closes fired a few ms apart while a sequence runs, and the
 * partner-wide invariants checked over HTTPS after each burst. Partners are shared by the
 * lanes, so nothing here expects exact values of one sequence: it checks that the whole
 * partner ledger holds together (a line in at most one settlement, each settlement's totals
 * and carried balance follow from its lines and the one before, and the list, the lines,
 * the report CSV and the account-wide payments agree to the minor unit).
 */
export interface PartnerCalls {
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any; text: string }>;
}

/** 2–3 sandbox closes, 0–4 ms apart; each answers 2xx, 409 (another close of the partner runs) or 422 NOTHING_TO_SETTLE. */
export async function closeBurst(p: PartnerCalls, n: number, gapMs: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * gapMs));
      return p.call('POST', SANDBOX_CLOSE, {});
    }),
  );
  const fine = (a: { status: number; body: any }) =>
    a.status < 300 || a.status === 409 || (a.status === 422 && a.body?.errors?.[0]?.code === 'NOTHING_TO_SETTLE');
  const bad = answers.filter((a) => !fine(a));
  if (bad.length) throw new Error(`settlement close answered ${bad.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join('; ')}`);
  return answers.map((a) => `${a.status}`);
}

/** Every item of a cursor-paged list (100 a page, `after` = the last item's id). */
async function all(p: PartnerCalls, path: string, pick: (b: any) => any[], idOf: (x: any) => string): Promise<any[]> {
  const out: any[] = [];
  for (let after = ''; ; ) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await p.call('GET', `${path}${sep}limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status} ${res.text.slice(0, 200)}`);
    const page = pick(res.body);
    out.push(...page);
    if (page.length < 100) return out;
    after = idOf(page[page.length - 1]);
  }
}

const minor = (s: string) => {
  const neg = s.startsWith('-');
  const [i, f = ''] = s.replace('-', '').split('.');
  const v = Number(i) * 10 ** f.length + Number(f || 0);
  return { v: neg ? -v : v, d: f.length };
};

/** The report's rows and footer, as integers in minor units. */
function reportOf(csv: string): { rows: string[][]; footer: Map<string, number> } {
  const lines = csv
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((l) => l.split(','));
  const footer = new Map<string, number>();
  const rows: string[][] = [];
  for (const r of lines) {
    if (['TOTAL', 'CARRIED_IN', 'NET', 'TRANSFER', 'CARRIED_OUT'].includes(r[1]!) && r[2] === '') footer.set(r[1]!, minor(r[12]!).v);
    else rows.push(r);
  }
  return { rows, footer };
}

/**
 * The partner's settlements and payments, checked together. `strict` (when no close or
 * payment is in flight, at the end of a round): every listed line also names its settlement.
 */
export async function checkPartnerSettlements(p: PartnerCalls, strict: boolean): Promise<{ settlements: number; lines: number }> {
  const list = await all(
    p,
    '/financing/v1/settlements',
    (b) => b.data,
    (s) => s.id,
  );
  const owner = new Map<string, string>();
  const problems: string[] = [];
  const byNumber = [...list].sort((a, b) => a.number - b.number);
  let carried = 0;
  for (const [i, s] of byNumber.entries()) {
    if (s.number !== i + 1) problems.push(`settlement numbers are not 1..n: ${byNumber.map((x) => x.number).join(',')}`);
    const lines = await all(
      p,
      `/financing/v1/settlements/${s.id}`,
      (b) => b.lines,
      (l) => l.paymentId,
    );
    for (const l of lines) {
      if (owner.has(l.paymentId)) problems.push(`payment ${l.paymentId} is in settlements ${owner.get(l.paymentId)} and ${s.id}`);
      owner.set(l.paymentId, s.id);
      if (l.settlementId !== undefined && l.settlementId !== s.id) problems.push(`payment ${l.paymentId} listed by ${s.id} names ${l.settlementId}`);
    }
    const sum = (f: (l: any) => number) => lines.reduce((a, l) => a + f(l), 0);
    const gross = sum((l) => (l.type === 'PAYOUT' ? l.grossValue.amount : 0));
    const refunds = sum((l) => (l.type === 'PAYOUT' ? 0 : l.grossValue.amount));
    const fees = sum((l) => l.fee.amount);
    const linesNet = sum((l) => l.value.amount);
    const net = linesNet + carried;
    const want = { gross, refunds, fees, linesNet, carriedIn: carried, net, transfer: Math.max(net, 0), carriedOut: Math.min(net, 0) };
    for (const [k, v] of Object.entries(want)) if (s[k]?.amount !== v) problems.push(`settlement ${s.number}: ${k} ${s[k]?.amount}, its lines give ${v}`);
    if (s.lineCount !== lines.length) problems.push(`settlement ${s.number}: lineCount ${s.lineCount}, lists ${lines.length}`);
    const csv = await p.call('GET', `/financing/v1/settlements/${s.id}/report.csv`);
    if (csv.status !== 200) problems.push(`report of ${s.number} answered ${csv.status}`);
    else {
      const { rows, footer } = reportOf(csv.text);
      if (rows.length !== lines.length) problems.push(`report of ${s.number}: ${rows.length} rows, ${lines.length} lines`);
      const rowNet = rows.reduce((a, r) => a + minor(r[12]!).v, 0);
      const expectFooter = { TOTAL: linesNet, CARRIED_IN: carried, NET: net, TRANSFER: want.transfer, CARRIED_OUT: want.carriedOut };
      if (rowNet !== linesNet) problems.push(`report of ${s.number}: rows net ${rowNet}, lines net ${linesNet}`);
      for (const [k, v] of Object.entries(expectFooter)) if (footer.get(k) !== v) problems.push(`report of ${s.number}: ${k} ${footer.get(k)}, expected ${v}`);
      const ids = new Set(rows.map((r) => r[1]));
      for (const l of lines) if (!ids.has(l.paymentId)) problems.push(`report of ${s.number} lacks ${l.paymentId}`);
    }
    carried = want.carriedOut;
  }
  // read after the settlements: a line marked since is fine, a line naming a settlement we did not see is not
  const payments = await all(
    p,
    '/financing/v1/payments',
    (b) => b.data,
    (x) => x.paymentId,
  );
  const known = new Set(list.map((s) => s.id));
  for (const x of payments) {
    const listedBy = owner.get(x.paymentId);
    if (x.settlementId && known.has(x.settlementId) && listedBy !== x.settlementId)
      problems.push(`payment ${x.paymentId} names ${x.settlementId}, listed by ${listedBy ?? 'none'}`);
    if (listedBy && x.settlementId && x.settlementId !== listedBy) problems.push(`payment ${x.paymentId} names ${x.settlementId}, listed by ${listedBy}`);
    if (strict && listedBy && !x.settlementId) problems.push(`payment ${x.paymentId} listed by ${listedBy} names no settlement`);
    if (strict && x.settlementId && !known.has(x.settlementId)) problems.push(`payment ${x.paymentId} names an unknown settlement ${x.settlementId}`);
  }
  const seen = new Set(payments.map((x) => x.paymentId));
  for (const id of owner.keys()) if (!seen.has(id)) problems.push(`settled line ${id} is not in the payments list`);
  if (problems.length) throw new Error(`settlements of the partner disagree:\n    ${[...new Set(problems)].slice(0, 12).join('\n    ')}`);
  return { settlements: list.length, lines: owner.size };
}
