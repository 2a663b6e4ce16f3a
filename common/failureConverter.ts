import { DefaultFailureConverter } from '@temporalio/common';

// Failure messages and stack traces go into Temporal's histories like payloads do, and a failure may quote
// what it failed on. Encoded, they travel as a payload, which the payload codec encrypts; histories from
// before (plain messages) still read, since the converter decodes whichever form it finds.
// Everything names this module by path (the SDK 1.24 takes failure converters as `failureConverterPath`):
// clients and the worker's activities through dataConverterFor (common/payloadCodec.ts), the workflow
// code through its bundle (bundleWorkflowCode's failureConverterPath).

export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });

/** The module whose `failureConverter` export the SDK loads (DataConverter.failureConverterPath, bundleWorkflowCode). */
export const failureConverterPath = __filename;
