/**
 * Subscription UI state (spec §3): the subscribe modal — showModal, performer, subscriptionType
 * (default monthly). The API knows `monthly` and `free` (a free trial, then monthly); the spec's
 * other period is not offered.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser, SubscriptionType } from '@stagepass/shared';

export type { SubscriptionType };
/** What the modal needs of the creator (a full PublicUser fits, so does a feed's performer). */
export type SubscriptionPerformer = Pick<PublicUser, '_id' | 'name' | 'username' | 'avatar'>;
export interface SubscriptionUiState {
  showModal: boolean;
  performer: SubscriptionPerformer | null;
  subscriptionType: SubscriptionType;
  /** A free-trial link's code (issue 30 §3): the dialog offers the link's trial. */
  trialCode: string | null;
}
const initialState: SubscriptionUiState = { showModal: false, performer: null, subscriptionType: 'monthly', trialCode: null };

const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState,
  reducers: {
    openSubscriptionModal(_s, a: PayloadAction<{ performer: SubscriptionPerformer; subscriptionType?: SubscriptionType; trialCode?: string | null }>) {
      const { _id, name, username, avatar } = a.payload.performer;
      return { showModal: true, performer: { _id, name, username, avatar }, subscriptionType: a.payload.subscriptionType || 'monthly', trialCode: a.payload.trialCode ?? null };
    },
    setSubscriptionType(s, a: PayloadAction<SubscriptionType>) {
      s.subscriptionType = a.payload;
    },
    closeSubscriptionModal() {
      return initialState;
    },
  },
});
export const { openSubscriptionModal, setSubscriptionType, closeSubscriptionModal } = subscriptionSlice.actions;
export default subscriptionSlice.reducer;
