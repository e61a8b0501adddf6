/** Socket connection status (spec §4): initialized, connected, disconnect, reconnecting, failed. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SocketStatus } from '@stagepass/shared';

export interface SocketState {
  status: SocketStatus;
}
export const initialSocketState: SocketState = { status: 'initialized' };

const socketSlice = createSlice({
  name: 'socket',
  initialState: initialSocketState,
  reducers: {
    setSocketStatus(state, action: PayloadAction<SocketStatus>) {
      state.status = action.payload;
    },
  },
});
export const { setSocketStatus } = socketSlice.actions;
export default socketSlice.reducer;
