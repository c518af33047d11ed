import type Joi from 'joi';

/**
 * Rules across query parameters (joi's `or`, `nand`, `oxor`, `xor`, `and` on the query
 * object). OpenAPI describes each parameter on its own and has no keyword for them, so the
 * document states them twice: in words, appended to the operation's description, and as
 * the operation's `x-parameter-rules`, a list a tool can read (the conformance run's hooks
 * keep the requests they generate within these rules).
 */
export type ParameterRuleKind = 'atLeastOneOf' | 'notAllOf' | 'atMostOneOf' | 'exactlyOneOf' | 'allOrNoneOf' | 'notAfter';

export interface ParameterRule {
  rule: ParameterRuleKind;
  parameters: string[];
}

const KIND: Record<string, ParameterRuleKind> = {
  or: 'atLeastOneOf',
  nand: 'notAllOf',
  oxor: 'atMostOneOf',
  xor: 'exactlyOneOf',
  and: 'allOrNoneOf',
};

const list = (names: string[]) => names.map((p) => `\`${p}\``).join(', ');
const WORDS: Record<ParameterRuleKind, (names: string[]) => string> = {
  atLeastOneOf: (n) => `give at least one of ${list(n)}`,
  notAllOf: (n) => (n.length === 2 ? `not both \`${n[0]}\` and \`${n[1]}\`` : `not all of ${list(n)}`),
  atMostOneOf: (n) => `at most one of ${list(n)}`,
  exactlyOneOf: (n) => `exactly one of ${list(n)}`,
  allOrNoneOf: (n) => `all or none of ${list(n)}`,
  notAfter: (n) => `\`${n[0]}\` not after \`${n[1]}\` when both are given`,
};

/**
 * An ordering joi cannot state across keys (a range's `from` not after its `to`): the query
 * schema carries it as `.meta({ notAfter: ['from', 'to'] })` and the route checks it.
 */
export function notAfterRule(first: string, second: string): { notAfter: [string, string] } {
  return { notAfter: [first, second] };
}

/** The query schema's rules across parameters; throws on one the document could not state. */
export function parameterRules(query: Joi.ObjectSchema): ParameterRule[] {
  const described = query.describe() as any;
  const deps: Array<{ rel: string; key: string | null; peers: string[] }> = described.dependencies ?? [];
  const rules = deps.map((d): ParameterRule => {
    const rule = KIND[d.rel];
    if (!rule || d.key) throw new Error(`a rule across query parameters the document cannot state: ${d.rel} ${d.peers.join(', ')}`);
    return { rule, parameters: [...d.peers] };
  });
  for (const meta of described.metas ?? []) if (Array.isArray(meta?.notAfter)) rules.push({ rule: 'notAfter', parameters: [...meta.notAfter] });
  return rules;
}

/** The rules in words, for the operation's description. */
export function rulesText(rules: ParameterRule[]): string {
  if (!rules.length) return '';
  const parts = rules.map((r) => WORDS[r.rule](r.parameters));
  return `Query parameters: ${parts.join('; ')} (otherwise 400 INVALID_REQUEST).`;
}
