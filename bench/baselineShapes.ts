import type { RowDataPacket } from 'mysql2/promise';
import { signMediaLink } from '../common/mediaLinks';
import type { Config } from '../common/config';

// The baseline's JSON: the same bodies the service answers, built straight from the rows of the
// service's statements, by hand (no schemas, no validation). bench/run.ts compares both before loading.

type Row = RowDataPacket;
type MediaConfig = Pick<Config, 'PUBLIC_URL' | 'MEDIA_URL_SECRET' | 'MEDIA_URL_TTL'>;

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const iso = (d: Date): string => d.toISOString();

export function pagination(total: number, offset: number, limit: number, returned: number) {
  return { total, offset, limit, hasMore: offset + returned < total };
}

export const userItem = (r: Row) => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  role: r.role,
  createdAt: iso(r.createdAt),
  teamId: r.teamId,
});

export const sessionItem = (r: Row) => ({
  id: r.id,
  userId: r.userId,
  userName: r.userLastName ? `${r.userFirstName} ${r.userLastName}` : r.userFirstName,
  roleplayId: r.roleplayId,
  roleplayTitle: r.roleplayTitle,
  score: r.score,
  didPass: Boolean(r.didPass),
  length: r.lengthMs,
  createdAt: iso(r.createdAt),
});

const scored = (r: Row) => ({
  title: r.title,
  passed: Boolean(r.passed),
  explanation: r.explanation,
  weight: r.weight,
  sectionTitle: r.section_title,
  ...(r.assessable ? {} : { assessable: false }),
  ...(r.supported ? {} : { supported: false }),
  // Responses kept before evidence existed answer an empty list with the reason.
  ...(r.evidence === null
    ? { evidence: [], noEvidenceReason: 'Judged before evidence was recorded.' }
    : {
        evidence: json(r.evidence),
        ...(r.no_evidence_reason !== null ? { noEvidenceReason: r.no_evidence_reason } : {}),
      }),
});

export function sessionResult(s: Row, snippets: Row[], responses: Row[], config: MediaConfig) {
  const persona = json(s.customerPersona) as { imageUrl: string };
  const out: Record<string, unknown> = {
    id: s.id,
    activityType: 'premade-roleplay',
    activityId: s.roleplayId,
    didPass: Boolean(s.didPass),
    length: s.lengthMs,
    wpm: s.wpm,
    score: s.score,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    user: { id: s.userId, firstName: s.userFirstName, lastName: s.userLastName ?? '' },
    premadeRoleplay: { title: s.roleplayTitle, passingScore: s.roleplayPassingScore },
    snippets: snippets.map((x) => ({ isUser: Boolean(x.is_user), text: x.text })),
    criteriaResponses: responses.filter((r) => r.kind === 'criterion').map(scored),
    metricResponses: responses.filter((r) => r.kind === 'metric').map(scored),
  };
  if (s.nameCount !== null) out.nameCount = s.nameCount;
  if (s.numQuestions !== null) out.numQuestions = s.numQuestions;
  if (s.numFillerWords !== null) out.numFillerWords = s.numFillerWords;
  if (persona.imageUrl) out.customerPersona = { imageUrl: persona.imageUrl };
  if (s.audioStorageKey) out.audioUrl = signMediaLink(config, s.audioStorageKey);
  else if (s.audioExternalUrl) out.audioUrl = s.audioExternalUrl;
  if (s.videoStorageKey) out.videoUrl = signMediaLink(config, s.videoStorageKey);
  return out;
}

export function roleplayItem(r: Row) {
  const type = json(r.conversation_type) as { title: string; roleplayType: string };
  const persona = json(r.customer_persona) as { name: string; imageUrl: string; tags: string[] };
  const background = json(r.customer_background) as { title: string; tags: string[] };
  return {
    id: r.id,
    title: r.title,
    instructions: r.instructions,
    passingScore: r.passing_score,
    isLive: Boolean(r.is_live),
    conversationType: { title: type.title, roleplayType: type.roleplayType },
    customerPersona: { name: persona.name, imageUrl: persona.imageUrl, tags: persona.tags },
    customerBackground: { title: background.title, tags: background.tags },
    customAttributes: r.custom_attributes === null ? {} : json(r.custom_attributes),
  };
}
