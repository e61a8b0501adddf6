import '../zod-config';
import { z } from 'zod';
import { envelope, okSchema, uuidParamSchema } from '../api';
import { creatorLabelsParamsSchema, itemLabelsInputSchema, itemLabelsSchema, labelInputSchema, labelItemParamsSchema, labelSchema, profileLabelSchema } from '../labels';
import { defineRoutes } from './define';

/** Issue 31 §3: a creator's labels on posts, videos and galleries (modules/labels README). */
export const labels = defineRoutes('labels', {
  mine: {
    method: 'GET',
    path: '/performer/labels',
    access: 'performer',
    description: "The caller's labels in name order (at most 50, so not paginated), each with how many of their posts, videos and galleries carry it.",
    schema: { response: { 200: envelope(z.array(labelSchema)) } },
  },
  create: {
    method: 'POST',
    path: '/performer/labels',
    access: 'performer',
    description: 'Creates a label: name 1–30 characters (trimmed), unique per creator without regard to case (409). At most 50 labels (422). Bad input → 400 with field errors.',
    schema: { body: labelInputSchema, response: { 200: envelope(labelSchema) } },
  },
  rename: {
    method: 'PUT',
    path: '/performer/labels/:id',
    access: 'performer',
    description: "Renames one of the caller's labels (same rules as create); another creator's → 404.",
    schema: { params: uuidParamSchema, body: labelInputSchema, response: { 200: envelope(labelSchema) } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/labels/:id',
    access: 'performer',
    description: "Deletes one of the caller's labels and takes it off every item (the items stay); another creator's → 404.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  ofItem: {
    method: 'GET',
    path: '/performer/labels/items/:kind/:id',
    access: 'performer',
    description: "The labels on one of the caller's posts (feed), videos or galleries; another creator's item → 404.",
    schema: { params: labelItemParamsSchema, response: { 200: envelope(itemLabelsSchema) } },
  },
  setItem: {
    method: 'PUT',
    path: '/performer/labels/items/:kind/:id',
    access: 'performer',
    description:
      "Sets the labels on one of the caller's posts (feed), videos or galleries (replaces them; [] takes all off; at most 10). Each id must be one of the caller's labels (400 on `labelIds.N`); another creator's item → 404.",
    schema: { params: labelItemParamsSchema, body: itemLabelsInputSchema, response: { 200: envelope(itemLabelsSchema) } },
  },
  ofCreator: {
    method: 'GET',
    path: '/labels/creator/:username',
    access: 'anyone',
    description:
      "A creator's labels (by username or id) that carry at least one item the caller may see listed, in name order, with those counts per kind: the profile's filter chips (pass `label` to the creator's feed, video and gallery lists). 404 like the creator's lists (unknown, blocked, a country the creator hides from).",
    schema: { params: creatorLabelsParamsSchema, response: { 200: envelope(z.array(profileLabelSchema)) } },
  },
});
