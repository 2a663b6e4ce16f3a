import { createRequire } from 'node:module';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

// Workflow histories as proto3 JSON files (the format of `temporal workflow show --output json`).
// @temporalio/common's historyToJSON/historyFromJSON fail here with "type must be a Type": npm keeps
// two copies of protobufjs 8 (one under @temporalio/common, one under @temporalio/proto, because
// grpc pins protobufjs 7 at the top level), and the reflection types come from the other copy.
// These conversions use the copy that built the proto types.

type History = proto.temporal.api.history.v1.IHistory;

interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
}

const protojson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType('temporal.api.history.v1.History');

export function historyToJson(history: History): string {
  return JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2);
}

/** A History message (event ids as Long), which the replayer takes as is. */
export function historyFromJson(text: string): History {
  const history = protojson.fromJson(historyType, JSON.parse(text), { ignoreUnknownFields: true });
  if (!history) throw new TypeError('not a workflow history');
  return history;
}
