import type { AnalysisLanguage } from '../../common/recordingAnalysis';

// How a name shows in a call, per analysis language. NAME is one or two words (a first name,
// optionally a surname); the first capture group is the name. Patterns match case-insensitively;
// the caller keeps a capture only when its words are capitalised as names are (see nameFrom).

const NAME = "([\\p{L}'’-]+(?: [\\p{L}'’-]+)?)";
const re = (source: string): RegExp => new RegExp(source.replace('NAME', NAME), 'iu');

/** How a customer introduces themself: "this is Priya", "I'm Priya", "my name is Priya". */
export const SELF_INTRODUCTIONS: Record<AnalysisLanguage, RegExp[]> = {
  en: [
    re("\\bmy name(?: is|'s|’s) NAME"),
    re("\\b(?:this is|it's|it’s|it is) NAME"),
    re("\\b(?:i'm|i’m|i am) NAME"),
    re('^(?:(?:hi|hello|hey|yes|yeah|yep),? )?NAME (?:speaking|here)\\b'),
  ],
  es: [re('\\bme llamo NAME'), re('\\bmi nombre es NAME'), re('\\b(?:habla|soy|le habla|te habla) NAME')],
  'fr-CA': [re("\\bje m(?:'|’)appelle NAME"), re('\\bmon nom est NAME'), re("\\b(?:c'est|c’est|ici|moi c'est|moi c’est) NAME"), re('\\bje suis NAME')],
  'pt-BR': [re('\\bmeu nome é NAME'), re('\\bme chamo NAME'), re('\\b(?:aqui é|aqui quem fala é|quem fala é|eu sou|sou) (?:a |o )?NAME')],
  cs: [re('\\bjmenuji se NAME'), re('\\bmé jméno je NAME'), re('\\bu telefonu (?:je )?NAME'), re('\\b(?:tady|tu) (?:je )?NAME'), re('\\bjsem NAME')],
};

/** How a rep addresses the customer at the start of the call: "Hi Jordan", "Good morning, Priya". */
export const REP_GREETINGS: Record<AnalysisLanguage, RegExp[]> = {
  en: [
    re('^(?:hi|hello|hey|good morning|good afternoon|good evening|morning|afternoon)(?: there)?,? NAME'),
    re('\\b(?:am i speaking (?:with|to)|is this|are you|speaking with|talking to|i\'m looking for|may i speak (?:with|to)|can i speak (?:with|to)) NAME'),
  ],
  es: [re('^(?:hola|buenos días|buenas tardes|buenas noches|buenas|buen día),? (?:señora? |don |doña )?NAME'), re('\\b(?:hablo con|es usted|eres) NAME')],
  'fr-CA': [re('^(?:bonjour|bonsoir|allô|allo|salut|bon matin),? (?:madame |monsieur )?NAME'), re('\\b(?:je parle à|je parle avec|c\'est bien|vous êtes) NAME')],
  'pt-BR': [re('^(?:oi|olá|ola|bom dia|boa tarde|boa noite|e aí),? (?:senhora? |dona |seu )?NAME'), re('\\b(?:falo com|estou falando com)(?: (?:a|o))? NAME')],
  cs: [re('^(?:dobrý den|dobré ráno|dobrý večer|ahoj|zdravím),? (?:pane |paní )?NAME'), re('\\b(?:mluvím s|hovořím s|jste) (?:panem |paní )?NAME')],
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
  return /^(?:customer|client|clienta|cliente|klient|klientka|zákazník|zákaznice|prospect|lead|buyer|caller|callee|guest|invité|invitée|convidado|convidada|host|speaker|locuteur|locutor|orador|hablante|mluvčí|participant|participante|attendee|user|unknown|inconnu|desconocido|desconhecido|neznámý|rep|agent|seller|vendedor|vendedora|vendeur|prodejce|interviewer|interviewee|me|them|other|left|right|channel|person|voice|voz|voix|hlas)(?:[\s_#-]*(?:\d+|[a-z]))?$/u.test(l);
}
