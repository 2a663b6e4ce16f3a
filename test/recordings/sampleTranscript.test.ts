import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { RecordingView, type RecordingAccepted } from '../../api/schemas/recordings';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startRecordingStack, waitForRecording, type RecordingStack } from '../support/recordingFixtures';
import { assertSchema } from '../support/schemaAssert';

// What a new user sees first: `npm run dev` prints a curl that submits scripts/sample-transcript.json.
// Its customer is the speaker <v Jordan Lee>; the rep says "Hi Jordan" and "That is a lot of time,
// Jordan". The result must say so, and the name criterion must pass on those very words.

describe('recordings: the sample transcript of npm run dev', function () {
  this.timeout(90_000);
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    stack = await startRecordingStack({});
    tenant = await createTenant();
  });
  after(async () => {
    await stack.stop();
  });

  it('reports Jordan as the customer, two name uses and the name criterion passed with its evidence', async () => {
    const body = JSON.parse(
      await fs.readFile(path.join(__dirname, '../../scripts/sample-transcript.json'), 'utf8'),
    ) as Record<string, unknown>;
    const res = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: body,
    });
    expect(res.status, res.text).to.equal(200);
    const view = await waitForRecording(stack.api, tenant.apiKey, res.body.recordingId);
    assertSchema(RecordingView, view, 'GET /api/recording/{id}');
    expect(view.status).to.equal('completed');
    const result = view.result!;
    expect(result).to.include({ customerName: 'Jordan Lee', customerNameSource: 'speakerName', nameCount: 2 });
    // "Do you have a minute?", "How do you plan your routes today?", "Could we book a demo next Tuesday?"
    expect(result).to.include({ numQuestions: 3, customerQuestions: 1 });
    const name = result.metricResponses.find((m) => m.title === "Uses the customer's name")!;
    expect(name).to.deep.equal({
      title: "Uses the customer's name",
      passed: true,
      explanation: "The rep said the customer's name (Jordan Lee) 2 times.",
      weight: 1,
      sectionTitle: 'Rapport',
      evidence: [
        { quote: 'Hi Jordan, this is Dana from Acme Logistics.', startMs: 0, speaker: 'rep' },
        { quote: 'That is a lot of time, Jordan.', startMs: 25_300, speaker: 'rep' },
      ],
    });
    const questions = result.metricResponses.find((m) => m.title === 'Asks discovery questions')!;
    expect(questions.evidence.map((e) => e.quote)).to.deep.equal([
      'Do you have a minute?',
      'How do you plan your routes today?',
      'Could we book a demo next Tuesday?',
    ]);

    // The README's third command: the time-coded transcript as WebVTT, the rep's voice first.
    const vtt = await stack.api.request('GET', `/api/recording/${res.body.recordingId}/transcript`, {
      apiKey: tenant.apiKey,
      headers: { accept: 'text/vtt' },
    });
    expect(vtt.status, vtt.text).to.equal(200);
    expect(vtt.text).to.match(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:05\.500\n<v Dana Reyes>Hi Jordan, /);
  });
});
