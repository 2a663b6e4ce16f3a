import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { providerContract } from '../support/providerContracts';

// The oracle itself: the providers' documents are read (or the run fails saying how to get them), and
// the validator refuses what each document refuses and accepts what it allows.

const run = promisify(execFile);
const multipart = { 'content-type': 'multipart/form-data; boundary=x', authorization: 'Bearer k' };

describe('provider contracts', function () {
  this.timeout(60_000);

  it('without the documents, loading fails and says how to get them', async () => {
    const script =
      "require('./test/support/providerContracts').providerContract('deepgram').then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })";
    const failed = await run(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, CONTRACTS_DIR: '/nonexistent/contracts' },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).to.equal(3);
    expect(failed?.stderr)
      .to.include('npm run contracts:fetch')
      .and.include('/nonexistent/contracts/deepgram.openapi.yml');
  });

  it('OpenAI createTranscription: a field the document does not define, a missing file, a wrong type are refused', async () => {
    const openai = await providerContract('openai');
    const request = (body: Record<string, unknown>) =>
      openai.requestProblems('createTranscription', {
        method: 'POST',
        path: '/v1/audio/transcriptions',
        headers: multipart,
        body,
      });
    expect(request({ file: 'f', model: 'gpt-4o-transcribe', response_format: 'json' })).to.deep.equal([]);
    expect(
      request({ file: 'f', model: 'whisper-1', response_format: 'verbose_json', timestamp_granularities: ['segment'] }),
    ).to.deep.equal([]);
    expect(request({ file: 'f', model: 'whisper-1', speakers: 2 }).join()).to.match(/additional properties.*speakers/);
    expect(request({ model: 'whisper-1' }).join()).to.match(/required property 'file'/);
    expect(request({ file: 'f', model: 'whisper-1', response_format: 'srt-ish' }).join()).to.match(/allowed values/);
    expect(
      request({
        file: 'f',
        model: 'gpt-4o-transcribe-diarize',
        known_speaker_names: ['a', 'b', 'c', 'd', 'e'],
        known_speaker_references: [],
      }).join(),
    ).to.match(/must NOT have more than 4 items/);
    // Without the key as the document's bearer scheme says.
    expect(
      openai
        .requestProblems('createTranscription', {
          method: 'POST',
          path: '/v1/audio/transcriptions',
          headers: { 'content-type': 'multipart/form-data' },
          body: { file: 'f', model: 'whisper-1' },
        })
        .join(),
    ).to.match(/authorization/);
  });

  it('OpenAI answers: each response_format shape and the error object', async () => {
    const openai = await providerContract('openai');
    expect(openai.schemaProblems('CreateTranscriptionResponseVerboseJson', { text: 'hi' }).join()).to.match(/language/);
    expect(openai.responseProblems('createTranscription', 200, { text: 'hi' })).to.deep.equal([]);
    expect(openai.responseProblems('createTranscription', 400, { error: { message: 'no' } }).join()).to.match(/type/);
    expect(
      openai.responseProblems('createTranscription', 429, {
        error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' },
      }),
    ).to.deep.equal([]);
  });

  it('Deepgram /v1/listen: query parameters typed as the document types them', async () => {
    const deepgram = await providerContract('deepgram');
    const listen = (query: Record<string, string>) =>
      deepgram.requestProblems(
        'transcribe',
        {
          method: 'POST',
          path: '/v1/listen',
          query: new URLSearchParams(query),
          headers: { 'content-type': 'audio/mpeg', authorization: 'Token k' },
        },
        { bodyOutsideDocument: true },
      );
    expect(
      listen({ diarize_model: 'latest', utterances: 'true', model: 'nova-3', detect_language: 'true' }),
    ).to.deep.equal([]);
    expect(listen({ diarize_model: 'v9' }).join()).to.match(/diarize_model/);
    expect(listen({ utterances: 'often' }).join()).to.match(/utterances must be boolean/);
    expect(
      deepgram.responseProblems('transcribe', 401, {
        err_code: 'INVALID_AUTH',
        err_msg: 'Invalid credentials.',
        request_id: 'x',
      }),
    ).to.deep.equal([]);
  });

  it('AssemblyAI createTranscript: speech_models is required and unknown fields are refused', async () => {
    const assemblyai = await providerContract('assemblyai');
    const create = (body: Record<string, unknown>) =>
      assemblyai.requestProblems('createTranscript', {
        method: 'POST',
        path: '/v2/transcript',
        headers: { 'content-type': 'application/json', authorization: 'k' },
        body,
      });
    expect(
      create({
        audio_url: 'https://example.com/a.mp3',
        speech_models: ['universal-3-pro'],
        speaker_labels: true,
        language_detection: true,
      }),
    ).to.deep.equal([]);
    expect(create({ audio_url: 'https://example.com/a.mp3', speaker_labels: true }).join()).to.match(/speech_models/);
    expect(
      create({ audio_url: 'https://example.com/a.mp3', speech_models: ['universal-3-pro'], speakers: 2 }).join(),
    ).to.match(/unevaluated properties.*speakers/);
    expect(
      assemblyai.responseProblems('getTranscript', 401, { error: 'Authentication error, API token missing/invalid' }),
    ).to.deep.equal([]);
  });
});
