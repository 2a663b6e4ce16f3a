import type { Command } from 'commander';
import { webhookSecretBox } from '../../common/webhookSecretBox';
import { replaceSealedSecrets, sealedSecretsAfter } from '../../db/queries/webhookSecrets';
import { uuid } from '../options';
import { runCommand } from '../run';

// After a new key is named in WEBHOOK_SECRET_KEY_ID, the secrets sealed before still name the old key:
// this re-seals them under the current one, so the old key can leave WEBHOOK_SECRET_KEYS (docs/security.md,
// "Webhook secrets at rest"). Safe to run again, and beside the service: a row rotated meanwhile is left as is.

const BATCH = 200;

export function registerWebhookSecretCommands(program: Command): void {
  program
    .command('webhook-secrets:reseal')
    .description(
      'Re-seal webhook endpoint secrets under the current key (WEBHOOK_SECRET_KEY_ID), e.g. before retiring a key.',
    )
    .option('--company <companyId>', "only this company's endpoints", uuid)
    .action((opts: { company?: string }) =>
      runCommand(async ({ db, config }) => {
        const box = webhookSecretBox(config);
        const current = box.currentKeyId;
        let resealed = 0;
        let upToDate = 0;
        let after = '';
        for (;;) {
          const rows = await sealedSecretsAfter(db, after, BATCH, opts.company);
          for (const row of rows) {
            const stale = [row.secret, row.previousSecret].some((v) => v !== null && box.keyIdOf(v) !== current);
            if (!stale) {
              upToDate += 1;
              continue;
            }
            const reseal = (v: string): string => box.seal(box.open(v, row.id), row.id);
            const changed = await replaceSealedSecrets(db, row, {
              secret: reseal(row.secret),
              previousSecret: row.previousSecret === null ? null : reseal(row.previousSecret),
            });
            if (changed) resealed += 1;
          }
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1].id;
        }
        return { keyId: current, resealed, alreadyCurrent: upToDate };
      }),
    );
}
