import type { Operation } from '../operation';
import { apiKeyOperations } from './apiKeys';
import { authOperations } from './auth';
import { countOperations } from './counts';
import { healthOperations } from './health';
import { invitationOperations } from './invitations';
import { mediaOperations } from './media';
import { roleplayOperations } from './roleplays';
import { scriptOperations } from './scripts';
import { sessionOperations } from './sessions';
import { teamOperations } from './teams';
import { userOperations } from './users';
import { userErasureOperations } from './userErasure';
import { webhookActionOperations } from './webhookActions';
import { webhookEndpointOperations } from './webhookEndpoints';
import { webhookEventOperations } from './webhookEvents';
import { eventOperations } from './events';
import { recordingOperations } from './recordings';
import { exportOperations } from './exports';

// Every operation of the API, in the order the OpenAPI document lists them. A new route module
// exports its `Operation[]` and is added here once.
export const operations: Operation[] = [
  ...healthOperations,
  ...authOperations,
  ...apiKeyOperations,
  ...sessionOperations,
  ...roleplayOperations,
  ...scriptOperations,
  ...mediaOperations,
  ...userOperations,
  ...userErasureOperations,
  ...invitationOperations,
  ...teamOperations,
  ...countOperations,
  ...webhookEndpointOperations,
  ...webhookActionOperations,
  ...webhookEventOperations,
  ...eventOperations,
  ...recordingOperations,
  ...exportOperations,
];
