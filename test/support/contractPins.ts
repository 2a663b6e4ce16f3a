import { existsSync } from 'node:fs';
import path from 'node:path';

// Which published API document of each provider the tests hold the stand-ins and adapters to: the
// repository, commit and path it comes from, and its sha256. Read by the tests (a changed file is
// refused) and by `npm run contracts:fetch` (which downloads these exact files). The documents are
// never copied into the project.

export type ContractProvider = 'openai' | 'deepgram' | 'assemblyai';

export interface ContractPin {
  file: string;
  repository: string;
  commit: string;
  path: string;
  sha256: string;
}

export const CONTRACT_PINS: Record<ContractProvider, ContractPin> = {
  openai: {
    file: 'openai.openapi.json',
    repository: 'openai/openai-openapi',
    commit: 'f85dbe223d40e1a31cba812ab2d755c7e98a92a3',
    path: 'openapi.json',
    sha256: 'bbfd19abcde0e7412da99378deb2a959ccdd3a812f97c9e35901921e8e973f9a',
  },
  deepgram: {
    file: 'deepgram.openapi.yml',
    repository: 'deepgram/deepgram-api-specs',
    commit: '4ba987cf0522671a6a0ec0b6012670e4946f6430',
    path: 'openapi.yml',
    sha256: 'c5fed7b393898e93a41354f2124f799f28d5c4d796a17ec217cf4e2cf771e416',
  },
  assemblyai: {
    file: 'assemblyai.openapi.json',
    repository: 'AssemblyAI/assemblyai-api-spec',
    commit: '3fcf678dc009e6331077ddef1d829acb6e4611fb',
    path: 'openapi.json',
    sha256: 'eadb0380c4ddf471f26ddf853f0c0a6d331ad05089b833a67204aebbbffd987b',
  },
};

const projectRoot = path.resolve(__dirname, '../..');

/** Where `npm run contracts:fetch` puts the documents (ignored by git). */
export const FETCHED_CONTRACTS_DIR = path.join(projectRoot, '.contracts');

/**
 * The folder the documents are read from: CONTRACTS_DIR when set; otherwise `../shared/contracts`
 * beside the clone (where CI and the development machines keep them), else what contracts:fetch got.
 */
export function contractsDir(): string {
  if (process.env.CONTRACTS_DIR) return path.resolve(process.env.CONTRACTS_DIR);
  const beside = path.resolve(projectRoot, '../shared/contracts');
  if (existsSync(beside) || !existsSync(FETCHED_CONTRACTS_DIR)) return beside;
  return FETCHED_CONTRACTS_DIR;
}
