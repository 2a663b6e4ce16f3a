import type { AnalysisLanguage } from '../../common/recordingAnalysis';

// How a name shows in a call, per analysis language. NAME is one or two words (a first name,
// optionally a surname); the first capture group is the name. Patterns match case-insensitively;
// the caller keeps a capture only when its words are capitalised as names are (see nameFrom).

const NAME = "([\\p{L}'’-]+(?: [\\p{L}'’-]+)?)";

/** Articles and titles that may stand before a name ("la doctora Paula Ortiz", "madame Lavoie", "Mr. Lee"). */
const TITLES: Record<AnalysisLanguage, string> = {
  en: '(?:(?:mr|mrs|ms|miss|dr)\\.? )?',
  es: '(?:(?:el|la) )?(?:(?:señora?|señorita|doctora?|dra?\\.|don|doña|licenciada?|ingeniera?) )?',
  'fr-CA': '(?:(?:madame|monsieur|mademoiselle|docteure?|maître|mme|m\\.) )?',
  'pt-BR': '(?:(?:a|o) )?(?:(?:senhora?|dona|seu|doutora?|dra?\\.) )?',
  cs: '(?:(?:pane|panem|pana|panu|paní|pan|slečno|slečna|doktore|paní doktorko) )?',
};
const NAMES = Object.fromEntries(Object.entries(TITLES).map(([l, t]) => [l, t + NAME])) as Record<
  AnalysisLanguage,
  string
>;
const patterns = (language: AnalysisLanguage, sources: string[]): RegExp[] =>
  sources.map((s) => new RegExp(s.replace('NAME', NAMES[language]), 'iu'));

/** How a customer introduces themself: "this is Priya", "I'm Priya", "my name is Priya". */
export const SELF_INTRODUCTIONS: Record<AnalysisLanguage, RegExp[]> = {
  en: patterns('en', [
    "\\bmy name(?: is|'s|’s) NAME",
    "\\b(?:this is|it's|it’s|it is) NAME",
    "\\b(?:i'm|i’m|i am) NAME",
    '^(?:(?:hi|hello|hey|yes|yeah|yep),? )?NAME (?:speaking|here)\\b',
  ]),
  es: patterns('es', ['\\bme llamo NAME', '\\bmi nombre es NAME', '\\b(?:habla|soy|le habla|te habla) NAME']),
  'fr-CA': patterns('fr-CA', [
    "\\bje m(?:'|’)appelle NAME",
    '\\bmon nom est NAME',
    "\\b(?:c'est|c’est|ici|moi c'est|moi c’est) NAME",
    '\\bje suis NAME',
  ]),
  'pt-BR': patterns('pt-BR', [
    '\\bmeu nome é NAME',
    '\\bme chamo NAME',
    '\\b(?:aqui é|aqui quem fala é|quem fala é|eu sou|sou) NAME',
  ]),
  cs: patterns('cs', [
    '\\bjmenuji se NAME',
    '\\bmé jméno je NAME',
    '\\bu telefonu (?:je )?NAME',
    '\\b(?:tady|tu) (?:je )?NAME',
    '\\bjsem NAME',
  ]),
};

/** How a rep addresses the customer at the start of the call: "Hi Jordan", "Good morning, Priya". */
export const REP_GREETINGS: Record<AnalysisLanguage, RegExp[]> = {
  en: patterns('en', [
    '^(?:hi|hello|hey|good morning|good afternoon|good evening|morning|afternoon)(?: there)?,? NAME',
    "\\b(?:am i speaking (?:with|to)|is this|are you|speaking with|talking to|i'm looking for|may i speak (?:with|to)|can i speak (?:with|to)) NAME",
  ]),
  es: patterns('es', [
    '^(?:hola|buenos días|buenas tardes|buenas noches|buenas|buen día),? NAME',
    '\\b(?:hablo con|es usted|eres) NAME',
  ]),
  'fr-CA': patterns('fr-CA', [
    '^(?:bonjour|bonsoir|allô|allo|salut|bon matin),? NAME',
    "\\b(?:je parle à|je parle avec|c'est bien|vous êtes) NAME",
  ]),
  'pt-BR': patterns('pt-BR', [
    '^(?:oi|olá|ola|bom dia|boa tarde|boa noite|e aí),? NAME',
    '\\b(?:falo com|estou falando com) NAME',
  ]),
  cs: patterns('cs', [
    '^(?:dobrý den|dobré ráno|dobrý večer|ahoj|zdravím),? NAME',
    '\\b(?:mluvím s|hovořím s|jste) NAME',
  ]),
};

