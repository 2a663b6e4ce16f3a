import { createRequire } from 'node:module';
import * as proto from '@temporalio/proto';
import { payloadCodecFor } from '../../common/payloadCodec';
import { testConfig } from './env';

// Workflow histories as proto3 JSON files (the format of `temporal workflow show --output json`).
// @temporalio/common's historyToJSON/historyFromJSON fail here with "type must be a Type": npm keeps
// two copies of protobufjs 8 (one under @temporalio/common, one under @temporalio/proto, because
// grpc pins protobufjs 7 at the top level), and the reflection types come from the other copy.
// These conversions use the copy that built the proto types.

type History = proto.temporal.api.history.v1.IHistory;
type Payload = proto.temporal.api.common.v1.IPayload;

interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
}

const protojson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
// The package's own export is its reflection root (`import * as` wraps it in a plain object without lookupType).
const protoRoot = createRequire(__filename)('@temporalio/proto') as { lookupType(name: string): unknown };
const historyType = protoRoot.lookupType('temporal.api.history.v1.History');

/**
 * The history as a committed file: payloads the test run encrypted (with a key of its own, gone after the
 * run) are decrypted first, so the file replays without that key, like histories from before the codec.
 */
export function historyToJson(history: History): string {
  const codec = payloadCodecFor(testConfig());
  const open = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(open);
    if (!value || typeof value !== 'object' || value instanceof Uint8Array) return value;
    const record = value as Record<string, unknown>;
    if (codec && record.metadata && typeof record.metadata === 'object' && record.data instanceof Uint8Array)
      return codec.open(record as Payload);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, open(v)]));
  };
  const plain = proto.temporal.api.history.v1.History.fromObject(
    open(
      proto.temporal.api.history.v1.History.toObject(proto.temporal.api.history.v1.History.fromObject(history)),
    ) as Record<string, unknown>,
  );
  return JSON.stringify(protojson.toJson(historyType, plain), null, 2);
}

/** A History message (event ids as Long), which the replayer takes as is. */
export function historyFromJson(text: string): History {
  const history = protojson.fromJson(historyType, JSON.parse(text), { ignoreUnknownFields: true });
  if (!history) throw new TypeError('not a workflow history');
  return history;
}
