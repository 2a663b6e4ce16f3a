import type { AnalysisLanguage } from '../../common/recordingAnalysis';

// What makes an unpunctuated sentence a question, per analysis language. Speech-to-text models and
// meeting tools often drop the question mark; a sentence without terminal punctuation is then a
// question when it opens like one: an interrogative ("how many…", "¿qué…", "combien…") or an
// auxiliary-led inversion ("could we…", "do you…", "avez-vous…"). Lists are lower case.

export interface QuestionCues {
  /** Interrogatives that open a question, one or two words ("por qué", "o que"). */
  interrogatives: string[];
  /**
   * An interrogative directly followed by one of these opens a statement, not a question
   * ("what we do is…", "when you get a chance…", "como eu disse…").
   */
  statementSubjects: string[];
  /** Auxiliaries and modals that open a yes/no question when a subject follows ("could we", "do you"). */
  auxiliaries: string[];
  /** The subjects that make an auxiliary an inversion. */
  subjects: string[];
  /** Whole openers that are questions on their own ("est-ce que", "será que", "¿"). */
  openers: string[];
  /** Words a spoken sentence often starts with before the question proper ("so", "and", "bueno"). */
  leadIns: string[];
  /** A word form that is itself an inversion (French "avez-vous", "c'est-tu"). */
  inversion?: RegExp;
  /** Listener checks that make an unpunctuated sentence ending in them a question ("…works for you", "…ça vous va"). */
  tails: string[];
}

