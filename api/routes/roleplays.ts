import { createRoleplay, getRoleplay, listRoleplays, updateRoleplay } from '../../db/queries/roleplays';
import { toRoleplay } from '../../common/views/roleplays';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams } from '../schemas/common';
import {
  Roleplay,
  RoleplayCreate,
  RoleplayCreateSlugVersion,
  RoleplayList,
  RoleplayListSlugVersion,
  RoleplayPatch,
  RoleplaySlugVersion,
} from '../schemas/roleplays';
import { SLUG_ROLEPLAY_TYPE_VERSION } from '../../common/apiVersions';
import { roleplayTypeOfSlug } from '../../common/roleplayTypes';

export const roleplayOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listRoleplays',
      method: 'get',
      path: '/api/roleplay',
      summary: 'List roleplays',
      description: 'Every premade roleplay of the company (drafts included), newest first. Not paginated.',
      tags: ['Roleplays'],
      auth: 'apiKey',
      scope: 'roleplays:read',
      response: RoleplayList,
      versions: { [SLUG_ROLEPLAY_TYPE_VERSION]: { response: RoleplayListSlugVersion } },
    },
    async ({ company, deps, apiVersion }) =>
      (await listRoleplays(deps.db, company.id)).map((row) => toRoleplay(row, apiVersion)),
  ),
  defineOperation(
    {
      operationId: 'createRoleplay',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/roleplay',
      summary: 'Create a roleplay',
      description:
        'Not in the specification: lets an integration set roleplays up. Created as a draft unless isLive is true.',
      tags: ['Roleplays'],
      auth: 'apiKey',
      scope: 'roleplays:write',
      body: RoleplayCreate,
      response: Roleplay,
      successStatus: 201,
      versions: {
        [SLUG_ROLEPLAY_TYPE_VERSION]: { body: RoleplayCreateSlugVersion, response: RoleplaySlugVersion },
      },
    },
    async ({ body, company, deps, apiVersion }) => {
      // Under 2026-11-21 a slug arrives (validated by that version's schema): kept beside the type it stands for.
      const slug =
        apiVersion === SLUG_ROLEPLAY_TYPE_VERSION
          ? (body.conversationType.roleplayType as string | undefined)
          : undefined;
      const row = await createRoleplay(deps.db, company.id, {
        ...body,
        conversationType: {
          title: body.conversationType.title,
          ...(slug !== undefined
            ? { roleplayType: roleplayTypeOfSlug(slug), legacyRoleplayType: slug }
            : { roleplayType: body.conversationType.roleplayType ?? 'Train' }),
        },
        customerPersona: {
          name: body.customerPersona.name,
          imageUrl: body.customerPersona.imageUrl ?? '',
          tags: body.customerPersona.tags ?? [],
        },
        customerBackground: { title: body.customerBackground.title, tags: body.customerBackground.tags ?? [] },
      });
      return toRoleplay(row, apiVersion);
    },
  ),
  defineOperation(
    {
      operationId: 'getRoleplay',
      method: 'get',
      path: '/api/roleplay/{id}',
      summary: 'Get a roleplay',
      description:
        "One roleplay of the caller's company, as the list shows it; write-only fields and the scorecard are never returned. Another company's id is a 404.",
      tags: ['Roleplays'],
      auth: 'apiKey',
      scope: 'roleplays:read',
      params: IdParams,
      response: Roleplay,
      errors: [404],
      versions: { [SLUG_ROLEPLAY_TYPE_VERSION]: { response: RoleplaySlugVersion } },
    },
    async ({ params, company, deps, apiVersion }) => {
      const row = await getRoleplay(deps.db, company.id, params.id);
      if (!row) throw notFound('Roleplay');
      return toRoleplay(row, apiVersion);
    },
  ),
  defineOperation(
    {
      operationId: 'updateRoleplay',
      method: 'patch',
      path: '/api/roleplay/{id}',
      summary: 'Update a roleplay',
      description:
        'Changes only the supplied fields (at least one). isLive=true publishes a draft, isLive=false takes a live roleplay back to draft. customAttributes replaces the whole object.',
      tags: ['Roleplays'],
      auth: 'apiKey',
      scope: 'roleplays:write',
      params: IdParams,
      body: RoleplayPatch,
      response: Roleplay,
      errors: [404],
      versions: { [SLUG_ROLEPLAY_TYPE_VERSION]: { response: RoleplaySlugVersion } },
    },
    async ({ params, body, company, deps, apiVersion }) => {
      const row = await updateRoleplay(deps.db, company.id, params.id, body);
      if (!row) throw notFound('Roleplay');
      return toRoleplay(row, apiVersion);
    },
  ),
];
