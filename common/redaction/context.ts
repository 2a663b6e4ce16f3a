// The words around a number that say what it is: read before it (the last few words) and after it (the
// next few dozen characters), for common/redaction/numbers.ts and common/redaction/expiries.ts. Each
// reads a bounded window of the text, so finding a kind costs the same wherever it is said.

/** How many words before a run its context is read from. */
const CONTEXT_WORDS = 8;

export const contextBefore = (text: string, at: number): string =>
  text
    .slice(Math.max(0, at - 80), at)
    .toLowerCase()
    // Letters of any language: "numéro", "teléfono" are phone words too.
    .split(/[^\p{L}\p{N}#']+/u)
    .filter(Boolean)
    .slice(-CONTEXT_WORDS)
    .join(' ');

export const SSN_CONTEXT = /\b(social security|socials?|ssns?|s s n|ss number|seguro social)\b/;
export const BANK_CONTEXT =
  /\b(account|acct|transit number|cuenta|(?<!\b[a-z] )a[ /]c(?! [a-z]\b)|routing|rtn|aba|dda|iban|sort code|bank|checking|savings|kontonummer|konto|conta|corrente|clabe|futsu|nuban|barclays|santander|hsbc|lloyds|natwest|halifax|monzo|starling|revolut|wells fargo|citibank|scotiabank|commerzbank|sparkasse|rabobank|abn amro|bnp paribas|bbva|bradesco|nubank|hdfc|icici|westpac|commbank)\b/;
/**
 * A bank's branch or institution code by its local name, short as they are: an Australian BSB (6), a
 * Canadian transit (5) and institution (3) number, a branch code, a German BLZ (8), a Brazilian agência (4),
 * a Mexican CLABE (18). Named just before it ("BSB is, uh, …", "bsb first", "the bsb for the refund is"), three
 * digits or more are the code.
 */
export const BRANCH_CODE =
  /\b(?:bsb|b s b|s c|rtn|transit|transit and institution|institution(?: number)?|branch code|branch number|blz|bankleitzahl|(?<!\b(?:temp|temporary|staffing|travel|insurance|employment|talent|recruiting|recruitment|advertising|ad|marketing|collection|collections|placement|rental|government|state|federal) )agency(?!'s)|ag[eê]ncia|clabe|clabe interbancaria|interbank(?: code)?|sort code|routing)(?:'s)?(?: (?:is|was|number|code|no|uh|um|it's|its|s|first|please|then|(?:for|on) (?:the|your|my|this|that) [a-z]+))*$/;
/** What a bank word names when something else follows it: "account reference", "the phone on the account". */
export const NOT_BANK =
  /\bnot (?:a|my|the) bank\b|\b(?:on|under|look at) account\b|\bbank (?:transfer|payment|holiday|statement|charges?|fees?)\b|\b(?:account|acct) (?:reference|ref|id|name|manager|holder)\b|\b(?:courier|customer|client|loyalty|shipping|trade|alarm|monitoring|gl|ledger|control|expense|revenue|utility|store|club|member|membership|supplier|wholesale|rewards|broadband|internet|phone|mobile|energy|electric|electricity|gas|water|council|hydro|municipal|power|rates|job|contractor|hoa|tenant|ticket|house|charge|vendor|dealer|freight|parts|builder|fleet|patient|guarantor|billing|subscription|distributor) (?:account|acct)\b|\b(?:account|acct)(?: number| no)? with (?:you|your company|you guys|us|them|(?:the|my|our|your) (?:old |new |current )?(?:carrier|provider|supplier|utility|network|wholesaler|distributor|vendor|dealer|dealership|yard|warehouse))\b|\b(?:phone|mobile|cell|(?<!\b(?:routing|aba|a b a|transit|sort code|bsb|iban|swift|bic|account|acct|checking|savings|bank) )number|email|line)(?: number)? (?:on|for|of|linked to|attached to) (?:the|my|your|this|that) (?:card )?(?:account|bank)\b|\b(?:passcode|pin|password|security word|nickname|tax id|ein|tin)(?: number)? (?:on|for) (?:the|my|your|this|that) account\b|\baccount(?: number)? (?:on|from) (?:the|my|your)(?: old| new| last| latest| current)?(?: \w+)? (?:bill|invoice|statement|letter)\b/;
/**
 * Said after an account's number to say it is not a bank's: "…, that's the customer account, not my bank", "… with the
 * wholesaler", "…, and your next bill date is the 9th" (the biller's account).
 */
export const NOT_BANK_AFTER =
  /^.{0,30}?\b(?:not (?:my|a|the) bank|customer account|account with you|your account|in (?:our|the) system|on our end|with (?:the|my|our|your) (?:wholesaler|distributor|vendor|supplier|dealer|dealership|yard|warehouse)|(?:your|the) (?:next )?bill(?:ing)? (?:date|cycle|due date))\b/;
/** A bank word said after the number: "274592496 for routing", "…, double eight for the sort code". */
export const BANK_AFTER =
  /^[^a-z]{0,4}(?:[\w']+ ){0,2}(routing|sort code|bsb|transit|account number|iban|(?:checking|savings)(?! (?:with|on|in|if|whether|that|to|for|back|out|into)\b))\b/;
/**
 * The names card networks give the code (CVV, CVC, CID, CSC, CVN, CAV, spelled "c v v"), what they stand
 * for ("card verification value", "security number", "verification"), how callers describe it ("the three
 * digit thing", "the four digit one", "three digits, 455" in answer to it), and where it is printed: on the back, on the signature strip, or
 * (an Amex's four digits) on the front, above the number; "the number on the front" alone is the card's own.
 */
export const CVV_CONTEXT =
  /\b(cvv2?|cvc2?|c v v|c v c|cid|c i d|csc|c s c|cvn|cav2?|(?<!social )security (?:code|number|digits)(?! for (?:the|your|my|our) (?!card))|verification|validation (?:code|value|number|digits)|card code|(?:code|digits|numbers?) (?:on|at) (?:the )?(?:back|reverse)|digit (?:thing|one|number|bit)|the back(?! (?:lot|row|door|office|room|yard|seat|seats|page|entrance|gate|porch|garden|wall|shelf|counter|desk|parking)\b)(?! of (?:the |my |your |this |that )?(?!card|it\b)[a-z]+)|cryptogram|digit code|back says|back of (?:the|my|your) card|signature (?:strip|panel|box|line)|(?:by|next to|beside|near|under) the signature|turn(?:s|ing|ed)? (?:it|the card) over|flip(?:s|ping|ped)? (?:it|the card) over|on the strip|(?:code|code's|digits) on the front|front of (?:the|my|your) amex|(?:four|4)(?: digits?| numbers?)? (?:on the |in )front|(?:four|4) (?:digits?|numbers?) front|front code|(?:digits?|numbers?|code) (?:above|over) (?:it|the (?:card |long |card's |main )?number)|(?:little|small|tiny|wee) (?:numbers?|digits?)|(?:^| )above the (?:card |long |card's |main )?number$|(?<!social )security(?: (?:is|was|uh|um))*$|(?<!(?:last|first|final|next) )(?:the )?(?:three|four|3|4) digits?$|(?<!(?:last|first|final|next) )(?:three|four|3|4)[ -](?:digits?|numbers?)(?: (?:security|code|one|thing|bit))?(?: (?:is|are|was|were|uh|um))*$)\b/;
/**
 * Words that name a card's expiry: "expires", "exp", "valid through", "good thru", "runs out", and the
 * date printed on the card ("the date on it says 10 / 27", "the date on the card").
 */
export const EXPIRY_CONTEXT =
  /\b((?<!\b(?:not|isn't) (?:the |an |a |its )?)expir\w*|exp|(?<=\b(?:it|card|it's|that) )ends(?! (?:in|with)\b)|(?:valid|good) (?:thru|through|until|till|to|upto|up to)|runs? out|ran out|runs? (?:through|thru|till|until)|date (?:printed |written )?on (?:it|the card|the front|my card|your card)|end date(?:'s)?|expires end|month and year|month (?:slash|and) year|vence|vencimiento|expira|caduca|v[aá]lida hasta)\b/;
export const NOT_A_PHONE =
  /\b(order|invoice|folio|ticket|tracking|reference|ref|confirmation|(?<!number )po(?= (?:number|no|is|#)|$)|quote|(?<!\bin (?:any )?)case(?! (?:it|they|you|i|we|he|she|the|that|this|of)\b)|serial|sku|part|model|item|claim|policy|id|waybill|awb|flyer|ean|upc|barcode|gtin|imei|vin|imo|batch|lot|mls|ndc|n d c|entry number|asset tag|tag number|contract number|pro(?= ?$)|voucher|coupon|stock|pro number|bol|bill of lading|loyalty|rewards|honors|points|(?:membership|member|patient|customer|client|student|employee|staff) (?:number|no|id)|gift card|abn|a b n|acn|ein|tfn|vat|gst|mprn|mpan|meter|sim number|iccid|arn|acquirer reference|loan (?:number|no|id)|(?:flight|travel|store) credit|credit note|(?:driver's|drivers|driver|driving) licen[cs]e|licen[cs]e (?:number|no|plate)|certificate|apostille|registration|permit|otp|passcode|one time code|activation|mtcn|summons|citation|docket|asn|journal entry|(?:return|shipping|mailing|prepaid) label|label (?:number|no|id)|pnr|siret|siren|partita iva|iva|nip|medicare|consumer number|aadhaar|aadhar|nric|tax (?:file |identification )?(?:number|id|no)|national insurance|ni number|pps|ird|bsn|pesel|codice fiscale|steuer id|steuernummer|(?:gas|electric|electricity|water|hydro|power|energy|utility|municipal|council|broadband|internet) account|p[oó]liza|orden|pedido|reclamo|factura|rastreo|confirmaci[oó]n|n[uú]mero de (?:caso|cliente|miembro|socio))\b/;
/**
 * What else has a date it runs out on: "the quote is valid until 08/26", "the offer expires 12/25", "warranty
 * valid through 09/2028", "rate lock expires 09/30". Named near a month and year with no card spoken of, the date is that thing's.
 */
/** "the expiry and CVV for that? zero nine slash twenty seven, and …": both asked for, the date comes first. */
export const EXPIRY_AND_CODE =
  /\b(?:expiry|expiration|exp)(?: date)? and (?:the )?(?:(?:3|4|three|four)[- ]digit )?(?:cvv|cvc|cid|c v v|c v c|c i d|code|security code)\b/;
export const NOT_A_CARD_DATE =
  /\b(quote|offer|warranty|guarantee|maintenance|samples?|voucher|coupon|promo(?:tion)?|discount|deal|trial|subscription|contract|licen[cs]e|membership|passport|medicines?|medications?|insulin|prescriptions?|vaccines?|pills|tablets|food|milk|loan|mortgage|rate lock|lease|bid|proposal|estimate|permit|certificate|listing|pricing|batch|box|bottle|package|carton|label|lot|resin|carnet|tag|inspection|plate|registration|rego|amorti[sz]ation|licen[cs]e key|authori[sz]ation)\b/;

export const contextAfter = (text: string, at: number): string => text.slice(at, at + 40).toLowerCase();

/**
 * A number named a phone's right after it ("339.274.6980 as the callback number", "…, that's the one to call"),
 * whatever came before.
 */
export const PHONE_NAMED_AFTER =
  /^[^a-z]{0,4}(?:(?:[\w']+ ){0,3}(?:callback|call back|phone|cell|mobile|contact|telephone|direct|home|work|best) (?:number|line)|(?:[\w']+ ){0,2}the (?:one|number|line) to (?:call|ring|dial|text))\b/;

/** Context named after a number ("…, that's my social"; "334, the code on the back"). */
export const SSN_AFTER = /^[^a-z]{0,4}(?:[\w']+ ){0,3}(social|ssn|social security|ss)\b/;
export const CVV_AFTER =
  /^[^a-z]{0,4}(?:[\w']+ ){0,4}(cvv2?|cvc2?|(?<!social )security (?:code|number)|(?:verification|validation) (?:code|value|number)|code on the back|on the back|signature (?:strip|panel))\b/;
/** A phone's name said after a number to say it is not one: "… not a phone number". */
export const NOT_NAMED_AFTER = /^[^a-z]{0,4}(?:[\w']+ ){0,2}(?:not|isn't|is not|never)\b/;
/** A card's code named right after a month and a year said whole: "oh seven twenty eight, the code is 344". */
export const CODE_NEXT = /^[^a-z]{0,4}(?:(?:and|then|plus)\s+)?(?:the\s+)?(?:cvv2?|cvc2?|security code|code)\b/;
export const EXPIRY_AFTER = /^[^a-z]{0,4}(?:[\w']+,? ){0,5}(expir\w*|exp date)\b/;

/**
 * Context after a number names it unless it introduces another ("2028, and the security code is 987",
 * "oh nine thirty one, cvv 274": a name followed by a number is that number's); "…, that's the routing number."
 * names the one before it.
 */
export function namesThis(pattern: RegExp, after: string): boolean {
  const m = pattern.exec(after);
  return (
    m !== null &&
    !/^\s*(?:(?:number|digits)\b[\s,:]*(?=is\b|was\b|=|\d|(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b))?(?:is|was|are|es|son|:|=|\d|(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b)/.test(
      after.slice(m.index + m[0].length),
    )
  );
}

/**
 * "the code is 274", "the code's 2 7 4": a bare "code" just before three or four digits is the card's code (a
 * caller giving card details says "code" for it) when nothing names what code it is: only a determiner
 * stands before "code" ("the", "my", "that"; "the little code", "the amex code"), not "zip", "area", "promo",
 * "meeting", …, and nothing but
 * "is" and the code's length comes between ("the code review is PR 318" is not one).
 */
const BARE_CODE =
  /(?:^|(?:^| )(?:the|my|its|that|this|your|his|her|their|and|so|uh|um|el|y|mi|su|\d+|oh|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty) )(?:(?:little|small|tiny|back|card|card's|amex|visa|mastercard|discover) )?(?:code(?:'s)?|c[oó]digo(?: del frente| de atr[aá]s| de seguridad)?)(?: behind| (?:at|on)(?: the)? back| (?:you|i) (?:gave(?: me| you)?|said|read(?: out)?))?(?: (?:is|was|it's|uh|um|the|three|four|digits?|es|eh))*$/;
/**
 * Things with codes of their own: "a lock with the code 337" names the lock's code, unless a card is named too; a
 * code sent to the caller ("the code the app sent me") is a one-time code.
 */
export const OTHER_CODES =
  /\b(?:lock|padlock|locker|door|gate|garage|keypad|alarm|safe|suitcase|combination|wifi|wi fi|building|entry|access|lockbox|key box|mailbox|sent|texted|emailed|sms|otp|cabinet|dock|delivery note|server|rack|shutter|vault|cage)\b/;
export const cvvCode = (context: string): boolean =>
  BARE_CODE.test(context) && (!OTHER_CODES.test(context) || CARD_CONTEXT.test(context));

/** Where the last match of `pattern` in a context (a few words) starts, or -1. */
export function lastMatchAt(pattern: RegExp, context: string): number {
  let at = -1;
  for (const m of context.matchAll(pattern)) at = m.index;
  return at;
}
export const CVV_WORDS = new RegExp(CVV_CONTEXT.source, 'g');
export const EXPIRY_WORDS = new RegExp(EXPIRY_CONTEXT.source, 'g');

/**
 * "the last four of my social", "ssn ends in 8814", "the account ends in 7720": the part of an SSN or an account
 * people are asked for is still the SSN or the account. Read in the few words before, which may have lost the
 * "last" of "last four digits of my social security" or "the last four of the checking account".
 */
export const SSN_LAST_FOUR =
  /\blast (?:four|4)\b|[uú]ltimos cuatro|\btermina en\b|\b(?:ends|ended|ending|finishes|finishing) (?:in|with)\b|\b(?:ends|ending)$|^(?:four|4)(?: digits)? of\b/;

export const CARD_CONTEXT =
  /\b(pay (?:with|by|on)|charge (?:it )?(?:to|on)|(?:please|just|go ahead and|you can|can you|and) charge|put it on|(?<!(?:sim|gift|id|business|key|memory|sd|report|score|library|loyalty|rewards|health|insurance|membership|access|greeting|post|index|flash|graphics|sound|network) )card|(?<!(?:tourist|student|work|travel|transit|schengen|business|entry|spouse) )visa(?! (?:fee|application|appointment|interview|processing|stamp|office|type|status|sponsorship|extension|renewal|category|officer)s?\b)|master ?card|amex|american express|discover|(?<!(?:flight|travel|store|tax) )credit(?! note)|debit|long number|on the front|jcb|diners|maestro|unionpay)\b/;
export const PHONE_CONTEXT =
  /\b(phone|number|call|calls|calling|reach|reached|cell|cellphone|handphone|mobile|line|text|texts|contact|dial|extension|ext|landline|fax|whatsapp|ring|telephone|tel|callback|hit me back|hit me up|give (?:me|us|him|her|them) a (?:bell|buzz|shout|tinkle)|digits|area code|toll free|toll-free|freephone)\b/;
/**
 * Phone words of the languages callers switch to when they give their own number (French, German, Dutch,
 * Spanish, Italian, Portuguese): "mon numéro est …", "meine Nummer ist …", "mi número es …".
 */
export const PHONE_WORDS_ABROAD =
  /(?:^| )(numéro|numero|número|nummer|telefon|telefoon|téléphone|telefone|telefono|teléfono|portable|handy|móvil|movil|celular|cellulare|ruf|anrufen|appelle|appelez|llama|llámame|chiama|liga)(?= |$)/;

/** The words said within a few dozen characters before and after [start, end), lower-cased. */
export const contextAround = (text: string, start: number, end: number): string =>
  `${text.slice(Math.max(0, start - 60), start)} ${text.slice(end, end + 40)}`.toLowerCase();

/** The last of the sorted `ends` at or before `at`, or -Infinity. */
export function lastEndBefore(ends: number[], at: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? ends[lo - 1] : -Infinity;
}

/** Any of `patterns`, global: for lastMatchAt. */
export const anyOf = (...patterns: RegExp[]): RegExp => new RegExp(patterns.map((p) => p.source).join('|'), 'g');
/**
 * Any of `patterns`, for `test`: not global, so it keeps no `lastIndex` between texts (a global one's `test` starts
 * where its last match in another text ended, and a text would be redacted differently after another).
 */
export const someOf = (...patterns: RegExp[]): RegExp => new RegExp(patterns.map((p) => p.source).join('|'));
/** A phone word, "number" aside ("social security number", "card number"). */
export const PHONE_WORD = new RegExp(
  // "her number was …", "your best number": a person's number is their phone's; "the order number" is not.
  PHONE_CONTEXT.source.replace('|number|', '|(?<=\\b(?:my|her|his|their|your|best) )number|'),
);

/** How far back the sentence before a bare run is read: wider than the run's own eight words. */
const SENTENCE_BACK = 120;

/**
 * The sentence before `at` (lower-cased), where in it the last of the words `named` starts and ends, and where the
 * last of the words `others` starts (both global; -1 for none): a kind named there and nothing else since names a
 * bare run after it.
 */
export function namedInSentenceBefore(
  text: string,
  at: number,
  named: RegExp,
  others: RegExp,
): { sentence: string; named: number; namedEnd: number; other: number } {
  const sentence = text.slice(Math.max(0, at - SENTENCE_BACK), at).toLowerCase();
  let last: RegExpMatchArray | null = null;
  for (const m of sentence.matchAll(named)) last = m;
  const start = last?.index ?? -1;
  return {
    sentence,
    named: start,
    namedEnd: last ? start + last[0].length : -1,
    other: lastMatchAt(others, sentence),
  };
}
