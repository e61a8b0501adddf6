import '../zod-config';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { updateVaultItemSchema, vaultFolderInputSchema, vaultFolderSchema, vaultItemSchema, vaultQuerySchema } from '../mass-messages';
import { defineRoutes } from './define';

/** The creator's vault: every media file they uploaded, reusable in posts and messages. Rules: apps/api/src/modules/vault/README.md. */
export const vault = defineRoutes('vault', {
  list: {
    method: 'GET',
    path: '/vault',
    access: 'performer',
    description: "The creator's media files, newest first: `type` (image, video, audio), `q` (caption or file name), `folderId` (`none`: outside folders). Each with where it is used.",
    schema: { querystring: vaultQuerySchema, response: { 200: listEnvelope(vaultItemSchema) } },
  },
  update: {
    method: 'PUT',
    path: '/vault/:id',
    access: 'performer',
    description: "Sets an own file's caption and folder (`folderId` null: out of folders). Others' → 404.",
    schema: { params: uuidParamSchema, body: updateVaultItemSchema, response: { 200: envelope(vaultItemSchema) } },
  },
  remove: {
    method: 'DELETE',
    path: '/vault/:id',
    access: 'performer',
    description: 'Deletes an own file that no post or message uses. Used → 409 naming where (buyers keep what they paid for; remove it from the posts first).',
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  folders: {
    method: 'GET',
    path: '/vault/folders',
    access: 'performer',
    description: "The creator's vault folders with their file counts, by name.",
    schema: { response: { 200: envelope(vaultFolderSchema.array()) } },
  },
  createFolder: {
    method: 'POST',
    path: '/vault/folders',
    access: 'performer',
    description: 'Makes a folder (names are unique per creator, any case: 409).',
    schema: { body: vaultFolderInputSchema, response: { 200: envelope(vaultFolderSchema) } },
  },
  renameFolder: {
    method: 'PUT',
    path: '/vault/folders/:id',
    access: 'performer',
    description: 'Renames an own folder.',
    schema: { params: uuidParamSchema, body: vaultFolderInputSchema, response: { 200: envelope(vaultFolderSchema) } },
  },
  removeFolder: {
    method: 'DELETE',
    path: '/vault/folders/:id',
    access: 'performer',
    description: 'Deletes an own folder; its files stay in the vault, outside folders.',
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
});
