import { describe, expect, it } from 'vitest';
import * as contract from '@stagepass/shared';
import * as local from './message-limits';

describe('message limits of the web (zod-free copies)', () => {
  it('equal the contract', () => {
    expect(local.MESSAGE_PAGE_SIZE).toBe(contract.MESSAGE_PAGE_SIZE);
    expect(local.MESSAGE_TEXT_MAX).toBe(contract.MESSAGE_TEXT_MAX);
    expect(local.MESSAGE_FILES_MAX).toBe(contract.MESSAGE_FILES_MAX);
    expect([...local.CONVERSATION_SOURCES]).toEqual([...contract.CONVERSATION_SOURCES]);
  });
});
