// A word of a text as the rules that read spelled values see it (common/redaction/spelling.ts makes them).

export interface Word {
  /** The word as written; a letter spelled with an example is the letter alone. */
  text: string;
  lower: string;
  start: number;
  end: number;
}
