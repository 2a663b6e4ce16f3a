import { ANALYSIS_LANGUAGES, type AnalysisLanguage } from '../../common/recordingAnalysis';

// Per-language word lists of the built-in analyzer. Filler lists keep to words that are fillers in
// nearly every use (English "like" and Spanish "este" are left out: too often meant literally).

export const FILLER_WORDS: Record<AnalysisLanguage, string[]> = {
  en: [
    'um',
    'umm',
    'uh',
    'uhh',
    'uhm',
    'erm',
    'er',
    'ah',
    'hmm',
    'you know',
    'i mean',
    'basically',
    'literally',
    'kind of',
    'sort of',
  ],
  es: ['eh', 'em', 'ehm', 'mmm', 'pues', 'o sea', 'bueno', 'digamos', 'en plan', 'sabes'],
  'fr-CA': ['euh', 'heu', 'ben', 'bah', 'genre', 'tsé', "t'sais", 'fait que', 'faque', 'tu sais', 'en fait'],
  'pt-BR': ['ahn', 'hum', 'eh', 'né', 'tipo assim', 'tipo', 'sabe', 'meio que', 'então tipo'],
  cs: ['ehm', 'hmm', 'eee', 'jako', 'jakoby', 'prostě', 'vlastně', 'v podstatě', 'takže jako'],
};

const PROVIDER_LANGUAGES: Record<string, AnalysisLanguage> = {
  en: 'en',
  english: 'en',
  es: 'es',
  spanish: 'es',
  fr: 'fr-CA',
  french: 'fr-CA',
  pt: 'pt-BR',
  portuguese: 'pt-BR',
  cs: 'cs',
  czech: 'cs',
};

/** The analysis language for a provider's language label ("english", "pt-BR", "fr"), if supported. */
export function toAnalysisLanguage(label: string | null): AnalysisLanguage | undefined {
  if (!label) return undefined;
  const exact = ANALYSIS_LANGUAGES.find((l) => l.toLowerCase() === label.toLowerCase());
  if (exact) return exact;
  return PROVIDER_LANGUAGES[label.toLowerCase().split(/[-_]/)[0]];
}

/**
 * The language fillers and questions are counted in: what the provider heard when it reports a
 * language the analyzer knows (a French roleplay's call held in English is English), else the
 * roleplay's language, else English.
 */
export function analysisLanguageFor(
  detected: string | null,
  roleplayLanguage: AnalysisLanguage | undefined,
): AnalysisLanguage {
  return toAnalysisLanguage(detected) ?? roleplayLanguage ?? 'en';
}
