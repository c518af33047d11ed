import type Joi from 'joi';
import { type AppError, InvalidRequestError } from '../../platform/errors.js';
import { fill, type Lang, type Messages } from './portal.i18n.js';

/**
 * Error messages on the portal's pages, in the page's language. The use cases and the API's
 * schemas speak English (their messages are the API's), so the portal never shows their
 * text: it translates by what the error is, never by matching its English words:
 *
 * - a field error of a joi schema by the joi rule that failed (`number.min`, `any.only`, …)
 *   and the field it names (its last path segment, in words of the page's language);
 * - any other refusal by its spec code (`UNPROCESSABLE`, `NOTHING_TO_SETTLE`, …), first
 *   with its attribute (`UNPROCESSABLE` on `items[1].quantity` says more than on nothing),
 *   then alone;
 * - a code without a translation as a generic sentence that names the code, so a new code
 *   reads as a refusal with something to quote to support, never as English.
 *
 * The portal's own checks that already speak the page's language throw `portalSaid(text)`.
 */

/** A refusal whose text is already in the page's language. */
export class PortalSaid extends InvalidRequestError {}

export function portalSaid(text: string, attribute?: string): PortalSaid {
  return new PortalSaid(text, attribute ? { attribute } : {});
}

/** The failed joi rule of a field error, kept for the translation. */
export interface JoiFailure {
  type: string;
  path: string;
  limit?: string | number | undefined;
}

/** A joi refusal as the API's 400 (its English message and attribute) that also keeps the rule that failed. */
export class FieldRefusal extends InvalidRequestError {
  constructor(
    message: string,
    readonly failure: JoiFailure,
  ) {
    super(message, failure.path ? { attribute: failure.path } : {});
  }
}

export function fieldRefusal(error: Joi.ValidationError): FieldRefusal {
  const d = error.details[0];
  const limit = d?.context?.limit;
  return new FieldRefusal(error.message, {
    type: d?.type ?? 'any.invalid',
    path:
      d?.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : p))
        .join('.')
        .replace(/\.\[/g, '[') ?? '',
    limit: typeof limit === 'number' || typeof limit === 'string' ? limit : undefined,
  });
}

type Texts = Record<string, string>;

/** Field names by the last segment of an attribute (`items[0].quantity` → `quantity`). */
const FIELDS: Record<Lang, Texts> = {
  en: {
    email: 'E-mail',
    name: 'Name',
    role: 'Role',
    password: 'Password',
    code: 'Code from the authenticator app',
    reason: 'Reason',
    customReason: 'Note',
    items: 'Items',
    quantity: 'Quantity',
    amount: 'Amount',
    totalPrice: 'Amount',
    currency: 'Currency',
    state: 'State',
    stateReason: 'State reason',
    financingType: 'Financing type',
    type: 'Type',
    from: 'From',
    to: 'To',
    createdFrom: 'Created from',
    createdTo: 'Created before',
    date: 'Date',
    q: 'Search',
    after: 'Page',
    before: 'Page',
    status: 'Status',
    outcome: 'Outcome',
    since: 'Since',
    url: 'Endpoint',
    overlap: 'Overlap',
    lang: 'Language',
    key: 'Form',
  },
  cs: {
    email: 'E-mail',
    name: 'Jméno',
    role: 'Role',
    password: 'Heslo',
    code: 'Kód z ověřovací aplikace',
    reason: 'Důvod',
    customReason: 'Poznámka',
    items: 'Položky',
    quantity: 'Množství',
    amount: 'Částka',
    totalPrice: 'Částka',
    currency: 'Měna',
    state: 'Stav',
    stateReason: 'Důvod stavu',
    financingType: 'Typ financování',
    type: 'Typ',
    from: 'Od',
    to: 'Do',
    createdFrom: 'Vytvořeno od',
    createdTo: 'Vytvořeno před',
    date: 'Datum',
    q: 'Hledání',
    after: 'Stránka',
    before: 'Stránka',
    status: 'Stav',
    outcome: 'Výsledek',
    since: 'Od',
    url: 'Koncový bod',
    overlap: 'Překryv',
    lang: 'Jazyk',
    key: 'Formulář',
  },
};

