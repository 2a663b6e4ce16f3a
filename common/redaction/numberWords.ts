// The words numbers are said in, for common/redaction/digits.ts (which reads runs of them) and the rules that read
// spelled codes (bankCodes.ts, bicCodes.ts): digits, teens, tens, "double"/"triple", English and Spanish.

/**
 * Spanish, which callers switch to for their own number ("nueve nueve ocho, no sorry, nine nine eight …",
 * "cincuenta y cinco"): written as providers transcribe it, with or without accents ("once" is English too, left
 * out).
 */
const SPANISH_DIGITS: Record<string, string> = {
  cero: '0',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
};
const SPANISH_TEENS: Record<string, string> = {
  diez: '10',
  doce: '12',
  trece: '13',
  catorce: '14',
  quince: '15',
  dieciseis: '16',
  diecisiete: '17',
  dieciocho: '18',
  diecinueve: '19',
  dieciséis: '16',
  veintiuno: '21',
  veintidos: '22',
  veintidós: '22',
  veintitres: '23',
  veintitrés: '23',
  veinticuatro: '24',
  veinticinco: '25',
  veintiseis: '26',
  veintiséis: '26',
  veintisiete: '27',
  veintiocho: '28',
  veintinueve: '29',
};
const SPANISH_TENS: Record<string, string> = {
  veinte: '2',
  treinta: '3',
  cuarenta: '4',
  cincuenta: '5',
  sesenta: '6',
  setenta: '7',
  ochenta: '8',
  noventa: '9',
};

export const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  // British English: "cvv nought four eight".
  nought: '0',
  naught: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  niner: '9',
  ...SPANISH_DIGITS,
};
export const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  ...SPANISH_TEENS,
};
export const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
  ...SPANISH_TENS,
};
export const REPEATS: Record<string, number> = { double: 2, triple: 3, treble: 3, doble: 2 };

/** A word that says a number: a digit, a teen, a tens word, "double". */
export const isNumberWord = (word: string): boolean =>
  Object.hasOwn(DIGIT_WORDS, word) ||
  Object.hasOwn(TEENS, word) ||
  Object.hasOwn(TENS, word) ||
  Object.hasOwn(REPEATS, word);
