import { randomBytes } from 'node:crypto';

// Signing and encryption secrets have no default in code: a default would be public (it is in this
// repository), and anything signed with it could be forged by anyone. With NODE_ENV=production a
// process refuses to start without the secrets it uses (it names them when it loads its configuration:
// the API names MEDIA_URL_SECRET; the worker, migrations and the admin CLI sign nothing with it). In
// development and tests an unset secret is made up at random (good for that process only: `npm run dev`
// keeps one in .data/ so links survive restarts; tests set their own). A secret given anywhere must be
// at least MIN_SECRET_BYTES long. A secret's value never appears in an error message.

/** Every signing or encryption secret among the settings (common/config.ts). Add new ones here. */
export const SECRET_SETTINGS = ['MEDIA_URL_SECRET', 'MEDIA_URL_SECRET_PREVIOUS', 'TEMPORAL_CODEC_TOKEN'] as const;
export type SecretSetting = (typeof SECRET_SETTINGS)[number];

/** Secrets that must have a value wherever they are used; optional ones (a rotation's previous secret) are not here. */
const REQUIRED: readonly SecretSetting[] = ['MEDIA_URL_SECRET'];

export const MIN_SECRET_BYTES = 32;

export const HOW_TO_GENERATE =
  "generate one with `openssl rand -base64 48` (or `node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64'))\"`)";

export const isProduction = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV === 'production';

/**
 * Checks the secret settings of `config` (values as loaded) for a process that signs or verifies with
 * `uses`: the problems, one line each, and the values to use instead of unset required secrets outside
 * production (random, for this process only).
 */
export function checkSecrets(
  config: Record<SecretSetting, string>,
  env: NodeJS.ProcessEnv,
  uses: readonly SecretSetting[],
): { problems: string[]; filled: Partial<Record<SecretSetting, string>> } {
  const problems: string[] = [];
  const filled: Partial<Record<SecretSetting, string>> = {};
  for (const name of SECRET_SETTINGS) {
    const value = typeof config[name] === 'string' ? config[name] : '';
    if (value === '') {
      if (!REQUIRED.includes(name)) continue;
      if (isProduction(env)) {
        if (uses.includes(name))
          problems.push(
            `${name} is not set: it is required with NODE_ENV=production and has no default; ${HOW_TO_GENERATE}`,
          );
      } else filled[name] = randomBytes(48).toString('base64');
      continue;
    }
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes < MIN_SECRET_BYTES)
      problems.push(`${name} is too short: ${bytes} bytes, at least ${MIN_SECRET_BYTES} needed; ${HOW_TO_GENERATE}`);
  }
  return { problems, filled };
}