/** Field errors by the joi rule that failed; `{field}` is the field in words, `{limit}` the rule's bound. */
export const JOI_TEXTS: Record<Lang, Texts> = {
  en: {
    'any.required': '{field}: please fill this in.',
    'any.only': '{field}: choose one of the offered values.',
    'any.invalid': '{field}: this value is not allowed.',
    'string.empty': '{field}: please fill this in.',
    'string.base': '{field}: enter text.',
    'string.min': '{field}: at least {limit} characters.',
    'string.max': '{field}: at most {limit} characters.',
    'string.email': '{field}: enter an e-mail address.',
    'string.pattern.base': '{field}: the format is not right.',
    'string.guid': '{field}: the format is not right.',
    'number.base': '{field}: enter a number.',
    'number.min': '{field}: at least {limit}.',
    'number.max': '{field}: at most {limit}.',
    'number.greater': '{field}: more than {limit}.',
    'number.less': '{field}: less than {limit}.',
    'number.integer': '{field}: enter a whole number.',
    'number.positive': '{field}: more than 0.',
    'number.precision': '{field}: at most {limit} decimal places.',
    'array.min': '{field}: at least {limit}.',
    'array.max': '{field}: at most {limit}.',
    'array.unique': '{field}: each at most once.',
    'object.unknown': '{field}: not expected here.',
    'date.base': '{field}: enter a valid date.',
    'date.format': '{field}: enter a valid date.',
    'date.min': '{field}: the date is too early.',
    'date.max': '{field}: the date is too late.',
    other: '{field}: this value is not valid.',
  },
  cs: {
    'any.required': '{field}: vyplňte prosím.',
    'any.only': '{field}: zvolte jednu z nabízených hodnot.',
    'any.invalid': '{field}: tato hodnota není povolena.',
    'string.empty': '{field}: vyplňte prosím.',
    'string.base': '{field}: zadejte text.',
    'string.min': '{field}: nejméně {limit} znaků.',
    'string.max': '{field}: nejvýše {limit} znaků.',
    'string.email': '{field}: zadejte e-mailovou adresu.',
    'string.pattern.base': '{field}: nesprávný tvar.',
    'string.guid': '{field}: nesprávný tvar.',
    'number.base': '{field}: zadejte číslo.',
    'number.min': '{field}: nejméně {limit}.',
    'number.max': '{field}: nejvýše {limit}.',
    'number.greater': '{field}: více než {limit}.',
    'number.less': '{field}: méně než {limit}.',
    'number.integer': '{field}: zadejte celé číslo.',
    'number.positive': '{field}: více než 0.',
    'number.precision': '{field}: nejvýše {limit} desetinných míst.',
    'array.min': '{field}: nejméně {limit}.',
    'array.max': '{field}: nejvýše {limit}.',
    'array.unique': '{field}: každá nejvýše jednou.',
    'object.unknown': '{field}: sem nepatří.',
    'date.base': '{field}: zadejte platné datum.',
    'date.format': '{field}: zadejte platné datum.',
    'date.min': '{field}: datum je příliš brzy.',
    'date.max': '{field}: datum je příliš pozdě.',
    other: '{field}: neplatná hodnota.',
  },
};

/**
 * Refusals by spec code, or by `CODE@attribute` (the attribute without its indexes:
 * `items[1].quantity` → `items.quantity`). `{item}` is the item the attribute's index names,
 * `{s}` the seconds of a Retry-After, `{code}` the code.
 */
