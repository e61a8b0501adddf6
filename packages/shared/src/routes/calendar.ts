import '../zod-config';
import { z } from 'zod';
import { envelope, uuidParamSchema } from '../api';
import {
  calendarItemSchema, calendarMoveParamsSchema, calendarMoveSchema, calendarQuerySchema, calendarSchema, plannedStreamInputSchema, plannedStreamSchema,
  plannedStreamsQuerySchema, plannedStreamUpdateSchema,
} from '../calendar';
import { defineRoutes } from './define';

/** Issue 31 §3: the creator's calendar (modules/calendar README). */
export const calendar = defineRoutes('calendar', {
  read: {
    method: 'GET',
    path: '/calendar',
    access: 'performer',
    description:
      "The caller's dated items from `from` (inclusive) to `to` (exclusive, at most 42 days later), oldest first: posts, active videos and galleries (by publication time), mass messages (by send time; cancelled ones left out) and planned streams (by start; cancelled ones left out). Each: id, kind, title or the first words of its text (never media), time, status and whether it may still be moved (scheduled or planned, in the future). At most 500 items of one kind (`truncated`). Only the caller's own items.",
    schema: { querystring: calendarQuerySchema, response: { 200: envelope(calendarSchema) } },
  },
  move: {
    method: 'POST',
    path: '/calendar/:kind/:id/move',
    access: 'performer',
    description:
      "Moves one of the caller's scheduled items to another time (`at`: in the future, within a year → else 400 on `at`). The item then publishes, is sent or is planned for that time through its module's usual schedule. Another creator's item or unknown → 404; already published, sent, sending, started or cancelled → 409.",
    schema: { params: calendarMoveParamsSchema, body: calendarMoveSchema, response: { 200: envelope(calendarItemSchema) } },
  },
});

/** Issue 31 §3: planned streams (modules/streaming README "Planned streams"). */
export const plannedStreams = defineRoutes('plannedStreams', {
  upcoming: {
    method: 'GET',
    path: '/streaming/planned',
    access: 'anyone',
    description:
      "A creator's upcoming planned streams (\"Live on …\" on the profile): planned, not cancelled or started, until 2 hours after their time; soonest first, at most 5. A block between the caller and the creator (either way) → empty.",
    schema: { querystring: plannedStreamsQuerySchema, response: { 200: envelope(z.array(plannedStreamSchema)) } },
  },
  create: {
    method: 'POST',
    path: '/streaming/planned',
    access: 'performer',
    description: 'Plans a stream: title, type (public or group), start time (in the future, within a year) and an optional description. It does not start itself: the creator goes live from the studio, which fulfils the plan. At most 50 planned ahead → 422.',
    schema: { body: plannedStreamInputSchema, response: { 201: envelope(plannedStreamSchema) } },
  },
  one: {
    method: 'GET',
    path: '/streaming/planned/:id',
    access: 'performer',
    description: "One of the caller's planned streams. Another creator's or unknown → 404.",
    schema: { params: uuidParamSchema, response: { 200: envelope(plannedStreamSchema) } },
  },
  update: {
    method: 'PATCH',
    path: '/streaming/planned/:id',
    access: 'performer',
    description: "Changes a planned stream's title, type, time (in the future) or description. Another creator's → 404; started or cancelled → 409.",
    schema: { params: uuidParamSchema, body: plannedStreamUpdateSchema, response: { 200: envelope(plannedStreamSchema) } },
  },
  cancel: {
    method: 'DELETE',
    path: '/streaming/planned/:id',
    access: 'performer',
    description: "Cancels a planned stream (it leaves the profile and the calendar). Another creator's → 404; started → 409; cancelled already → the same answer.",
    schema: { params: uuidParamSchema, response: { 200: envelope(plannedStreamSchema) } },
  },
});
