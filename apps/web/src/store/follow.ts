/** Follow state (spec §3/§4): followedIds, unique. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FollowState {
  followedIds: string[];
}
const initialState: FollowState = { followedIds: [] };

const followSlice = createSlice({
  name: 'follow',
  initialState,
  reducers: {
    setFollowedIds(s, a: PayloadAction<string[]>) {
      s.followedIds = Array.from(new Set(a.payload));
    },
    follow(s, a: PayloadAction<string>) {
      if (!s.followedIds.includes(a.payload)) s.followedIds.push(a.payload);
    },
    unfollow(s, a: PayloadAction<string>) {
      s.followedIds = s.followedIds.filter((id) => id !== a.payload);
    },
  },
});
export const { setFollowedIds, follow, unfollow } = followSlice.actions;
export default followSlice.reducer;