export const ERROR_TEXTS: Record<Lang, Texts> = {
  en: {
    ACTION_NOT_ALLOWED: "This action is not possible in the application's current state.",
    APPLICATION_ALREADY_CANCELLED: 'The application is already cancelled.',
    APPLICATION_NOT_FOUND: 'There is no such application, or it belongs to someone else.',
    APPLICATION_NOT_READY: 'The application is not approved yet: this needs an approved application.',
    APPLICATION_NOT_WAITING: 'The application is not waiting for a decision.',
    APPLICATION_PAID: 'You have already been paid for this application: return the items instead of cancelling it.',
    APPLICATION_REJECTED: 'The application was rejected: this is not possible.',
    APPLICATION_VALIDATION_IN_PROGRESS: 'The application is still being checked: try again once it is decided.',
    CLIENT_CLOSED_REQUEST: 'The request was interrupted. Send it again.',
    CONCURRENT_MODIFICATION: 'Someone changed this at the same moment: reload the page and try again.',
    DEPENDENCY_DOWN: 'The service is busy right now. Try again in a moment.',
    DEPRECATED_FIELD: 'A field that is no longer used was sent.',
    DRAINING: 'The service is busy right now. Try again in a moment.',
    EMAIL_TAKEN: 'This e-mail already has a portal account.',
    HTTPS_REQUIRED: 'The portal is served over HTTPS only.',
    IDEMPOTENCY_KEY_IN_USE: 'This form is still being processed: reload the page in a moment.',
    IDEMPOTENCY_KEY_REUSED: 'This form was already sent with other values: reload the page.',
    INTERNAL_ERROR: 'Something went wrong on our side. Try again in a moment.',
    INVALID_CREDENTIALS: 'The e-mail, password or code is not right.',
    INVALID_REQUEST: 'The form is not filled in right: check it and send it again.',
    'INVALID_REQUEST@email': 'E-mail: enter an e-mail address.',
    'INVALID_REQUEST@name': 'Name: 1 to 100 characters.',
    'INVALID_REQUEST@role': 'Role: choose owner, operator or viewer.',
    'INVALID_REQUEST@password': 'Password: 12 to 128 characters, not starting or ending with a space.',
    'INVALID_REQUEST@code': 'The code from the authenticator app is not right.',
    'INVALID_REQUEST@quantity': 'Quantity: enter a number such as 1 or 0.5.',
    'INVALID_REQUEST@date': 'Enter the dates as YYYY-MM-DD.',
    'INVALID_REQUEST@after': 'This page of the list no longer exists: start again from the first page.',
    'INVALID_REQUEST@before': 'This page of the list no longer exists: start again from the first page.',
    'INVALID_REQUEST@overlap': 'Overlap: choose one of the offered values.',
    'INVALID_REQUEST@key': 'The form has expired: reload the page and send it again.',
    MAINTENANCE: 'The service is under maintenance. Try again later.',
    METHOD_NOT_ALLOWED: 'This address does not accept this kind of request.',
    NOTHING_TO_SETTLE: 'Nothing awaits settlement.',
    NOT_READY: 'The service is starting. Try again in a moment.',
    NOT_SUPPORTED: 'This is not possible for this application now: goods already sent or delivered are returned, not cancelled.',
    OBJECT_NOT_FOUND: 'There is nothing here, or it belongs to someone else.',
    ORDER_ALREADY_SENT: 'Items of the order were already sent or delivered: the order can no longer be changed.',
    PARTNER_MISMATCH: 'Your shop could not be identified: sign in again.',
    PARTNER_NOT_FOUND: 'There is no such shop.',
    RATE_LIMIT_EXCEEDED: 'Too many requests. Try again in {s} seconds.',
    RECURRENCE_NOT_FOUND: 'There is no such recurring payment.',
    RECURRENCE_NOT_USABLE: 'This recurring payment can no longer be used.',
    SECOND_FACTOR_REQUIRED: 'An owner needs the second factor, which this user has not enrolled: invite the new owner instead.',
    SELF_DISABLE: 'You cannot disable your own account.',
    SELF_ROLE_CHANGE: 'You cannot change your own role: another owner can.',
    SERVICE_UNAVAILABLE: 'The service is busy right now. Try again in a moment.',
    TOO_MANY_LOGIN_ATTEMPTS: 'Too many failed attempts. Try again in {s} seconds.',
    TOPICS_MISSING: 'The service is starting. Try again in a moment.',
    TOTAL_PRICE_LIMIT_EXCEEDED: 'Amount: more than the goods this marks are worth (or than is left of the order).',
    UNKNOWN_ENDPOINT: 'A test notification goes only to an endpoint your notifications went to in the last 24 hours.',
    UNPROCESSABLE: 'This change is not possible in the current state of the application and its order.',
    APPLICATION_CHANGED: 'The application changed after the preview was shown: check the new figures and confirm again.',
    'UNPROCESSABLE@items': 'Item {item}: this change is not possible for it (nothing of it is left for it, or it is not in the order).',
    'UNPROCESSABLE@items.quantity': 'Item {item}: less of it is left than the quantity entered.',
    'UNPROCESSABLE@totalPrice': 'Amount: it does not fit the order.',
    'UNPROCESSABLE@totalPrice.currency': 'Amount: the order is in another currency.',
    UNSUPPORTED_MEDIA_TYPE: 'The form was sent in a format the portal does not read. Reload the page and send it again.',
    USERNAME_TAKEN: 'This name is taken.',
    unknown: 'The request was refused (code {code}). If it happens again, tell us the code.',
  },
  cs: {
    ACTION_NOT_ALLOWED: 'Tuto akci nelze v současném stavu žádosti provést.',
    APPLICATION_ALREADY_CANCELLED: 'Žádost už je zrušená.',
    APPLICATION_NOT_FOUND: 'Taková žádost není, nebo patří někomu jinému.',
    APPLICATION_NOT_READY: 'Žádost ještě není schválená: toto vyžaduje schválenou žádost.',
    APPLICATION_NOT_WAITING: 'Žádost nečeká na rozhodnutí.',
    APPLICATION_PAID: 'Za tuto žádost už vám bylo vyplaceno: místo zrušení zboží vraťte.',
    APPLICATION_REJECTED: 'Žádost byla zamítnuta: toto nelze.',
    APPLICATION_VALIDATION_IN_PROGRESS: 'Žádost se ještě ověřuje: zkuste to znovu, až bude rozhodnuta.',
    CLIENT_CLOSED_REQUEST: 'Požadavek byl přerušen. Odešlete ho znovu.',
    CONCURRENT_MODIFICATION: 'Někdo to ve stejné chvíli změnil: načtěte stránku a zkuste to znovu.',
    DEPENDENCY_DOWN: 'Služba je právě vytížená. Zkuste to za chvíli.',
    DEPRECATED_FIELD: 'Byl odeslán údaj, který se už nepoužívá.',
    DRAINING: 'Služba je právě vytížená. Zkuste to za chvíli.',
    EMAIL_TAKEN: 'Tento e-mail už v portálu účet má.',
    HTTPS_REQUIRED: 'Portál je dostupný jen přes HTTPS.',
    IDEMPOTENCY_KEY_IN_USE: 'Formulář se ještě zpracovává: načtěte stránku za chvíli znovu.',
    IDEMPOTENCY_KEY_REUSED: 'Tento formulář už byl odeslán s jinými hodnotami: načtěte stránku znovu.',
    INTERNAL_ERROR: 'Na naší straně se něco pokazilo. Zkuste to za chvíli.',
    INVALID_CREDENTIALS: 'E-mail, heslo nebo kód nesouhlasí.',
    INVALID_REQUEST: 'Formulář není správně vyplněný: zkontrolujte ho a odešlete znovu.',
    'INVALID_REQUEST@email': 'E-mail: zadejte e-mailovou adresu.',
    'INVALID_REQUEST@name': 'Jméno: 1 až 100 znaků.',
    'INVALID_REQUEST@role': 'Role: zvolte vlastník, operátor nebo čtenář.',
    'INVALID_REQUEST@password': 'Heslo: 12 až 128 znaků, bez mezery na začátku a na konci.',
    'INVALID_REQUEST@code': 'Kód z ověřovací aplikace nesouhlasí.',
    'INVALID_REQUEST@quantity': 'Množství: zadejte číslo, například 1 nebo 0,5.',
    'INVALID_REQUEST@date': 'Zadejte data ve tvaru RRRR-MM-DD.',
    'INVALID_REQUEST@after': 'Tato stránka seznamu už neexistuje: začněte znovu od první stránky.',
    'INVALID_REQUEST@before': 'Tato stránka seznamu už neexistuje: začněte znovu od první stránky.',
    'INVALID_REQUEST@overlap': 'Překryv: zvolte jednu z nabízených hodnot.',
    'INVALID_REQUEST@key': 'Platnost formuláře vypršela: načtěte stránku a odešlete ho znovu.',
    MAINTENANCE: 'Služba se právě udržuje. Zkuste to později.',
    METHOD_NOT_ALLOWED: 'Tato adresa takový požadavek nepřijímá.',
    NOTHING_TO_SETTLE: 'Nic nečeká na vyúčtování.',
    NOT_READY: 'Služba se právě spouští. Zkuste to za chvíli.',
    NOT_SUPPORTED: 'U této žádosti to teď nelze: zboží, které už bylo odesláno nebo doručeno, se vrací, neruší.',
    OBJECT_NOT_FOUND: 'Nic tu není, nebo to patří někomu jinému.',
    ORDER_ALREADY_SENT: 'Položky objednávky už byly odeslány nebo doručeny: objednávku už nelze měnit.',
    PARTNER_MISMATCH: 'Váš obchod se nepodařilo určit: přihlaste se znovu.',
    PARTNER_NOT_FOUND: 'Takový obchod není.',
    RATE_LIMIT_EXCEEDED: 'Příliš mnoho požadavků. Zkuste to znovu za {s} s.',
    RECURRENCE_NOT_FOUND: 'Taková opakovaná platba není.',
    RECURRENCE_NOT_USABLE: 'Tuto opakovanou platbu už nelze použít.',
    SECOND_FACTOR_REQUIRED: 'Vlastník musí mít druhý faktor, který tento uživatel nemá: pozvěte nového vlastníka.',
    SELF_DISABLE: 'Vlastní účet zablokovat nemůžete.',
    SELF_ROLE_CHANGE: 'Vlastní roli změnit nemůžete: může to jiný vlastník.',
    SERVICE_UNAVAILABLE: 'Služba je právě vytížená. Zkuste to za chvíli.',
    TOO_MANY_LOGIN_ATTEMPTS: 'Příliš mnoho neúspěšných pokusů. Zkuste to znovu za {s} s.',
    TOPICS_MISSING: 'Služba se právě spouští. Zkuste to za chvíli.',
    TOTAL_PRICE_LIMIT_EXCEEDED: 'Částka: víc, než má zboží, kterého se týká (nebo než z objednávky zbývá).',
    UNKNOWN_ENDPOINT: 'Testovací oznámení jde jen na koncový bod, kam za posledních 24 hodin šla vaše oznámení.',
    UNPROCESSABLE: 'Tato změna není v současném stavu žádosti a objednávky možná.',
    APPLICATION_CHANGED: 'Žádost se po zobrazení náhledu změnila: zkontrolujte nové údaje a potvrďte znovu.',
    'UNPROCESSABLE@items': 'Položka {item}: tuto změnu u ní nelze provést (nic z ní pro ni nezbývá, nebo v objednávce není).',
    'UNPROCESSABLE@items.quantity': 'Položka {item}: zbývá jí méně, než je zadané množství.',
    'UNPROCESSABLE@totalPrice': 'Částka: neodpovídá objednávce.',
    'UNPROCESSABLE@totalPrice.currency': 'Částka: objednávka je v jiné měně.',
    UNSUPPORTED_MEDIA_TYPE: 'Formulář přišel ve formátu, který portál nečte. Načtěte stránku a odešlete ho znovu.',
    USERNAME_TAKEN: 'Toto jméno je obsazené.',
    unknown: 'Požadavek byl odmítnut (kód {code}). Pokud se to bude opakovat, sdělte nám tento kód.',
  },
};