/**
 * Words that are not names though capitalised after "I'm", "this is" or a greeting: states, days,
 * polite words, companies' generic parts. Compared in lower case.
 */
export const NOT_NAMES = new Set(
  (
    'fine good great ok okay sorry sure not just busy afraid interested glad happy here there calling everyone everybody all team guys folks ' +
    'sir madam monday tuesday wednesday thursday friday saturday sunday the a an it this that me yes no well thanks thank ' +
    'bien todos todas usted señor señora bueno sí claro gracias ' +
    'oui non merci monsieur madame tout tous ça bien ' +
    'sim não obrigado obrigada tudo todos senhor senhora bem ' +
    'ano ne děkuji dobře pane paní vás všichni'
  ).split(' '),
);

/**
 * Speaker labels that stand for a role, not a person: "Customer", "Speaker 2", "Guest", "SPEAKER_01",
 * a provider's "A" or "0", a channel's "left". Such a label never becomes the customer's name.
 */
export function isPlaceholderSpeaker(label: string): boolean {
  const l = label.trim().toLowerCase();
  if (!/\p{L}{2}/u.test(l)) return true;
  return /^(?:customer|client|clienta|cliente|klient|klientka|zákazník|zákaznice|prospect|lead|buyer|caller|callee|guest|invité|invitée|convidado|convidada|host|speaker|locuteur|locutor|orador|hablante|mluvčí|participant|participante|interlocuteur|interlocutrice|interlocutor|interlocutora|falante|locutora|atendente|operador|operadora|operátor|operátorka|attendee|user|unknown|inconnu|desconocido|desconhecido|neznámý|rep|agent|seller|vendedor|vendedora|vendeur|prodejce|interviewer|interviewee|me|them|other|left|right|channel|person|voice|voz|voix|hlas)(?:[\s_#-]*(?:\d+|[a-z]))?$/u.test(
    l,
  );
}

/** Titles a rep puts before the customer's surname: "Mr. Lee", "señora Gómez", "pane Dvořáku". */
export const HONORIFICS: Record<AnalysisLanguage, string[]> = {
  en: ['mr', 'mrs', 'ms', 'miss', 'dr'],
  es: ['señor', 'señora', 'señorita', 'sr', 'sra', 'srta', 'don', 'doña'],
  'fr-CA': ['monsieur', 'madame', 'mademoiselle', 'mme', 'm'],
  'pt-BR': ['senhor', 'senhora', 'sr', 'sra', 'dona', 'seu'],
  cs: ['pan', 'pane', 'pana', 'panu', 'panem', 'paní', 'slečno', 'slečna', 'slečnu'],
};

/**
 * Czech surnames decline after the title ("pane Dvořáku", "s panem Horákem", "paní Malou"): they are
 * matched by stem, and a masculine one is given back in the nominative ("Horákem" → "Horák").
 */
export const DECLINES_SURNAMES: Partial<Record<AnalysisLanguage, true>> = { cs: true };

export function surnameStem(surname: string): string {
  return surname.slice(0, Math.max(3, surname.length - 2));
}

/** "Dvořáku", "Horákem", "Nováka", "Novákovi" → the nominative, after a masculine title (pane, panem, pana, panu). */
export function czechNominative(surname: string): string {
  const stripped = surname.replace(/(?:em|ovi|u|a)$/u, '');
  return stripped !== surname && /[^aeiouyáéěíóúůý]$/iu.test(stripped) && stripped.length >= 3 ? stripped : surname;
}
