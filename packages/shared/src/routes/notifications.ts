import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope } from '../api';
import {
  notificationIdParamsSchema, notificationListQuerySchema, notificationPreferenceSchema, notificationPreferencesBodySchema, notificationSchema,
  notificationTotalUnreadSchema, notificationUnsubscribeBodySchema, notificationUnsubscribeResultSchema, pushDeviceParamsSchema, pushDeviceSchema, pushKeySchema,
  pushSubscriptionBodySchema,
} from '../notifications';
import { defineRoutes } from './define';

/** Spec §7 Notifications: the caller's own notifications and their preferences. */
export const notifications = defineRoutes('notifications', {
  list: {
    method: 'GET',
    path: '/notification',
    access: 'user',
    description: "The caller's notifications, newest activity first (limit default 12). Filters: type, read (true/false).",
    schema: { querystring: notificationListQuerySchema, response: { 200: listEnvelope(notificationSchema) } },
  },
  totalUnread: {
    method: 'GET',
    path: '/notification/total-unread',
    access: 'user',
    description: "How many of the caller's notifications are unread.",
    schema: { response: { 200: envelope(notificationTotalUnreadSchema) } },
  },
  readAll: {
    method: 'PUT',
    path: '/notification/read-all',
    access: 'user',
    description: "Marks every unread notification of the caller read; answers the new unread total (0).",
    schema: { response: { 200: envelope(notificationTotalUnreadSchema) } },
  },
  read: {
    method: 'PUT',
    path: '/notification/:id/read',
    access: 'user',
    description: "Marks one of the caller's notifications read (another user's id → 404); reading a read one changes nothing. Answers the unread total.",
    schema: { params: notificationIdParamsSchema, response: { 200: envelope(notificationTotalUnreadSchema) } },
  },
  preferences: {
    method: 'GET',
    path: '/notification/preferences',
    access: 'user',
    description: 'In-app, e-mail and push switches per notification type (defaults: all in the app; e-mail off for the welcome, follows, comments, replies, messages, streams and new posts; push on except the welcome).',
    schema: { response: { 200: envelope(z.array(notificationPreferenceSchema)) } },
  },
  updatePreferences: {
    method: 'PUT',
    path: '/notification/preferences',
    access: 'user',
    description: 'Saves the switches sent (types left out keep theirs, and a type sent without `push` keeps its push switch); answers every type.',
    schema: { body: notificationPreferencesBodySchema, response: { 200: envelope(z.array(notificationPreferenceSchema)) } },
  },
  unsubscribe: {
    method: 'POST',
    path: '/notification/unsubscribe',
    access: 'anyone',
    description: "The unsubscribe link of a notification e-mail (web page /notifications/unsubscribe?token=…): turns that type's e-mail off for the token's user, without signing in. A bad or tampered token → 400.",
    schema: { body: notificationUnsubscribeBodySchema, response: { 200: envelope(notificationUnsubscribeResultSchema) } },
  },
  pushKey: {
    method: 'GET',
    path: '/notification/push/key',
    access: 'user',
    description: "Whether the site sends Web Push, and its VAPID public key (the browser's applicationServerKey).",
    schema: { response: { 200: envelope(pushKeySchema) } },
  },
  pushDevices: {
    method: 'GET',
    path: '/notification/push/devices',
    access: 'user',
    description: "The caller's devices with push on, newest first (never their push addresses).",
    schema: { response: { 200: envelope(z.array(pushDeviceSchema)) } },
  },
  pushRegister: {
    method: 'POST',
    path: '/notification/push/devices',
    access: 'user',
    description: "Turns push on for this browser: its PushSubscription. The same endpoint again (or from another account signed in on that browser) becomes the caller's. 503 when the site sends no push.",
    schema: { body: pushSubscriptionBodySchema, response: { 200: envelope(pushDeviceSchema) } },
  },
  pushRemove: {
    method: 'DELETE',
    path: '/notification/push/devices/:id',
    access: 'user',
    description: "Turns push off for one of the caller's devices (another user's id → 404).",
    schema: { params: pushDeviceParamsSchema, response: { 200: envelope(z.object({ removed: z.literal(true) })) } },
  },
});
