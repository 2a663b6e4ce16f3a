import type { Knex } from 'knex';

// What the media step found in a recording (ffprobe): how long it is, how many audio channels, whether
// it carries video (then the stored original is offered as videoUrl) and its container.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.integer('media_duration_ms').unsigned().nullable();
    table.tinyint('media_channels').unsigned().nullable();
    table.boolean('media_has_video').nullable();
    table.string('media_container', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('media_container');
    table.dropColumn('media_has_video');
    table.dropColumn('media_channels');
    table.dropColumn('media_duration_ms');
  });
}
