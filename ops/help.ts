import { DESTRUCTIVE_HELP, DESTRUCTIVE_USAGE } from './confirm.js';
import { GROUPS, type Group, type Verb } from './verb.js';

const FOOTER = `Configuration: the services' own environment variables (MONGO_URL, MONGO_DB, KAFKA_BROKERS, ...; README,
"Configuration"), validated as the services validate them. Answers are JSON on stdout. Exit codes: 0 done,
2 bad usage or refused input, 78 bad configuration, 1 unexpected failure.`;

const pad = (name: string) => `  ${name.padEnd(24)}`;

/** `ops --help`: every verb, by group, one line each. */
export function programHelp(verbs: readonly Verb[]): string {
  const sections = (Object.keys(GROUPS) as Group[])
    .map((group) => ({ group, mine: verbs.filter((v) => v.group === group) }))
    .filter((s) => s.mine.length > 0)
    .map(({ group, mine }) => [`${group}: ${GROUPS[group]}`, ...mine.map((v) => `${pad(v.name)}${v.summary}`)].join('\n'));
  return [
    'usage: ops <group> <verb> [options]      (locally: npm run -s ops -- ...; in the image: ops ...)',
    "`ops <group> <verb> --help` prints one verb's options.",
    '',
    ...sections.flatMap((s) => [s, '']),
    FOOTER,
  ].join('\n');
}

/** `ops <group> --help`: the group's verbs with their options. */
export function groupHelp(group: Group, verbs: readonly Verb[]): string {
  const mine = verbs.filter((v) => v.group === group);
  return [
    `usage: ops ${group} <verb> [options]      (${GROUPS[group]})`,
    ...mine.map((v) => `${pad(v.name)}${verbUsage(v)}\n${pad('')}${v.summary}`),
    `\`ops ${group} <verb> --help\` prints one verb's options.`,
  ].join('\n');
}

/** `ops <group> <verb> --help`. */
export function verbHelp(v: Verb): string {
  return [
    `usage: ops ${v.group} ${v.name} ${verbUsage(v)}`.trimEnd(),
    `  ${v.summary}`,
    ...(v.details ? [v.details.replace(/^/gm, '  ')] : []),
    ...(v.destructive ? [`  ${DESTRUCTIVE_HELP}`] : []),
  ].join('\n');
}

function verbUsage(v: Verb): string {
  return [v.usage, v.destructive ? DESTRUCTIVE_USAGE : ''].filter(Boolean).join(' ');
}
