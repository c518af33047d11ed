/**
 * The portal's words, one catalogue per language. English is the reference: the Czech
 * catalogue must have every key (the type says so). Amounts and dates go through Intl.
 */
const en = {
  lang: 'en',
  locale: 'en-GB',
  otherLang: 'Čeština',
  otherLangCode: 'cs',
  brand: 'Partner portal',
  skip: 'Skip to content',
  nav: 'Main',
  navHome: 'Overview',
  navApplications: 'Applications',
  navUsers: 'Users',
  navAudit: 'Audit log',
  signOut: 'Sign out',
  signedInAs: 'Signed in as',
  signInTitle: 'Sign in',
  signInLead: 'Sign in with your e-mail, password and the code from your authenticator app.',
  email: 'E-mail',
  password: 'Password',
  passwordAgain: 'Password again',
  totpCode: 'Code from the authenticator app',
  totpHintOptional: 'Required for owners; leave empty if you did not enrol an app.',
  signInButton: 'Sign in',
  signInFailed: 'The e-mail, password or code is not right.',
  throttled: 'Too many failed attempts. Try again in {s} seconds.',
  setupTitle: 'Set up your account',
  setupLead: 'Choose a password of at least 12 characters and enrol an authenticator app.',
  setupSecret: 'Add this key to your authenticator app (Google Authenticator, 1Password, FreeOTP…), then enter the code it shows.',
  setupKey: 'Key',
  setupUri: 'Or open this link on the phone',
  setupOptional: 'Optional for your role: leave the code empty to sign in with the password only.',
  setupButton: 'Save and continue',
  setupDone: 'Your account is ready. Sign in now.',
  passwordsDiffer: 'The two passwords differ.',
  linkDead: 'This setup link is unknown, used or expired. Ask an owner for a new one.',
  homeTitle: 'Overview',
  homeLead: 'What this portal shows you.',
  role: 'Role',
  role_owner: 'owner',
  role_operator: 'operator',
  role_viewer: 'viewer',
  usersTitle: 'Users',
  usersLead: 'Who can sign in to the portal for {partner}.',
  name: 'Name',
  state: 'State',
  enabled: 'active',
  disabled: 'disabled',
  pending: 'setup pending',
  totp: 'TOTP',
  yes: 'yes',
  no: 'no',
  actions: 'Actions',
  disable: 'Disable',
  enable: 'Enable',
  invite: 'Invite a user',
  inviteButton: 'Create and show setup link',
  invited: 'Send this one-time setup link to {email} over a channel you trust. It works once and expires on {when}.',
  auditTitle: 'Audit log',
  auditLead: 'Every action in the portal: who, what, when and from where.',
  when: 'When',
  who: 'Who',
  what: 'What',
  target: 'Target',
  from: 'From',
  outcome: 'Outcome',
  older: 'Older entries',
  errorTitle: 'Something went wrong',
  forbiddenTitle: 'Not allowed',
  forbidden: 'Your role does not allow this.',
  notFoundTitle: 'Not found',
  notFound: 'There is nothing here, or it belongs to someone else.',
  csrfTitle: 'Please try again',
  csrf: 'We could not verify this form. Reload the page and send it again.',
  badInput: 'Please check the form',
  busy: 'The service is busy right now. Try again in a moment.',
  back: 'Back',
  confirm: 'Confirm',
  cancel: 'Cancel',
  sessionEnded: 'Your session ended. Sign in again.',
} as const;

export type Messages = { [K in keyof typeof en]: string };

