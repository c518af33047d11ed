/**
 * Every word the gateway shows, one catalogue per language. Texts that hold a value are
 * functions; the views escape whatever they return. The terms say what happens in plain
 * words and never why a customer got their terms (no "as a returning customer"): whoever
 * looks at the screen learns nothing of the customer's history with the shop.
 */
export const LANGS = ['cs', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export interface Strings {
  lang: Lang;
  /** Intl locale of amounts and dates */
  locale: string;
  languageName: string;
  switchLabel: string;
  brand: string;
  secure: string;
  skip: string;
  footer: string;
  payLater: string;
  payInThree: string;
  reviewTitle: (type: string) => string;
  reviewHeading: (type: string, shop: string) => string;
  orderChanged: string;
  orderChangedNext: string;
  lead: string;
  forCustomer: string;
  yourOrder: string;
  orderCaption: (number: string, shop: string) => string;
  item: string;
  quantity: string;
  price: string;
  total: string;
  repayment: string;
  repaymentInThree: string;
  payFullBy: string;
  instalmentLabels: [string, string, string];
  deferredNote: string;
  threeNote: string;
  howToPay: string;
  howToPayIntro: string;
  payWhenApproved: string;
  instalment: (i: number, of: number) => string;
  thePayment: string;
  amount: string;
  dueDate: string;
  accountNumber: string;
  iban: string;
  variableSymbol: string;
  recipient: string;
  message: string;
  qrLabel: (amount: string, date: string) => string;
  qrHint: string;
  termsHeading: string;
  termsAgreeBefore: string;
  termsLink: string;
  termsAgreeAfter: string;
  termsPoints: string[];
  confirm: string;
  agreeAndConfirm: string;
  cancel: string;
  checking: string;
  checkingLead: (shop: string) => string;
  refresh: string;
  cancelledTitle: string;
  cancelledText: string;
  approvedTitle: string;
  approvedLead: (shop: string) => string;
  backTo: (shop: string) => string;
  expiredTitle: string;
  expiredText: string;
  notFoundTitle: string;
  notFoundText: string;
  busyTitle: string;
  busyText: string;
  forgedTitle: string;
  forgedText: string;
  termsTitle: string;
  termsSections: Array<[string, string]>;
}

const en: Strings = {
  lang: 'en',
  locale: 'en-GB',
  languageName: 'English',
  switchLabel: 'Language',
  brand: 'Partner Financing',
  secure: 'Secure connection',
  skip: 'Skip to content',
  footer:
    'Partner Financing provides the financing of this purchase. Questions about the goods go to the shop; questions about your payments to Partner Financing.',
  payLater: 'Pay later',
  payInThree: 'Pay in three',
  reviewTitle: (type) => `${type}: confirm your purchase`,
  reviewHeading: (type, shop) => `${type} for your purchase at ${shop}`,
  orderChanged: 'The shop changed this order after you opened the page.',
  orderChangedNext: 'Nothing was confirmed: check the order and the repayment below, then confirm again.',
  lead: 'Check the order and the repayment, then confirm.',
  forCustomer: 'For',
  yourOrder: 'Your order',
  orderCaption: (number, shop) => `Order ${number} at ${shop}`,
  item: 'Item',
  quantity: 'Qty',
  price: 'Price',
  total: 'Total (VAT included)',
  repayment: 'Your repayment',
  repaymentInThree: 'Your repayment: three instalments',
  payFullBy: 'Pay the full amount by',
  instalmentLabels: ['Today', 'In 30 days', 'In 60 days'],
  deferredNote: 'Nothing to pay today. No interest and no fee when you pay on time.',
  threeNote: 'No interest and no fee when you pay on time.',
  howToPay: 'How to pay',
  howToPayIntro:
    'Pay by bank transfer to our account by the due date. Scan the QR Platba code in your banking app, or enter the details by hand: the variable symbol tells us the payment is yours.',
  payWhenApproved:
    'Pay once the shop has confirmed your order. Keep these details (a screenshot will do): the account and the variable symbol are the same for every payment of this purchase.',
  instalment: (i, of) => `Instalment ${i} of ${of}`,
  thePayment: 'The payment',
  amount: 'Amount',
  dueDate: 'Due date',
  accountNumber: 'Account number',
  iban: 'IBAN',
  variableSymbol: 'Variable symbol',
  recipient: 'Recipient',
  message: 'Message for the recipient',
  qrLabel: (amount, date) => `QR Platba code: ${amount}, due ${date}`,
  qrHint: 'Scan with your banking app (QR Platba).',
  termsHeading: 'Terms of the financing',
  termsAgreeBefore: 'By confirming you agree to the ',
  termsLink: 'terms and conditions',
  termsAgreeAfter: ' of Partner Financing. In short:',
  termsPoints: [
    'Partner Financing pays the shop; you repay Partner Financing by the dates above.',
    'No interest and no fee when you pay on time. A late payment may incur a reminder fee.',
    'If you return goods, the shop tells us and you owe less: the instalments still to come get smaller, and anything you paid beyond what you still owe is sent back to you.',
    'We remind you before each due date.',
  ],
  confirm: 'Confirm purchase',
  agreeAndConfirm: 'Agree to the terms and confirm',
  cancel: 'Cancel and return to the shop',
  checking: 'Checking your purchase',
  checkingLead: (shop) => `This takes a few seconds. You will be taken back to ${shop} automatically.`,
  refresh: 'Refresh now',
  cancelledTitle: 'This purchase was cancelled',
  cancelledText: 'Nothing will be charged.',
  approvedTitle: 'Your purchase is approved',
  approvedLead: (shop) =>
    `We pay ${shop} for your order; you pay us as below. This page stays here for as long as the link works: come back to it whenever you need the payment details.`,
  backTo: (shop) => `Back to ${shop}`,
  expiredTitle: 'This link has expired',
  expiredText: 'Go back to the shop and start the payment again.',
  notFoundTitle: 'Payment link not found',
  notFoundText: 'The link is incomplete or no longer valid. Go back to the shop and start the payment again.',
  busyTitle: 'Please try again in a moment',
  busyText: 'The payment service is busy right now. Reload this page in a few seconds; nothing has been charged.',
  forgedTitle: 'Please try again',
  forgedText: 'We could not verify this request. Open the payment page again from the shop (cookies must be enabled).',
  termsTitle: 'Terms and conditions',
  termsSections: [
    [
      '1. The financing',
      'Partner Financing pays the shop for your purchase. You repay Partner Financing by bank transfer: either in one payment by the due date shown when you confirm (at least 30 days after the purchase), or in three equal instalments: today, in 30 and in 60 days.',
    ],
    ['2. Costs', 'No interest and no fee when you pay on time. A reminder fee may apply to late payments.'],
    [
      '3. Returns',
      'When you return goods, the shop refunds Partner Financing and what you owe is reduced. With three instalments, the ones still to come get smaller; what you paid beyond what you still owe is sent back to you.',
    ],
    ['4. Your data', 'The shop shares your order and contact details with Partner Financing to decide on and administer the financing.'],
  ],
};

const cs: Strings = {
  lang: 'cs',
  locale: 'cs-CZ',
  languageName: 'Čeština',
  switchLabel: 'Jazyk',
  brand: 'Partner Financing',
  secure: 'Zabezpečené připojení',
  skip: 'Přeskočit na obsah',
  footer: 'Financování tohoto nákupu poskytuje Partner Financing. S dotazy ke zboží se obracejte na obchod, s dotazy ke splátkám na Partner Financing.',
  payLater: 'Zaplaťte později',
  payInThree: 'Zaplaťte na třikrát',
  reviewTitle: (type) => `${type}: potvrzení nákupu`,
  reviewHeading: (type, shop) => `${type} za nákup v obchodě ${shop}`,
  orderChanged: 'Obchod tuto objednávku změnil poté, co jste stránku otevřeli.',
  orderChangedNext: 'Nic nebylo potvrzeno: zkontrolujte objednávku a splácení níže a potvrďte znovu.',
  lead: 'Zkontrolujte objednávku a splácení a potvrďte.',
  forCustomer: 'Pro',
  yourOrder: 'Vaše objednávka',
  orderCaption: (number, shop) => `Objednávka ${number} v obchodě ${shop}`,
  item: 'Položka',
  quantity: 'Počet',
  price: 'Cena',
  total: 'Celkem (vč. DPH)',
  repayment: 'Vaše splácení',
  repaymentInThree: 'Vaše splácení: tři splátky',
  payFullBy: 'Celou částku zaplaťte do',
  instalmentLabels: ['Dnes', 'Za 30 dní', 'Za 60 dní'],
  deferredNote: 'Dnes nic neplatíte. Při platbě včas žádné úroky ani poplatky.',
  threeNote: 'Při platbě včas žádné úroky ani poplatky.',
  howToPay: 'Jak zaplatit',
  howToPayIntro:
    'Zaplaťte převodem na náš účet do data splatnosti. Naskenujte QR Platbu ve své bankovní aplikaci, nebo údaje zadejte ručně: podle variabilního symbolu platbu poznáme.',
  payWhenApproved:
    'Plaťte, až vám obchod objednávku potvrdí. Údaje si uložte (stačí snímek obrazovky): účet a variabilní symbol jsou stejné pro všechny platby tohoto nákupu.',
  instalment: (i, of) => `${i}. splátka ze ${of}`,
  thePayment: 'Platba',
  amount: 'Částka',
  dueDate: 'Splatnost',
  accountNumber: 'Číslo účtu',
  iban: 'IBAN',
  variableSymbol: 'Variabilní symbol',
  recipient: 'Příjemce',
  message: 'Zpráva pro příjemce',
  qrLabel: (amount, date) => `QR Platba: ${amount}, splatnost ${date}`,
  qrHint: 'Naskenujte v bankovní aplikaci (QR Platba).',
  termsHeading: 'Podmínky financování',
  termsAgreeBefore: 'Potvrzením souhlasíte s ',
  termsLink: 'obchodními podmínkami',
  termsAgreeAfter: ' společnosti Partner Financing. Stručně:',
  termsPoints: [
    'Partner Financing zaplatí obchodu; vy splácíte společnosti Partner Financing v termínech uvedených výše.',
    'Při platbě včas žádné úroky ani poplatky. Za pozdní platbu může být účtován poplatek za upomínku.',
    'Když zboží vrátíte, obchod nám to oznámí a dlužíte méně: splátky, které vás teprve čekají, se sníží, a co jste zaplatili navíc, vám vrátíme.',
    'Před každou splatností vám pošleme připomínku.',
  ],
  confirm: 'Potvrdit nákup',
  agreeAndConfirm: 'Souhlasím s podmínkami a potvrzuji',
  cancel: 'Zrušit a vrátit se do obchodu',
  checking: 'Ověřujeme váš nákup',
  checkingLead: (shop) => `Trvá to několik sekund. Potom vás automaticky vrátíme do obchodu ${shop}.`,
  refresh: 'Obnovit',
  cancelledTitle: 'Nákup byl zrušen',
  cancelledText: 'Nic vám nebude účtováno.',
  approvedTitle: 'Váš nákup je schválen',
  approvedLead: (shop) =>
    `Obchodu ${shop} vaši objednávku zaplatíme my; vy zaplatíte nám, jak vidíte níže. Stránka tu zůstane, dokud odkaz platí: vraťte se na ni, kdykoli budete platební údaje potřebovat.`,
  backTo: (shop) => `Zpět do obchodu ${shop}`,
  expiredTitle: 'Platnost odkazu vypršela',
  expiredText: 'Vraťte se do obchodu a začněte platbu znovu.',
  notFoundTitle: 'Platební odkaz nebyl nalezen',
  notFoundText: 'Odkaz je neúplný nebo už neplatí. Vraťte se do obchodu a začněte platbu znovu.',
  busyTitle: 'Zkuste to prosím za chvíli',
  busyText: 'Platební služba je právě vytížená. Obnovte stránku za několik sekund; nic vám nebylo účtováno.',
  forgedTitle: 'Zkuste to prosím znovu',
  forgedText: 'Požadavek se nepodařilo ověřit. Otevřete platební stránku znovu z obchodu (musíte mít povolené cookies).',
  termsTitle: 'Obchodní podmínky',
  termsSections: [
    [
      '1. Financování',
      'Partner Financing zaplatí obchodu za váš nákup. Vy splácíte společnosti Partner Financing převodem: buď jednou platbou do data splatnosti, které uvidíte při potvrzení (nejméně 30 dní po nákupu), nebo ve třech stejných splátkách: dnes, za 30 a za 60 dní.',
    ],
    ['2. Náklady', 'Při platbě včas žádné úroky ani poplatky. Za pozdní platbu může být účtován poplatek za upomínku.'],
    [
      '3. Vrácení zboží',
      'Když zboží vrátíte, obchod vrátí peníze společnosti Partner Financing a vy dlužíte méně. U tří splátek se sníží ty, které vás teprve čekají; co jste zaplatili navíc, vám vrátíme.',
    ],
    ['4. Vaše údaje', 'Obchod předává společnosti Partner Financing vaši objednávku a kontaktní údaje, aby mohla o financování rozhodnout a spravovat ho.'],
  ],
};

export const STRINGS: Record<Lang, Strings> = { cs, en };

export function isLang(value: unknown): value is Lang {
  return value === 'cs' || value === 'en';
}

/**
 * The customer's language from Accept-Language (RFC 9110 weights): the first of Czech or
 * English by preference; Slovak reads Czech; neither named: English.
 */
export function langFromHeader(header: string | undefined): Lang {
  const ranges = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'cs' || primary === 'sk') return 'cs';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
