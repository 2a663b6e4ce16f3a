import type { Knex } from 'knex';
import type { RecordingStatus } from '../../common/recordingStatus';
import type { RecordingPriority } from '../../common/workflowStarts/priority';
import { fromJson, toJson } from '../connection';

// A recording's columns, declared once: each field of RecordingRow with how it is read from and written to
// its column (named by the field in snake_case) and, for the fields a new recording does not take from its
// submission, the value it is accepted with. The row type, the column lists of the reads, the mapping from a
// stored row and the insert all come from RECORDING_COLUMNS; a new column is one entry here.

export type RepChannel = 'left' | 'right';

interface Column<T> {
  read(stored: unknown): T;
  write(value: T): Knex.Value;
  /** The value of a new recording (absent: the submission gives it, see NewRecording). */
  accepted?: { value: T };
}

type Accepted<T> = Column<T> & { accepted: { value: T } };

/** Stored as read (strings, dates, enums); nullable or not as T says. */
function plain<T>(): Column<T>;
function plain<T>(accepted: { value: T }): Accepted<T>;
function plain<T>(accepted?: { value: T }): Column<T> {
  return { read: (stored) => stored as T, write: (value) => value as Knex.Value, accepted };
}

/** A number MySQL may answer as a string (BIGINT); null stays null. */
function count(): Accepted<number | null> {
  return {
    read: (stored) => (stored === null || stored === undefined ? null : Number(stored)),
    write: (value) => value,
    accepted: { value: null },
  };
}

/** A TINYINT(1) flag. */
function flag(): Column<boolean> {
  return { read: (stored) => Boolean(stored), write: (value) => value };
}

function nullableFlag(): Accepted<boolean | null> {
  return {
    read: (stored) => (stored === null || stored === undefined ? null : Boolean(stored)),
    write: (value) => value,
    accepted: { value: null },
  };
}

/** A JSON column, parsed; the caller knows its shape. A list that does not select it reads null. */
function json<T>(): Accepted<T | null> {
  return {
    read: (stored) => (stored === null || stored === undefined ? null : fromJson<T>(stored)),
    write: (value) => (value === null ? null : toJson(value)),
    accepted: { value: null },
  };
}

const NONE = { value: null } as const;

export const RECORDING_COLUMNS = {
  id: plain<string>(),
  companyId: plain<string>(),
  userId: plain<string | null>(NONE),
  userUniqueIdentifier: plain<string>(),
  userName: plain<string>(),
  /** Null for a submitted transcript (no audio). */
  sourceUrl: plain<string | null>(),
  storeRecording: flag(),
  roleplayId: plain<string | null>(),
  status: plain<RecordingStatus>({ value: 'accepted' }),
  failureReason: plain<string | null>(NONE),
  storageKey: plain<string | null>(NONE),
  contentType: plain<string | null>(NONE),
  sizeBytes: count(),
  /** The provider-neutral transcript. */
  transcript: json<unknown>(),
  /** The analysis. */
  result: json<unknown>(),
  sessionId: plain<string | null>(NONE),
  workflowId: plain<string>(),
  /** The caller's side of the rep in a stereo recording; null: the side that speaks first. */
  repChannel: plain<RepChannel | null>(NONE),
  /** The caller's name of the rep in a submitted transcript; null: the first speaker. */
  repSpeaker: plain<string | null>(NONE),
  /** The asynchronous speech-to-text job (AssemblyAI transcript id) once one was created. */
  sttJobId: plain<string | null>(NONE),
  /** What ffprobe found (the media step); null until then and for submitted transcripts. */
  mediaDurationMs: count(),
  mediaChannels: count(),
  mediaHasVideo: nullableFlag(),
  mediaContainer: plain<string | null>(NONE),
  /** When retention deleted the stored media and the transcripts (null: not deleted). */
  mediaDeletedAt: plain<Date | null>(NONE),
  /** The caller's reference, unique in the company (null: none given). */
  externalId: plain<string | null>(NONE),
  /** The caller's key-value pairs (null: none given; erasure removes them). */
  metadata: json<Record<string, string>>(),
  /** `bulk` waits behind every company's normal work (common/workflowStarts/priority.ts). */
  priority: {
    read: (stored) => (stored === 'bulk' ? 'bulk' : 'normal'),
    write: (value) => value,
    accepted: { value: 'normal' },
  } satisfies Accepted<RecordingPriority>,
  /** Personal data is redacted from its transcript, analysis, events and stored audio (common/redaction/). */
  redactPii: { ...flag(), accepted: { value: false } } satisfies Accepted<boolean>,
  completedAt: plain<Date | null>(NONE),
  /** Set by insertRecording (millisecond precision, as stored), so the row it returns equals the stored one. */
  createdAt: plain<Date>(),
  updatedAt: plain<Date>(),
};

type Columns = typeof RECORDING_COLUMNS;
export type RecordingRow = { [K in keyof Columns]: Columns[K] extends Column<infer T> ? T : never };
type Field = keyof RecordingRow;

/** What a submission gives a new recording: the fields without an accepted value, and those it may override. */
export type NewRecording = Omit<
  Pick<RecordingRow, { [K in Field]: Columns[K] extends { accepted: object } ? never : K }[Field]>,
  'createdAt' | 'updatedAt'
> &
  Partial<
    Pick<
      RecordingRow,
      'repChannel' | 'repSpeaker' | 'transcript' | 'externalId' | 'metadata' | 'priority' | 'redactPii'
    >
  >;

const FIELDS = Object.keys(RECORDING_COLUMNS) as Field[];

function columnOf(field: Field): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The columns a read selects: all of a recording's, or all but the large ones a list leaves out. */
export function recordingColumnNames(except: readonly Field[] = []): string[] {
  return FIELDS.filter((field) => !except.includes(field)).map(columnOf);
}

/** A stored row as a recording (a column left out of the select reads as null where it may be null). */
export function toRecording(stored: Record<string, unknown>): RecordingRow {
  const row: Partial<Record<Field, unknown>> = {};
  for (const field of FIELDS) row[field] = RECORDING_COLUMNS[field].read(stored[columnOf(field)]);
  return row as RecordingRow;
}

/** A new recording as accepted: the submission, the accepted values of the rest, and its creation time. */
export function acceptedRecording(input: NewRecording, now: Date): RecordingRow {
  const row: Partial<Record<Field, unknown>> = { createdAt: now, updatedAt: new Date(now) };
  for (const field of FIELDS) {
    if (field === 'createdAt' || field === 'updatedAt') continue;
    const given = (input as Partial<Record<Field, unknown>>)[field];
    const accepted = (RECORDING_COLUMNS[field] as Column<unknown>).accepted;
    row[field] = given === undefined && accepted ? accepted.value : given;
  }
  return row as RecordingRow;
}

/** A recording's stored columns. */
export function recordingToColumns(row: RecordingRow): Record<string, Knex.Value> {
  const columns: Record<string, Knex.Value> = {};
  for (const field of FIELDS)
    columns[columnOf(field)] = (RECORDING_COLUMNS[field] as Column<unknown>).write(row[field]);
  return columns;
}