const cs: Messages = {
  lang: 'cs',
  locale: 'cs-CZ',
  otherLang: 'English',
  otherLangCode: 'en',
  brand: 'Portál partnera',
  skip: 'Přeskočit na obsah',
  nav: 'Hlavní',
  navHome: 'Přehled',
  navApplications: 'Žádosti',
  navUsers: 'Uživatelé',
  navAudit: 'Auditní záznam',
  signOut: 'Odhlásit se',
  signedInAs: 'Přihlášen(a) jako',
  signInTitle: 'Přihlášení',
  signInLead: 'Přihlaste se e-mailem, heslem a kódem z ověřovací aplikace.',
  email: 'E-mail',
  password: 'Heslo',
  passwordAgain: 'Heslo znovu',
  totpCode: 'Kód z ověřovací aplikace',
  totpHintOptional: 'Povinný pro vlastníky; nechte prázdné, pokud aplikaci nemáte.',
  signInButton: 'Přihlásit se',
  signInFailed: 'E-mail, heslo nebo kód nesouhlasí.',
  throttled: 'Příliš mnoho neúspěšných pokusů. Zkuste to znovu za {s} s.',
  setupTitle: 'Nastavení účtu',
  setupLead: 'Zvolte heslo o nejméně 12 znacích a přidejte ověřovací aplikaci.',
  setupSecret: 'Přidejte tento klíč do ověřovací aplikace (Google Authenticator, 1Password, FreeOTP…) a zadejte kód, který ukáže.',
  setupKey: 'Klíč',
  setupUri: 'Nebo otevřete tento odkaz v telefonu',
  setupOptional: 'Pro vaši roli nepovinné: bez kódu se budete přihlašovat jen heslem.',
  setupButton: 'Uložit a pokračovat',
  setupDone: 'Účet je připraven. Nyní se přihlaste.',
  passwordsDiffer: 'Hesla se liší.',
  linkDead: 'Tento odkaz je neznámý, použitý nebo propadlý. Požádejte vlastníka o nový.',
  homeTitle: 'Přehled',
  homeLead: 'Co vám portál ukazuje.',
  role: 'Role',
  role_owner: 'vlastník',
  role_operator: 'operátor',
  role_viewer: 'čtenář',
  usersTitle: 'Uživatelé',
  usersLead: 'Kdo se může přihlásit do portálu za {partner}.',
  name: 'Jméno',
  state: 'Stav',
  enabled: 'aktivní',
  disabled: 'zablokovaný',
  pending: 'čeká na nastavení',
  totp: 'TOTP',
  yes: 'ano',
  no: 'ne',
  actions: 'Akce',
  disable: 'Zablokovat',
  enable: 'Povolit',
  invite: 'Pozvat uživatele',
  inviteButton: 'Vytvořit a ukázat odkaz',
  invited: 'Pošlete tento jednorázový odkaz na {email} důvěryhodnou cestou. Funguje jednou a platí do {when}.',
  auditTitle: 'Auditní záznam',
  auditLead: 'Každá akce v portálu: kdo, co, kdy a odkud.',
  when: 'Kdy',
  who: 'Kdo',
  what: 'Co',
  target: 'Čeho se týká',
  from: 'Odkud',
  outcome: 'Výsledek',
  older: 'Starší záznamy',
  errorTitle: 'Něco se nepovedlo',
  forbiddenTitle: 'Nepovoleno',
  forbidden: 'Vaše role to nedovoluje.',
  notFoundTitle: 'Nenalezeno',
  notFound: 'Nic tu není, nebo to patří někomu jinému.',
  csrfTitle: 'Zkuste to prosím znovu',
  csrf: 'Formulář se nepodařilo ověřit. Načtěte stránku znovu a odešlete jej.',
  badInput: 'Zkontrolujte prosím formulář',
  busy: 'Služba je právě vytížená. Zkuste to za chvíli.',
  back: 'Zpět',
  confirm: 'Potvrdit',
  cancel: 'Zrušit',
  sessionEnded: 'Relace skončila. Přihlaste se znovu.',
};

export type Lang = 'en' | 'cs';
export const CATALOGUES: Record<Lang, Messages> = { en, cs };

/** The language: the switch's cookie, else the first of Accept-Language we speak, else English. */
export function chooseLang(cookie: string | undefined, acceptLanguage: string): Lang {
  if (cookie === 'cs' || cookie === 'en') return cookie;
  const ranked = acceptLanguage.split(',').map((part, i) => {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
    return { tag: tag!.split('-')[0]!, q: Number.isFinite(q) ? q : 0, i };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.find((x) => x.tag === 'cs' || x.tag === 'en')?.tag as Lang | undefined ?? 'en';
}

/** `{name}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}

/** Money from integer minor units (CZK: hundredths), e.g. `2 400,00 Kč` in Czech. */
export function formatMoney(minor: number, currency: string, m: Messages): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(m.locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}

/** Dates and times in Prague time, the way the reader's language writes them. */
export function formatDateTime(d: Date | string, m: Messages): string {
  return new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(new Date(d));
}

export function formatDate(d: Date | string, m: Messages): string {
  return new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeZone: 'Europe/Prague' }).format(new Date(d));
}
