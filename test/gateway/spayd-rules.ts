/**
 * The QR Platba (SPAYD 1.0) rules written apart from the encoder (it imports none of its
 * code), so a test checks the encoder's output, or a payload read back from a rendered QR
 * code, against the format itself. Returns the problems found; none for a valid string.
 */
export function spaydProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.startsWith('SPD*1.0*')) problems.push('header: SPD*1.0*');
  // the QR code's alphanumeric set, which the format recommends for the whole string
  if (/[^0-9A-Z $%*+\-./:]/.test(text)) problems.push(`characters outside the alphanumeric set: ${text.match(/[^0-9A-Z $%*+\-./:]/g)!.join('')}`);
  const fields = new Map<string, string>();
  for (const part of text.replace(/\*$/, '').split('*').slice(2)) {
    const m = /^([A-Z][A-Z-]*):([^*]+)$/.exec(part);
    if (!m) {
      problems.push(`attribute: ${part}`);
      continue;
    }
    if (fields.has(m[1]!)) problems.push(`repeated key ${m[1]}`);
    fields.set(m[1]!, m[2]!);
  }
  const acc = fields.get('ACC');
  if (!acc) problems.push('ACC is required');
  else {
    const [iban, bic] = acc.split('+');
    if (acc.length > 46 || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban!) || (bic !== undefined && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)))
      problems.push(`ACC: ${acc}`);
    else {
      // ISO 7064 mod 97-10, computed piecewise
      let r = 0;
      for (const ch of iban!.slice(4) + iban!.slice(0, 4)) {
        const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
        for (const d of v) r = (r * 10 + Number(d)) % 97;
      }
      if (r !== 1) problems.push(`ACC: IBAN check digits of ${iban}`);
    }
  }
  const am = fields.get('AM');
  if (am !== undefined && (!/^\d+(\.\d{1,2})?$/.test(am) || am.length > 10 || Number(am) <= 0)) problems.push(`AM: ${am}`);
  const cc = fields.get('CC');
  if (cc !== undefined && !/^[A-Z]{3}$/.test(cc)) problems.push(`CC: ${cc}`);
  const dt = fields.get('DT');
  if (dt !== undefined) {
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(dt);
    const d = m && new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
    if (!m || !d || d.getUTCDate() !== +m[3]! || d.getUTCMonth() !== +m[2]! - 1) problems.push(`DT: ${dt}`);
  }
  for (const key of ['X-VS', 'X-SS', 'X-KS']) {
    const v = fields.get(key);
    if (v !== undefined && !/^\d{1,10}$/.test(v)) problems.push(`${key}: ${v}`);
  }
  const rn = fields.get('RN');
  if (rn !== undefined && rn.length > 35) problems.push(`RN longer than 35: ${rn}`);
  const msg = fields.get('MSG');
  if (msg !== undefined && msg.length > 60) problems.push(`MSG longer than 60: ${msg}`);
  for (const [k, v] of fields) if (/%(?!2A|25)/.test(v)) problems.push(`${k}: a % that is not an escape`);
  return problems;
}