/** `items[1].quantity` → `items.quantity` and the index 1. */
function shapeOf(attribute: string): { key: string; index?: number; last: string } {
  const index = /\[(\d+)\]|\.(\d+)(?=\.|$)/.exec(attribute);
  const key = attribute.replace(/\[\d+\]|\.\d+(?=\.|$)/g, '');
  const n = index ? Number(index[1] ?? index[2]) : undefined;
  return { key, last: key.split('.').pop() ?? key, ...(n === undefined ? {} : { index: n }) };
}

export interface ErrorContext {
  /** the names of the items the request listed, in its order: `items[k]` is named by them */
  items?: string[];
}

/** The text of a refusal for a page in `m`'s language. */
export function errorText(m: Messages, err: AppError, context: ErrorContext = {}): string {
  if (err instanceof PortalSaid) return err.message;
  const lang = m.lang as Lang;
  const attribute = err instanceof FieldRefusal ? err.failure.path : (err.records[0]?.attribute ?? '');
  const shape = shapeOf(attribute);
  const item = shape.index === undefined ? '' : (context.items?.[shape.index] ?? String(shape.index + 1));
  const field = FIELDS[lang][shape.last] ?? shape.last;
  const values = { field, item, code: err.code, s: err.headers['Retry-After'] ?? '?', limit: '' };
  if (err instanceof FieldRefusal) {
    const texts = JOI_TEXTS[lang];
    return fill(texts[err.failure.type] ?? texts.other!, { ...values, limit: err.failure.limit ?? '' });
  }
  const texts = ERROR_TEXTS[lang];
  const text = (attribute && (texts[`${err.code}@${shape.key}`] ?? texts[`${err.code}@${shape.last}`])) || texts[err.code] || texts.unknown!;
  return fill(text, values);
}
