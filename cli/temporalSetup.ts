import { status as GrpcStatus } from '@grpc/grpc-js';
import { Connection, isGrpcServiceError } from '@temporalio/client';
import { msToTs } from '@temporalio/common';
import { temporal as proto } from '@temporalio/proto';
import { durationMs, type Config } from '../common/config';
import { searchAttributeDefinitions } from '../common/temporal';
import { describeConnectionFailure, temporalConnection } from '../common/temporalConnection';
import { CliError } from './run';

// `admin temporal:setup`: what the service needs in Temporal before it starts, on whatever cluster the
// environment names (the dev server, a self-hosted cluster, Temporal Cloud): its namespace and the search
// attributes its workflows set. Already there: nothing changes. Not permitted to register (Temporal Cloud
// creates namespaces and search attributes in its console or its ops API): checked, and what is missing
// is named.

const KEYWORD = proto.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
const TYPE_NAME: Record<number, string> = Object.fromEntries(
  Object.entries(proto.api.enums.v1.IndexedValueType).map(([name, value]) => [
    value,
    name.replace('INDEXED_VALUE_TYPE_', '').toLowerCase(),
  ]),
);

export interface TemporalSetupResult {
  address: string;
  namespace: string;
  namespaceRegistered: boolean;
  /** The namespace's retention of closed histories, in days. */
  retentionDays: number;
  searchAttributesAdded: string[];
  searchAttributesPresent: string[];
}

const notPermitted = (err: unknown): boolean =>
  isGrpcServiceError(err) &&
  (err.code === GrpcStatus.PERMISSION_DENIED ||
    err.code === GrpcStatus.UNIMPLEMENTED ||
    err.code === GrpcStatus.UNAUTHENTICATED);

const notFound = (err: unknown): boolean => isGrpcServiceError(err) && err.code === GrpcStatus.NOT_FOUND;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers what is missing; throws a CliError naming what is missing and may not be registered. */
export async function setUpTemporal(config: Config): Promise<TemporalSetupResult> {
  const target = temporalConnection(config);
  const timeoutMs = durationMs(config.TEMPORAL_START_TIMEOUT);
  const connection = await Connection.connect({ ...target.options, connectTimeout: timeoutMs }).catch(
    async (err: unknown) => {
      throw new CliError(await describeConnectionFailure(target, err));
    },
  );
  try {
    const namespace = target.namespace;
    const missing: string[] = [];
    let registered = false;
    let retentionSeconds: number | undefined;
    try {
      const described = await connection.workflowService.describeNamespace({ namespace });
      retentionSeconds = Number(described.config?.workflowExecutionRetentionTtl?.seconds ?? 0);
    } catch (err) {
      if (!notFound(err)) throw err;
      retentionSeconds = Math.round(durationMs(config.TEMPORAL_NAMESPACE_RETENTION) / 1000);
      try {
        await connection.workflowService.registerNamespace({
          namespace,
          workflowExecutionRetentionPeriod: msToTs(retentionSeconds * 1000),
          description: 'Sales Practice Service',
        });
        registered = true;
      } catch (registerErr) {
        if (!notPermitted(registerErr)) throw registerErr;
        missing.push(`namespace ${namespace} (create it where the cluster's namespaces are managed)`);
      }
    }
    if (missing.length > 0) throw new CliError(missingMessage(target.description, missing));

    // A namespace registered moments ago (here or by someone else) reaches the services with their namespace cache: wait for it.
    const present = await untilNamespaceKnown(connection, target.description, namespace, 60_000);
    const added: string[] = [];
    const already: string[] = [];
    for (const { name } of searchAttributeDefinitions) {
      const type = present.get(name);
      if (type === KEYWORD) already.push(name);
      else if (type !== undefined)
        missing.push(`search attribute ${name} is ${TYPE_NAME[type] ?? String(type)}, must be keyword`);
    }
    const toAdd = searchAttributeDefinitions.filter(({ name }) => !present.has(name));
    if (toAdd.length > 0) {
      try {
        await connection.operatorService.addSearchAttributes({
          namespace,
          searchAttributes: Object.fromEntries(toAdd.map(({ name }) => [name, KEYWORD])),
        });
        added.push(...toAdd.map(({ name }) => name));
      } catch (err) {
        if (!notPermitted(err)) throw err;
        missing.push(...toAdd.map(({ name }) => `search attribute ${name} (Keyword)`));
      }
    }
    if (missing.length > 0) throw new CliError(missingMessage(target.description, missing));
    // Attributes added moments ago reach the frontends with their namespace cache: until then a start that sets
    // them is refused (INVALID_ARGUMENT, "no mapping defined"). Return once a query naming them all is accepted.
    if (added.length > 0) await untilSearchAttributesUsable(connection, namespace, 60_000);
    return {
      address: target.options.address,
      namespace,
      namespaceRegistered: registered,
      retentionDays: Math.round((retentionSeconds / 86400) * 100) / 100,
      searchAttributesAdded: added,
      searchAttributesPresent: already,
    };
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`Temporal at ${target.description}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await connection.close();
  }
}

function missingMessage(description: string, missing: string[]): string {
  return `Temporal at ${description} lacks what the service needs and does not let this command register it: ${missing.join('; ')}`;
}

/** The namespace's custom search attributes (name → type), once the namespace is known everywhere. */
async function untilNamespaceKnown(
  connection: Connection,
  description: string,
  namespace: string,
  waitMs: number,
): Promise<Map<string, proto.api.enums.v1.IndexedValueType>> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const listed = await connection.operatorService.listSearchAttributes({ namespace });
      return new Map(Object.entries(listed.customAttributes ?? {}));
    } catch (err) {
      if (notPermitted(err))
        throw new CliError(
          `Temporal at ${description} does not let this command list the search attributes of ${namespace}; check that ${searchAttributeDefinitions.map((sa) => `${sa.name} (Keyword)`).join(', ')} exist`,
        );
      if (!notFound(err) || Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

/** Waits until a visibility query naming every search attribute is accepted, as a start setting them would be. */
async function untilSearchAttributesUsable(connection: Connection, namespace: string, waitMs: number): Promise<void> {
  const query = searchAttributeDefinitions.map(({ name }) => `${name} = ''`).join(' AND ');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await connection.workflowService.countWorkflowExecutions({ namespace, query });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}