export const QUESTION_CUES: Record<AnalysisLanguage, QuestionCues> = {
  en: {
    interrogatives: [
      'what',
      "what's",
      'whats',
      'how',
      "how's",
      'why',
      'when',
      'where',
      "where's",
      'who',
      "who's",
      'whom',
      'whose',
      'which',
    ],
    statementSubjects: ['i', 'you', 'we', 'they', 'he', 'she', "i'm", "you're", "we're", "they're", 'i’m'],
    auxiliaries: [
      'do',
      'does',
      'did',
      'is',
      'are',
      'was',
      'were',
      'am',
      'can',
      'could',
      'would',
      'will',
      'should',
      'shall',
      'may',
      'might',
      'have',
      'has',
      'had',
      "don't",
      "doesn't",
      "didn't",
      "isn't",
      "aren't",
      "wasn't",
      "can't",
      "couldn't",
      "wouldn't",
      "won't",
      "shouldn't",
      "haven't",
      "hasn't",
    ],
    subjects: [
      'i',
      'you',
      'we',
      'they',
      'he',
      'she',
      'it',
      'there',
      'this',
      'that',
      'these',
      'those',
      'your',
      'our',
      'their',
      'his',
      'her',
      'its',
      'the',
      'anyone',
      'anybody',
      'someone',
      'everyone',
      'everything',
      'any',
    ],
    openers: ['how about', 'what about', 'any questions', 'anything else', 'make sense', 'sound good'],
    leadIns: [
      'so',
      'and',
      'but',
      'okay',
      'ok',
      'well',
      'um',
      'uh',
      'alright',
      'now',
      'then',
      'great',
      'also',
      'oh',
      'sure',
      'yeah',
      'yes',
      'no',
    ],
    tails: [
      'does that work',
      'does that work for you',
      'works for you',
      'work for you',
      'sound good',
      'make sense',
      'is that okay',
      'is that ok',
    ],
  },
  es: {
    interrogatives: [
      'qué',
      'cómo',
      'cuándo',
      'dónde',
      'adónde',
      'quién',
      'quiénes',
      'cuál',
      'cuáles',
      'cuánto',
      'cuánta',
      'cuántos',
      'cuántas',
      'por qué',
      'para qué',
    ],
    statementSubjects: [],
    auxiliaries: [],
    subjects: [],
    // "podríamos…" proposes as "could we…" does.
    openers: [
      '¿',
      'podríamos',
      'le parece',
      'te parece',
      'les parece',
      'le gustaría',
      'te gustaría',
      'le interesa',
      'te interesa',
      'tiene un momento',
      'tienes un momento',
      'tiene un minuto',
      'tienes un minuto',
      'sabe usted',
      'usted tiene',
      'usted podría',
    ],
    leadIns: [
      'y',
      'pero',
      'bueno',
      'entonces',
      'vale',
      'pues',
      'eh',
      'oye',
      'oiga',
      'mire',
      'mira',
      'perfecto',
      'y entonces',
      'claro',
      'ok',
      'okey',
      'sí',
      'no',
    ],
    tails: [
      'le va bien',
      'te va bien',
      'le viene bien',
      'te viene bien',
      'le parece',
      'te parece',
      'le parece bien',
      'te parece bien',
      'verdad',
    ],
  },
  'fr-CA': {
    interrogatives: [
      'quel',
      'quelle',
      'quels',
      'quelles',
      'comment',
      'pourquoi',
      'quand',
      'où',
      'combien',
      'qui',
      'lequel',
      'laquelle',
      "qu'est-ce",
      'que',
    ],
    // Spoken French asks "comment vous faites…", so vous, tu and on do not make a statement.
    statementSubjects: ['je', "j'", 'il', 'elle', 'nous', 'ils', 'elles'],
    auxiliaries: [],
    subjects: [],
    openers: [
      'est-ce que',
      "est-ce qu'",
      'est-ce',
      "qu'est-ce que",
      "qu'est-ce qui",
      'ça vous dit',
      'ça te dit',
      'ça vous va',
      'ça te va',
    ],
    leadIns: ['et', 'mais', 'alors', 'donc', 'bon', 'ok', 'okay', 'euh', 'pis', 'parfait', 'oui', 'non', 'ben'],
    tails: ['ça vous va', 'ça te va', 'ça vous convient', 'ça te convient', 'ça vous dit', 'ça te dit'],
    inversion: /^[\p{L}']+-(?:vous|tu|t-il|t-elle|t-on|il|elle|on|nous|ils|elles|je)$/u,
  },
  'pt-BR': {
    interrogatives: [
      'o que',
      'que',
      'qual',
      'quais',
      'quando',
      'onde',
      'aonde',
      'quem',
      'como',
      'por que',
      'quanto',
      'quanta',
      'quantos',
      'quantas',
      'cadê',
    ],
    statementSubjects: ['eu', 'a gente', 'nós', 'ele', 'ela', 'eles', 'elas'],
    auxiliaries: [],
    subjects: [],
    openers: [
      'posso',
      'podemos',
      'poderia',
      'poderíamos',
      'será que',
      'você pode',
      'você poderia',
      'você tem',
      'você já',
      'você usa',
      'você gostaria',
      'vocês têm',
      'vocês usam',
      'vocês já',
      'tudo bem',
      'faz sentido',
      'tem um minuto',
      'tem um minutinho',
      'tem interesse',
    ],
    leadIns: ['e', 'mas', 'então', 'bom', 'tá', 'ok', 'olha', 'certo', 'beleza', 'perfeito', 'sim', 'não', 'ah'],
    tails: [
      'funciona pra você',
      'funciona para você',
      'funciona pra vocês',
      'funciona para vocês',
      'fica bom pra você',
      'fica bom para você',
      'pode ser pra você',
      'faz sentido pra você',
      'faz sentido pra vocês',
    ],
  },
  cs: {
    interrogatives: [
      'co',
      'jak',
      'kdy',
      'kde',
      'kdo',
      'proč',
      'kolik',
      'který',
      'která',
      'které',
      'kterou',
      'jaký',
      'jaká',
      'jaké',
      'jakou',
      'čím',
      'komu',
      'kam',
      'odkud',
      'kolika',
    ],
    statementSubjects: ['já', 'my', 'to', 'jsem', 'jsme'],
    auxiliaries: [],
    subjects: [],
    // Czech asks yes/no by intonation; a sentence opening with a formal second-person verb is asking.
    openers: [
      'máte',
      'nemáte',
      'můžete',
      'mohli bychom',
      'mohl byste',
      'mohla byste',
      'chcete',
      'nechcete',
      'jste',
      'budete',
      'potřebujete',
      'víte',
      'používáte',
      'znáte',
      'platíte',
      'řešíte',
      'hodilo by se',
      'vyhovovalo by',
      'šlo by',
      'dává to smysl',
      'zajímalo by vás',
      'můžu vám',
      'mohu vám',
      'můžu ti',
    ],
    leadIns: ['a', 'ale', 'tak', 'takže', 'no', 'dobře', 'jasně', 'aha', 'hm', 'ano', 'ne', 'a jak'],
    tails: ['vyhovuje vám to', 'hodí se vám to', 'že ano', 'je to tak'],
  },
};

/** Alternatives of a regular expression: the words of `list` that are plain words (no apostrophe). */
const plain = (list: string[]): string => list.filter((word) => !/['’]/.test(word)).join('|');

/** The English clauses, from the English cues above (one list of each kind of word). */
function englishClauses({ interrogatives, auxiliaries, subjects }: QuestionCues): RegExp {
  const contracted = interrogatives.filter((word) => word.endsWith("'s")).join('|');
  return new RegExp(
    [
      // how has the team…, what do you…, how many trucks do you…
      `(?:${plain(interrogatives)})(?:\\s+(?:many|much|long|often|soon|big|kind\\s+of|\\p{L}+))?\\s+(?:${plain(auxiliaries)})\\s+(?:${plain(subjects)})`,
      // what's the…, how's your…
      `(?:${contracted})\\s+(?:${plain(subjects)})`,
      '(?:what|how)\\s+about',
      // is legal okay…, are your people ready…: a predicate-adjective question, the subject between verb and adjective
      '(?:is|are)\\s+(?!(?:not|very|really|also|still|just|so|too|quite|pretty|all|totally|always|never|already|more|less|a|an)\\b)\\p{L}+(?:\\s+\\p{L}+)?\\s+(?:okay|ok|fine|good|happy|ready|available|free|open|comfortable|interested|on\\s+board)',
      // could we…, do you… (not "you know")
      `(?:${plain(auxiliaries)})\\s+(?:you|we)(?!\\s+know)`,
    ]
      .map((p) => `(?:${p})`)
      .join('|')
      .replace(/^/, "(?<![\\p{L}'])(?:")
      .concat(")(?![\\p{L}'])"),
    'giu',
  );
}

/**
 * A question starting inside an unpunctuated sentence ("we cut routing costs how do you plan your
 * routes today"): only the unmistakable shapes, an interrogative followed by an auxiliary and a
 * subject, or an inversion. Languages without such a shape have none.
 */
export const QUESTION_CLAUSES: Partial<Record<AnalysisLanguage, RegExp>> = {
  en: englishClauses(QUESTION_CUES.en),
  es: /(?<![\p{L}])(?:qué|cómo|cuándo|dónde|cuál|cuáles|cuánto|cuánta|cuántos|cuántas|por qué|le parece|te parece|les parece|le gustaría|te gustaría|podríamos)(?![\p{L}])/giu,
  'fr-CA':
    /(?<![\p{L}'])(?:est-ce qu|qu'est-ce|combien|pourquoi|(?<!importe )(?:quel|quelle|quels|quelles)|[\p{L}']+-(?:vous|tu|t-il|t-elle|t-on|nous|ils|elles)(?![\p{L}]))/giu,
  // "posso…" asks ("can I…") unless someone says "eu posso" (I can).
  'pt-BR':
    /(?<![\p{L}])(?:será que|(?:quando|como|onde) seria|quantos|quantas|quanto|qual|quais|como (?:vocês?|a senhora|o senhor)|tudo bem|(?<!eu )posso|podemos)(?![\p{L}])/giu,
  // kdy/kolik/proč ask; a polite offer "můžu vám…" asks too.
  cs: /(?<![\p{L}])(?:kdy|kolik|proč|kde|jaký|jakou|jaké|jaká|(?:můžu|mohu|můžeme|mohl bych|mohla bych) (?:vám|vás|ti|tě))(?![\p{L}])/giu,
};
