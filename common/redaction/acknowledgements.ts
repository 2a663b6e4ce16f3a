// What the listener or the one relaying says between the groups of a value read out in chunks ("five three seven
// three, right, five one seven three, she says, seven six three nine, got it, then …"; "… yep, zero six one seven,
// correct, then …"): an acknowledgement, or someone else's words passed on. None of them ends the number
// (common/redaction/digits.ts), and a group said again after one is the same group confirmed
// (common/redaction/restarts.ts).

/** What a reader says before the next group of the same value: "… two three oh, and the rest is five five one seven". */
export const GOES_ON_WORDS =
  '(?:(?:and )?(?:then )?the (?:rest|last (?:bit|part|few|four|three|digits))(?: of it)? (?:is|are))';

export const ACK_WORDS =
  '(?:okay,? go on|go on|got it|got that|uh-huh|mm-hmm|(?:he|she|they) says|(?:he|she) said|right|yep|yes|yeah|correct|okay|ok|mm|mhm)';

/**
 * The other speaker's "mm-hm", "go on", "okay" while a card is read out in groups: no turn of its own for the
 * value, which runs on across it. Only such words, at most a few of them.
 */
const BACKCHANNEL =
  /^(?:(?:mm-?hm+|mhm+|uh-? ?huh|hm+|okay|ok|yes|yeah|yep|yup|right|sure|go on|go ahead|got it|uh|um|and|next|continue|keep going|i'm with you|with you|ready)[\s,.!?-]*){1,4}$/i;

export const backchannel = (text: string): boolean => text.length <= 40 && BACKCHANNEL.test(text.trim());
