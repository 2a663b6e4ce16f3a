/**
 * Questions: sentences ending in "?" ("??" counts once; Spanish "¿…?" once). The mark is the same in
 * every language the analyzer knows, so the count needs no language.
 */
export function countQuestions(text: string): number {
  return text.match(/\?+/g)?.length ?? 0;
}
