import { createRoleplay, type NewRoleplay, type RoleplayRow } from '../../db/queries/roleplays';
import { createScript, type NewScript, type ScriptRow } from '../../db/queries/scripts';
import { insertSession, type NewSession } from '../../db/queries/sessions';
import { createUser, type NewUser, type UserRow } from '../../db/queries/users';
import { testEnv } from './env';

// Roleplays, users, sessions and scripts set up straight through the query modules.

let counter = 0;
const next = () => ++counter;

export function roleplayInput(overrides: Partial<NewRoleplay> = {}): NewRoleplay {
  const n = next();
  return {
    title: `Cold call ${n}`,
    instructions: 'Book a follow-up meeting.',
    objective: 'Get past the gatekeeper.',
    conversationType: { title: 'Cold call', roleplayType: 'Train' },
    customerPersona: { name: 'Dana', imageUrl: 'https://img.example.test/dana.png', tags: ['busy', 'skeptical'] },
    customerBackground: { title: 'Logistics company', tags: ['mid-market'] },
    conversationStarters: ['Hi, is this a good time?'],
    keyterms: ['ROI'],
    scorecard: {
      criteria: [
        { title: 'Opened well', description: 'Stated the reason for the call', weight: 2, sectionTitle: 'Opening' },
      ],
      metrics: [{ title: 'Talk ratio', description: 'Listened more than talked', weight: 1, sectionTitle: 'Delivery' }],
    },
    ...overrides,
  };
}

export async function createRoleplayFixture(
  companyId: string,
  overrides: Partial<NewRoleplay> = {},
): Promise<RoleplayRow> {
  return createRoleplay(testEnv().db, companyId, roleplayInput(overrides));
}

export type SessionFixtureInput = Pick<NewSession, 'companyId' | 'roleplayId' | 'userId'> & Partial<NewSession>;

export async function createSessionFixture(input: SessionFixtureInput): Promise<string> {
  return insertSession(testEnv().db, {
    score: 82.5,
    didPass: true,
    lengthMs: 184_000,
    wpm: 141.2,
    nameCount: 3,
    numQuestions: 5,
    numFillerWords: 7,
    snippets: [
      { isUser: true, text: 'Hi, this is Sam from Acme.' },
      { isUser: false, text: 'What is this about?' },
      { isUser: true, text: 'I will be brief.' },
    ],
    criteriaResponses: [
      {
        title: 'Opened well',
        passed: true,
        explanation: 'Clear reason for the call.',
        weight: 2,
        sectionTitle: 'Opening',
      },
    ],
    metricResponses: [
      {
        title: 'Talk ratio',
        passed: false,
        explanation: 'Talked 70% of the time.',
        weight: 1,
        sectionTitle: 'Delivery',
      },
    ],
    ...input,
  });
}

export function scriptInput(overrides: Partial<NewScript> = {}): NewScript {
  const n = next();
  return {
    title: `Elevator pitch ${n}`,
    passingScore: 80,
    numLevels: 3,
    userInstructions: 'Learn the pitch word for word.',
    segments: [
      { order: 2, ogText: 'We cut delivery costs by a fifth.' },
      { order: 1, ogText: 'Acme helps logistics teams.' },
    ],
    coverImageUrl: 'https://img.example.test/pitch.png',
    ...overrides,
  };
}

export async function createScriptFixture(companyId: string, overrides: Partial<NewScript> = {}): Promise<ScriptRow> {
  return createScript(testEnv().db, companyId, scriptInput(overrides));
}
