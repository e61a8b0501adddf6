/** Subscription UI state (spec §3): the subscribe modal. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@stagepass/shared';

export type SubscriptionType = 'monthly' | 'yearly' | 'free';
export interface SubscriptionUiState {
  showModal: boolean;
  performer: PublicUser | null;
  subscriptionType: SubscriptionType;
}
const initialState: SubscriptionUiState = { showModal: false, performer: null, subscriptionType: 'monthly' };

const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState,
  reducers: {
    openSubscriptionModal(_s, a: PayloadAction<{ performer: PublicUser; subscriptionType?: SubscriptionType }>) {
      return { showModal: true, performer: a.payload.performer, subscriptionType: a.payload.subscriptionType || 'monthly' };
    },
    closeSubscriptionModal() {
      return initialState;
    },
  },
});
export const { openSubscriptionModal, closeSubscriptionModal } = subscriptionSlice.actions;
export default subscriptionSlice.reducer;
