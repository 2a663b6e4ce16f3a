// A digit token of a run (common/redaction/digits.ts), in a module of its own so the modules that read runs
// (corrections, cards, numbers, expiries) and the one that makes them need not import each other.

export interface DigitToken {
  /** The digits this token stands for ("4111", "4", "44" for "double four"). */
  digits: string;
  start: number;
  end: number;
  /** Written with figures (not spoken as words). */
  written: boolean;
  /**
   * Said with "hundred" or "thousand" ("four thousand", "twenty five hundred"): a caller may end a phone
   * number so, but amounts are said so too, so only a phone number said as one may hold such a token.
   */
  magnitude?: boolean;
  /** Said as one number of three digits with "hundred" ("seven hundred eighteen"): may be a card's code. */
  hundreds?: boolean;
  /** A year said with "thousand" ("two thousand twenty eight"): scaled, but a card's expiry may end in it. */
  year?: boolean;
  /**
   * Where this token's own digits begin when it took over digits said before a correction ("oh one eight
   * seven. no wait, oh one eight six": the token "oh" of 0186 starts at 0187's "oh" and is said from its own):
   * the shape a number is written in is read from here (common/redaction/corrections.ts).
   */
  saidFrom?: number;
  /**
   * The first token of a value said twice, read as said once (common/redaction/restarts.ts): the run read whole comes
   * next, and a value found in this reading means the whole holds no other (no card across two sayings of a phone).
   */
  echo?: boolean;
  /**
   * The token said again after a group's first try, standing in its place (common/redaction/restarts.ts): the run
   * read whole comes after this reading, and the words of a value found here are that value's, not another's.
   */
  restart?: boolean;
}

/** The digits `tokens` stand for, in order. */
export const digitsOf = (tokens: DigitToken[]): string => tokens.map((t) => t.digits).join('');
